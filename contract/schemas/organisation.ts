import { z } from "../zod";
import { MSG } from "../messages";
import { CONFIG_DEFAULTS } from "../config";
import { text } from "./text";
import { isBlank, nullableId } from "./form-fields";
import { CODE_PATTERN } from "./content";

/**
 * Departments, levels and positions (spec 000 §2.11 /user/department, /user/level; spec 001 §3
 * "Other master data", §5 "Text, numbers, codes"; docs/decisions/029): name required within the
 * text limit; code optional, within the code limit, letters, digits, - and _, unique (the API
 * checks that, case-insensitively).
 */

export type OrganisationLimits = { text: number; code: number };
export const DEFAULT_ORGANISATION_LIMITS: OrganisationLimits = {
  text: CONFIG_DEFAULTS["text-limit"].value,
  code: CONFIG_DEFAULTS["code-limit"].value,
};

function fields(limits: OrganisationLimits) {
  return {
    name: text({ error: MSG.required })
      .trim()
      .min(1, { message: MSG.required, abort: true })
      .max(limits.text, MSG.too_long),
    code: z.preprocess(
      (v) => (isBlank(v) ? null : v),
      text({ error: MSG.invalid })
        .trim()
        .max(limits.code, { message: MSG.too_long, abort: true })
        .refine((s) => s === "" || CODE_PATTERN.test(s), MSG.invalid_code)
        .transform((s) => (s === "" ? null : s))
        .nullable(),
    ),
  };
}

/** A level or a position: create needs the name; update (PATCH) changes the fields given. */
export function masterSchemas(limits: OrganisationLimits = DEFAULT_ORGANISATION_LIMITS) {
  const create = z.object(fields(limits));
  return { create, update: create.partial() };
}
export type MasterInput = z.infer<ReturnType<typeof masterSchemas>["create"]>;

/**
 * A department: its name, code and parent (null: a root). Moving a department is an update of its
 * parent; the API refuses a parent inside the department's own subtree (department_cycle).
 */
export function departmentSchemas(limits: OrganisationLimits = DEFAULT_ORGANISATION_LIMITS) {
  const create = z.object({ ...fields(limits), parent: nullableId() });
  return { create, update: create.partial() };
}
export type DepartmentInput = z.infer<ReturnType<typeof departmentSchemas>["create"]>;

type IdName = { id: number; name: string };

/** A row of GET dashboard/level/ or dashboard/position/ (and the answer of their writes). */
export type MasterRow = { id: number; name: string; code: string | null; count_account: number };

/** A row of GET dashboard/department/ (and the answer of its writes). */
export type DepartmentRow = {
  id: number;
  name: string;
  code: string | null;
  parent: IdName | null;
  /** The people in this department itself, and in it with all its sub-departments. */
  count_account: number;
  count_account_total: number;
  count_children: number;
};

/** GET dashboard/department/{id}/: the row with its ancestors (root first) and its children. */
export type Department = DepartmentRow & {
  path: IdName[];
  children: { id: number; name: string; code: string | null }[];
};

/** A node of GET dashboard/department/tree/. */
export type DepartmentNode = {
  id: number;
  name: string;
  code: string | null;
  count_account: number;
  children: DepartmentNode[];
};
