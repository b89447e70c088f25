import { IMAGE_EXTENSIONS } from "./codes";
import { CONFIG_DEFAULTS } from "./config";
import type { Module } from "./permissions";

/**
 * What may be uploaded, by kind (spec 001 §5 "URLs and files"; docs/decisions/068). Both sides read
 * it: the API refuses a file whose extension its kind does not take, resumable (tus) or multipart,
 * and the dashboard's file field offers the same list in `accept`.
 */
export const UPLOAD_KINDS = ["video", "audio", "document", "media", "scorm", "excel", "word", "image", "file"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** Allowed extensions per kind; `file` is any of the others (a download material takes what a material takes). */
export const UPLOAD_EXTENSIONS: Readonly<Record<UploadKind, readonly string[]>> = {
  video: ["mp4"],
  audio: ["mp3", "mp4", "mpeg"],
  document: ["pdf"],
  media: ["mp4", "mp3"],
  scorm: ["zip"],
  excel: ["xls", "xlsx", "csv"],
  word: ["doc", "docx"],
  image: IMAGE_EXTENSIONS,
  file: ["pdf", "mp4", "mp3", "zip", "xls", "xlsx", "csv", "doc", "docx", ...IMAGE_EXTENSIONS],
};

/**
 * Kinds whose resumable uploads follow their own limit (`upload-media-size-limit`): lectures run to
 * gigabytes. Every other kind, and every multipart upload, follows the general `file-size-limit`.
 */
export const LARGE_UPLOAD_KINDS: readonly UploadKind[] = ["video", "audio", "media"];

/** Kinds whose files ffprobe reads (duration) and ffmpeg draws a thumbnail of. */
export const PROBED_KINDS: readonly UploadKind[] = ["video", "audio", "media"];

/** The size limits' defaults: the configuration's own (contract/config.ts), named for the upload code. */
export const DEFAULT_FILE_SIZE_LIMIT = CONFIG_DEFAULTS["file-size-limit"].value;
export const DEFAULT_MEDIA_SIZE_LIMIT = CONFIG_DEFAULTS["upload-media-size-limit"].value;
/** Hours after which an upload that never finished is deleted (config `upload-abandon-hours`). */
export const DEFAULT_UPLOAD_ABANDON_HOURS = CONFIG_DEFAULTS["upload-abandon-hours"].value;

/** Upload row states (the `upload.status` column). */
export const UPLOAD_STATUS = {
  uploading: "uploading",
  complete: "complete",
  refused: "refused",
  claimed: "claimed",
} as const;
export type UploadStatus = (typeof UPLOAD_STATUS)[keyof typeof UPLOAD_STATUS];

/**
 * Who may upload: an account that may add or change some content (an upload only becomes part of
 * the organisation's content when a content form claims it, and that form checks its own flag).
 */
export const UPLOAD_MODULES: readonly Module[] = [
  "course",
  "class",
  "class_program",
  "live",
  "onboard",
  "learning_program",
  "survey",
  "learning_path",
  "playlist",
  "activity",
  "testbank",
  "test",
  "material",
  "coniclex",
];

/** The lower-cased extension of a file name, without the dot ("" when none). */
export function extensionOf(fileName: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(fileName.trim());
  return m ? m[1].toLowerCase() : "";
}

/** Whether one of `kinds` takes a file of this name. */
export const extensionAllowed = (kinds: readonly UploadKind[], fileName: string): boolean => {
  const ext = extensionOf(fileName);
  return ext !== "" && kinds.some((k) => UPLOAD_EXTENSIONS[k].includes(ext));
};

/** The `accept` attribute of a file input taking these kinds (".mp4,.mp3"). */
export const acceptOf = (kinds: readonly UploadKind[]): string =>
  [...new Set(kinds.flatMap((k) => UPLOAD_EXTENSIONS[k]))].map((e) => `.${e}`).join(",");

export const isUploadKind = (v: unknown): v is UploadKind =>
  typeof v === "string" && (UPLOAD_KINDS as readonly string[]).includes(v);

/** The path under which the API takes resumable uploads (and the dashboard relays them). */
export const UPLOAD_API_PATH = "/api/dashboard/upload/";
export const UPLOAD_DASHBOARD_PATH = "/dashboard/upload/";
