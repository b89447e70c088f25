import { sql, type RawBuilder, type SqlBool } from "kysely";
import { GROUP_TYPE } from "../../contract/schemas/group";
import type { Db } from "../db/index";
import type { Trx } from "../engine/crud";
import { configValues } from "../system/config-store";
import { isGroupMember, type Today } from "./conditions";
import { PERSON_COLUMNS, personMatches } from "../engine/people";

/**
 * Who is in a group, now: the listed accounts of a group of accounts, the active accounts its
 * condition matches for a condition group (docs/decisions/030). Every reader of membership (the
 * group's member list and count, enrolment by group, activity inspectors by group, content
 * permission by group) asks `isGroupMember`, so a user who moves department leaves and joins
 * condition groups everywhere at once, without anyone editing a group.
 */

/** Today in the organisation's zone (config time-zone-offset-minutes): the day ranges count years to. */
export async function organisationToday(db: Db | Trx, now: Date): Promise<Today> {
  const { "time-zone-offset-minutes": offset } = await configValues(db as Db, ["time-zone-offset-minutes"]);
  const minutes = Number(offset);
  return new Date(now.getTime() + (Number.isFinite(minutes) ? minutes : 0) * 60_000).toISOString().slice(0, 10);
}

/** Accounts `a` in group `groupId` (condition groups: active accounts only). */
export function inGroup(groupId: number, type: string, today: Today) {
  const member = isGroupMember(sql`${groupId}`, "a", today);
  return type === GROUP_TYPE.condition ? sql<SqlBool>`(${sql.ref("a.is_active")} = 1 and ${member})` : member;
}

/** The same for a group named by SQL expressions (its id and type columns, in a query over groups). */
export function inGroupOf(groupId: RawBuilder<unknown>, type: RawBuilder<unknown>, today: Today) {
  const member = isGroupMember(groupId, "a", today);
  return sql<SqlBool>`((${type} <> ${GROUP_TYPE.condition} or ${sql.ref("a.is_active")} = 1) and ${member})`;
}

/** A group's members, by username, as a query (for the paged list). */
export function groupMembersQuery(db: Db, group: { id: number; type: string }, today: Today, search?: string) {
  let q = db
    .selectFrom("account as a")
    .leftJoin("department as d", "d.id", "a.department_id")
    .where(inGroup(group.id, group.type, today));
  if (search) q = q.where(personMatches(search));
  return q
    .select([...PERSON_COLUMNS, "a.is_active"])
    .orderBy(sql`lower(a.username)`)
    .orderBy("a.id");
}

/** How many members a group has now. */
export async function countGroupMembers(
  q: Db | Trx,
  group: { id: number; type: string },
  today: Today,
): Promise<number> {
  const row = await q
    .selectFrom("account as a")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(inGroup(group.id, group.type, today))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
