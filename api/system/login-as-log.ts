import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type SqlBool } from "kysely";
import type { FieldErrors } from "../../contract/http";
import { MSG } from "../../contract/messages";
import { flag } from "../../contract/permissions";
import type { LoginAsEndReason, LoginAsLogRow, LoginAsWriteRow } from "../../contract/schemas/login-as";
import { requirePermission } from "../auth/permissions";
import type { Db } from "../db/index";
import { itemId, likePattern } from "../engine/crud";
import type { ApiContext } from "../http/context";
import { badRequest, notFound } from "../http/errors";
import { parseOrdering, tieDirection } from "../http/ordering";
import { paginate, readPageQuery, type PageQuery } from "../http/paging";
import { exportLog } from "./login-as-export";
import { queryIds } from "./organisation-kit";

const VIEW = flag("login_as", "view");
const EXPORT = flag("login_as", "export");

const ORDERING = {
  datetime_start: sql`${sql.ref("l.datetime_start")}`,
  datetime_expire: sql`${sql.ref("l.datetime_expire")}`,
  datetime_end: sql`${sql.ref("l.datetime_end")}`,
};
/** Search finds either account: the administrator's or the target's username and names. */
const SEARCHED = ["ad.username", "ad.first_name", "ad.last_name", "ac.username", "ac.first_name", "ac.last_name"];

/** The log's rows with both accounts, the count of writes and whether a session still acts under the row. */
const logRows = (db: Db) =>
  db
    .selectFrom("login_as as l")
    .innerJoin("account as ad", "ad.id", "l.administrator_id")
    .innerJoin("account as ac", "ac.id", "l.account_id")
    .select([
      "l.id",
      "l.duration_minutes",
      "l.datetime_start",
      "l.datetime_expire",
      "l.datetime_end",
      "l.end_reason",
      "l.ip",
      "ad.id as ad_id",
      "ad.username as ad_username",
      "ad.first_name as ad_first_name",
      "ad.last_name as ad_last_name",
      "ac.id as ac_id",
      "ac.username as ac_username",
      "ac.first_name as ac_first_name",
      "ac.last_name as ac_last_name",
      sql<number | string>`(select count(*) from login_as_write w where w.login_as_id = ${sql.ref("l.id")})`.as(
        "count_write",
      ),
      sql<number>`case when exists (select 1 from session s where s.login_as_id = ${sql.ref("l.id")}) then 1 else 0 end`.as(
        "has_session",
      ),
    ]);
type LogRecord = Awaited<ReturnType<ReturnType<typeof logRows>["executeTakeFirstOrThrow"]>>;

/**
 * A row as the log shows it. An acting nobody saw end (its session was left alone, or removed
 * with its administrator's other sessions) is ended all the same: at its expiry once that has
 * passed — it cannot have lasted longer — else by its session's end, at a time nobody saw.
 */
function present(r: LogRecord, now: Date): LoginAsLogRow {
  let end = r.datetime_end;
  let reason = r.end_reason as LoginAsEndReason | null;
  if (end === null && Date.parse(r.datetime_expire) <= now.getTime()) [end, reason] = [r.datetime_expire, "expired"];
  else if (end === null && Number(r.has_session) !== 1) reason = "session_end";
  return {
    id: r.id,
    administrator: { id: r.ad_id, username: r.ad_username, first_name: r.ad_first_name, last_name: r.ad_last_name },
    account: { id: r.ac_id, username: r.ac_username, first_name: r.ac_first_name, last_name: r.ac_last_name },
    duration_minutes: r.duration_minutes,
    datetime_start: r.datetime_start,
    datetime_expire: r.datetime_expire,
    datetime_end: end,
    end_reason: reason,
    duration_seconds:
      end === null ? null : Math.max(0, Math.round((Date.parse(end) - Date.parse(r.datetime_start)) / 1000)),
    is_active: end === null && reason === null,
    count_write: Number(r.count_write),
    ip: r.ip,
  };
}

/**
 * The log's rows as the list asks: `search` either account, filters `administrator` and `account`
 * (ids), `ordering` (default newest first); the list pages it, its export streams all of it.
 */
function logQuery(db: Db, req: FastifyRequest, q: PageQuery) {
  const errors: FieldErrors = {};
  const administrators = queryIds(req, "administrator", errors);
  const accounts = queryIds(req, "account", errors);
  const order = parseOrdering(q.ordering, ORDERING, "-datetime_start");
  if (!order) errors.ordering = [MSG.invalid_choice];
  if (Object.keys(errors).length) throw badRequest(errors);
  let query = logRows(db);
  if (administrators) query = query.where("l.administrator_id", "in", administrators);
  if (accounts) query = query.where("l.account_id", "in", accounts);
  if (q.search) {
    const pattern = likePattern(q.search);
    query = query.where((eb) =>
      eb.or(SEARCHED.map((col) => sql<SqlBool>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`)),
    );
  }
  for (const o of order!) query = query.orderBy(o.expr, o.desc ? "desc" : "asc");
  return query.orderBy("l.id", tieDirection(order!));
}

/**
 * The login-as log (spec 000 §2 "/login-as with a log page"; docs/decisions/033), newest first:
 * - GET dashboard/login-as/log/: paged; `search` either account; filters `administrator` and
 *   `account` (ids); `ordering` datetime_start, datetime_expire, datetime_end;
 * - GET dashboard/login-as/log/export/?format_type=xlsx|csv: the list (its search, filters and
 *   ordering, every row) as a spreadsheet (login-as-export.ts), with the export flag;
 * - GET dashboard/login-as/log/{id}/: one row;
 * - GET dashboard/login-as/log/{id}/write/: the writes made meanwhile, paged, in the order made.
 */
export function loginAsLogRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const item = "/dashboard/login-as/log/:id(^\\d{1,12})/";

  app.get("/dashboard/login-as/log/", async (req) => {
    await requirePermission(req, db, VIEW);
    const q = readPageQuery(req);
    const page = await paginate(req, logQuery(db, req, q), q);
    const now = ctx.now();
    return { ...page, results: page.results.map((r) => present(r, now)) };
  });

  // The list as xlsx or csv (issue 33 item 14), with the module's export flag.
  app.get("/dashboard/login-as/log/export/", async (req, reply) => {
    await requirePermission(req, db, EXPORT);
    const query = logQuery(db, req, readPageQuery(req));
    const now = ctx.now();
    return exportLog(
      req,
      reply,
      db,
      async (limit, offset) => (await query.limit(limit).offset(offset).execute()).map((r) => present(r, now)),
      now,
    );
  });

  app.get(item, async (req) => {
    await requirePermission(req, db, VIEW);
    const row = await logRows(db).where("l.id", "=", itemId(req)).executeTakeFirst();
    if (!row) throw notFound();
    return present(row, ctx.now());
  });

  app.get(`${item}write/`, async (req) => {
    await requirePermission(req, db, VIEW);
    const id = itemId(req);
    const q = readPageQuery(req);
    if (!(await db.selectFrom("login_as").select("id").where("id", "=", id).executeTakeFirst())) throw notFound();
    const query = db
      .selectFrom("login_as_write")
      .select(["id", "method", "path", "status", "datetime_create", "target_name", "fields"])
      .where("login_as_id", "=", id)
      .orderBy("datetime_create")
      .orderBy("id");
    const page = await paginate(req, query, q);
    const results: LoginAsWriteRow[] = page.results.map((w) => ({
      ...w,
      fields: w.fields ? (JSON.parse(w.fields) as string[]) : [],
    }));
    return { ...page, results };
  });
}
