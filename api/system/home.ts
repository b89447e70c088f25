import type { FastifyInstance } from "fastify";
import { sql, type RawBuilder, type SqlBool } from "kysely";
import { SESSION_IDLE_SECONDS } from "../../contract/http";
import { DASHBOARD_FLAG, flag } from "../../contract/permissions";
import {
  homePeriodQuerySchema,
  type ContentCount,
  type HomeLearningAnswer,
  type HomePeriod,
  type HomePeriodAnswer,
  type HomeUsageAnswer,
} from "../../contract/schemas/home";
import { requirePermission } from "../auth/permissions";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import type { ApiContext } from "../http/context";
import { parseInput } from "../http/errors";

const DAY_MS = 24 * 3600 * 1000;
export const USAGE_FLAG = flag("usage_dashboard", "view");

/**
 * What the learning home counts, one row each: a later content type (course, class…) is one more
 * row here and one more `home_content_<key>` label in the dictionaries, nothing else.
 */
type CountedContent = { key: string; table: keyof Database; where?: RawBuilder<SqlBool> };
const isStaff = sql<SqlBool>`(${sql.ref("is_dashboard_permission")} = 1 or ${sql.ref("is_superuser")} = 1)`;
export const CONTENT_COUNTS: readonly CountedContent[] = [
  { key: "learner", table: "account", where: sql<SqlBool>`not ${isStaff}` },
  { key: "staff", table: "account", where: isStaff },
  { key: "department", table: "department" },
  { key: "category", table: "category" },
  { key: "provider", table: "provider" },
  { key: "instructor", table: "instructor" },
  { key: "group", table: "account_group" },
  { key: "term_document", table: "term_document", where: sql<SqlBool>`${sql.ref("is_publish")} = 1` },
];

/** All the counts in one round trip: `select (select count(*) from …) as c0, …`. */
async function countContent(db: Db): Promise<ContentCount[]> {
  const row = (await db
    .selectNoFrom(() =>
      CONTENT_COUNTS.map((c, i) => sql<number>`(select count(*) from ${sql.table(c.table)}${c.where ? sql` where ${c.where}` : sql``})`.as(`c${i}`)),
    )
    .executeTakeFirstOrThrow()) as Record<string, number | string>;
  return CONTENT_COUNTS.map((c, i) => ({ key: c.key, count: Number(row[`c${i}`]) }));
}

/** The UTC calendar days of the period, oldest first, and the ISO bounds [from, to). */
export function periodDays(now: Date, days: HomePeriod) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dates = Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
  return { dates, from: `${dates[0]}T00:00:00.000Z`, to: new Date(today + DAY_MS).toISOString() };
}

/**
 * The date part of an ISO text column, the same in both dialects (docs/decisions/002). Written
 * without parameters so PostgreSQL sees the same expression in SELECT and GROUP BY.
 */
const dayOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

/** Rows {day, key, n} → one entry per day with every key present (zeros included). */
function perDay<K extends string>(dates: string[], keys: readonly K[], rows: { day: string; key: K; n: number | string }[]) {
  const byDay = new Map(dates.map((d) => [d, Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>]));
  for (const r of rows) {
    const entry = byDay.get(r.day);
    if (entry && r.key in entry) entry[r.key] += Number(r.n);
  }
  return dates.map((date) => ({ date, ...byDay.get(date)! }));
}

const sum = <T>(rows: T[], pick: (r: T) => number) => rows.reduce((s, r) => s + pick(r), 0);

/**
 * GET dashboard/home/learning/ and dashboard/home/usage/ (spec 000 §2.2, spec 002 §6 modules
 * dashboard and usage_dashboard): the figures of the two home pages over the last `days` days.
 * Days are UTC calendar days, grouped on the date part of the ISO text.
 */
export function homeRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;

  const period = (query: unknown): HomePeriodAnswer & { dates: string[]; from: string; to: string } => {
    const { days } = parseInput(homePeriodQuerySchema, query);
    const p = periodDays(ctx.now(), days);
    return { days, date_from: p.dates[0], date_to: p.dates[p.dates.length - 1], ...p };
  };

  app.get("/dashboard/home/learning/", async (req): Promise<HomeLearningAnswer> => {
    await requirePermission(req, db, DASHBOARD_FLAG);
    const { dates, from, to, ...answer } = period(req.query);
    const [content, created] = await Promise.all([
      countContent(db),
      db
        .selectFrom("account")
        .select([dayOf("datetime_create").as("day"), (eb) => eb.fn.countAll<number>().as("n")])
        .where("datetime_create", ">=", from)
        .where("datetime_create", "<", to)
        .groupBy(dayOf("datetime_create"))
        .execute(),
    ]);
    const new_accounts = perDay(dates, ["count"] as const, created.map((r) => ({ day: r.day, key: "count" as const, n: r.n })));
    return { ...answer, content, new_accounts, new_accounts_total: sum(new_accounts, (d) => d.count) };
  });

  app.get("/dashboard/home/usage/", async (req): Promise<HomeUsageAnswer> => {
    await requirePermission(req, db, USAGE_FLAG);
    const { dates, from, to, ...answer } = period(req.query);
    const activeSince = new Date(ctx.now().getTime() - SESSION_IDLE_SECONDS * 1000).toISOString();
    const [visits, attempts, active, users] = await Promise.all([
      db
        .selectFrom("analytic_session")
        .select([dayOf("datetime_create").as("day"), "source", (eb) => eb.fn.countAll<number>().as("n")])
        .where("datetime_create", ">=", from)
        .where("datetime_create", "<", to)
        .where("source", "in", [0, 10])
        .groupBy([dayOf("datetime_create"), "source"])
        .execute(),
      db
        .selectFrom("login_attempt")
        .select([dayOf("datetime_create").as("day"), "is_success", (eb) => eb.fn.countAll<number>().as("n")])
        .where("datetime_create", ">=", from)
        .where("datetime_create", "<", to)
        .groupBy([dayOf("datetime_create"), "is_success"])
        .execute(),
      db
        .selectFrom("session")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("datetime_last_seen", ">=", activeSince)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom("login_attempt")
        .select((eb) => eb.fn.count<number>("account_id").distinct().as("n"))
        .where("is_success", "=", 1)
        .where("datetime_create", ">=", from)
        .where("datetime_create", "<", to)
        .executeTakeFirstOrThrow(),
    ]);
    const sessions = perDay(
      dates,
      ["learner", "dashboard"] as const,
      visits.map((r) => ({ day: r.day, key: r.source === 10 ? ("dashboard" as const) : ("learner" as const), n: r.n })),
    );
    const sign_ins = perDay(
      dates,
      ["success", "failed"] as const,
      attempts.map((r) => ({ day: r.day, key: r.is_success === 1 ? ("success" as const) : ("failed" as const), n: r.n })),
    );
    return {
      ...answer,
      sessions,
      sign_ins,
      totals: {
        learner: sum(sessions, (d) => d.learner),
        dashboard: sum(sessions, (d) => d.dashboard),
        success: sum(sign_ins, (d) => d.success),
        failed: sum(sign_ins, (d) => d.failed),
      },
      active_sessions: Number(active.n),
      distinct_users: Number(users.n),
    };
  });
}
