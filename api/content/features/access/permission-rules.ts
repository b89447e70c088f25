import { sql, type SqlBool } from "kysely";
import { MSG } from "../../../../contract/messages";
import type { ContentAdmin } from "../../../../contract/schemas/content-permission";
import { CONTENT_RULES } from "../../../auth/conditions";
import { removeRules, type RuleSet } from "../../../auth/rule-store";
import type { Db } from "../../../db/index";
import { badRequest, notFound } from "../../../http/errors";
import type { Trx } from "../../../engine/crud";
import type { ContentRef } from "../../ref";
import { PERSON_COLUMNS, isStaff, personMatches, presentPerson, type PersonRaw } from "../../../engine/people";

/**
 * The permission side of a content (spec 001 §3 "Condition forms", 002 §6 "Content access
 * levels"): its rules, each rule's condition (id lists, ranges, dates) and its administrators.
 * Services called by the endpoints in routes.ts (the rules' calls: api/auth/rule-routes.ts),
 * inside their transaction for writes.
 */

/** A content's rules as the rule store keeps them (content_permission, owned by type and id). */
export const contentRules = (ref: ContentRef): RuleSet => ({
  source: CONTENT_RULES,
  owner: { content_type_id: ref.contentTypeId, content_id: ref.contentId },
});

// ---- administrators ----

/** The content's administrators, by username, as a query (for the paged list). */
export function adminsQuery(db: Db, ref: ContentRef, search?: string) {
  let q = db
    .selectFrom("content_admin as ca")
    .innerJoin("account as a", "a.id", "ca.account_id")
    .leftJoin("department as d", "d.id", "a.department_id")
    .where("ca.content_type_id", "=", ref.contentTypeId)
    .where("ca.content_id", "=", ref.contentId);
  if (search) q = q.where(personMatches(search));
  return q
    .select([...PERSON_COLUMNS, "ca.datetime_create"])
    .orderBy(sql`lower(a.username)`)
    .orderBy("a.id");
}

export const presentAdmin = (r: PersonRaw & { datetime_create: string }): ContentAdmin => ({
  ...presentPerson(r),
  datetime_create: r.datetime_create,
});

/** Account `a` is not yet an administrator of the content (the candidates leave them out). */
export const notContentAdmin = (ref: ContentRef) =>
  sql<SqlBool>`not exists (select 1 from content_admin ca where ca.account_id = a.id and ca.content_type_id = ${ref.contentTypeId} and ca.content_id = ${ref.contentId})`;

/** Add an administrator: a staff account (400 account_not_staff), not yet listed (400 already_in_list). */
export async function addAdmin(trx: Trx, ref: ContentRef, accountId: number, now: Date) {
  const account = await trx
    .selectFrom("account as a")
    .select(["a.id", sql<number>`case when ${isStaff} then 1 else 0 end`.as("staff")])
    .where("a.id", "=", accountId)
    .executeTakeFirst();
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
  await trx
    .insertInto("content_admin")
    .values({
      content_type_id: ref.contentTypeId,
      content_id: ref.contentId,
      account_id: accountId,
      datetime_create: now.toISOString(),
    })
    .execute();
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
  await removeRules(trx, contentRules(ref));
  await trx
    .deleteFrom("content_admin")
    .where("content_type_id", "=", ref.contentTypeId)
    .where("content_id", "=", ref.contentId)
    .execute();
}
