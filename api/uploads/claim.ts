import fs from "node:fs";
import type { Transaction } from "kysely";
import { MSG } from "../../contract/messages";
import { UPLOAD_STATUS, extensionOf, type UploadKind } from "../../contract/upload-rules";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import type { ApiContext } from "../http/context";
import { badRequest } from "../http/errors";
import { cleanFileName } from "./file-name";
import { contentFits, finishFile, kindFor, sizeLimits, unreadable, type StoredFile } from "./files";
import { backendOf, newKeyBase, spool } from "./storage";

const refuse = (field: string, message: string) => badRequest({ [field]: [message] });

/**
 * The finished resumable upload `uploadId` of this account, of one of `kinds`, marked claimed (in
 * the caller's transaction: the content row that keeps its key is written in the same one).
 * Otherwise the form's 400 on `field`: upload_not_found (no such upload, another account's, already
 * claimed or refused), invalid_file_type (another kind), file_not_ready (still uploading).
 */
export async function claimUpload(
  ctx: ApiContext,
  trx: Transaction<Database> | Db,
  {
    uploadId,
    accountId,
    kinds,
    field,
  }: { uploadId: string; accountId: number; kinds: readonly UploadKind[]; field: string },
): Promise<StoredFile> {
  const row = await trx
    .selectFrom("upload")
    .selectAll()
    .where("id", "=", String(uploadId))
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  if (!row || row.status === UPLOAD_STATUS.refused || row.status === UPLOAD_STATUS.claimed)
    throw refuse(field, MSG.upload_not_found);
  if (!kinds.includes(row.kind as UploadKind) && !kindFor(kinds, row.file_name))
    throw refuse(field, MSG.invalid_file_type);
  if (row.status !== UPLOAD_STATUS.complete) throw refuse(field, MSG.file_not_ready);
  // Claimed once: the status check in the update makes a second claim of the same id find nothing.
  const done = await trx
    .updateTable("upload")
    .set({ status: UPLOAD_STATUS.claimed, datetime_update: ctx.now().toISOString() })
    .where("id", "=", row.id)
    .where("status", "=", UPLOAD_STATUS.complete)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw refuse(field, MSG.upload_not_found);
  return {
    key: row.storage_key,
    file_name: row.file_name,
    size: Number(row.size),
    duration: row.duration,
    thumbnail: row.thumbnail_key,
  };
}

/**
 * A file that comes whole (a multipart form without JavaScript; the seed): the same rules as a
 * resumable upload — the extension one of `kinds` takes, the general size limit, the content of that
 * extension (contentFits), ffprobe for video and audio — and the same storage, recorded as a claimed upload. The bytes go through a temporary
 * file (never held in memory); a refused file leaves nothing.
 */
export async function storeFile(
  ctx: ApiContext,
  {
    kinds,
    field,
    fileName: givenName,
    source,
    accountId,
  }: {
    kinds: readonly UploadKind[];
    field: string;
    fileName: string;
    source: Buffer | NodeJS.ReadableStream;
    accountId: number;
  },
): Promise<StoredFile> {
  // The name kept as every upload keeps one (file-name.ts; a multipart one is cleaned already).
  const fileName = cleanFileName(givenName);
  const kind = kindFor(kinds, fileName);
  if (!kind) {
    if (!Buffer.isBuffer(source)) (source as NodeJS.ReadableStream).resume();
    throw refuse(field, MSG.invalid_file_type);
  }
  const limits = await sizeLimits(ctx.db);
  const ext = extensionOf(fileName);
  const spooled = await spool(source, ext, limits.general);
  if (!spooled) throw refuse(field, MSG.file_too_large);
  if (spooled.size === 0) {
    await fs.promises.rm(spooled.file, { force: true });
    throw refuse(field, MSG.required);
  }
  // Its content, not only its name (size first: an oversize file is "too large", whatever it holds).
  if (!(await contentFits(ext, fs.createReadStream(spooled.file)))) {
    await fs.promises.rm(spooled.file, { force: true });
    throw refuse(field, MSG.invalid_file_type);
  }
  const key = `${newKeyBase()}.${ext}`;
  await backendOf(ctx).put(key, spooled.file, "application/octet-stream");
  const finished = await finishFile(ctx, key, kind);
  if (!finished.ok) throw badRequest(unreadable(field));
  const now = ctx.now().toISOString();
  await ctx.db
    .insertInto("upload")
    .values({
      id: key,
      account_id: accountId,
      kind,
      file_name: fileName,
      size: spooled.size,
      bytes_received: spooled.size,
      status: UPLOAD_STATUS.claimed,
      storage_key: key,
      duration: finished.duration,
      thumbnail_key: finished.thumbnail,
      datetime_create: now,
      datetime_update: now,
    })
    .execute();
  return { key, file_name: fileName, size: spooled.size, duration: finished.duration, thumbnail: finished.thumbnail };
}
