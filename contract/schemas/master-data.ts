import { z } from "../zod";
import { MSG } from "../messages";
import { text } from "./text";
import { int, isBlank, nullableId, id } from "./form-fields";
import { CODE_PATTERN, DEFAULT_CONTENT_LIMITS, type ContentLimits } from "./content";
import { linkSchema } from "./curriculum";

/**
 * Master data of the organisation (spec 001 §3 "Other master data", spec 000 §2.11): providers,
 * instructors, categories, a provider's highlights, and the administrators of groups, providers
 * and instructors. The text limits are the content ones (config text-limit, code-limit,
 * description-limit). A code is optional, unique per table (case-insensitively) when given.
 */

export const nameField = (limits: ContentLimits) =>
  text({ error: MSG.required }).trim().min(1, MSG.required).max(limits.text, MSG.too_long);
/** Blank (or missing) is no code: null. */
export const codeField = (limits: ContentLimits) =>
  z.preprocess(
    (v) => (isBlank(v) ? null : v),
    z
      .string({ error: MSG.invalid })
      .trim()
      .max(limits.code, MSG.too_long)
      .refine((v) => CODE_PATTERN.test(v), MSG.invalid_code)
      .nullable(),
  );
/** A multi-line text; blank is empty. */
export const longText = (limits: ContentLimits) =>
  z.preprocess(
    (v) => (v === null ? "" : v),
    text({ multiline: true, error: MSG.invalid }).max(limits.description, MSG.too_long),
  );
/** One-line optional text (contact): blank is empty. */
const shortText = (limits: ContentLimits) =>
  z.preprocess((v) => (v === null ? "" : v), text({ error: MSG.invalid }).trim().max(limits.text, MSG.too_long));

/** Create (missing texts empty) and PATCH (the fields given) from one field set. */
export function createAndUpdate<T extends z.ZodRawShape>(
  fields: T,
  required: readonly (keyof T)[],
  defaults: Partial<Record<keyof T, unknown>>,
) {
  const create = z.object(
    Object.fromEntries(
      Object.entries(fields).map(([k, f]) => [
        k,
        required.includes(k)
          ? f
          : k in defaults
            ? (f as z.ZodType).default(defaults[k] as never)
            : (f as z.ZodType).optional(),
      ]),
    ) as T,
  );
  const update = z.object(
    Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, (f as z.ZodType).optional()])) as unknown as {
      [K in keyof T]: z.ZodOptional<T[K]>;
    },
  );
  return { create, update };
}

/** Provider (spec 001 §3): name, code, about, desc; image by its own upload. */
export function providerSchemas(limits: ContentLimits = DEFAULT_CONTENT_LIMITS) {
  return createAndUpdate(
    { name: nameField(limits), code: codeField(limits), about: longText(limits), desc: longText(limits) },
    ["name"],
    { code: null, about: "", desc: "" },
  );
}
/** Learning program (spec 000 §2.6; docs/decisions/097): name, code, desc; image by its own upload. */
export function learningProgramSchemas(limits: ContentLimits = DEFAULT_CONTENT_LIMITS) {
  return createAndUpdate({ name: nameField(limits), code: codeField(limits), desc: longText(limits) }, ["name"], {
    code: null,
    desc: "",
  });
}
/** Instructor (spec 001 §3): name, code, contact, overview; `account`: the instructor's own account, if any. */
export function instructorSchemas(limits: ContentLimits = DEFAULT_CONTENT_LIMITS) {
  return createAndUpdate(
    {
      name: nameField(limits),
      code: codeField(limits),
      contact: shortText(limits),
      overview: longText(limits),
      account: nullableId(),
    },
    ["name"],
    { code: null, contact: "", overview: "", account: null },
  );
}
/** Category (spec 001 §3): name, code, parent (null: a top-level category). */
export function categorySchemas(limits: ContentLimits = DEFAULT_CONTENT_LIMITS) {
  return createAndUpdate({ name: nameField(limits), code: codeField(limits), parent: nullableId() }, ["name"], {
    code: null,
    parent: null,
  });
}

/** A highlight's link: blank is none. */
const optionalLink = (max: number) => z.preprocess((v) => (isBlank(v) ? null : v), linkSchema(max, false).nullable());

/**
 * A provider's highlight (spec 001 §3 "Highlight"): a title and what it shows — one of the
 * provider's contents (content_type with content_id) or an external link; video_type is kept as
 * given (its codes are not shown by the spec); sort orders the list (smallest first).
 */
export function highlightSchemas(limits: ContentLimits = DEFAULT_CONTENT_LIMITS, urlMax = 255) {
  return createAndUpdate(
    {
      title: nameField(limits),
      content_type: nullableId(),
      content_id: nullableId(),
      external_link: optionalLink(urlMax),
      video_type: z.preprocess((v) => (isBlank(v) ? null : v), int({ min: 0, max: 99 }).nullable()),
      sort: int({ min: 0, max: 9999 }),
    },
    ["title"],
    { content_type: null, content_id: null, external_link: null, video_type: null, sort: 0 },
  );
}

/** POST …/admin/: one staff account. */
export const adminSchema = z.object({ account: id() });

// ---- answers ----

export type IdName = { id: number; name: string };
export type Provider = {
  id: number;
  name: string;
  code: string | null;
  about: string;
  desc: string;
  image: string | null;
  count_admin: number;
};
export type LearningProgram = {
  id: number;
  name: string;
  code: string | null;
  desc: string;
  image: string | null;
  /** Contents of every type that name the program. */
  count_content: number;
  datetime_update: string;
};
/** A content in a program's list (GET learning-program/{id}/content/): its type by code, for its link. */
export type ProgramContent = {
  id: number;
  content_type: string;
  name: string;
  code: string;
  is_display: boolean;
  datetime_update: string;
};
export type Instructor = {
  id: number;
  name: string;
  code: string | null;
  contact: string;
  overview: string;
  image: string | null;
  account: IdName | null;
  count_admin: number;
};
export type Category = {
  id: number;
  name: string;
  code: string | null;
  image: string | null;
  parent: IdName | null;
  /** The names from the top category down to this one. */
  path: string[];
  count_children: number;
  count_permission: number;
};
export type Highlight = {
  id: number;
  title: string;
  image: string | null;
  content_type: IdName | null;
  content: IdName | null;
  external_link: string | null;
  video_type: number | null;
  sort: number;
  datetime_create: string;
  datetime_update: string;
};
/** An administrator of a group, provider or instructor (a staff account holding that role). */
export type RoleAdmin = {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  department: IdName | null;
  is_in_use: boolean;
};
