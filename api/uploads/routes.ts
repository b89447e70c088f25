import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { MSG } from "../../contract/messages";
import { flag } from "../../contract/permissions";
import { UPLOAD_MODULES, UPLOAD_STATUS } from "../../contract/upload-rules";
import { requestFlags } from "../auth/permissions";
import type { ApiContext } from "../http/context";
import { ApiError, forbidden, notFound } from "../http/errors";
import { addressAllowed } from "../http/upload-allow-list";
import { configValue } from "../system/config-store";
import { startUploadCleanup } from "./cleanup";
import { deleteStoredFile } from "./files";
import { requestOwners, tusServer } from "./tus";

const METHODS = ["POST", "PATCH", "HEAD", "DELETE", "OPTIONS"] as const;

/**
 * Resumable uploads (tus) at /api/dashboard/upload/ (docs/decisions/068). Before tus sees a request:
 * a session (401), CSRF on POST/PATCH/DELETE (the session hook, as every unsafe call), the add or
 * change flag of some content module (403), the upload IP allow-list (403 upload_ip_not_allowed),
 * and for an existing upload that it is this account's (404). The bodies are not parsed by
 * Fastify: tus reads them from the socket into the store.
 */
export function uploadRoutes(app: FastifyInstance, ctx: ApiContext, opts: { scheduler: boolean }) {
  // Made at the first upload, not at start: its file store starts an asynchronous mkdir that
  // throws from its callback if the directory is gone by then (a short test's API closing).
  let tus: ReturnType<typeof tusServer> | null = null;
  app.addContentTypeParser("application/offset+octet-stream", (_req, _payload, done) => done(null));

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.method !== "OPTIONS") {
      const { account, flags } = await requestFlags(req, ctx.db);
      if (!UPLOAD_MODULES.some((m) => flags.has(flag(m, "add")) || flags.has(flag(m, "change")))) throw forbidden();
      const list = await configValue(ctx.db, "upload-ip-allow-list");
      if (Array.isArray(list) && list.length > 0 && !addressAllowed(list, req.clientIp))
        throw new ApiError(403, { detail: MSG.upload_ip_not_allowed });
      const id = ((req.params as { "*"?: string })["*"] ?? "").replace(/\/+$/, "");
      if (id || req.method !== "POST") {
        if (req.method === "POST") throw notFound();
        const row = await ctx.db
          .selectFrom("upload")
          .select(["status"])
          .where("id", "=", id)
          .where("account_id", "=", account.id)
          .executeTakeFirst();
        if (!row || (row.status !== UPLOAD_STATUS.uploading && row.status !== UPLOAD_STATUS.complete)) throw notFound();
        if (req.method === "DELETE") {
          // Termination: the bytes, the thumbnail and the row go (tus answers 204 as the protocol says).
          await deleteStoredFile(ctx, id);
          return reply.status(204).header("Tus-Resumable", "1.0.0").send();
        }
      }
      requestOwners.set(req.raw, { accountId: account.id });
    }
    reply.hijack();
    await (tus ??= tusServer(ctx)).handle(req.raw, reply.raw);
    // Bytes taken keep an upload from the abandoned-upload cleanup (cleanup.ts); a refused PATCH writes nothing.
    if (req.method === "PATCH" && reply.raw.statusCode === 204) {
      const id = ((req.params as { "*"?: string })["*"] ?? "").replace(/\/+$/, "");
      const offset = Number(reply.raw.getHeader("upload-offset"));
      await ctx.db
        .updateTable("upload")
        .set({
          datetime_update: ctx.now().toISOString(),
          ...(Number.isFinite(offset) ? { bytes_received: offset } : {}),
        })
        .where("id", "=", id)
        .where("status", "=", UPLOAD_STATUS.uploading)
        .execute();
    }
  };
  app.route({ method: [...METHODS], url: "/dashboard/upload", handler: handle });
  app.route({ method: [...METHODS], url: "/dashboard/upload/*", handler: handle });
  if (opts.scheduler) startUploadCleanup(app, ctx);
}
