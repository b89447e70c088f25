import type { FastifyRequest } from "fastify";
import {
  ALL_FLAGS,
  ALWAYS_TRUE_FLAGS,
  DASHBOARD_FLAG,
  type PermissionAnswer,
  type RoleEntry,
} from "../../contract/permissions";
import type { Db } from "../db/index";
import type { AccountRow } from "../http/context";
import { ApiError, forbidden, notAuthenticated } from "../http/errors";
import { MSG } from "../../contract/messages";
import { decidedKinds } from "../requests/decided-kinds";
import { grantedKinds } from "./granted-kinds";

const flagCache = new WeakMap<FastifyRequest, Promise<Set<string>>>();

/** The account's flags: every flag for a superuser, its roles' flags for staff, none for a learner. */
export async function flagsOf(db: Db, account: AccountRow): Promise<Set<string>> {
  const flags = new Set<string>(ALWAYS_TRUE_FLAGS);
  if (account.is_superuser === 1) return new Set(ALL_FLAGS);
  if (account.is_dashboard_permission !== 1) return flags;
  const rows = await db
    .selectFrom("account_auth_group")
    .innerJoin("auth_group_permission", "auth_group_permission.auth_group_id", "account_auth_group.auth_group_id")
    .select("auth_group_permission.flag")
    .where("account_auth_group.account_id", "=", account.id)
    .execute();
  for (const r of rows) flags.add(r.flag);
  return flags;
}

/** The signed-in account, or the 401 of the contract. */
export function requireUser(req: FastifyRequest): AccountRow {
  // A session that just died of idleness says so, so the dashboard can show "Session Expired.".
  if (!req.account) throw req.sessionExpired ? new ApiError(401, { detail: MSG.session_expired }) : notAuthenticated();
  return req.account;
}

/** The signed-in account (or 401) and its flags, read once per request. */
export async function requestFlags(req: FastifyRequest, db: Db): Promise<{ account: AccountRow; flags: Set<string> }> {
  const account = requireUser(req);
  let flags = flagCache.get(req);
  if (!flags) flagCache.set(req, (flags = flagsOf(db, account)));
  return { account, flags: await flags };
}

/** The signed-in account holding `flag` (read once per request), or 401/403. */
export async function requirePermission(req: FastifyRequest, db: Db, flag: string): Promise<AccountRow> {
  const { account, flags } = await requestFlags(req, db);
  if (!flags.has(flag)) throw forbidden();
  return account;
}

/** The permission answer: role lists with their in-use entries, every flag as a boolean, the requests it decides. */
export async function permissionAnswer(db: Db, account: AccountRow): Promise<PermissionAnswer> {
  const flags = await flagsOf(db, account);
  const permission: Record<string, boolean> = {};
  for (const f of ALL_FLAGS) permission[f] = flags.has(f);
  const authGroups = await db
    .selectFrom("account_auth_group")
    .innerJoin("auth_group", "auth_group.id", "account_auth_group.auth_group_id")
    .select(["auth_group.id", "auth_group.name", "auth_group.code", "account_auth_group.is_in_use"])
    .where("account_auth_group.account_id", "=", account.id)
    .orderBy("auth_group.id")
    .execute();
  // The four scoped role tables share id/name/code, so one query shape serves them all.
  const scoped = async (
    kind: "group" | "provider" | "instructor" | "department",
    table: "account_group" | "provider" | "instructor" | "department",
  ) => {
    const joined = `${table} as s` as "provider as s";
    const rows = await db
      .selectFrom("account_role_scope")
      .innerJoin(joined, "s.id", "account_role_scope.ref_id")
      .select(["s.id", "s.name", "s.code", "account_role_scope.is_in_use"])
      .where("account_role_scope.account_id", "=", account.id)
      .where("account_role_scope.kind", "=", kind)
      .orderBy("s.id")
      .execute();
    return rows.map(toRole);
  };
  return {
    auth_group_list: authGroups.map(toRole),
    group_list: await scoped("group", "account_group"),
    provider_list: await scoped("provider", "provider"),
    instructor_list: await scoped("instructor", "instructor"),
    department_list: await scoped("department", "department"),
    permission,
    // The requests it decides by being named on a flow's step or supervising (docs/decisions/074).
    decides: await decidedKinds(db, account.id),
    // The kinds some item of which grants it a role (docs/decisions/102); roles act in the dashboard only.
    granted: flags.has(DASHBOARD_FLAG) ? await grantedKinds(db, account.id) : [],
  };
}

const toRole = (r: { id: number; name: string; code: string | null; is_in_use: number }): RoleEntry => ({
  id: r.id,
  name: r.name,
  code: r.code,
  is_in_use: r.is_in_use === 1,
});
