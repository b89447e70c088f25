import type { FastifyInstance } from "fastify";
import { sql, type SqlBool } from "kysely";
import { MSG } from "../../contract/messages";
import { DASHBOARD_FLAG, flag } from "../../contract/permissions";
import { loginAsStartSchema, type LoginAsCandidate } from "../../contract/schemas/login-as";
import { endLoginAs } from "../auth/login-as";
import { requirePermission, requireUser } from "../auth/permissions";
import { profileOf } from "../auth/profile";
import { likePattern } from "../engine/crud";
import type { ApiContext } from "../http/context";
import { badRequest, parseInput } from "../http/errors";
import { parseOrdering, tieDirection } from "../http/ordering";
import { paginate, readPageQuery } from "../http/paging";
import { loginAsLogRoutes } from "./login-as-log";
import { USER_ROW_COLUMNS, fromAccounts, userRow } from "./user-detail";

/** The login-as module's flags (spec 002 §6: "a login-as-account permission"). */
export const LOGIN_AS = { add: flag("login_as", "add"), view: flag("login_as", "view") } as const;

const ORDERING = {
  username: sql`lower(${sql.ref("a.username")})`,
  first_name: sql`lower(${sql.ref("a.first_name")})`,
  last_name: sql`lower(${sql.ref("a.last_name")})`,
  email: sql`lower(${sql.ref("a.email")})`,
};
const SEARCHED = ["a.username", "a.first_name", "a.last_name", "a.email", "a.code"];

/** Whether the account may use the dashboard at all: a superuser, or a staff account whose roles hold the dashboard flag (flagsOf). */
const canUseDashboard = sql<number>`case when ${sql.ref("a.is_superuser")} = 1 or (${sql.ref("a.is_dashboard_permission")} = 1 and exists (
  select 1 from account_auth_group g inner join auth_group_permission p on p.auth_group_id = g.auth_group_id
  where g.account_id = ${sql.ref("a.id")} and p.flag = ${DASHBOARD_FLAG})) then 1 else 0 end`;

/**
 * Login as (spec 000 §2 /login-as, spec 002 §6; docs/decisions/033):
 * - GET dashboard/login-as/account/: the accounts the caller may act as (active, not the caller,
 *   no superuser unless the caller is one), paged, `search`, `ordering`; the caller needs only the
 *   login-as flag, not the account module's;
 * - POST dashboard/login-as/ {account, duration (minutes)} (201): the session acts as the account
 *   until the duration has passed; answers the account's user record (`is_login_as` true);
 * - POST dashboard/login-as/leave/: back to the administrator's own account, answering its record;
 * - the log (login-as-log.ts).
 */
export function loginAsRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;

  app.get("/dashboard/login-as/account/", async (req) => {
    const caller = await requirePermission(req, db, LOGIN_AS.add);
    const q = readPageQuery(req);
    const order = parseOrdering(q.ordering, ORDERING, "username");
    if (!order) throw badRequest({ ordering: [MSG.invalid_choice] });
    let query = fromAccounts(db)
      .select([...USER_ROW_COLUMNS, canUseDashboard.as("can_use_dashboard")])
      .where("a.is_active", "=", 1)
      .where("a.id", "<>", caller.id);
    if (caller.is_superuser !== 1) query = query.where("a.is_superuser", "=", 0);
    if (q.search) {
      const pattern = likePattern(q.search);
      query = query.where((eb) =>
        eb.or(SEARCHED.map((col) => sql<SqlBool>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`)),
      );
    }
    for (const o of order) query = query.orderBy(o.expr, o.desc ? "desc" : "asc");
    const page = await paginate(req, query.orderBy("a.id", tieDirection(order)), q);
    return {
      ...page,
      results: page.results.map((r): LoginAsCandidate => ({
        ...userRow(r),
        can_use_dashboard: Number(r.can_use_dashboard) === 1,
      })),
    };
  });

  app.post("/dashboard/login-as/", async (req, reply) => {
    requireUser(req);
    // Before the flag: while acting, the flags are the target's, and "not allowed" would not say why.
    if (req.loginAs) throw badRequest({ detail: MSG.login_as_nested });
    const caller = await requirePermission(req, db, LOGIN_AS.add);
    const input = parseInput(loginAsStartSchema, req.body);
    const target = await db.selectFrom("account").selectAll().where("id", "=", input.account).executeTakeFirst();
    if (!target) throw badRequest({ account: [MSG.account_not_found] });
    if (target.id === caller.id) throw badRequest({ account: [MSG.login_as_self] });
    if (target.is_active !== 1) throw badRequest({ account: [MSG.login_as_inactive] });
    // A superuser holds every flag: acting as one would lift a plain administrator above itself.
    if (target.is_superuser === 1 && caller.is_superuser !== 1) throw badRequest({ account: [MSG.login_as_superuser] });
    const start = ctx.now();
    const expire = new Date(start.getTime() + input.duration * 60_000).toISOString();
    await db.transaction().execute(async (trx) => {
      const log = await trx
        .insertInto("login_as")
        .values({
          administrator_id: caller.id,
          account_id: target.id,
          duration_minutes: input.duration,
          datetime_start: start.toISOString(),
          datetime_expire: expire,
          ip: req.clientIp,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      // Only a session not acting yet: of two starts racing in one session, the second is refused whole.
      const taken = await trx
        .updateTable("session")
        .set({ login_as_id: log.id })
        .where("key_hash", "=", req.sessionKeyHash!)
        .where("login_as_id", "is", null)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw badRequest({ detail: MSG.login_as_nested });
    });
    return reply.status(201).send(await profileOf(db, target, { datetime_expire: expire }));
  });

  app.post("/dashboard/login-as/leave/", async (req) => {
    requireUser(req);
    const acting = req.loginAs;
    if (!acting) throw badRequest({ detail: MSG.login_as_not_acting });
    await endLoginAs(db, acting.id, "leave", ctx.now());
    // The rest of this request is the administrator's own (and leaving is not one of the target's writes).
    req.loginAs = null;
    req.account = acting.administrator;
    return profileOf(db, acting.administrator);
  });

  loginAsLogRoutes(app, ctx);
}
