import type { FastifyRequest } from "fastify";
import { sql, type SqlBool } from "kysely";
import { DASHBOARD_FLAG, flag, type Module } from "../../contract/permissions";
import { WAITING_STATUSES } from "../../contract/request-codes";
import { requestFlags } from "../auth/permissions";
import type { Db } from "../db/index";
import type { AccountRow } from "../http/context";
import { forbidden } from "../http/errors";
import { decidesStep } from "./approval";
import { DECIDED_KIND_OF, decidedKinds } from "./decided-kinds";

/**
 * Who may see and decide requests without the kind's flags (issue 33 item 1; docs/decisions/074):
 * being named on a step of a flow of that kind, or being the supervisor such a step asks for (an
 * account someone reports to), is what lets a person see the requests waiting for them — and the
 * ones they decided — and decide them, in the dashboard (the `decides_{kind}` guard of the
 * permission answer: decided-kinds.ts) and in the API. The kind's view flag still shows every request.
 */

/**
 * The signed-in account on a request kind's pages: `full` with the module's view flag (every
 * request), else a decider of that kind (only the requests it decides or decided: `involved`);
 * neither (or no dashboard permission): 403. Checked before any input is read. `change` also
 * tells whether it holds the module's change flag (an administrator's decisions).
 */
export async function requestAccess(
  req: FastifyRequest,
  db: Db,
  module: Module,
  kind: number,
): Promise<{ account: AccountRow; full: boolean; change: boolean }> {
  const { account, flags } = await requestFlags(req, db);
  // Dashboard calls are staff's: a supervisor without the dashboard decides nothing here.
  if (!flags.has(DASHBOARD_FLAG)) throw forbidden();
  const change = flags.has(flag(module, "change"));
  if (flags.has(flag(module, "view"))) return { account, full: true, change };
  if ((await decidedKinds(db, account.id)).includes(DECIDED_KIND_OF[kind])) return { account, full: false, change };
  throw forbidden();
}

/**
 * The requests `r` account `me` takes part in: it decides the step one waits at (the step joined
 * as `s` is not needed: looked up here), or it decided one of its steps before.
 */
export function involves(me: number) {
  return sql<SqlBool>`(exists (select 1 from request_decision as rd where rd.request_id = r.id and rd.decided_by = ${me})
    or (r.status in (${sql.join(WAITING_STATUSES)}) and exists (select 1 from approval_step as s where s.flow_id = r.flow_id and s.sort = r.step and ${decidesStep(me)})))`;
}

/**
 * Whether account `me` takes part in request `r`, whatever its state: it decides the step the
 * request is at (waiting, expired or decided) or decided one of its steps. Who does not is refused
 * a decision before its body is read (issue 32); the others learn from decide() why not (409, 403).
 */
export function takesPart(me: number) {
  return sql<SqlBool>`(${involves(me)} or exists (select 1 from approval_step as s where s.flow_id = r.flow_id and s.sort = r.step and ${decidesStep(me)}))`;
}

/**
 * Accounts `a` that may be named to decide a step: active staff who may change something — a
 * superuser, or a role holding a flag beyond viewing. Read-only staff (only view flags: the demo
 * viewer) decide nothing, so the step editor does not offer them and the API refuses them.
 */
export const mayDecide = sql<SqlBool>`(a.is_active = 1 and (a.is_superuser = 1 or (a.is_dashboard_permission = 1 and exists (
  select 1 from account_auth_group as g inner join auth_group_permission as p on p.auth_group_id = g.auth_group_id
  where g.account_id = a.id and p.flag not like '%\\_view\\_%' escape '\\'))))`;
