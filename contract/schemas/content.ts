import { z } from "../zod";
import { MSG } from "../messages";
import { text } from "./text";
import { checkbox, id, idList, isoDateTime, nullableId, parseIsoDateTime } from "./form-fields";
import { CONFIG_DEFAULTS } from "../config";
import { classOwnFields } from "./class";
import { surveySchemas } from "./survey";
import { liveSchemas } from "./live";
import { MEDIA_SCHEMAS } from "./media";
import { testbankSchemas } from "./testbank";
import { testSchemas } from "./test";
import { learningPathSchemas } from "./learning-path";
import { onboardSchemas } from "./onboard";
import { playlistSchemas } from "./playlist";
import { CONTENT_TAG_EXTRAS, type PublishLabel, type PublishStatus, type TagExtraField } from "../codes";

/**
 * The content types of the engine (spec 001 §3 "Content: course, onboard, class, class program,
 * activity", §5 "Text, numbers, codes"): the form schemas the dashboard and the API share, and the
 * API's answers. Every schema accepts what an HTML form posts (text) as well as JSON. A type's own
 * differences are options of contentSchemas (CONTENT_SCHEMAS names each type's).
 */

/** The configurable text limits (config text-limit, code-limit, description-limit). */
export type ContentLimits = { text: number; code: number; description: number };
export const DEFAULT_CONTENT_LIMITS: ContentLimits = {
  text: CONFIG_DEFAULTS["text-limit"].value,
  code: CONFIG_DEFAULTS["code-limit"].value,
  description: CONFIG_DEFAULTS["description-limit"].value,
};

/** Letters, digits, hyphen and underscore. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
/** A content's list of ids (tags, instructors, extras): at most 200. */
const ids = () => idList(200);

function fields(limits: ContentLimits) {
  return {
    name: text({ error: MSG.required }).trim().min(1, MSG.required).max(limits.text, MSG.too_long),
    code: z
      .string({ error: MSG.required })
      .trim()
      .min(1, MSG.required)
      .max(limits.code, MSG.too_long)
      // An empty code is only "required".
      .refine((v) => v === "" || CODE_PATTERN.test(v), MSG.invalid_code),
    content_level: nullableId(),
    program: nullableId(),
    category: id(),
    provider: id(),
    is_environmental: checkbox(),
    tag_list: ids(),
    instructor_list: ids(),
    desc: z.preprocess(
      (v) => (v === null ? "" : v),
      text({ multiline: true, error: MSG.invalid }).max(limits.description, MSG.too_long),
    ),
  };
}

export const ALL_TAG_EXTRAS: readonly TagExtraField[] = CONTENT_TAG_EXTRAS.map((e) => e.field);

/** The extras switched on (CONTENT_TAG_EXTRAS): lists of tag ids, absent unless given. Others are dropped. */
const extras = (enabled: readonly TagExtraField[]) =>
  // Typed as all of them: they are optional either way.
  Object.fromEntries(enabled.map((field) => [field, ids().optional()])) as Record<
    TagExtraField,
    z.ZodOptional<ReturnType<typeof ids>>
  >;

/**
 * The create and update schemas under the given limits, with the extras whose config flag is on
 * (others are dropped like any unknown field). Create: name, code, category and provider required;
 * a missing checkbox is false, missing lists are empty. Update (PATCH) is partial: a missing field
 * is left as it is (an HTML form that edits the whole item should be parsed with the create
 * schema, so an unticked checkbox becomes false).
 */
function contentSchemas(limits: ContentLimits, enabledExtras: readonly TagExtraField[]) {
  const f = fields(limits);
  const create = z.object({
    ...f,
    content_level: f.content_level.default(null),
    program: f.program.default(null),
    is_environmental: f.is_environmental,
    tag_list: f.tag_list.default([]),
    instructor_list: f.instructor_list.default([]),
    desc: f.desc.default(""),
    ...extras(enabledExtras),
  });
  const update = z.object({
    name: f.name.optional(),
    code: f.code.optional(),
    content_level: f.content_level.optional(),
    program: f.program.optional(),
    category: f.category.optional(),
    provider: f.provider.optional(),
    is_environmental: f.is_environmental.optional(),
    tag_list: f.tag_list.optional(),
    instructor_list: f.instructor_list.optional(),
    desc: f.desc.optional(),
    ...extras(enabledExtras),
  });
  return { create, update };
}

/** Course (spec 001 §3): the content fields with its instructors. */
export function courseSchemas(
  limits: ContentLimits = DEFAULT_CONTENT_LIMITS,
  enabledExtras: readonly TagExtraField[] = ALL_TAG_EXTRAS,
) {
  return contentSchemas(limits, enabledExtras);
}

/** The fields every type shares: the content fields without a type's own lists (instructors). */
function commonSchemas(limits: ContentLimits, enabledExtras: readonly TagExtraField[]) {
  const { create, update } = contentSchemas(limits, enabledExtras);
  return { create: create.omit({ instructor_list: true }), update: update.omit({ instructor_list: true }) };
}
/** What every type's create and update accept (a type's own fields ride along beside these). */
export type ContentCreateInput = z.infer<ReturnType<typeof commonSchemas>["create"]>;
export type ContentUpdateInput = z.infer<ReturnType<typeof commonSchemas>["update"]>;

/** Activity (spec 001 §3): the content fields without instructors (inspectors are per checklist). */
export function activitySchemas(
  limits: ContentLimits = DEFAULT_CONTENT_LIMITS,
  enabledExtras: readonly TagExtraField[] = ALL_TAG_EXTRAS,
) {
  return commonSchemas(limits, enabledExtras);
}
export type ActivityCreateInput = z.infer<ReturnType<typeof activitySchemas>["create"]>;
export type ActivityUpdateInput = z.infer<ReturnType<typeof activitySchemas>["update"]>;

/** Class (spec 001 §3): the content fields without instructors (those are per session), with its own settings. */
export function classSchemas(
  limits: ContentLimits = DEFAULT_CONTENT_LIMITS,
  enabledExtras: readonly TagExtraField[] = ALL_TAG_EXTRAS,
) {
  const { create, update } = commonSchemas(limits, enabledExtras);
  return { create: create.extend(classOwnFields), update: update.extend(partial(classOwnFields)) };
}
/** Class program (spec 001 §3 "A class program has image, desc, competency_list"): the content fields; its competencies are the engine's tab. */
export function classProgramSchemas(
  limits: ContentLimits = DEFAULT_CONTENT_LIMITS,
  enabledExtras: readonly TagExtraField[] = ALL_TAG_EXTRAS,
) {
  return commonSchemas(limits, enabledExtras);
}
const partial = <T extends Record<string, z.ZodType>>(shape: T) =>
  Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof T]: z.ZodOptional<T[K]>;
  };

/**
 * Each content type's form schemas, by the registry's `schema` name (app/registry/content.js):
 * the dashboard's forms and the API's resource read the same one; a test holds the names together.
 */
export const CONTENT_SCHEMAS = {
  course: courseSchemas,
  activity: activitySchemas,
  class: classSchemas,
  class_program: classProgramSchemas,
  survey: surveySchemas,
  live: liveSchemas,
  testbank: testbankSchemas,
  test: testSchemas,
  learning_path: learningPathSchemas,
  onboard: onboardSchemas,
  learning_playlist: playlistSchemas,
  ...MEDIA_SCHEMAS,
} as const;
export type ContentSchemaName = keyof typeof CONTENT_SCHEMAS;

export const courseCreateSchema = courseSchemas().create;
export const courseUpdateSchema = courseSchemas().update;
export type CourseCreateInput = z.infer<typeof courseCreateSchema>;
export type CourseUpdateInput = z.infer<typeof courseUpdateSchema>;

export { parseIsoDateTime };

/**
 * Show/hide, publish and schedule: PATCH course/{id}/ with is_display and optionally
 * datetime_start (ISO-8601 with Z or an offset; "" or null publishes now). A missing is_display
 * keeps the current one.
 */
export const contentDisplaySchema = z.object({
  is_display: checkbox().optional(),
  datetime_start: isoDateTime().optional(),
});
export type ContentDisplayInput = z.infer<typeof contentDisplaySchema>;
/** Course's names for the same (contract/schemas/course.ts). */
export const courseDisplaySchema = contentDisplaySchema;
export type CourseDisplayInput = ContentDisplayInput;
/** The keys of a PATCH that make it a publish call (flag course publish) rather than an edit. */
export const DISPLAY_KEYS = ["is_display", "datetime_start"] as const;

/** The typed tag call: POST dashboard/tag/type/{TYPE}/content-type/{id}/content/{id}/ */
export const contentTagSchema = z.object({ tag_list: ids() });

export type IdName = { id: number; name: string };

/** A row of GET dashboard/{type}/ for any type of the engine. */
export type ContentRow = {
  id: number;
  name: string;
  code: string;
  category: IdName;
  provider: IdName;
  /** URL of the cover image (an /api/media/… path or a bundled /dashboard/… one), or null. */
  image: string | null;
  is_display: boolean;
  datetime_start: string | null;
  datetime_first_publish: string | null;
  publish_status: PublishStatus;
  /** Dictionary key of the label: publish_label_draft / _published / _unpublished / _scheduled. */
  publish_label: PublishLabel;
  datetime_create: string;
  datetime_update: string;
};

/** A row of GET dashboard/course/ */
export type CourseRow = ContentRow & { section_count: number };
/** A row of GET dashboard/activity/ (image is always null: an activity has no cover). */
export type ActivityRow = ContentRow & { checklist_count: number };

/** What GET {type}/{id}/ answers beyond the row, for every type. */
export type ContentDetail = Record<TagExtraField, IdName[]> & {
  content_level: IdName | null;
  program: number | null;
  is_environmental: boolean;
  desc: string;
  tag_list: IdName[];
  /** For the typed tag call and anything else addressed by content type. */
  content_type: { id: number; code: string; type: string };
  /** Whether another content of its type lists it as a prerequisite (then DELETE answers 424). */
  is_prerequisite: boolean;
  created_by: number | null;
  /**
   * On a type the content library repeats (docs/decisions/071): a library item's copies in the
   * organisation's content (`taken_list`), an organisation item's library original (`library_source`).
   */
  taken_list?: { id: number; name: string; code: string }[];
  library_source?: { id: number; name: string; code: string } | null;
};

/** GET dashboard/activity/{id}/ and the answer of every write on it. */
export type Activity = ActivityRow & ContentDetail;

/** GET dashboard/course/{id}/ and the answer of every write on it. */
export type Course = CourseRow & ContentDetail & { instructor_list: IdName[] };
