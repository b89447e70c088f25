import { z } from "../zod";
import {
  PERMISSION_ACCESS,
  PERMISSION_RULE,
  type ConditionOperator,
  type ConditionTextList,
  type PermissionAccess,
  type PermissionRule,
} from "../codes";
import { code, id, withDefault } from "./form-fields";
import {
  CONDITION_LISTS,
  CONDITION_LIST_FIELDS,
  UNSET,
  conditionSchema,
  criteriaCount as conditionCriteria,
  type Condition,
  type ConditionListField,
  type RangeKey,
} from "./condition";

/**
 * Content permission (spec 001 §3 "Condition forms", 002 §6 "Content access levels"): rules of
 * who may see a content (view 1) or see and enrol (view_enroll 2), each with its condition, and
 * the content's administrators. The meanings the spec leaves open are in docs/decisions/014.
 */

const values = <T extends Record<string, number>>(table: T) => Object.values(table) as T[keyof T][];

/** The id lists of a permission condition (contract/schemas/condition.ts): every list of a condition. */
export const PERMISSION_LISTS = CONDITION_LISTS;
export type PermissionListField = ConditionListField;
export const PERMISSION_LIST_FIELDS: readonly PermissionListField[] = CONDITION_LIST_FIELDS;
export { UNSET };

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

/**
 * The condition of a rule (PUT replaces it): the shared condition (contract/schemas/condition.ts)
 * with every list. A department rule reads its organisation lists and ranges, a user rule its
 * `account` list (docs/decisions/014, 030).
 */
export const permissionConditionSchema = conditionSchema(PERMISSION_LIST_FIELDS);
export type PermissionConditionInput = z.output<typeof permissionConditionSchema>;

/** GET/PUT dashboard/{content}/{id}/permission/{permissionid}/condition/ */
export type PermissionCondition = Condition<PermissionListField>;

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

/** The criteria a rule's condition has: filled lists, set bounds, set dates. */
export const criteriaCount = (
  c: Pick<
    PermissionCondition,
    PermissionListField | RangeKey | ConditionTextList | "date_account_start_gte" | "date_account_start_lte"
  >,
): number => conditionCriteria(c, PERMISSION_LIST_FIELDS);
