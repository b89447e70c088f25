import { z } from "../zod";
import { MSG } from "../messages";
import { text } from "./text";
import { IDENTIFICATION_METHOD, IDENTIFICATION_METHOD_CODES, LOCK_METHOD, LOCK_METHOD_CODES } from "../codes";
import {
  FILE_SLOT_TYPES,
  MAX_ATTEMPT,
  MAX_LOCK_ATTEMPT,
  SLOT_TYPES,
  URL_SLOT_TYPES,
  type ReuseKind,
  type SlotType,
} from "../curriculum-codes";
import { MAX_DURATION_SECONDS, timeTextToSeconds } from "../units";

/**
 * The curriculum of a content (spec 001 §3 "Learning material", "Identification", §5 "URLs and
 * files"; docs/decisions/009): sections holding ordered material slots of seven types, the
 * prerequisites between slots and the identification settings of sections and slots: the schemas
 * the API and the dashboard share, and the API's answers. The code tables and limits are in
 * contract/curriculum-codes.ts and codes.ts, the time text in units.ts (zod-free: the dashboard's
 * components import them from there).
 */

/** For the seeds (server code); everything else imports it from contract/curriculum-codes.ts. */
export type { SlotType };

/** Message keys of the dashboard's own time fields (the API takes seconds). */
export const TIME_TEXT_INVALID = "curriculum_time_invalid";

// ---- field helpers -------------------------------------------------------------------------

const MAX_ID = 2_147_483_647;
const toNumber = (v: unknown) => (typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v);
const id = () =>
  z.preprocess(
    toNumber,
    z.number({ error: MSG.invalid }).int(MSG.invalid).min(1, MSG.invalid).max(MAX_ID, MSG.invalid),
  );

const splitIds = (v: unknown) => {
  if (v === null || v === "" || v === undefined) return [];
  if (typeof v === "string")
    return v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  if (typeof v === "number") return [v];
  return v;
};
/** A list of ids: an array (of numbers or texts) or one comma-separated text; "" is empty. Duplicates dropped. */
export const idList = () =>
  z.preprocess(
    splitIds,
    z
      .array(id(), { error: MSG.invalid })
      .max(500, MSG.too_long)
      .transform((ids) => [...new Set(ids)]),
  );
/** An order: like idList, but an id given twice is refused. */
const orderList = () =>
  z.preprocess(
    splitIds,
    z
      .array(id(), { error: MSG.invalid })
      .max(1000, MSG.too_long)
      .refine((ids) => new Set(ids).size === ids.length, MSG.invalid_choice),
  );

const TICKED = [true, "true", "on", "1", 1];
const UNTICKED = [false, "false", "off", "0", 0, "", null];
/** A checkbox of an HTML form: missing is unticked. */
const formCheckbox = () =>
  z.preprocess(
    (v) => (v === undefined ? false : TICKED.includes(v as never) ? true : UNTICKED.includes(v as never) ? false : v),
    z.boolean({ error: MSG.invalid }),
  );
/** A boolean of a JSON call: missing stays missing (so a default applies). */
const jsonBoolean = () =>
  z.preprocess(
    (v) =>
      v === undefined ? undefined : TICKED.includes(v as never) ? true : UNTICKED.includes(v as never) ? false : v,
    z.boolean({ error: MSG.invalid }),
  );

/** A whole number within bounds; "" and a missing value become `empty` when given. */
const wholeNumber = (min: number, max: number, empty?: number) =>
  z.preprocess(
    (v) =>
      empty !== undefined && (v === undefined || v === null || (typeof v === "string" && v.trim() === ""))
        ? empty
        : toNumber(v),
    z.number({ error: MSG.invalid }).int(MSG.invalid).min(min, MSG.value_too_small).max(max, MSG.value_too_large),
  );

/** A duration in seconds (JSON) or as "HH:MM" time text (forms); "" and missing become `empty` when given. */
const duration = (form: boolean, min: number, empty?: number) => {
  if (!form) return wholeNumber(min, MAX_DURATION_SECONDS, empty);
  return z.preprocess(
    (v) => {
      if (v === undefined || v === null || (typeof v === "string" && v.trim() === "")) return empty;
      if (typeof v !== "string") return v;
      const seconds = timeTextToSeconds(v);
      return seconds === null ? Number.NaN : seconds;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? MSG.required : TIME_TEXT_INVALID) })
      .refine((n) => Number.isFinite(n), TIME_TEXT_INVALID)
      .pipe(
        z.number().int(TIME_TEXT_INVALID).min(min, MSG.value_too_small).max(MAX_DURATION_SECONDS, MSG.value_too_large),
      ),
  );
};

/** One of the given numeric codes, as a number or its text. */
const code = <T extends readonly number[]>(codes: T) =>
  z.preprocess(
    toNumber,
    z.number({ error: MSG.invalid_choice }).refine((n) => codes.includes(n), MSG.invalid_choice),
  );

// ---- URLs ----------------------------------------------------------------------------------

/** A YouTube video id in the usual link shapes (watch?v=, youtu.be/, embed/, shorts/, live/). */
export function youtubeVideoId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^(www|m|music)\./, "");
  const ID = /^[A-Za-z0-9_-]{11}$/;
  let candidate: string | null = null;
  if (host === "youtu.be") candidate = url.pathname.split("/")[1] ?? null;
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const parts = url.pathname.split("/").filter(Boolean);
    if (parts[0] === "watch") candidate = url.searchParams.get("v");
    else if (["embed", "shorts", "live", "v"].includes(parts[0] ?? "")) candidate = parts[1] ?? null;
  }
  return candidate && ID.test(candidate) ? candidate : null;
}

/**
 * A link (spec 001 §5 "URLs and files"): required, at most `max` characters, starting with
 * http:// or https:// (the messages tell a missing link from a missing prefix); a YouTube slot's
 * link must name a YouTube video.
 */
export const linkSchema = (max: number, youtube: boolean) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    // No message of its own: the contract's (contract/zod.ts) says `required` for a missing value —
    // a form parse turns a blank field back into one after the step above (R297) — and `invalid`
    // for anything that is no text.
    z
      .string()
      .trim()
      .superRefine((s, ctx) => {
        const fail = (message: string) => ctx.addIssue({ code: "custom", message, input: s });
        if (s === "") return fail(MSG.required);
        if (!/^https?:\/\//i.test(s)) return fail(MSG.url_must_start_with_http);
        if (s.length > max) return fail(MSG.too_long);
        try {
          const u = new URL(s);
          if (!u.hostname) return fail(MSG.invalid);
        } catch {
          return fail(MSG.invalid);
        }
        if (youtube && !youtubeVideoId(s)) return fail(MSG.invalid_video_link);
      }),
  );

// ---- sections ------------------------------------------------------------------------------

export type CurriculumLimits = { text: number; url: number };
export const DEFAULT_CURRICULUM_LIMITS: CurriculumLimits = { text: 200, url: 255 };

const nameField = (limits: CurriculumLimits) =>
  text({ error: MSG.required }).trim().min(1, MSG.required).max(limits.text, MSG.too_long);

/** POST section/: a name; shown unless told otherwise. PATCH section/{id}/: name and/or is_display. */
export function sectionSchemas(limits: CurriculumLimits = DEFAULT_CURRICULUM_LIMITS) {
  return {
    create: z.object({ name: nameField(limits), is_display: jsonBoolean().default(true) }),
    update: z.object({ name: nameField(limits).optional(), is_display: jsonBoolean().optional() }),
  };
}
export type SectionCreateInput = z.infer<ReturnType<typeof sectionSchemas>["create"]>;
export type SectionUpdateInput = z.infer<ReturnType<typeof sectionSchemas>["update"]>;

/** One step up or down (the move buttons). */
export const moveSchema = z.object({ direction: z.enum(["up", "down"], { error: MSG.invalid_choice }) });
/** An explicit order: every id of the list, each once, in the new order. */
export const reorderSchema = z.object({ id_list: orderList() });
/**
 * Move a material: one step (`direction`; past the end of its section it goes to the next or
 * previous section), or into `section` at `position` (1-based; missing or too large: last).
 */
export const materialMoveSchema = z.union([
  moveSchema,
  z.object({ section: id(), position: wholeNumber(1, 100_000).optional() }),
]);
export type MaterialMoveInput = z.infer<typeof materialMoveSchema>;

// ---- materials -----------------------------------------------------------------------------

/** An id (a media library item's, a slot's to reuse), or null / "" for none; missing stays missing. */
const mediaRef = () =>
  z.preprocess(
    (v) => (v === "" || v === null ? null : v),
    z.union([z.null(), id()], { error: MSG.invalid }).optional(),
  );
/** Whether a submitted body or form names a media item (then materialSchema's `media`). */
export const namesMedia = (v: unknown) => v !== undefined && v !== null && v !== "";
/** Whether a submitted body or form names a slot to reuse the link or file of (then materialSchema's `media` too). */
export const namesSource = (v: unknown) => namesMedia(v);

/**
 * The slot form of a material of type `slotType` (spec 001 §3): name, is_required (default true),
 * is_preview, is_display (default true), dependency_list (prerequisite material ids),
 * is_non_skippable, is_paused_inactive, is_allow_download, attempt (0 unlimited), duration
 * (seconds); url for weblink and youtube; file (the path an upload answered) and file_name for
 * media, document, file and scorm; media_id, the media library item it plays (null or "" clears it;
 * the API checks it exists and its kind fits, SLOT_MEDIA_KINDS); source_material_id, a slot whose
 * link or file this one copies (a row of the slot type's SLOT_REUSE_LISTS list; not kept: the
 * copy is made once; docs/decisions/072). `form`: parsed from an HTML form
 * (a missing box is unticked, duration is "HH:MM", the file travels separately); `partial`: a
 * PATCH (missing fields kept); `media`: a media item or a slot to reuse is chosen, so the slot's
 * own link or file may be left out (the item plays, or the reused one is copied).
 */
export function materialSchema(
  slotType: SlotType,
  limits: CurriculumLimits = DEFAULT_CURRICULUM_LIMITS,
  opts: { form?: boolean; partial?: boolean; media?: boolean } = {},
) {
  const form = !!opts.form;
  const partial = !!opts.partial && !form;
  // With a media item chosen the slot's own link and file are optional, an empty link left out.
  const loose = partial || !!opts.media;
  const blankToMissing = <T extends z.ZodType>(s: T) =>
    z.preprocess((v) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v), s.optional());
  const flag = (def: boolean) =>
    form ? formCheckbox() : partial ? jsonBoolean().optional() : jsonBoolean().default(def);
  const opt = <T extends z.ZodType>(s: T, def: z.output<T>) => (partial ? s.optional() : s.default(def as never));
  const shape = {
    name: partial ? nameField(limits).optional() : nameField(limits),
    is_required: flag(true),
    is_preview: flag(false),
    is_display: flag(true),
    is_non_skippable: flag(false),
    is_paused_inactive: flag(false),
    is_allow_download: flag(false),
    attempt: opt(wholeNumber(0, MAX_ATTEMPT, form ? 0 : undefined), 0),
    duration: opt(duration(form, 0, form ? 0 : undefined), 0),
    dependency_list: opt(idList(), [] as number[]),
    media_id: mediaRef(),
    source_material_id: mediaRef(),
  };
  const link = linkSchema(limits.url, slotType === "youtube");
  const url = URL_SLOT_TYPES.includes(slotType)
    ? { url: partial ? link.optional() : opts.media ? blankToMissing(link) : link }
    : {};
  const file =
    FILE_SLOT_TYPES.includes(slotType) && !form
      ? {
          file: loose
            ? text({ error: MSG.invalid }).trim().min(1, MSG.required).max(500, MSG.too_long).optional()
            : text({ error: MSG.required }).trim().min(1, MSG.required).max(500, MSG.too_long),
          file_name: text({ error: MSG.invalid }).trim().max(255, MSG.too_long).optional(),
        }
      : {};
  return z.object({ ...shape, ...url, ...file });
}
/** What a material write carries once parsed (fields of other slot types absent). */
export type MaterialInput = {
  name?: string;
  is_required?: boolean;
  is_preview?: boolean;
  is_display?: boolean;
  is_non_skippable?: boolean;
  is_paused_inactive?: boolean;
  is_allow_download?: boolean;
  attempt?: number;
  duration?: number;
  dependency_list?: number[];
  url?: string;
  file?: string;
  file_name?: string;
  media_id?: number | null;
  /** The slot whose link or file is copied; never stored. */
  source_material_id?: number | null;
};
/** POST material/: slot_type first, then the slot form of that type. */
export const slotTypeSchema = z.object({
  slot_type: z.enum(SLOT_TYPES, {
    error: (issue) => (issue.input === undefined || issue.input === "" ? MSG.required : MSG.invalid_choice),
  }),
});

// ---- identification ------------------------------------------------------------------------

/** The configured minimums (iden-lock-attempt-minimum, iden-lock-duration-minimum seconds). */
export type IdentificationMinimums = { attempt: number; duration: number };
export const DEFAULT_IDENTIFICATION_MINIMUMS: IdentificationMinimums = { attempt: 1, duration: 60 };

/**
 * PUT curriculum/identification/: `item_list`, one entry per section to set (others untouched),
 * each with is_enabled, identification (method code), lock_method (default 1), attempt and
 * duration_lock (seconds; "HH:MM" in a form) at least the configured minimums (their defaults),
 * and `slot_list`, the same per material of that section plus `random`. content_type and
 * content_name are answers only. Missing fields take their defaults.
 */
export function identificationSchema(
  min: IdentificationMinimums = DEFAULT_IDENTIFICATION_MINIMUMS,
  opts: { form?: boolean } = {},
) {
  const form = !!opts.form;
  const box = () => (form ? formCheckbox() : jsonBoolean().default(false));
  const settings = {
    id: id(),
    is_enabled: box(),
    identification: code(IDENTIFICATION_METHOD_CODES).default(IDENTIFICATION_METHOD.otp),
    lock_method: code(LOCK_METHOD_CODES).default(LOCK_METHOD.duration),
    attempt: wholeNumber(min.attempt, MAX_LOCK_ATTEMPT, form ? undefined : min.attempt),
    duration_lock: duration(form, min.duration, form ? undefined : min.duration),
  };
  const slot = z.object({ ...settings, random: box() });
  const item = z.object({
    ...settings,
    slot_list: z.array(slot, { error: MSG.invalid }).max(1000, MSG.too_long).optional(),
  });
  return z.object({ item_list: z.array(item, { error: MSG.invalid }).max(1000, MSG.too_long).default([]) });
}
export type IdentificationInput = z.infer<ReturnType<typeof identificationSchema>>;

// ---- answers -------------------------------------------------------------------------------

export type IdName = { id: number; name: string };

/** A material as the curriculum answers it. */
export type Material = {
  id: number;
  section: number;
  sort: number;
  slot_type: SlotType;
  name: string;
  is_required: boolean;
  is_preview: boolean;
  is_display: boolean;
  is_non_skippable: boolean;
  is_paused_inactive: boolean;
  is_allow_download: boolean;
  attempt: number;
  /** Seconds. */
  duration: number;
  url: string | null;
  /** URL path of the uploaded file (served under /api/media/), or null. */
  file: string | null;
  file_name: string | null;
  /** The media library item the slot plays (docs/decisions/069), with its name, or null. */
  media_id: number | null;
  media: IdName | null;
  /** The prerequisites of this material, in curriculum order. */
  dependency_list: IdName[];
  /** The materials that list this one as a prerequisite (then it cannot be hidden or deleted). */
  dependent_list: IdName[];
  datetime_create: string;
  datetime_update: string;
};

/**
 * A row of a reuse list (GET dashboard/material/{weblink|scorm|image}/; docs/decisions/072): the
 * earliest slot holding that link or file, in the material lists' shape; `url` the link, or the
 * file's URL path.
 */
export type MaterialReuseOption = {
  id: number;
  name: string;
  code: null;
  value: number;
  kind: ReuseKind;
  file_name: string | null;
  url: string | null;
};

/** A section with its materials in order. */
export type Section = { id: number; name: string; sort: number; is_display: boolean; material_list: Material[] };

/** GET curriculum/ and curriculum/section/. */
export type Curriculum = { count: number; results: Section[] };

/** POST curriculum/upload/?slot_type=…: the stored file, to send as a material's `file`. */
export type UploadedFile = { file: string; file_name: string; file_size: number; slot_type: SlotType };

/** Identification settings of a section or a slot. */
export type IdentificationSettings = {
  id: number;
  name: string;
  is_enabled: boolean;
  identification: number;
  lock_method: number;
  attempt: number;
  /** Seconds. */
  duration_lock: number;
};
export type IdentificationSlot = IdentificationSettings & {
  random: boolean;
  content_type: SlotType;
  content_name: string;
};
export type IdentificationItem = IdentificationSettings & { slot_list: IdentificationSlot[] };
/** GET / PUT curriculum/identification/. */
export type CurriculumIdentification = { item_list: IdentificationItem[]; minimum: IdentificationMinimums };
