import type { FastifyRequest } from "fastify";
import { sql, type RawBuilder, type SqlBool } from "kysely";
import { DASHBOARD_FLAG, flag } from "../../contract/permissions";
import type { Group, GroupRow, GroupType } from "../../contract/schemas/group";
import { requestFlags } from "../auth/permissions";
import { countGroupMembers, organisationToday } from "../auth/membership";
import type { Db } from "../db/index";
import type { AccountRow } from "../http/context";
import { forbidden, notFound } from "../http/errors";
import type { Trx } from "../engine/crud";
import { administeredIds, adminsQuery, isAdminOf, presentAdmin } from "./role-admins";

/**
 * Who may do what with groups (docs/decisions/030). The group flags (group_view_group,
 * group_change_group…) open every group; an account a group lists as an administrator
 * (admin_list) may also see that group, its members and its condition, and manage them (name,
 * code, description, members, condition), without the flags — but not delete it nor change who
 * its administrators are, which stays with group_change_group / group_delete_group.
 */

export type GroupAccess = { account: AccountRow; flags: Set<string>; id: number; type: GroupType };

/** The groups an account sees in the list: all (null) with the view flag, else those it administers; 403 when neither. */
export async function groupListScope(req: FastifyRequest, db: Db): Promise<RawBuilder<SqlBool> | null> {
  const { account, flags } = await requestFlags(req, db);
  if (!flags.has(DASHBOARD_FLAG)) throw forbidden();
  if (flags.has(flag("group", "view"))) return null;
  if (!(await administersAny(db, account.id))) throw forbidden();
  return sql<SqlBool>`${sql.ref("t.id")} in ${administeredIds("group", account.id)}`;
}

const administersAny = async (db: Db, accountId: number) =>
  !!(await db
    .selectFrom("account_role_scope")
    .select("ref_id")
    .where("kind", "=", "group")
    .where("account_id", "=", accountId)
    .executeTakeFirst());

/**
 * The group `id` for `action` (view or change): with the group flag, or as one of its
 * administrators. 404 when it does not exist or lies outside an administrator's groups; 403 for
 * an account with neither the flag nor any group to administer.
 */
export async function groupAccess(
  req: FastifyRequest,
  db: Db,
  id: number,
  action: "view" | "change",
): Promise<GroupAccess> {
  const { account, flags } = await requestFlags(req, db);
  if (!flags.has(DASHBOARD_FLAG)) throw forbidden();
  const byFlag = flags.has(flag("group", action));
  if (!byFlag && !(await administersAny(db, account.id))) throw forbidden();
  const row = await db.selectFrom("account_group").select(["id", "type"]).where("id", "=", id).executeTakeFirst();
  if (!row || (!byFlag && !(await isAdminOf(db, "group", id, account.id)))) throw notFound();
  return { account, flags, id, type: row.type as GroupType };
}

const toRow = (r: { id: number; name: string; code: string | null; desc: string | null; type: string }): GroupRow => ({
  id: r.id,
  name: r.name,
  code: r.code,
  desc: r.desc ?? "",
  type: r.type as GroupType,
});

/** Rows of the list, in the order of `ids`. */
export async function presentGroups(db: Db, ids: number[]): Promise<GroupRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom("account_group")
    .select(["id", "name", "code", "desc", "type"])
    .where("id", "in", ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, toRow(r)]));
  return ids.map((id) => byId.get(id)!);
}

/** One group with its administrators and how many members it has today. */
export async function loadGroup(q: Db | Trx, id: number, now: Date): Promise<Group> {
  const row = await q
    .selectFrom("account_group")
    .select(["id", "name", "code", "desc", "type"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound();
  const admins = (await adminsQuery(q, "group", id).execute()).map(presentAdmin);
  const count = await countGroupMembers(q, row, await organisationToday(q, now));
  return { ...toRow(row), admin_list: admins, count_member: count };
}
