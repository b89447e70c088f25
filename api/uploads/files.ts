import path from "node:path";
import { MSG } from "../../contract/messages";
import { DEFAULT_FILE_SIZE_LIMIT, DEFAULT_MEDIA_SIZE_LIMIT, LARGE_UPLOAD_KINDS, PROBED_KINDS, UPLOAD_EXTENSIONS, UPLOAD_STATUS, extensionOf, type UploadKind } from "../../contract/upload-rules";
import type { Db } from "../db/index";
import type { ApiContext } from "../http/context";
import { configValues } from "../system/config-store";
import { probeMedia } from "./probe";
import { backendOf } from "./storage";

/** What a content form keeps of a claimed or stored upload (api/uploads/index.ts). */
export type StoredFile = { key: string; file_name: string; size: number; duration: number | null; thumbnail: string | null };

/** The configured limits: the general one, and the resumable video/audio one. */
export async function sizeLimits(db: Db): Promise<{ general: number; media: number }> {
  const c = await configValues(db, ["file-size-limit", "upload-media-size-limit"]);
  return { general: Number(c["file-size-limit"]) || DEFAULT_FILE_SIZE_LIMIT, media: Number(c["upload-media-size-limit"]) || DEFAULT_MEDIA_SIZE_LIMIT };
}

/** The first of `kinds` that takes this file name, or null (invalid file type). */
export const kindFor = (kinds: readonly UploadKind[], fileName: string): UploadKind | null => {
  const ext = extensionOf(fileName);
  return (ext && kinds.find((k) => UPLOAD_EXTENSIONS[k].includes(ext))) || null;
};

/** The limit a file of this kind follows: resumable video and audio their own, everything else the general one. */
export const limitFor = (limits: { general: number; media: number }, kind: UploadKind, resumable: boolean) =>
  resumable && LARGE_UPLOAD_KINDS.includes(kind) ? Math.max(limits.media, limits.general) : limits.general;

const THUMB = ".thumb.jpg";
export const thumbnailKeyOf = (key: string) => `${path.basename(key, path.extname(key))}${THUMB}`;

/**
 * The finishing of a stored file: for video and audio, ffprobe's duration and ffmpeg's thumbnail
 * (stored beside it). An unreadable file is deleted at once and answered `{ok: false}`: nothing of a
 * refused upload stays.
 */
export async function finishFile(ctx: ApiContext, key: string, kind: UploadKind): Promise<{ ok: true; duration: number | null; thumbnail: string | null } | { ok: false }> {
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
  const row = await ctx.db.selectFrom("upload").select(["thumbnail_key"]).where("storage_key", "=", key).executeTakeFirst();
  await backend.remove(key);
  await backend.remove(row?.thumbnail_key ?? thumbnailKeyOf(key));
  await ctx.db.deleteFrom("upload").where("storage_key", "=", key).execute();
}

/** The dashboard-relative URL a stored file (or its thumbnail) is served at (GET media/uploads/{key}, with Range). */
export const fileUrl = (key: string): string => `/api/media/uploads/${key}`;

export const unreadable = (field: string) => ({ [field]: [MSG.media_file_unreadable] });
export { UPLOAD_STATUS };
