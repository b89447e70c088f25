import { sql, type Selectable } from "kysely";
import type { ConditionOperator, PermissionAccess, PermissionRule } from "../../contract/codes";
import {
  CONDITION_LIST_FIELDS,
  criteriaCount,
  emptyCondition,
  type ConditionInput,
  type ConditionListField,
} from "../../contract/schemas/condition";
import type {
  PermissionCondition,
  PermissionRuleInput,
  PermissionRuleRow,
  PermissionRuleUpdate,
} from "../../contract/schemas/content-permission";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import { notFound } from "../http/errors";
import type { Trx } from "../engine/crud";
import { checkConditionIds, conditionColumns, conditionOf, listsOf, replaceLists } from "./condition-store";
import { CATEGORY_RULES, CONTENT_RULES } from "./conditions";

/**
 * Permission rules with their conditions (spec 001 §3 "Condition forms", docs/decisions/014,
 * 030), wherever they are kept: a content's (content_permission, owned by content type and id)
 * or a category's (category_permission, owned by the category). The same calls list, read,
 * create, change and delete them and save their conditions; `owner` says whose rules they are.
 */
export type RuleSet = { source: typeof CONTENT_RULES | typeof CATEGORY_RULES; owner: Record<string, number> };

type Q = Db | Trx;
type RuleRow = Selectable<Database["content_permission"]>;
const FIELDS: readonly ConditionListField[] = CONDITION_LIST_FIELDS;

/** The rule table as `r`, typed as content_permission (the columns both share). */
const rules = (q: Q, set: RuleSet) => {
  let query = q.selectFrom(`${set.source.table} as r` as "content_permission as r");
  for (const [col, value] of Object.entries(set.owner)) query = query.where(sql.ref(`r.${col}`), "=", value);
  return query;
};

function ruleOf(row: RuleRow, lists: Map<string, number[]>): PermissionRuleRow {
  return {
    id: row.id,
    mode: row.mode as PermissionRule,
    permission: row.permission as PermissionAccess,
    operator: row.operator as ConditionOperator,
    criteria_count: criteriaCount(conditionOf(row, lists, FIELDS), FIELDS),
    datetime_create: row.datetime_create,
    datetime_update: row.datetime_update,
  };
}

/** The rules, oldest first, as a query (for the paged list). */
export const rulesQuery = (db: Db, set: RuleSet) => rules(db, set).selectAll("r").orderBy("r.id");

/** List rows → answers (one more query for the page's lists). */
export async function presentRules(db: Db, set: RuleSet, rows: RuleRow[]): Promise<PermissionRuleRow[]> {
  const lists = await listsOf(
    db,
    set.source,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ruleOf(r, lists.get(r.id)!));
}

/** One rule of the set, or 404 (a rule of another owner is not found either). */
async function ruleRow(q: Q, set: RuleSet, ruleId: number): Promise<RuleRow> {
  const row = await rules(q, set).selectAll("r").where("r.id", "=", ruleId).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function loadRule(q: Q, set: RuleSet, ruleId: number): Promise<PermissionRuleRow> {
  const row = await ruleRow(q, set, ruleId);
  return ruleOf(row, (await listsOf(q, set.source, [row.id])).get(row.id)!);
}

export async function loadCondition(q: Q, set: RuleSet, ruleId: number): Promise<PermissionCondition> {
  const row = await ruleRow(q, set, ruleId);
  return { id: row.id, ...conditionOf(row, (await listsOf(q, set.source, [row.id])).get(row.id)!, FIELDS) };
}

/** A new rule with an empty condition. */
export async function createRule(trx: Trx, set: RuleSet, input: PermissionRuleInput, now: Date): Promise<number> {
  const at = now.toISOString();
  const { id } = await trx
    .insertInto(set.source.table as "content_permission")
    .values({
      ...set.owner,
      mode: input.mode,
      permission: input.permission,
      ...conditionColumns(emptyCondition(FIELDS)),
      datetime_create: at,
      datetime_update: at,
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateRule(trx: Trx, set: RuleSet, ruleId: number, input: PermissionRuleUpdate, now: Date) {
  await ruleRow(trx, set, ruleId);
  await trx
    .updateTable(set.source.table as "content_permission")
    .set({
      ...(input.mode !== undefined && { mode: input.mode }),
      ...(input.permission !== undefined && { permission: input.permission }),
      datetime_update: now.toISOString(),
    })
    .where("id", "=", ruleId)
    .execute();
}

/** Delete a rule; its condition's lists go with it (foreign key). */
export async function deleteRule(trx: Trx, set: RuleSet, ruleId: number) {
  await ruleRow(trx, set, ruleId);
  await trx
    .deleteFrom(set.source.items as "content_permission_item")
    .where("permission_id", "=", ruleId)
    .execute();
  await trx
    .deleteFrom(set.source.table as "content_permission")
    .where("id", "=", ruleId)
    .execute();
}

/** Replace a rule's condition (already parsed): ids checked first, then the row and its lists. */
export async function saveCondition(
  trx: Trx,
  set: RuleSet,
  ruleId: number,
  input: ConditionInput<ConditionListField>,
  now: Date,
) {
  await ruleRow(trx, set, ruleId);
  await checkConditionIds(trx, input, FIELDS, { groupsOfAccountsOnly: false });
  await trx
    .updateTable(set.source.table as "content_permission")
    .set({ ...conditionColumns(input), datetime_update: now.toISOString() })
    .where("id", "=", ruleId)
    .execute();
  await replaceLists(trx, set.source, ruleId, input, FIELDS);
}

/** Remove every rule of the set (its owner is being deleted). */
export async function removeRules(trx: Trx, set: RuleSet) {
  const ids = rules(trx, set).select("r.id");
  await trx
    .deleteFrom(set.source.items as "content_permission_item")
    .where("permission_id", "in", ids)
    .execute();
  let del = trx.deleteFrom(set.source.table as "content_permission");
  for (const [col, value] of Object.entries(set.owner)) del = del.where(sql.ref(col), "=", value);
  await del.execute();
}
