import { sql, type Selectable } from "kysely";
import type { ConditionOperator } from "../../contract/codes";
import { CONDITION_TEXT_LISTS, PERMISSION_RANGES } from "../../contract/codes";
import type { FieldErrors } from "../../contract/http";
import { MSG } from "../../contract/messages";
import {
  CONDITION_LISTS,
  TEXT_LIST_SEPARATOR,
  type ConditionInput,
  type ConditionListField,
} from "../../contract/schemas/condition";
import { GROUP_TYPE } from "../../contract/schemas/group";
import type { Db } from "../db/index";
import type { ConditionColumns } from "../db/schema";
import { badRequest } from "../http/errors";
import type { Trx } from "../engine/crud";
import type { ConditionSource } from "./conditions";
import { contentIdErrors, contentItems, contentValuesOf } from "./condition-content-store";

/**
 * Reading and writing stored conditions (the row of operator, ranges and dates, and its id lists)
 * in any of the three tables that keep them (ConditionSource): the content rules, the category
 * rules and the groups' conditions share these, so a condition reads and saves the same way
 * wherever it lives.
 */

type Q = Db | Trx;
export type ConditionRow = Selectable<ConditionColumns>;
type Lists = Map<number, Map<string, number[]>>;

/** The id lists of the conditions with the given keys. */
export async function listsOf(q: Q, source: ConditionSource, keys: number[]): Promise<Lists> {
  const out: Lists = new Map(keys.map((k) => [k, new Map()]));
  if (!keys.length) return out;
  const rows = await q
    .selectFrom(`${source.items} as i` as "content_permission_item as i")
    .select([sql<number>`${sql.ref(`i.${source.itemKey}`)}`.as("owner"), "i.field", "i.ref_id"])
    .where(sql.ref(`i.${source.itemKey}`), "in", keys)
    .orderBy(sql.ref(`i.${source.itemKey}`))
    .orderBy("i.field")
    .orderBy("i.ref_id")
    .execute();
  for (const r of rows) {
    const lists = out.get(Number(r.owner))!;
    lists.set(r.field, [...(lists.get(r.field) ?? []), r.ref_id]);
  }
  return out;
}

/** A text list as stored ("|A|B|": each value between separators, so one LIKE finds it; "" empty). */
export const storedTextList = (values: readonly string[]) =>
  values.length ? `${TEXT_LIST_SEPARATOR}${values.join(TEXT_LIST_SEPARATOR)}${TEXT_LIST_SEPARATOR}` : "";
export const textListOf = (stored: string | null | undefined) =>
  (stored ?? "").split(TEXT_LIST_SEPARATOR).filter(Boolean);

/** A stored row and its lists as the condition the API answers (lists of `fields` only). */
export function conditionOf<F extends ConditionListField>(
  row: ConditionRow,
  lists: Map<string, number[]>,
  fields: readonly F[],
): ConditionInput<F> {
  const out: Record<string, unknown> = {
    operator: row.operator as ConditionOperator,
    is_include_sub_department: row.is_include_sub_department === 1,
    date_account_start_gte: row.date_account_start_gte,
    date_account_start_lte: row.date_account_start_lte,
  };
  for (const f of fields) out[f] = lists.get(f) ?? [];
  for (const f of CONDITION_TEXT_LISTS) out[f] = textListOf(row[f]);
  for (const r of PERMISSION_RANGES) {
    out[`${r}_gte`] = row[`${r}_gte`];
    out[`${r}_lte`] = row[`${r}_lte`];
  }
  Object.assign(out, contentValuesOf(lists));
  return out as ConditionInput<F>;
}

/** The condition columns of a row to write. */
export function conditionColumns<F extends ConditionListField>(input: ConditionInput<F>) {
  const out: Record<string, unknown> = {
    operator: input.operator,
    is_include_sub_department: input.is_include_sub_department ? 1 : 0,
    date_account_start_gte: input.date_account_start_gte,
    date_account_start_lte: input.date_account_start_lte,
  };
  for (const f of CONDITION_TEXT_LISTS) out[f] = storedTextList(input[f] ?? []);
  for (const r of PERMISSION_RANGES) {
    out[`${r}_gte`] = input[`${r}_gte`];
    out[`${r}_lte`] = input[`${r}_lte`];
  }
  return out as Omit<ConditionRow, never>;
}

/**
 * Every id of every list names a row: departments, positions, levels; `group` any group unless
 * `groupsOfAccountsOnly` (a group's own condition, so no condition can reach another one);
 * `group_account` groups of accounts; `account` active accounts. Lists without master data
 * accept only the empty list. One 400 with every field in error.
 */
export async function checkConditionIds<F extends ConditionListField>(
  trx: Q,
  input: ConditionInput<F>,
  fields: readonly F[],
  opts: { groupsOfAccountsOnly: boolean },
) {
  const errors: FieldErrors = {};
  for (const { field, table } of CONDITION_LISTS) {
    if (!(fields as readonly string[]).includes(field)) continue;
    const ids = input[field as F] as number[];
    if (!ids.length) continue;
    if (table === null) {
      errors[field] = [MSG.invalid_choice];
      continue;
    }
    let q = trx
      .selectFrom(`${table} as r` as "department as r")
      .select("r.id")
      .where("r.id", "in", ids);
    if (field === "group_account" || (field === "group" && opts.groupsOfAccountsOnly))
      q = q.where(sql.ref("r.type"), "=", GROUP_TYPE.account);
    if (field === "account") q = q.where(sql.ref("r.is_active"), "=", 1);
    if ((await q.execute()).length !== ids.length) errors[field] = [MSG.invalid_choice];
  }
  Object.assign(errors, await contentIdErrors(trx, input));
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** Replace the id lists of condition `key` (its row is written by the caller). */
export async function replaceLists<F extends ConditionListField>(
  trx: Trx,
  source: ConditionSource,
  key: number,
  input: ConditionInput<F>,
  fields: readonly F[],
) {
  await trx
    .deleteFrom(`${source.items} as i` as "content_permission_item as i")
    .where(sql.ref(`i.${source.itemKey}`), "=", key)
    .execute();
  const items = [
    ...fields.flatMap((field) => (input[field] as number[]).map((ref_id) => ({ field, ref_id }))),
    ...contentItems(input),
  ].map((item) => ({ [source.itemKey]: key, ...item }));
  for (let n = 0; n < items.length; n += 500) {
    await trx
      .insertInto(source.items as "content_permission_item")
      .values(items.slice(n, n + 500) as never)
      .execute();
  }
}

/** Whether any stored condition (of any source) names `refId` in one of `fields`: a delete refusal. */
export async function namedByConditions(
  q: Q,
  sources: readonly ConditionSource[],
  fields: readonly string[],
  refId: number,
): Promise<boolean> {
  for (const source of sources) {
    const hit = await q
      .selectFrom(`${source.items} as i` as "content_permission_item as i")
      .select("i.ref_id")
      .where("i.field", "in", fields)
      .where("i.ref_id", "=", refId)
      .executeTakeFirst();
    if (hit) return true;
  }
  return false;
}
