import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { IMAGE_EXTENSIONS } from "../../contract/codes";
import { MSG } from "../../contract/messages";
import type { Db } from "../db/index";
import type { ApiContext } from "../http/context";
import { configValues } from "./config-store";
import { ApiError, badRequest, notFound } from "../http/errors";
import { cleanFileName } from "../uploads/file-name";
import { serveUpload, shownInline } from "../uploads/serve";
import { contentFits } from "../uploads/files";
import { serveScorm } from "../content/features/curriculum/scorm";

/** What the media route serves: the types uploads are checked to be (images; curriculum files). */
const CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  // Curriculum material files (spec 001 §5; checked by content when uploaded: curriculum-files.ts).
  pdf: "application/pdf",
  mp4: "video/mp4",
  mp3: "audio/mpeg",
  zip: "application/zip",
  csv: "text/csv; charset=utf-8",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};
/** One path segment: no dot first (so no `..` and no hidden files), no separators. */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
/** The hard cap of any upload whatever the config says (multipart plugin limit). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

export type ImageUpload = { data: Buffer; ext: "png" | "jpg" | "gif" };

/**
 * The one file of a multipart request, in field `field`, whole and at most `limit` bytes (never
 * above MAX_UPLOAD_BYTES; a longer one is refused, never cut), with the name the browser gave it
 * cleaned (uploads/file-name.ts). Otherwise 400 {field: [required | file_too_large | invalid]}.
 * Every upload (images, material files, enrolment tables) reads its file here and then checks the
 * type it takes.
 */
export async function readOneFile(
  req: FastifyRequest,
  field: string,
  limit: number,
): Promise<{ data: Buffer; filename: string; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw badRequest({ [field]: [MSG.required] });
  if (req.uploadRefused) throw badRequest({ [field]: [MSG.upload_ip_not_allowed] });
  const fileSize = Math.max(1, Math.min(limit, MAX_UPLOAD_BYTES));
  try {
    const part = await req.file({ limits: { fileSize, files: 1, fields: 20, parts: 21 } });
    if (!part || part.fieldname !== field) throw badRequest({ [field]: [MSG.required] });
    // The form's text fields sent before the file (an import's mode), by name; later ones are not read.
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(part.fields)) {
      if (value && !Array.isArray(value) && value.type === "field" && typeof value.value === "string")
        fields[name] = value.value;
    }
    const data = await part.toBuffer();
    // toBuffer (@fastify/multipart 10) checks `truncated` only after each chunk it reads: when busboy
    // cuts the file after the last chunk was read (the limit fell on a chunk's end), it answers the
    // cut bytes as if whole (issue 32: stored at exactly the limit, an import run on part of its
    // rows). The file's stream has ended here, so `truncated` is final; the length is checked too.
    if (part.file.truncated || data.length > fileSize) throw badRequest({ [field]: [MSG.file_too_large] });
    return { filename: cleanFileName(part.filename ?? ""), data, fields };
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw badRequest({ [field]: [MSG.file_too_large] });
    // Anything else here is the body's fault (a truncated or malformed multipart): 400, not 500.
    throw badRequest({ [field]: [MSG.invalid] });
  }
}

/**
 * The one image file of a multipart request, in field `field`: jpg, jpeg, png or gif by extension
 * AND by its content (api/uploads/files.ts contentFits), at most `limit` bytes. Otherwise 400 {field: [required | invalid_file_type
 * | file_too_large]}.
 */
export async function readImageUpload(req: FastifyRequest, field: string, limit: number): Promise<ImageUpload> {
  const { data, filename } = await readOneFile(req, field, limit);
  const given = path.extname(filename).slice(1).toLowerCase();
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(given) || !(await contentFits(given, data)))
    throw badRequest({ [field]: [MSG.invalid_file_type] });
  return { data, ext: given === "jpeg" ? "jpg" : (given as ImageUpload["ext"]) };
}

/**
 * Store a file under mediaDir/folder/ by the hash of its content (the same image twice is one
 * file; a changed image gets a new name, so it may be cached forever). Answers its URL path.
 */
export async function storeMedia(
  mediaDir: string,
  folder: string,
  file: { data: Buffer; ext: string },
): Promise<string> {
  const name = `${crypto.createHash("sha256").update(file.data).digest("hex").slice(0, 40)}.${file.ext}`;
  const dir = path.join(mediaDir, folder);
  const target = path.join(dir, name);
  await fs.promises.mkdir(dir, { recursive: true });
  if (!fs.existsSync(target)) {
    const temp = path.join(dir, `.${name}.${crypto.randomBytes(6).toString("hex")}.tmp`);
    await fs.promises.writeFile(temp, file.data);
    await fs.promises.rename(temp, target);
  }
  return `/api/media/${folder}/${name}`;
}

/**
 * The image of a multipart request's `image` field, checked (readImageUpload) against the
 * configured image-size-limit, stored under `folder` (storeMedia): its URL path. Every image
 * upload of the API (covers, certificates, master data, highlights) goes through it.
 */
export async function storeImageUpload(req: FastifyRequest, db: Db, mediaDir: string, folder: string): Promise<string> {
  const { "image-size-limit": limit } = await configValues(db, ["image-size-limit"]);
  return storeMedia(mediaDir, folder, await readImageUpload(req, "image", Number(limit) || MAX_UPLOAD_BYTES));
}

/**
 * GET media/{path}: uploaded files, public, cached for a year (names change with the content),
 * typed by extension, never sniffed by the browser. Any path that is not plain segments under
 * the media directory is a 404.
 */
export function mediaRoutes(app: FastifyInstance, ctx: ApiContext) {
  const root = path.resolve(ctx.mediaDir);
  app.get("/media/*", async (req, reply) => {
    const rest = (req.params as { "*": string })["*"] ?? "";
    // A SCORM slot's package, launched from its zip (docs/decisions/084): its own path rules.
    // (`scorm/{hash}` too: the dashboard's relay may drop the trailing slash; the browser keeps it.)
    const scorm = /^scorm\/([^/]*)(?:\/(.*))?$/s.exec(rest);
    if (scorm) return serveScorm(ctx.mediaDir, scorm[1], scorm[2] ?? "", reply);
    const segments = rest.split("/");
    if (!segments.length || !segments.every((s) => SEGMENT.test(s))) throw notFound();
    // Stored uploads (docs/decisions/068): from their storage, finished ones only, with Range.
    if (segments.length === 2 && segments[0] === "uploads") return serveUpload(ctx, segments[1], req, reply);
    const type = CONTENT_TYPES[path.extname(rest).slice(1).toLowerCase()];
    if (!type) throw notFound();
    const file = path.resolve(root, ...segments);
    if (!file.startsWith(root + path.sep)) throw notFound();
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) throw notFound();
    // A PDF, picture, video or audio opens in the browser's own viewer (a preview dialog's frame).
    if (shownInline(type)) reply.header("Content-Disposition", "inline");
    return reply
      .header("Content-Type", type)
      .header("Content-Length", stat.size)
      .header("Cache-Control", "public, max-age=31536000, immutable")
      .header("X-Content-Type-Options", "nosniff")
      .send(fs.createReadStream(file));
  });
}
