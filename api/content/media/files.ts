import type { FastifyInstance, FastifyRequest } from "fastify";
import { MEDIA_KINDS, type MediaKind } from "../../../contract/media-codes";
import { mediaFileSchema } from "../../../contract/schemas/media";
import { DEFAULT_FILE_SIZE_LIMIT } from "../../../contract/upload-rules";
import type { ApiContext } from "../../http/context";
import { notFound, parseInput } from "../../http/errors";
import { setContentDisplay } from "../publish";
import { dependencyAnswer } from "./dependants";
import { configValues } from "../../system/config-store";
import { readOneFile } from "../../system/media";
import { inTransaction, itemAccess, type AnyResource } from "../../engine/crud";
import { claimUpload, deleteStoredFile, fileUrl, storeFile, type StoredFile } from "../../uploads/index";

/**
 * A media item's file (video, audio, document; docs/decisions/069), through the uploads module
 * (api/uploads/, docs/decisions/068), which checks the extension of the kind, the size limits,
 * reads a video's or an audio's duration and draws its thumbnail:
 *   POST dashboard/{kind}/{id}/file/   JSON {file_upload_id}: claim a finished resumable upload;
 *                                      multipart `file`: the plain form without JS (general limit)
 * answering the item. The previous file is deleted once the new one is saved; a refused file
 * leaves the item as it was (400 {file: [message]}).
 *   DELETE dashboard/{kind}/{id}/file/   removes it without a new one (404 without a file).
 */

/** The URL a stored file (or thumbnail) is served at. */
export const storedFileUrl = (key: string) => fileUrl(key);

export function mediaFileRoutes(app: FastifyInstance, ctx: ApiContext, resource: AnyResource, kind: MediaKind) {
  const { db } = ctx;
  const uploadKind = MEDIA_KINDS[kind].file;
  if (!uploadKind) return;
  const kinds = [uploadKind];

  async function save(
    id: number,
    stored: (trx: Parameters<Parameters<typeof inTransaction>[2]>[0]) => Promise<StoredFile>,
  ) {
    const old = await db
      .selectFrom("media")
      .select(["file_key", "thumbnail"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const file = await inTransaction(db, resource, async (trx) => {
      const f = await stored(trx);
      await trx
        .updateTable("media")
        .set({
          file_key: f.key,
          file_name: f.file_name,
          file_size: f.size,
          duration: f.duration === null ? null : Math.round(f.duration),
          thumbnail: f.thumbnail,
          datetime_update: ctx.now().toISOString(),
        })
        .where("id", "=", id)
        .execute();
      return f;
    });
    // The old file goes once the new one is the item's (a failure above kept the old one).
    await forget([old.file_key, old.thumbnail].filter((key) => key !== file.key && key !== file.thumbnail));
  }

  /**
   * Delete stored files no item plays any more: a library item and the copies taken from it share
   * their file (docs/decisions/071), so a key another row still names stays.
   */
  async function forget(keys: (string | null)[]) {
    for (const key of keys) {
      if (!key) continue;
      const shared = await db
        .selectFrom("media")
        .select("id")
        .where((eb) => eb.or([eb("file_key", "=", key), eb("thumbnail", "=", key)]))
        .executeTakeFirst();
      if (!shared) await deleteStoredFile(ctx, key).catch(() => undefined);
    }
  }

  app.post(`/dashboard/${resource.path}/:id(^\\d{1,12})/file/`, async (req: FastifyRequest) => {
    const { id, account } = await itemAccess(req, db, resource, ["change"]);
    if (req.isMultipart()) {
      const limit = Number((await configValues(db, ["file-size-limit"]))["file-size-limit"]) || DEFAULT_FILE_SIZE_LIMIT;
      const { data, filename } = await readOneFile(req, "file", limit);
      // Stored before the transaction (a file is not a row); storeFile refuses with the field error.
      const f = await storeFile(ctx, { kinds, field: "file", fileName: filename, source: data, accountId: account.id });
      try {
        await save(id, async () => f);
      } catch (err) {
        await deleteStoredFile(ctx, f.key).catch(() => undefined);
        if (f.thumbnail) await deleteStoredFile(ctx, f.thumbnail).catch(() => undefined);
        throw err;
      }
    } else {
      const { file_upload_id } = parseInput(mediaFileSchema, req.body ?? {});
      await save(id, (trx) =>
        claimUpload(ctx, trx, { uploadId: file_upload_id, accountId: account.id, kinds, field: "file" }),
      );
    }
    return resource.load(db, id, ctx.now());
  });

  // Removing the file without a new one: a shown item is hidden with it (a file kind is shown only
  // with its file), which a content requiring it refuses (424, as hiding does); nothing changes then.
  app.delete(`/dashboard/${resource.path}/:id(^\\d{1,12})/file/`, async (req: FastifyRequest) => {
    const { id } = await itemAccess(req, db, resource, ["change"]);
    const old = await db
      .selectFrom("media")
      .select(["file_key", "thumbnail", "is_display"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    if (!old.file_key) throw notFound();
    const now = ctx.now();
    await inTransaction(db, resource, async (trx) => {
      if (old.is_display) {
        const refusal = await dependencyAnswer(trx, id);
        if (refusal) throw refusal;
        await setContentDisplay(trx, "media", id, { is_display: false }, now, async () => null);
      }
      await trx
        .updateTable("media")
        .set({
          file_key: null,
          file_name: null,
          file_size: null,
          duration: null,
          thumbnail: null,
          datetime_update: now.toISOString(),
        })
        .where("id", "=", id)
        .execute();
    });
    await forget([old.file_key, old.thumbnail]);
    return resource.load(db, id, now);
  });
}
