import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { UploadKind } from "../../contract/upload-rules";

const run = promisify(execFile);

/** The thumbnail's frame (spec 001 §5: images are 800 by 450), padded so any aspect ratio fits. */
const THUMB_FILTER = "scale=800:450:force_original_aspect_ratio=decrease,pad=800:450:(ow-iw)/2:(oh-ih)/2:color=black";

export type Probe =
  /** Read: its duration in seconds and, with a picture, a JPEG thumbnail in a temporary file. */
  | { ok: true; duration: number | null; thumbnail: string | null }
  /** Not a playable file of its kind. */
  | { ok: false }
  /** ffprobe is not installed: nothing can be said, the file is taken as it is. */
  | { ok: true; duration: null; thumbnail: null; skipped: true };

const missing = (err: unknown) => (err as { code?: string }).code === "ENOENT";

/**
 * Read a video or audio file with ffprobe (duration, streams) and draw its thumbnail with ffmpeg at
 * about one second (the first frame of a shorter clip). A video must have a picture, an audio file a
 * sound; anything ffprobe cannot read is `{ok: false}` — the caller refuses it and deletes it.
 */
export async function probeMedia(file: string, kind: UploadKind): Promise<Probe> {
  let info: { format?: { duration?: string }; streams?: { codec_type?: string }[] };
  try {
    const { stdout } = await run(
      "ffprobe",
      ["-v", "error", "-show_entries", "format=duration:stream=codec_type", "-of", "json", file],
      { timeout: 60_000, maxBuffer: 1024 * 1024 },
    );
    info = JSON.parse(stdout);
  } catch (err) {
    if (missing(err)) return { ok: true, duration: null, thumbnail: null, skipped: true };
    return { ok: false };
  }
  const types = new Set((info.streams ?? []).map((s) => s.codec_type));
  const duration = Number(info.format?.duration);
  const hasVideo = types.has("video");
  const playable = kind === "video" ? hasVideo : kind === "audio" ? types.has("audio") : hasVideo || types.has("audio");
  if (!playable || !Number.isFinite(duration) || duration <= 0) return { ok: false };
  return {
    ok: true,
    duration: Math.round(duration * 1000) / 1000,
    thumbnail: hasVideo ? await thumbnail(file, duration) : null,
  };
}

/** A JPEG of the frame at ~1 s (or the first), 800×450; null when ffmpeg makes none. */
async function thumbnail(file: string, duration: number): Promise<string | null> {
  const out = path.join(os.tmpdir(), `lms-thumb-${path.basename(file)}-${process.pid}-${Date.now()}.jpg`);
  const at = duration > 1.5 ? "1" : "0";
  try {
    await run(
      "ffmpeg",
      ["-v", "error", "-y", "-ss", at, "-i", file, "-frames:v", "1", "-vf", THUMB_FILTER, "-q:v", "4", out],
      { timeout: 120_000 },
    );
    if ((await fs.promises.stat(out).catch(() => null))?.size) return out;
  } catch {
    // No frame could be drawn (a broken picture stream): the file still plays, only without a thumbnail.
  }
  await fs.promises.rm(out, { force: true });
  return null;
}
