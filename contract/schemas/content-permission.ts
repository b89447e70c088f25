import { z } from "../zod";
import { MSG } from "../messages";
import { CONDITION_OPERATOR, PERMISSION_ACCESS, PERMISSION_RANGES, PERMISSION_RULE, type ConditionOperator, type PermissionAccess, type PermissionRange, type PermissionRule } from "../codes";
import { always, code, dateOnly, id, idList, int, withDefault } from "./form-fields";

/**
 * Content permission (spec 001 §3 "Condition forms", 002 §6 "Content access levels"): rules of
 * who may see a content (view 1) or see and enrol (view_enroll 2), each with its condition, and
 * the content's administrators. The meanings the spec leaves open are in docs/decisions/014.
 */

const values = <T extends Record<string, number>>(table: T) => Object.values(table) as T[keyof T][];

/**
 * The id lists of a permission condition, each with the table its ids name (null: no master data
 * yet, so only the empty list is accepted). `account` is the user rule's list of accounts.
 */
export const PERMISSION_LISTS = [
  { field: "department", table: "department" },
  { field: "position", table: "position" },
  { field: "level", table: "level" },
  { field: "level_group", table: null },
  { field: "group", table: "account_group" },
  { field: "group_account", table: "account_group" },
  { field: "group_account_group", table: null },
  { field: "group_account_custom1", table: null },
  { field: "group_account_custom2", table: null },
  { field: "account", table: "account" },
] as const;
export type PermissionListField = (typeof PERMISSION_LISTS)[number]["field"];
export const PERMISSION_LIST_FIELDS: readonly PermissionListField[] = PERMISSION_LISTS.map((l) => l.field);

/** The numeric range pairs: PERMISSION_RANGES (contract/codes.ts). */
type RangeKey = `${PermissionRange}_gte` | `${PermissionRange}_lte`;
export const UNSET = -1;

/** A rule: its choice (mode: everyone 1, department 2, user 3; default 1) and access (permission: view 1, view_enroll 2; default 2). */
export const permissionRuleSchema = z.object({
  mode: withDefault(code(values(PERMISSION_RULE)), PERMISSION_RULE.everyone),
  permission: withDefault(code(values(PERMISSION_ACCESS)), PERMISSION_ACCESS.view_enroll),
});
/** PATCH: the fields given. */
export const permissionRuleUpdateSchema = z.object({
  mode: code(values(PERMISSION_RULE)).optional(),
  permission: code(values(PERMISSION_ACCESS)).optional(),
});
export type PermissionRuleInput = z.output<typeof permissionRuleSchema>;
export type PermissionRuleUpdate = z.output<typeof permissionRuleUpdateSchema>;

/** A bound of a range: -1 (unset; a blank field is unset too) or a whole number 0–200. */
const bound = () => withDefault(int({ min: UNSET, max: 200 }), UNSET);

const rangeFields = Object.fromEntries(PERMISSION_RANGES.flatMap((r) => [[`${r}_gte`, bound()], [`${r}_lte`, bound()]])) as Record<RangeKey, ReturnType<typeof bound>>;
const listFields = Object.fromEntries(PERMISSION_LIST_FIELDS.map((f) => [f, idList(1000)])) as Record<PermissionListField, ReturnType<typeof idList>>;

/**
 * The condition of a rule (PUT replaces it): operator (every filled criterion 1, any one 2;
 * default 1), the id lists (arrays or comma-separated text), the ranges and the account start
 * dates. A range's upper bound may not be below its lower one unless either is unset; the same
 * for the dates. Which ids exist is the API's check.
 */
const conditionObject = z.object({
  operator: withDefault(code(values(CONDITION_OPERATOR)), CONDITION_OPERATOR.all),
  ...listFields,
  ...rangeFields,
  date_account_start_gte: dateOnly(),
  date_account_start_lte: dateOnly(),
});
/** Both bounds numbers, neither unset, upper below lower (checked even when other fields failed). */
const reversed = (c: Record<string, unknown>, r: PermissionRange) => {
  const gte = c[`${r}_gte`];
  const lte = c[`${r}_lte`];
  return typeof gte === "number" && typeof lte === "number" && gte !== UNSET && lte !== UNSET && lte < gte;
};
export const permissionConditionSchema = PERMISSION_RANGES.reduce(
  (schema, r) => schema.refine((c) => !reversed(c, r), { message: MSG.range_lte_below_gte, path: [`${r}_lte`], ...always }),
  conditionObject,
).refine(
    (c) => !(typeof c.date_account_start_gte === "string" && typeof c.date_account_start_lte === "string" && c.date_account_start_lte < c.date_account_start_gte),
    { message: MSG.date_end_before_start, path: ["date_account_start_lte"], ...always },
  );
export type PermissionConditionInput = z.output<typeof permissionConditionSchema>;

/** GET/PUT dashboard/{content}/{id}/permission/{permissionid}/condition/ */
export type PermissionCondition = { id: number; operator: ConditionOperator; date_account_start_gte: string | null; date_account_start_lte: string | null } & Record<
  PermissionListField,
  number[]
> &
  Record<RangeKey, number>;

/** A row of GET dashboard/{content}/{id}/permission/ and the answer of its writes. */
export type PermissionRuleRow = {
  id: number;
  mode: PermissionRule;
  permission: PermissionAccess;
  operator: ConditionOperator;
  /** How many criteria the condition has (filled lists, set range bounds, set dates). */
  criteria_count: number;
  datetime_create: string;
  datetime_update: string;
};

/** POST dashboard/{content}/{id}/permission/admin/ */
export const contentAdminSchema = z.object({ account: id() });

/** A row of GET dashboard/{content}/{id}/permission/admin/ */
export type ContentAdmin = {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  department: { id: number; name: string } | null;
  datetime_create: string;
};

/** An account to choose (admin candidates, a user rule's accounts): a filter option with the username as code. */
export type AccountOption = { id: number; name: string; code: string; value: number };

/** The criteria a condition has: filled lists, set bounds, set dates. */
export function criteriaCount(c: Pick<PermissionCondition, PermissionListField | RangeKey | "date_account_start_gte" | "date_account_start_lte">): number {
  let n = PERMISSION_LIST_FIELDS.filter((f) => c[f].length > 0).length;
  for (const r of PERMISSION_RANGES) if (c[`${r}_gte`] !== UNSET || c[`${r}_lte`] !== UNSET) n++;
  if (c.date_account_start_gte !== null || c.date_account_start_lte !== null) n++;
  return n;
}
