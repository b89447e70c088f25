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
export const isSlotType = (v: unknown): v is SlotType =>
  typeof v === "string" && (SLOT_TYPES as readonly string[]).includes(v);

/**
 * Files each slot type takes (spec 001 §5 "Extensions": media mp4, mp3; document pdf; scorm zip;
 * a downloadable file: word doc, docx, excel xls, xlsx, csv and pdf). Empty: the slot has no file.
 * The size limit is config `file-size-limit` (10485760 bytes by default).
 */
export const SLOT_FILE_EXTENSIONS: Readonly<Record<SlotType, readonly string[]>> = {
  // The upload kinds' lists (contract/upload-rules.ts), one table of the spec's extensions.
  media: UPLOAD_EXTENSIONS.media,
  document: UPLOAD_EXTENSIONS.document,
  // An image is a file to download too (spec 002 §7 lists material/image; docs/decisions/072).
  file: [
    ...UPLOAD_EXTENSIONS.document,
    ...UPLOAD_EXTENSIONS.word,
    ...UPLOAD_EXTENSIONS.excel,
    ...UPLOAD_EXTENSIONS.image,
  ],
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
 * video, a generic slot an article or a flash card set. Weblink and SCORM slots have no kind: they
 * reuse another slot's link or package instead (SLOT_REUSE_LISTS below).
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

/**
 * The material lists of what the organisation's curricula already hold (spec 002 §7
 * material/weblink, scorm, material/image; docs/decisions/072), at dashboard/{path}: slots of
 * `slotType` (any when null) whose `column` is set, and whose file has one of `extensions` when
 * given; one row per distinct link or file (its earliest slot). No media kind holds them.
 */
export const REUSE_KINDS = ["weblink", "scorm", "image"] as const;
export type ReuseKind = (typeof REUSE_KINDS)[number];
/** `alsoAt`: another path the same list answers at (one an earlier release published). */
export type ReuseList = {
  kind: ReuseKind;
  path: string;
  alsoAt?: readonly string[];
  slotType: SlotType | null;
  column: "url" | "file";
  extensions: readonly string[] | null;
};
export const REUSE_LISTS: Readonly<Record<ReuseKind, ReuseList>> = {
  // Under material/ like the others (the spec's material/weblink, material/image).
  weblink: { kind: "weblink", path: "material/weblink/", slotType: "weblink", column: "url", extensions: null },
  // The spec's own path (spec 002 §7 "scorm"; R050: no resource is named scorm, so it clashes with
  // nothing), and material/scorm/, where decision 072 first put it.
  scorm: {
    kind: "scorm",
    path: "scorm/",
    alsoAt: ["material/scorm/"],
    slotType: "scorm",
    column: "file",
    extensions: null,
  },
  image: {
    kind: "image",
    path: "material/image/",
    slotType: null,
    column: "file",
    extensions: UPLOAD_EXTENSIONS.image,
  },
};
/**
 * The list a slot type reuses a link or file from (`source_material_id`; docs/decisions/072): a web
 * link slot another slot's link, a SCORM slot a package, a file slot an image. Null: none.
 */
export const SLOT_REUSE_LISTS: Readonly<Record<SlotType, ReuseList | null>> = {
  weblink: REUSE_LISTS.weblink,
  scorm: REUSE_LISTS.scorm,
  file: REUSE_LISTS.image,
  media: null,
  document: null,
  youtube: null,
  generic: null,
};
