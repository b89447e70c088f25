import { sql, type SqlBool } from "kysely";
import { inGroupOf, organisationToday } from "../auth/membership";
import { COMPLETED_STATUSES } from "../../contract/codes";
import type { Gender, IdName, User, UserRow } from "../../contract/schemas/user";
import { fromFlag, type Db } from "../db/index";
import type { Trx } from "../engine/crud";
import type { AccountRow } from "../http/context";
import { notFound } from "../http/errors";
import { pathOf } from "./department-tree";
import { formValuesOf } from "./user-fields";

/** The columns a list row reads, with the names of its department, position and level. */
export const USER_ROW_COLUMNS = [
  "a.id",
  "a.username",
  "a.first_name",
  "a.last_name",
  "a.title",
  "a.email",
  "a.code",
  "a.gender",
  "a.is_active",
  "a.last_active",
  "a.datetime_create",
  "a.department_id",
  "a.position_id",
  "a.level_id",
  "d.name as department_name",
  "p.name as position_name",
  "l.name as level_name",
] as const;

/** The account table with the names a user row shows (left joins: each may be unset). */
export const fromAccounts = (db: Db | Trx) =>
  db
    .selectFrom("account as a")
    .leftJoin("department as d", "d.id", "a.department_id")
    .leftJoin("position as p", "p.id", "a.position_id")
    .leftJoin("level as l", "l.id", "a.level_id");

type RowColumns = {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  title: string | null;
  email: string;
  code: string | null;
  gender: string | null;
  is_active: number;
  last_active: string | null;
  datetime_create: string;
  department_id: number | null;
  position_id: number | null;
  level_id: number | null;
  department_name: string | null;
  position_name: string | null;
  level_name: string | null;
};

const ref = (id: number | null, name: string | null): IdName | null =>
  id === null || name === null ? null : { id, name };

export function userRow(r: RowColumns): UserRow {
  return {
    id: r.id,
    username: r.username,
    first_name: r.first_name,
    last_name: r.last_name,
    title: r.title,
    email: r.email,
    code: r.code,
    gender: r.gender as Gender | null,
    department: ref(r.department_id, r.department_name),
    position: ref(r.position_id, r.position_name),
    level: ref(r.level_id, r.level_name),
    is_active: fromFlag(r.is_active),
    last_active: r.last_active,
    datetime_create: r.datetime_create,
  };
}

/** Enrollments per content type: how many, and how many completed (one grouped query). */
async function progressSummary(db: Db | Trx, accountId: number): Promise<User["progress_summary"]> {
  const rows = await db
    .selectFrom("content_enrollment as e")
    .innerJoin("content_type as ct", "ct.id", "e.content_type_id")
    .select((eb) => [
      "ct.id",
      "ct.code",
      "ct.name",
      eb.fn.countAll<number>().as("count"),
      sql<number>`sum(case when ${sql.ref("e.status")} in (${sql.join([...COMPLETED_STATUSES])}) then 1 else 0 end)`.as(
        "count_completed",
      ),
    ])
    .where("e.account_id", "=", accountId)
    .groupBy(["ct.id", "ct.code", "ct.name"])
    .orderBy("ct.id")
    .execute();
  return rows.map((r) => ({
    content_type: { id: r.id, code: r.code, name: r.name },
    count: Number(r.count),
    count_completed: Number(r.count_completed ?? 0),
  }));
}

/**
 * GET dashboard/user/{id}/: the profile (every field of the form), its department's path, the
 * supervisor, the roles (auth groups) and flags, the groups the account is listed in, and a
 * summary of its enrollments. 404 when there is no such account.
 */
export async function loadUser(db: Db | Trx, id: number, now: Date): Promise<User> {
  const row = await fromAccounts(db)
    .selectAll("a")
    .select(["d.name as department_name", "p.name as position_name", "l.name as level_name"])
    .where("a.id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound();
  const account = row as unknown as AccountRow & RowColumns;
  const [supervisor, roles, groups, progress, path, location] = await Promise.all([
    account.supervisor_id === null
      ? null
      : db
          .selectFrom("account")
          .select(["id", "username", "first_name", "last_name"])
          .where("id", "=", account.supervisor_id)
          .executeTakeFirst(),
    db
      .selectFrom("account_auth_group as aag")
      .innerJoin("auth_group as g", "g.id", "aag.auth_group_id")
      .select(["g.id", "g.name", "g.code"])
      .where("aag.account_id", "=", id)
      .orderBy("g.id")
      .execute(),
    // Every group the account belongs to now: listed, or matched by a condition group's
    // condition (active accounts only), by the one evaluator (api/auth/membership.ts).
    organisationToday(db, now).then((today) =>
      db
        .selectFrom("account_group as g")
        .select(["g.id", "g.name", "g.code", "g.type"])
        .where(
          sql<SqlBool>`exists (select 1 from ${sql.table("account")} as a where ${sql.ref("a.id")} = ${id} and ${inGroupOf(sql.ref("g.id"), sql.ref("g.type"), today)})`,
        )
        .orderBy("g.id")
        .execute(),
    ),
    progressSummary(db, id),
    account.department_id === null ? [] : pathOf(db, account.department_id),
    account.location_id === null
      ? null
      : db.selectFrom("location").select("name").where("id", "=", account.location_id).executeTakeFirst(),
  ]);
  const form = formValuesOf(account);
  return {
    ...form,
    ...userRow(account),
    supervisor: supervisor ?? null,
    department_path: path,
    is_superuser: fromFlag(account.is_superuser),
    is_dashboard_permission: fromFlag(account.is_dashboard_permission),
    role_list: roles,
    group_list: groups,
    progress_summary: progress,
    datetime_password_change: account.datetime_password_change,
    onboard_date: account.onboard_date,
    datetime_update: account.datetime_update,
    location_name: location?.name ?? null,
  };
}
