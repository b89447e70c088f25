/**
 * Code tables and limits of the curriculum (spec 001 §3 "Learning material", §5 "URLs and files";
 * docs/decisions/009), without zod, so dashboard components may import them without taking zod into
 * the browser bundle (docs/decisions/016). The schemas are in contract/schemas/curriculum.ts; the
 * identification and lock method codes in contract/codes.ts, the time text in contract/units.ts.
 */

import type { MediaKind } from "./media-codes";
import { UPLOAD_EXTENSIONS } from "./upload-rules";

/** The slot forms of spec 001 §3 "Learning material". */
export const SLOT_TYPES = ["media", "document", "weblink", "youtube", "file", "scorm", "generic"] as const;
export type SlotType = (typeof SLOT_TYPES)[number];
export const isSlotType = (v: unknown): v is SlotType => typeof v === "string" && (SLOT_TYPES as readonly string[]).includes(v);

/**
 * Files each slot type takes (spec 001 §5 "Extensions": media mp4, mp3; document pdf; scorm zip;
 * a downloadable file: word doc, docx, excel xls, xlsx, csv and pdf). Empty: the slot has no file.
 * The size limit is config `file-size-limit` (10485760 bytes by default).
 */
export const SLOT_FILE_EXTENSIONS: Readonly<Record<SlotType, readonly string[]>> = {
  // The upload kinds' lists (contract/upload-rules.ts), one table of the spec's extensions.
  media: UPLOAD_EXTENSIONS.media,
  document: UPLOAD_EXTENSIONS.document,
  file: [...UPLOAD_EXTENSIONS.document, ...UPLOAD_EXTENSIONS.word, ...UPLOAD_EXTENSIONS.excel],
  scorm: UPLOAD_EXTENSIONS.scorm,
  weblink: [],
  youtube: [],
  generic: [],
};
/** Slot types whose content is a link (url required). */
export const URL_SLOT_TYPES: readonly SlotType[] = ["weblink", "youtube"];
/** Slot types whose content is an uploaded file (file required). */
export const FILE_SLOT_TYPES: readonly SlotType[] = SLOT_TYPES.filter((t) => SLOT_FILE_EXTENSIONS[t].length > 0);

/** Limits of the numbers an administrator types in: a material's attempts, identification lock attempts. */
export const MAX_ATTEMPT = 999;
export const MAX_LOCK_ATTEMPT = 99;

/**
 * The media library kinds a slot type may play (`media_id`; docs/decisions/069): a media slot
 * (mp4, mp3) a video or an audio, a document or file slot a document, a YouTube slot an external
 * video, a generic slot an article or a flash card set. Weblink and SCORM slots have no kind yet.
 */
export const SLOT_MEDIA_KINDS: Readonly<Record<SlotType, readonly MediaKind[]>> = {
  media: ["video", "audio"],
  document: ["document"],
  file: ["document"],
  youtube: ["external_video"],
  generic: ["article", "flash_card"],
  weblink: [],
  scorm: [],
};
/**
 * Where the dashboard's picker reads a slot type's items, under dashboard/: the spec's material
 * lists (spec 002 §7), their rows kept to SLOT_MEDIA_KINDS (the video list holds external videos
 * too); articles and flash cards are in no material list, so their own lists are read.
 */
export const SLOT_MEDIA_LISTS: Readonly<Record<SlotType, readonly string[]>> = {
  media: ["material/video/", "material/audio/"],
  document: ["material/pdf/"],
  file: ["material/filedownload/"],
  youtube: ["material/video/"],
  generic: ["article/", "flash_card/"],
  weblink: [],
  scorm: [],
};
