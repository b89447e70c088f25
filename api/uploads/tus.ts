import type { IncomingMessage } from "node:http";
import { Server, type Upload } from "@tus/server";
import { MSG } from "../../contract/messages";
import { UPLOAD_API_PATH, UPLOAD_STATUS, extensionOf, isUploadKind } from "../../contract/upload-rules";
import type { ApiContext } from "../http/context";
import { cleanFileName } from "./file-name";
import { deleteStoredFile, finishFile, kindFor, limitFor, sizeLimits, storedContentFits } from "./files";
import { backendOf, newKeyBase } from "./storage";

/**
 * The account a tus request was let in for (routes.ts checks session, permission and address
 * first), and the upload a POST created (deleted by onResponseError when its body was refused).
 */
export const requestOwners = new WeakMap<IncomingMessage, { accountId: number; created?: string }>();

/** A refusal tus sends as it is: the contract's JSON body with the status. */
const refusal = (status_code: number, body: Record<string, unknown>) => ({ status_code, body: JSON.stringify(body) });

type TusRequest = { runtime?: { node?: { req: IncomingMessage } } };
const ownerOf = (req: unknown) => {
  const node = (req as TusRequest).runtime?.node?.req;
  const owner = node && requestOwners.get(node);
  if (!owner) throw refusal(401, { detail: MSG.not_authenticated });
  return owner;
};

/**
 * The tus server of the API (docs/decisions/068), under /api/dashboard/upload/. Metadata names the
 * file (`filename`) and the kinds the form takes (`kind`, comma-separated): on create the
 * extension, the declared length and the kind's limit are checked before a byte is stored; on
 * finish the content must be of its extension (contentFits), video and audio are read by ffprobe,
 * and a file that fails either is deleted and refused.
 * Bodies stream into the store as they come (never buffered).
 */
export function tusServer(ctx: ApiContext): Server {
  const backend = backendOf(ctx);
  return new Server({
    path: UPLOAD_API_PATH.replace(/\/$/, ""),
    datastore: backend.datastore,
    relativeLocation: true,
    // The id is the storage key: random, with the file's extension (the media route types it by that).
    namingFunction: (_req, metadata) => {
      const ext = extensionOf(cleanFileName(String(metadata?.filename ?? "")));
      return ext ? `${newKeyBase()}.${ext}` : newKeyBase();
    },
    async onUploadCreate(req, upload: Upload) {
      const owner = ownerOf(req);
      // Control characters and the like dropped, trimmed, capped (file-name.ts); nothing left: no extension, refused.
      const fileName = cleanFileName(String(upload.metadata?.filename ?? ""));
      const kinds = String(upload.metadata?.kind ?? "")
        .split(",")
        .map((k) => k.trim())
        .filter(isUploadKind);
      const kind = kindFor(kinds, fileName);
      if (!kind) throw refusal(400, { detail: MSG.invalid_file_type });
      // A deferred length would let the limit be checked only after the bytes came: refused.
      if (upload.size === undefined || !Number.isFinite(upload.size)) throw refusal(400, { detail: MSG.invalid });
      if (upload.size === 0) throw refusal(400, { detail: MSG.required });
      const limit = limitFor(await sizeLimits(ctx.db), kind, true);
      if (upload.size > limit) throw refusal(413, { detail: MSG.file_too_large, limit });
      const now = ctx.now().toISOString();
      await ctx.db
        .insertInto("upload")
        .values({
          id: upload.id,
          account_id: owner.accountId,
          kind,
          file_name: fileName,
          size: upload.size,
          bytes_received: 0,
          status: UPLOAD_STATUS.uploading,
          storage_key: upload.id,
          duration: null,
          thumbnail_key: null,
          datetime_create: now,
          datetime_update: now,
        })
        .execute();
      owner.created = upload.id;
      return {};
    },
    // A body longer than the upload's declared length is refused (413) once the bytes before it are
    // stored: an unfinished upload goes whole (bytes and row) before the answer leaves, so nothing of
    // an over-long file stays (issue 32). A finished one is kept (nothing was written to it); a
    // length refused at creation made no upload.
    async onResponseError(req, err) {
      if ((err as { status_code?: number }).status_code !== 413) return undefined;
      const node = (req as TusRequest).runtime?.node?.req;
      const id =
        req.method === "PATCH"
          ? new URL(req.url).pathname.replace(/\/+$/, "").split("/").pop()
          : node && requestOwners.get(node)?.created;
      const row = id
        ? await ctx.db.selectFrom("upload").select("status").where("id", "=", id).executeTakeFirst()
        : undefined;
      if (id && row?.status === UPLOAD_STATUS.uploading) await deleteStoredFile(ctx, id);
      return undefined;
    },
    async onUploadFinish(_req, upload: Upload) {
      const row = await ctx.db
        .selectFrom("upload")
        .select(["kind", "file_name"])
        .where("id", "=", upload.id)
        .executeTakeFirst();
      if (!row) throw refusal(404, { detail: MSG.upload_not_found });
      // Refused bytes go at once, the row stays "refused" (the cleanup takes it): nothing of them is served or claimed.
      const refuse = async (detail: string) => {
        await ctx.db
          .updateTable("upload")
          .set({ status: UPLOAD_STATUS.refused, datetime_update: ctx.now().toISOString() })
          .where("id", "=", upload.id)
          .execute();
        return refusal(400, { detail });
      };
      // The content of its extension (a text file named .pdf is refused), then a video's or audio's probe.
      if (!(await storedContentFits(ctx, upload.id, extensionOf(row.file_name)))) {
        await backend.remove(upload.id);
        throw await refuse(MSG.invalid_file_type);
      }
      const finished = await finishFile(ctx, upload.id, row.kind as never);
      const now = ctx.now().toISOString();
      if (!finished.ok) throw await refuse(MSG.media_file_unreadable);
      await ctx.db
        .updateTable("upload")
        .set({
          status: UPLOAD_STATUS.complete,
          bytes_received: upload.offset,
          duration: finished.duration,
          thumbnail_key: finished.thumbnail,
          datetime_update: now,
        })
        .where("id", "=", upload.id)
        .execute();
      return {};
    },
  });
}
