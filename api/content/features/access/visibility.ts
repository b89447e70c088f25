import { sql, type RawBuilder } from "kysely";
import { CATEGORY_RULES, CONTENT_RULES, passesRule, type Today } from "../../../auth/conditions";

/**
 * Who may see a content, and how far (spec 002 §6 "Content access levels", docs/decisions/014
 * and 030): the access level of account `a` to content `t` (aliases in the surrounding query),
 * decided by the permission rules through the one condition evaluator.
 *
 * - The content's own rules: the highest level (view 1, view_enroll 2) among the rules the
 *   account passes; a content without rules is open to everyone at view_enroll; a content whose
 *   rules all refuse the account is not visible (0).
 * - Its category and every category above it, those that have rules: each caps the level at
 *   the highest of its rules the account passes (0 when it passes none), so closing a category
 *   closes everything in it and below it.
 *
 * 0 means not visible. Plain SQL both dialects share (no least/greatest: SQLite has neither).
 * Read it once per query (select it in a subquery and filter outside): each copy is planned anew.
 */
export function accessLevel(contentTypeId: number, t: string, a: string, today: Today): RawBuilder<number> {
  const id = sql.ref(`${t}.id`);
  const own = sql`coalesce(
    (select max(${sql.ref("r.permission")}) from ${sql.table("content_permission")} as r
      where ${sql.ref("r.content_type_id")} = ${contentTypeId} and ${sql.ref("r.content_id")} = ${id} and ${passesRule(CONTENT_RULES, "r", a, today)}),
    case when exists (select 1 from ${sql.table("content_permission")} as r0 where ${sql.ref("r0.content_type_id")} = ${contentTypeId} and ${sql.ref("r0.content_id")} = ${id}) then 0 else 2 end)`;
  // The lowest cap of the ruled categories from the content's up to the top (2 when none is ruled).
  const cap = sql`(with recursive ${sql.raw("cat_up")}(id) as (
      select ${sql.ref(`${t}.category_id`)}
      union select ${sql.ref("cu.parent_id")} from ${sql.table("category")} as cu inner join cat_up on ${sql.ref("cu.id")} = cat_up.id where ${sql.ref("cu.parent_id")} is not null)
    select coalesce(min(coalesce(
      (select max(${sql.ref("cr.permission")}) from ${sql.table("category_permission")} as cr where ${sql.ref("cr.category_id")} = cat_up.id and ${passesRule(CATEGORY_RULES, "cr", a, today)}),
      0)), 2)
    from cat_up where exists (select 1 from ${sql.table("category_permission")} as cr0 where ${sql.ref("cr0.category_id")} = cat_up.id))`;
  // The lower of the two, each written once (PostgreSQL plans every copy of a subquery): levels
  // are 0–2, so own * 3 + cap names the pair and a simple CASE, which reads its operand once,
  // looks the minimum up.
  return sql<number>`(case ${own} * 3 + ${cap} when 4 then 1 when 5 then 1 when 7 then 1 when 8 then 2 else 0 end)`;
}
