import { z } from "../zod";
import { MSG } from "../messages";
import {
  CONDITION_OPERATOR,
  CONDITION_TEXT_LISTS,
  PERMISSION_RANGES,
  POINT_RANGES,
  type ConditionOperator,
  type ConditionTextList,
  type PermissionRange,
} from "../codes";
import { always, checkbox, code, dateOnly, idList, int, withDefault } from "./form-fields";
import { contentConditionFields, contentDateChecks } from "./condition-content";
import { emptyContentValues, filledContentCriteria, type ContentConditionValues } from "../condition-content-codes";

/**
 * A condition over accounts (spec 001 §3 "Condition forms", docs/decisions/014 and 030): who a
 * content or category permission rule admits, and who belongs to a condition group. One shape,
 * one schema builder, one evaluator in the API (api/auth/conditions.ts).
 */

/**
 * The id lists of a condition, each with the table its ids name (null: no master data yet, so
 * only the empty list is accepted). `group` names any group (a condition group counts by its
 * condition), `group_account` only groups of accounts; `account` is a user rule's accounts.
 */
export const CONDITION_LISTS = [
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
  /** The account's location (spec 001 §3 "… locations"; docs/decisions/083). */
  { field: "location", table: "location" },
] as const;
export type ConditionListField = (typeof CONDITION_LISTS)[number]["field"];
export const CONDITION_LIST_FIELDS: readonly ConditionListField[] = CONDITION_LISTS.map((l) => l.field);
/** A group's condition takes every list but accounts: a list of accounts is the other kind of group. */
export const GROUP_CONDITION_FIELDS = CONDITION_LIST_FIELDS.filter(
  (f): f is Exclude<ConditionListField, "account"> => f !== "account",
);
export type GroupConditionField = (typeof GROUP_CONDITION_FIELDS)[number];

/** -1: a range bound that is not set. */
export const UNSET = -1;
/** Ranges the API cannot compute yet (no level groups exist): only unset is accepted. */
export const RANGES_WITHOUT_DATA: readonly PermissionRange[] = ["level_group_year"];

export type RangeKey = `${PermissionRange}_gte` | `${PermissionRange}_lte`;

/** A bound of a range: -1 (unset; a blank field is unset too) or a whole number 0–200 (years; points up to POINT_RANGES). */
const bound = (r: PermissionRange) => {
  const base = withDefault(int({ min: UNSET, max: POINT_RANGES[r] ?? 200 }), UNSET);
  return RANGES_WITHOUT_DATA.includes(r)
    ? base.refine((n) => n === UNSET, { message: MSG.invalid_choice, abort: true })
    : base;
};
const rangeFields = () =>
  Object.fromEntries(
    PERMISSION_RANGES.flatMap((r) => [
      [`${r}_gte`, bound(r)],
      [`${r}_lte`, bound(r)],
    ]),
  ) as Record<RangeKey, ReturnType<typeof bound>>;

/** How many values a text list takes, and how long one may be. */
export const TEXT_LIST_MAX = 100;
export const TEXT_VALUE_MAX = 64;
/** The separator of a stored text list ("|A|B|"), so refused inside a value. */
export const TEXT_LIST_SEPARATOR = "|";

/**
 * A text list (company codes, job families, work shifts): an array, or one text with the values
 * separated by commas or new lines. Each trimmed, blank ones dropped, case-insensitive duplicates
 * dropped; a value longer than TEXT_VALUE_MAX or holding "|" is refused.
 */
export const textList = () =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null) return [];
      const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === "string" ? x.split(/[,\n]/) : [x]));
      return parts.map((x) => (typeof x === "string" ? x.trim() : x)).filter((x) => x !== "");
    },
    z
      .array(
        z
          .string({ error: MSG.invalid })
          .max(TEXT_VALUE_MAX, MSG.too_long)
          .refine((x) => !x.includes(TEXT_LIST_SEPARATOR), { message: MSG.invalid, abort: true }),
        { error: MSG.invalid },
      )
      .max(TEXT_LIST_MAX, MSG.too_long)
      .transform((xs) => xs.filter((x, n) => xs.findIndex((y) => y.toLowerCase() === x.toLowerCase()) === n)),
  );

/** Both bounds numbers, neither unset, upper below lower (checked even when other fields failed). */
const reversed = (c: Record<string, unknown>, r: PermissionRange) => {
  const gte = c[`${r}_gte`];
  const lte = c[`${r}_lte`];
  return typeof gte === "number" && typeof lte === "number" && gte !== UNSET && lte !== UNSET && lte < gte;
};

/** What a condition form sends, parsed: `F` are the lists it takes. */
export type ConditionInput<F extends ConditionListField = ConditionListField> = {
  operator: ConditionOperator;
  is_include_sub_department: boolean;
  date_account_start_gte: string | null;
  date_account_start_lte: string | null;
} & Record<F, number[]> &
  Record<ConditionTextList, string[]> &
  Record<RangeKey, number> &
  ContentConditionValues;

/**
 * The condition a PUT replaces whole: operator (every filled criterion 1, any one 2; default 1),
 * whether the departments include their sub-departments (a checkbox), the id lists `fields`
 * (arrays or comma-separated text), the ranges (whole years, -1 or blank unset) and the account
 * start dates. An upper bound below its lower one is refused unless either is unset; the same
 * for the dates. Which ids exist is the API's check. Unknown fields are dropped.
 */
export function conditionSchema<F extends ConditionListField>(fields: readonly F[]): z.ZodType<ConditionInput<F>> {
  const lists = Object.fromEntries(fields.map((f) => [f, idList(1000)])) as Record<F, ReturnType<typeof idList>>;
  const object = z.object({
    operator: withDefault(code(Object.values(CONDITION_OPERATOR)), CONDITION_OPERATOR.all),
    is_include_sub_department: checkbox(),
    ...lists,
    ...Object.fromEntries(CONDITION_TEXT_LISTS.map((f) => [f, textList()])),
    ...rangeFields(),
    date_account_start_gte: dateOnly(),
    date_account_start_lte: dateOnly(),
    // Permission by content (./condition-content.ts, docs/decisions/100).
    ...contentConditionFields(),
  });
  const ranged = PERMISSION_RANGES.reduce(
    (schema, r) =>
      schema.refine((c) => !reversed(c, r), { message: MSG.range_lte_below_gte, path: [`${r}_lte`], ...always }),
    object as z.ZodType<Record<string, unknown>>,
  );
  return contentDateChecks(ranged).refine(
    (c) =>
      !(
        typeof c.date_account_start_gte === "string" &&
        typeof c.date_account_start_lte === "string" &&
        c.date_account_start_lte < c.date_account_start_gte
      ),
    { message: MSG.date_end_before_start, path: ["date_account_start_lte"], ...always },
  ) as unknown as z.ZodType<ConditionInput<F>>;
}

/** A stored condition as the API answers it (`id`: the rule's or the group's). */
export type Condition<F extends ConditionListField = ConditionListField> = { id: number } & ConditionInput<F>;

/** The empty condition: no criteria (which matches nobody, docs/decisions/030). */
export function emptyCondition<F extends ConditionListField>(fields: readonly F[]): ConditionInput<F> {
  const out: Record<string, unknown> = {
    operator: CONDITION_OPERATOR.all,
    is_include_sub_department: false,
    date_account_start_gte: null,
    date_account_start_lte: null,
    ...emptyContentValues(),
  };
  for (const f of fields) out[f] = [];
  for (const f of CONDITION_TEXT_LISTS) out[f] = [];
  for (const r of PERMISSION_RANGES) out[`${r}_gte`] = out[`${r}_lte`] = UNSET;
  return out as ConditionInput<F>;
}

/** The criteria a condition has: filled lists (of `fields`), set range pairs, set dates. */
export function criteriaCount<F extends ConditionListField>(
  c: Pick<ConditionInput<F>, F | RangeKey | ConditionTextList | "date_account_start_gte" | "date_account_start_lte"> &
    Partial<ContentConditionValues>,
  fields: readonly F[],
): number {
  let n = fields.filter((f) => (c[f] as number[]).length > 0).length;
  n += CONDITION_TEXT_LISTS.filter((f) => (c[f] ?? []).length > 0).length;
  for (const r of PERMISSION_RANGES) if (c[`${r}_gte`] !== UNSET || c[`${r}_lte`] !== UNSET) n++;
  if (c.date_account_start_gte !== null || c.date_account_start_lte !== null) n++;
  return n + filledContentCriteria(c);
}

/** POST …/condition/preview/: how many active accounts the condition matches now. */
export type ConditionPreview = { count: number };
