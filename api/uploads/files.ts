import path from "node:path";
import type { Readable } from "node:stream";
// The Node entry (its stream reader takes a Node stream), whatever conditions the type checker resolves with.
import { fileTypeFromBuffer, fileTypeFromStream } from "file-type/node";
import { MSG } from "../../contract/messages";
import {
  DEFAULT_FILE_SIZE_LIMIT,
  DEFAULT_MEDIA_SIZE_LIMIT,
  LARGE_UPLOAD_KINDS,
  PROBED_KINDS,
  UPLOAD_EXTENSIONS,
  UPLOAD_STATUS,
  extensionOf,
  type UploadKind,
} from "../../contract/upload-rules";
import type { Db } from "../db/index";
import type { ApiContext } from "../http/context";
import { configValues } from "../system/config-store";
import { probeMedia } from "./probe";
import { backendOf } from "./storage";

/** What a content form keeps of a claimed or stored upload (api/uploads/index.ts). */
export type StoredFile = {
  key: string;
  file_name: string;
  size: number;
  duration: number | null;
  thumbnail: string | null;
};

/** The configured limits: the general one, and the resumable video/audio one. */
export async function sizeLimits(db: Db): Promise<{ general: number; media: number }> {
  const c = await configValues(db, ["file-size-limit", "upload-media-size-limit"]);
  return {
    general: Number(c["file-size-limit"]) || DEFAULT_FILE_SIZE_LIMIT,
    media: Number(c["upload-media-size-limit"]) || DEFAULT_MEDIA_SIZE_LIMIT,
  };
}

/** The first of `kinds` that takes this file name, or null (invalid file type). */
export const kindFor = (kinds: readonly UploadKind[], fileName: string): UploadKind | null => {
  const ext = extensionOf(fileName);
  return (ext && kinds.find((k) => UPLOAD_EXTENSIONS[k].includes(ext))) || null;
};

/** The limit a file of this kind follows: resumable video and audio their own, everything else the general one. */
export const limitFor = (limits: { general: number; media: number }, kind: UploadKind, resumable: boolean) =>
  resumable && LARGE_UPLOAD_KINDS.includes(kind) ? Math.max(limits.media, limits.general) : limits.general;

/** A text file: no format file-type knows and no NUL byte in its first 64 KB (UTF-8 with or without BOM, a Thai code page). */
const TEXT = "text";
const TEXT_HEAD = 65536;
/**
 * What a file of each extension must be by its content (spec 001 §5: "file type must match"), as
 * file-type names formats: an Office Open XML file may read as a plain zip when its parts are in
 * an unusual order; an MP4 is any ISO media brand a player takes; .doc and .xls are OLE2 (cfb);
 * a PDF saved by Illustrator reads as "ai".
 */
const CONTENT_OF: Readonly<Record<string, readonly string[] | typeof TEXT>> = {
  pdf: ["pdf", "ai"],
  zip: ["zip"],
  docx: ["docx", "zip"],
  xlsx: ["xlsx", "zip"],
  doc: ["cfb"],
  xls: ["cfb"],
  mp4: ["mp4", "m4a", "m4v", "m4b", "mov"],
  mp3: ["mp3"],
  mpeg: ["mp3", "mp2", "mp1", "mpg"],
  png: ["png", "apng"],
  jpg: ["jpg"],
  jpeg: ["jpg"],
  gif: ["gif"],
  csv: TEXT,
};

/** The first `n` bytes of a stream (fewer when it is shorter); the stream is let go after. */
async function headOf(stream: Readable, n: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    parts.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= n) break;
  }
  stream.destroy();
  return Buffer.concat(parts).subarray(0, n);
}

/**
 * THE content check of every upload (issue 33 §11): whether the bytes are a file of extension
 * `ext` — not only named so — read with file-type (a 10-byte text called fake.pdf is not a PDF).
 * Images, curriculum files, multipart and resumable uploads of every kind come through here.
 * A stream is read only as far as the format needs, then let go.
 */
export async function contentFits(ext: string, input: Buffer | Readable): Promise<boolean> {
  const rule = CONTENT_OF[ext];
  if (!rule) return false;
  try {
    if (rule === TEXT) {
      const head = Buffer.isBuffer(input) ? input.subarray(0, TEXT_HEAD) : await headOf(input, TEXT_HEAD);
      return head.length > 0 && !head.includes(0) && !(await fileTypeFromBuffer(head));
    }
    const found = Buffer.isBuffer(input) ? await fileTypeFromBuffer(input) : await fileTypeFromStream(input);
    return !!found && rule.includes(found.ext);
  } finally {
    if (!Buffer.isBuffer(input)) input.destroy();
  }
}

/** The same check of a stored file (a finished resumable upload, a spooled multipart one), by its key. */
export const storedContentFits = async (ctx: ApiContext, key: string, ext: string) =>
  contentFits(ext, await backendOf(ctx).read(key));

const THUMB = ".thumb.jpg";
export const thumbnailKeyOf = (key: string) => `${path.basename(key, path.extname(key))}${THUMB}`;

/**
 * The finishing of a stored file: for video and audio, ffprobe's duration and ffmpeg's thumbnail
 * (stored beside it). An unreadable file is deleted at once and answered `{ok: false}`: nothing of a
 * refused upload stays.
 */
export async function finishFile(
  ctx: ApiContext,
  key: string,
  kind: UploadKind,
): Promise<{ ok: true; duration: number | null; thumbnail: string | null } | { ok: false }> {
  if (!PROBED_KINDS.includes(kind)) return { ok: true, duration: null, thumbnail: null };
  const backend = backendOf(ctx);
  const local = await backend.local(key);
  try {
    const probe = await probeMedia(local.file, kind);
    if (!probe.ok) {
      await backend.remove(key);
      return { ok: false };
    }
    let thumbnail: string | null = null;
    if (probe.thumbnail) {
      thumbnail = thumbnailKeyOf(key);
      await backend.put(thumbnail, probe.thumbnail, "image/jpeg");
    }
    return { ok: true, duration: probe.duration, thumbnail };
  } finally {
    await local.release();
  }
}

/** Delete a stored file, its thumbnail and its row (a content item that let go of it). */
export async function deleteStoredFile(ctx: ApiContext, key: string): Promise<void> {
  const backend = backendOf(ctx);
  const row = await ctx.db
    .selectFrom("upload")
    .select(["thumbnail_key"])
    .where("storage_key", "=", key)
    .executeTakeFirst();
  await backend.remove(key);
  await backend.remove(row?.thumbnail_key ?? thumbnailKeyOf(key));
  await ctx.db.deleteFrom("upload").where("storage_key", "=", key).execute();
}

/** The dashboard-relative URL a stored file (or its thumbnail) is served at (GET media/uploads/{key}, with Range). */
export const fileUrl = (key: string): string => `/api/media/uploads/${key}`;

export const unreadable = (field: string) => ({ [field]: [MSG.media_file_unreadable] });
export { UPLOAD_STATUS };
