import { sql, type Selectable, type SqlBool } from "kysely";
import { PERMISSION_RANGES, type ConditionOperator, type PermissionAccess, type PermissionRule } from "../../../../contract/codes";
import type { FieldErrors } from "../../../../contract/http";
import { MSG } from "../../../../contract/messages";
import {
  PERMISSION_LISTS,
  PERMISSION_LIST_FIELDS,
  criteriaCount,
  type AccountOption,
  type ContentAdmin,
  type PermissionCondition,
  type PermissionConditionInput,
  type PermissionListField,
  type PermissionRuleInput,
  type PermissionRuleRow,
  type PermissionRuleUpdate,
} from "../../../../contract/schemas/content-permission";
import type { Db } from "../../../db/index";
import type { Database } from "../../../db/schema";
import { badRequest, notFound } from "../../../http/errors";
import { likePattern, type Trx } from "../../../engine/crud";
import type { ContentRef } from "../../ref";

/**
 * The permission side of a content (spec 001 §3 "Condition forms", 002 §6 "Content access
 * levels"): its rules, each rule's condition (id lists, ranges, dates) and its administrators.
 * Services called by the endpoints in access.ts, inside their transaction for writes.
 */

type RuleRow = Selectable<Database["content_permission"]>;
type Items = Map<number, Map<PermissionListField, number[]>>;

/** The id lists of the given rules. */
async function itemsOf(q: Db | Trx, ids: number[]): Promise<Items> {
  const out: Items = new Map(ids.map((id) => [id, new Map()]));
  if (!ids.length) return out;
  const rows = await q
    .selectFrom("content_permission_item")
    .select(["permission_id", "field", "ref_id"])
    .where("permission_id", "in", ids)
    .orderBy("permission_id")
    .orderBy("field")
    .orderBy("ref_id")
    .execute();
  for (const r of rows) {
    const lists = out.get(r.permission_id)!;
    const field = r.field as PermissionListField;
    lists.set(field, [...(lists.get(field) ?? []), r.ref_id]);
  }
  return out;
}

function conditionOf(row: RuleRow, lists: Map<PermissionListField, number[]>): PermissionCondition {
  const condition = {
    id: row.id,
    operator: row.operator as ConditionOperator,
    date_account_start_gte: row.date_account_start_gte,
    date_account_start_lte: row.date_account_start_lte,
  } as unknown as PermissionCondition;
  for (const f of PERMISSION_LIST_FIELDS) condition[f] = lists.get(f) ?? [];
  for (const r of PERMISSION_RANGES) {
    condition[`${r}_gte`] = row[`${r}_gte`];
    condition[`${r}_lte`] = row[`${r}_lte`];
  }
  return condition;
}

function ruleOf(row: RuleRow, lists: Map<PermissionListField, number[]>): PermissionRuleRow {
  return {
    id: row.id,
    mode: row.mode as PermissionRule,
    permission: row.permission as PermissionAccess,
    operator: row.operator as ConditionOperator,
    criteria_count: criteriaCount(conditionOf(row, lists)),
    datetime_create: row.datetime_create,
    datetime_update: row.datetime_update,
  };
}

/** The rules of a content, oldest first, as a query (for the paged list). */
export const rulesQuery = (db: Db, ref: ContentRef) =>
  db
    .selectFrom("content_permission")
    .selectAll()
    .where("content_type_id", "=", ref.contentTypeId)
    .where("content_id", "=", ref.contentId)
    .orderBy("id");

/** List rows → answers (one more query for the page's lists). */
export async function presentRules(db: Db, rows: RuleRow[]): Promise<PermissionRuleRow[]> {
  const items = await itemsOf(db, rows.map((r) => r.id));
  return rows.map((r) => ruleOf(r, items.get(r.id)!));
}

/** One rule of the content, or 404 (a rule of another content is not found either). */
async function ruleRow(q: Db | Trx, ref: ContentRef, ruleId: number): Promise<RuleRow> {
  const row = await q
    .selectFrom("content_permission")
    .selectAll()
    .where("id", "=", ruleId)
    .where("content_type_id", "=", ref.contentTypeId)
    .where("content_id", "=", ref.contentId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function loadRule(q: Db | Trx, ref: ContentRef, ruleId: number): Promise<PermissionRuleRow> {
  const row = await ruleRow(q, ref, ruleId);
  return ruleOf(row, (await itemsOf(q, [row.id])).get(row.id)!);
}

export async function loadCondition(q: Db | Trx, ref: ContentRef, ruleId: number): Promise<PermissionCondition> {
  const row = await ruleRow(q, ref, ruleId);
  return conditionOf(row, (await itemsOf(q, [row.id])).get(row.id)!);
}

/** A new rule with an empty condition. */
export async function createRule(trx: Trx, ref: ContentRef, input: PermissionRuleInput, now: Date): Promise<number> {
  const at = now.toISOString();
  const { id } = await trx
    .insertInto("content_permission")
    .values({
      content_type_id: ref.contentTypeId,
      content_id: ref.contentId,
      mode: input.mode,
      permission: input.permission,
      operator: 1,
      age_gte: -1, age_lte: -1, experience_gte: -1, experience_lte: -1, level_year_gte: -1, level_year_lte: -1,
      service_gte: -1, service_lte: -1, level_group_year_gte: -1, level_group_year_lte: -1,
      date_account_start_gte: null,
      date_account_start_lte: null,
      datetime_create: at,
      datetime_update: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateRule(trx: Trx, ref: ContentRef, ruleId: number, input: PermissionRuleUpdate, now: Date) {
  await ruleRow(trx, ref, ruleId);
  await trx
    .updateTable("content_permission")
    .set({
      ...(input.mode !== undefined && { mode: input.mode }),
      ...(input.permission !== undefined && { permission: input.permission }),
      datetime_update: now.toISOString(),
    })
    .where("id", "=", ruleId)
    .execute();
}

export async function deleteRule(trx: Trx, ref: ContentRef, ruleId: number) {
  await ruleRow(trx, ref, ruleId);
  await trx.deleteFrom("content_permission_item").where("permission_id", "=", ruleId).execute();
  await trx.deleteFrom("content_permission").where("id", "=", ruleId).execute();
}

/**
 * Every id of every list names a row (groups of `group_account` are ACCOUNT groups; accounts are
 * active ones); lists without master data yet accept only the empty list. One 400 with every
 * field in error.
 */
async function checkConditionIds(trx: Trx, input: PermissionConditionInput) {
  const errors: FieldErrors = {};
  for (const { field, table } of PERMISSION_LISTS) {
    const ids = input[field];
    if (!ids.length) continue;
    if (table === null) {
      errors[field] = [MSG.invalid_choice];
      continue;
    }
    let q = trx.selectFrom(`${table} as r` as "department as r").select("r.id").where("r.id", "in", ids);
    if (field === "group_account") q = q.where(sql.ref("r.type"), "=", "ACCOUNT");
    if (field === "account") q = q.where(sql.ref("r.is_active"), "=", 1);
    if ((await q.execute()).length !== ids.length) errors[field] = [MSG.invalid_choice];
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** Replace a rule's condition (already parsed): ids checked first, then the row and its lists. */
export async function saveCondition(trx: Trx, ref: ContentRef, ruleId: number, input: PermissionConditionInput, now: Date) {
  await ruleRow(trx, ref, ruleId);
  await checkConditionIds(trx, input);
  await trx
    .updateTable("content_permission")
    .set({
      operator: input.operator,
      age_gte: input.age_gte,
      age_lte: input.age_lte,
      experience_gte: input.experience_gte,
      experience_lte: input.experience_lte,
      level_year_gte: input.level_year_gte,
      level_year_lte: input.level_year_lte,
      service_gte: input.service_gte,
      service_lte: input.service_lte,
      level_group_year_gte: input.level_group_year_gte,
      level_group_year_lte: input.level_group_year_lte,
      date_account_start_gte: input.date_account_start_gte,
      date_account_start_lte: input.date_account_start_lte,
      datetime_update: now.toISOString(),
    })
    .where("id", "=", ruleId)
    .execute();
  await trx.deleteFrom("content_permission_item").where("permission_id", "=", ruleId).execute();
  const items = PERMISSION_LIST_FIELDS.flatMap((field) => input[field].map((ref_id) => ({ permission_id: ruleId, field, ref_id })));
  for (let i = 0; i < items.length; i += 500) await trx.insertInto("content_permission_item").values(items.slice(i, i + 500)).execute();
}

// ---- administrators ----

const nameMatches = (search: string) => {
  const p = likePattern(search);
  return sql<SqlBool>`(lower(a.username) like ${p} escape '\\' or lower(a.email) like ${p} escape '\\' or lower(a.first_name || ' ' || a.last_name) like ${p} escape '\\')`;
};

/** The content's administrators, by username, as a query (for the paged list). */
export function adminsQuery(db: Db, ref: ContentRef, search?: string) {
  let q = db
    .selectFrom("content_admin as ca")
    .innerJoin("account as a", "a.id", "ca.account_id")
    .leftJoin("department as d", "d.id", "a.department_id")
    .where("ca.content_type_id", "=", ref.contentTypeId)
    .where("ca.content_id", "=", ref.contentId);
  if (search) q = q.where(nameMatches(search));
  return q
    .select(["a.id", "a.username", "a.first_name", "a.last_name", "a.email", "d.id as department_id", "d.name as department_name", "ca.datetime_create"])
    .orderBy(sql`lower(a.username)`)
    .orderBy("a.id");
}

type AdminRaw = { id: number; username: string; first_name: string; last_name: string; email: string; department_id: number | null; department_name: string | null; datetime_create: string };
export const presentAdmin = (r: AdminRaw): ContentAdmin => ({
  id: r.id,
  username: r.username,
  first_name: r.first_name,
  last_name: r.last_name,
  email: r.email,
  department: r.department_id === null ? null : { id: r.department_id, name: r.department_name ?? "" },
  datetime_create: r.datetime_create,
});

/** Staff who may administer content: active, with dashboard permission (a superuser has it all). */
const isStaff = sql<SqlBool>`(a.is_active = 1 and (a.is_dashboard_permission = 1 or a.is_superuser = 1))`;

/** Accounts to choose from: staff not yet administrators of the content (`staffOnly`), or any active account. */
export function accountOptionsQuery(db: Db, ref: ContentRef, opts: { staffOnly: boolean; search?: string }) {
  let q = db.selectFrom("account as a").where(sql<SqlBool>`a.is_active = 1`);
  if (opts.staffOnly) {
    q = q
      .where(isStaff)
      .where(
        sql<SqlBool>`not exists (select 1 from content_admin ca where ca.account_id = a.id and ca.content_type_id = ${ref.contentTypeId} and ca.content_id = ${ref.contentId})`,
      );
  }
  if (opts.search) q = q.where(nameMatches(opts.search));
  return q.select(["a.id", "a.username", "a.first_name", "a.last_name"]).orderBy(sql`lower(a.username)`).orderBy("a.id");
}
export const presentAccountOption = (r: { id: number; username: string; first_name: string; last_name: string }): AccountOption => ({
  id: r.id,
  name: `${r.first_name} ${r.last_name}`.trim() || r.username,
  code: r.username,
  value: r.id,
});

/** Add an administrator: a staff account (400 account_not_staff), not yet listed (400 already_in_list). */
export async function addAdmin(trx: Trx, ref: ContentRef, accountId: number, now: Date) {
  const account = await trx.selectFrom("account as a").select(["a.id", sql<number>`case when ${isStaff} then 1 else 0 end`.as("staff")]).where("a.id", "=", accountId).executeTakeFirst();
  if (!account) throw badRequest({ account: [MSG.invalid_choice] });
  if (Number(account.staff) !== 1) throw badRequest({ account: [MSG.account_not_staff] });
  const listed = await trx
    .selectFrom("content_admin")
    .select("account_id")
    .where("content_type_id", "=", ref.contentTypeId)
    .where("content_id", "=", ref.contentId)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  if (listed) throw badRequest({ account: [MSG.already_in_list] });
  await trx.insertInto("content_admin").values({ content_type_id: ref.contentTypeId, content_id: ref.contentId, account_id: accountId, datetime_create: now.toISOString() }).execute();
}

/** Remove an administrator; one not listed is a 404. */
export async function removeAdmin(trx: Trx, ref: ContentRef, accountId: number) {
  const res = await trx
    .deleteFrom("content_admin")
    .where("content_type_id", "=", ref.contentTypeId)
    .where("content_id", "=", ref.contentId)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  if (Number(res.numDeletedRows) !== 1) throw notFound();
}

/** Remove what a content's permission side keeps (called when the content is deleted). */
export async function removePermissionSide(trx: Trx, ref: ContentRef) {
  const rules = trx.selectFrom("content_permission").select("id").where("content_type_id", "=", ref.contentTypeId).where("content_id", "=", ref.contentId);
  await trx.deleteFrom("content_permission_item").where("permission_id", "in", rules).execute();
  await trx.deleteFrom("content_permission").where("content_type_id", "=", ref.contentTypeId).where("content_id", "=", ref.contentId).execute();
  await trx.deleteFrom("content_admin").where("content_type_id", "=", ref.contentTypeId).where("content_id", "=", ref.contentId).execute();
}
