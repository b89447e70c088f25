import type { FastifyReply, FastifyRequest } from "fastify";
import { UPLOAD_STATUS, extensionOf } from "../../contract/upload-rules";
import type { ApiContext } from "../http/context";
import { notFound } from "../http/errors";
import { KEY, backendOf } from "./storage";

/** Types a browser shows itself are said `inline` (the rest keep the browser's own choice). */
export const shownInline = (type: string) => /^(application\/pdf|image\/|video\/|audio\/)/.test(type);

const TYPES: Record<string, string> = {
  mp4: "video/mp4",
  mp3: "audio/mpeg",
  mpeg: "audio/mpeg",
  pdf: "application/pdf",
  zip: "application/zip",
  csv: "text/csv; charset=utf-8",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
};

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` of a file of `size` bytes; null: the whole file; "bad": unsatisfiable. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | null | "bad" {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === "" && m[2] === "")) return null;
  let start = m[1] === "" ? size - Number(m[2]) : Number(m[1]);
  let end = m[1] === "" || m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  start = Math.max(0, start);
  if (start > end || start >= size) return "bad";
  end = Math.max(start, end);
  return { start, end };
}

/**
 * GET media/uploads/{key}: a stored upload or its thumbnail, once finished (never a partial one),
 * typed by extension, with HTTP Range so a video or audio player can seek. Public like every media
 * file: the key is 128 random bits (docs/decisions/068).
 */
export async function serveUpload(ctx: ApiContext, key: string, req: FastifyRequest, reply: FastifyReply) {
  const type = TYPES[extensionOf(key)];
  if (!KEY.test(key) || !type) throw notFound();
  const row = await ctx.db
    .selectFrom("upload")
    .select("status")
    .where((eb) => eb.or([eb("storage_key", "=", key), eb("thumbnail_key", "=", key)]))
    .executeTakeFirst();
  if (!row || (row.status !== UPLOAD_STATUS.complete && row.status !== UPLOAD_STATUS.claimed)) throw notFound();
  const backend = backendOf(ctx);
  // A PDF, picture, video or audio opens in the browser's own viewer (a preview dialog's frame).
  if (shownInline(type)) reply.header("Content-Disposition", "inline");
  const size = await backend.size(key);
  if (size === null) throw notFound();
  reply
    .header("Content-Type", type)
    .header("Accept-Ranges", "bytes")
    .header("Cache-Control", "public, max-age=31536000, immutable")
    .header("X-Content-Type-Options", "nosniff");
  const range = rangeOf(req.headers.range, size);
  if (range === "bad") return reply.status(416).header("Content-Range", `bytes */${size}`).send();
  if (!range) return reply.header("Content-Length", size).send(await backend.read(key));
  return reply
    .status(206)
    .header("Content-Range", `bytes ${range.start}-${range.end}/${size}`)
    .header("Content-Length", range.end - range.start + 1)
    .send(await backend.read(key, range));
}
