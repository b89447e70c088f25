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
import { configValues } from "./config-store";

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
      CONTENT_COUNTS.map((c, i) =>
        sql<number>`(select count(*) from ${sql.table(c.table)}${c.where ? sql` where ${c.where}` : sql``})`.as(
          `c${i}`,
        ),
      ),
    )
    .executeTakeFirstOrThrow()) as Record<string, number | string>;
  return CONTENT_COUNTS.map((c, i) => ({ key: c.key, count: Number(row[`c${i}`]) }));
}

/**
 * The organisation's calendar days of the period (config time-zone-offset-minutes, minutes east
 * of UTC; docs/decisions/077), oldest first, today included, and the ISO bounds [from, to) of
 * those days as instants.
 */
export function periodDays(now: Date, days: HomePeriod, offsetMinutes: number) {
  const shift = offsetMinutes * 60_000;
  const today = Math.floor((now.getTime() + shift) / DAY_MS) * DAY_MS;
  const dates = Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
  return {
    dates,
    from: new Date(today - (days - 1) * DAY_MS - shift).toISOString(),
    to: new Date(today + DAY_MS - shift).toISOString(),
  };
}

/**
 * Which of the organisation's days an ISO text column's instant falls on, in two parts both
 * dialects spell alike (docs/decisions/002: text functions, no date arithmetic in SQL): its UTC
 * hour (`YYYY-MM-DDTHH`) and whether it is at or past the minute of that hour where the
 * organisation's day begins (0 for a whole-hour zone such as UTC+7; 30 for UTC+5:30). `dayOf`
 * turns the pair into the day in TypeScript. Written without parameters so PostgreSQL sees the
 * same expressions in SELECT and GROUP BY.
 */
function zoneDay(column: string, offsetMinutes: number) {
  const turn = ((-offsetMinutes % 60) + 60) % 60;
  const hour = sql<string>`substr(${sql.ref(column)}, 1, 13)`;
  const late = sql<number>`case when substr(${sql.ref(column)}, 15, 2) >= ${sql.lit(String(turn).padStart(2, "0"))} then 1 else 0 end`;
  const dayOf = (r: { hour: string; late: number | string }) =>
    new Date(Date.parse(`${r.hour}:00:00Z`) + (Number(r.late) ? turn : 0) * 60_000 + offsetMinutes * 60_000)
      .toISOString()
      .slice(0, 10);
  return { hour, late, groups: [hour, late], dayOf };
}

/** Rows {day, key, n} → one entry per day with every key present (zeros included). */
function perDay<K extends string>(
  dates: string[],
  keys: readonly K[],
  rows: { day: string; key: K; n: number | string }[],
) {
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
 * Days are the organisation's calendar days (zoneDay).
 */
export function homeRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;

  const period = async (query: unknown) => {
    const { days } = parseInput(homePeriodQuerySchema, query);
    const { "time-zone-offset-minutes": offset } = await configValues(db, ["time-zone-offset-minutes"]);
    const p = periodDays(ctx.now(), days, Number(offset));
    const answer: HomePeriodAnswer = { days, date_from: p.dates[0], date_to: p.dates[p.dates.length - 1] };
    return { answer, ...p, day: zoneDay("datetime_create", Number(offset)) };
  };

  app.get("/dashboard/home/learning/", async (req): Promise<HomeLearningAnswer> => {
    await requirePermission(req, db, DASHBOARD_FLAG);
    const { answer, dates, from, to, day } = await period(req.query);
    const [content, created] = await Promise.all([
      countContent(db),
      db
        .selectFrom("account")
        .select([day.hour.as("hour"), day.late.as("late"), (eb) => eb.fn.countAll<number>().as("n")])
        .where("datetime_create", ">=", from)
        .where("datetime_create", "<", to)
        .groupBy(day.groups)
        .execute(),
    ]);
    const new_accounts = perDay(
      dates,
      ["count"] as const,
      created.map((r) => ({ day: day.dayOf(r), key: "count" as const, n: r.n })),
    );
    return { ...answer, content, new_accounts, new_accounts_total: sum(new_accounts, (d) => d.count) };
  });

  app.get("/dashboard/home/usage/", async (req): Promise<HomeUsageAnswer> => {
    await requirePermission(req, db, USAGE_FLAG);
    const { answer, dates, from, to, day } = await period(req.query);
    const activeSince = new Date(ctx.now().getTime() - SESSION_IDLE_SECONDS * 1000).toISOString();
    const [visits, attempts, active, users] = await Promise.all([
      db
        .selectFrom("analytic_session")
        .select([day.hour.as("hour"), day.late.as("late"), "source", (eb) => eb.fn.countAll<number>().as("n")])
        .where("datetime_create", ">=", from)
        .where("datetime_create", "<", to)
        .where("source", "in", [0, 10])
        .groupBy([...day.groups, sql.ref("source")])
        .execute(),
      db
        .selectFrom("login_attempt")
        .select([day.hour.as("hour"), day.late.as("late"), "is_success", (eb) => eb.fn.countAll<number>().as("n")])
        .where("datetime_create", ">=", from)
        .where("datetime_create", "<", to)
        .groupBy([...day.groups, sql.ref("is_success")])
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
      visits.map((r) => ({
        day: day.dayOf(r),
        key: r.source === 10 ? ("dashboard" as const) : ("learner" as const),
        n: r.n,
      })),
    );
    const sign_ins = perDay(
      dates,
      ["success", "failed"] as const,
      attempts.map((r) => ({
        day: day.dayOf(r),
        key: r.is_success === 1 ? ("success" as const) : ("failed" as const),
        n: r.n,
      })),
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
