import type { FastifyInstance } from "fastify";
import { runEvery } from "../http/interval-job";
import { ADDING_RESULTS, ASSIGNMENT_KIND, AUTO_DEFAULTS, ROUND_STATUS } from "../../contract/assignment-codes";
import type { AssignmentRound } from "../../contract/schemas/assignment";
import type { Db } from "../db/index";
import type { ApiContext } from "../http/context";
import { notFound } from "../http/errors";
import { paginate, readPageQuery } from "../http/paging";
import { configValues } from "../system/config-store";
import { itemId, type Trx } from "../engine/crud";
import { syncRuleContents } from "./content-rules";
import { applyLines, markAssigned } from "./apply";
import { claimRound, holdLease, lapsedRounds, LeaseLost, newHolder } from "./round-lease";
import {
  addToTally,
  CHUNK_SIZE,
  newTally,
  planAssignment,
  planInChunks,
  previewOfTally,
  type PlanContent,
  type Tally,
} from "./plan";
import type { KindAccess } from "./routes";
import { addDays, type AssignmentKindDef, type AssignmentRow } from "./store";

/**
 * An auto-assignment's rounds (spec 001 §3 "Auto-assignment settings", spec 002 §9; issue 17 §2;
 * docs/decisions/052). Its settings give the times a round is due: from `date_start` (else the day
 * it was created) at `assign_time` (06:00) in the organisation's zone, once, or every
 * `count_recurring` days / weeks / months (on `assign_day`) / years (on `assign_month`/`assign_day`)
 * until `date_end`. `datetime_next_round` holds the next one. A timer in the API process asks the
 * database every minute for due rounds: the round row is inserted (unique per due time) and claimed
 * with a lease its runner renews (round-lease.ts, docs/decisions/089), so of two API processes, or
 * of a tick and a "run now", one runs it, and a round whose runner died is resumed by a later tick
 * of any process; its results are unique per round, learner and content, so nothing is added twice. Every day
 * at 08:00 (organisation time) an auto-assignment that has run refreshes its learners: a refresh
 * round gives the contents to the accounts that have come to match since, and to nobody else.
 */

const TICK_MS = Number(process.env.ASSIGNMENT_TICK_MS) || 60_000;
const REFRESH_TIME = AUTO_DEFAULTS.refresh_time;

async function offsetMinutes(q: Db | Trx): Promise<number> {
  const { "time-zone-offset-minutes": offset } = await configValues(q as Db, ["time-zone-offset-minutes"]);
  return Number(offset) || 0;
}
/** The instant of a local date and time ("YYYY-MM-DD", "HH:MM") in the organisation's zone. */
const instant = (date: string, time: string, offset: number) =>
  new Date(Date.parse(`${date}T${time}:00.000Z`) - offset * 60_000);
const localDate = (at: Date, offset: number) => new Date(at.getTime() + offset * 60_000).toISOString().slice(0, 10);
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The due dates (local) of a row's rounds, in order, from its start (at most `max`). */
function* dueDates(row: AssignmentRow, created: string, max = 5000): Generator<string> {
  const start = row.date_start ?? created;
  const within = (d: string) => !row.date_end || d <= row.date_end;
  if (!row.is_recurring) {
    if (within(start)) yield start;
    return;
  }
  const count = Math.max(1, row.count_recurring);
  if (row.recurring_unit === 0 || row.recurring_unit === 1) {
    for (let k = 0; k < max; k++) {
      const d = addDays(start, k * count * (row.recurring_unit === 1 ? 7 : 1));
      if (!within(d)) return;
      yield d;
    }
    return;
  }
  // Monthly on assign_day (the month's last day when shorter), yearly on assign_month/assign_day.
  const monthly = row.recurring_unit === 2;
  let [y, m] = [Number(start.slice(0, 4)), monthly ? Number(start.slice(5, 7)) : row.assign_month];
  for (let n = 0; n < max;) {
    const d = `${y}-${String(m).padStart(2, "0")}-${String(Math.min(row.assign_day, daysIn(y, m))).padStart(2, "0")}`;
    // Before the start: the next month (year) is tried; from the first one on, every `count`.
    const step = d < start ? 1 : count;
    if (monthly) {
      m += step;
      while (m > 12) {
        m -= 12;
        y++;
      }
    } else y += step;
    if (d < start) continue;
    if (!within(d)) return;
    n++;
    yield d;
  }
}

/**
 * The next due time of auto-assignment `id` after its last round: the first due time later than
 * that round's — skipping, for a recurring one, those whose whole period has passed (a missed
 * round runs once, late, not once per missed period) — or null when none is left.
 */
export async function nextRound(q: Db | Trx, id: number, now: Date): Promise<string | null> {
  const row = await q.selectFrom("assignment").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const offset = await offsetMinutes(q);
  const last = await q
    .selectFrom("assignment_round")
    .select("datetime_due")
    .where("assignment_id", "=", id)
    .where("is_refresh", "=", 0)
    .orderBy("datetime_due", "desc")
    .executeTakeFirst();
  let previous: Date | null = null;
  for (const date of dueDates(row, localDate(new Date(row.datetime_create), offset))) {
    const at = instant(date, row.assign_time, offset);
    if (last && at.toISOString() <= last.datetime_due) continue;
    if (row.is_recurring && at < now) {
      previous = at;
      continue;
    }
    return (previous ?? at).toISOString();
  }
  return previous?.toISOString() ?? null;
}

/**
 * Of `accounts`, those auto-assignment `id` named in an earlier round (a refresh leaves them out):
 * one chunk's worth, through the index from an assignment's results to their accounts (0029).
 */
async function namedBefore(q: Db | Trx, id: number, roundId: number, accounts: number[]): Promise<Set<number>> {
  if (!accounts.length) return new Set();
  const rows = await q
    .selectFrom("assignment_result")
    .select("account_id")
    .distinct()
    .where("assignment_id", "=", id)
    .where("round_id", "<>", roundId)
    .where("account_id", "in", accounts)
    .execute();
  return new Set(rows.map((r) => r.account_id));
}

/**
 * How a round runs: learners per chunk (the tests lower it to cross chunks with a few learners);
 * the runner's name in its lease (default: this host and process; the tests name two "processes");
 * `afterChunk`, for the tests only, runs after each chunk has committed (to stop a runner there,
 * or to let another process try its claim meanwhile).
 */
export type RoundOptions = {
  chunkSize?: number;
  runner?: string;
  afterChunk?: (chunk: number, roundId: number) => Promise<void>;
};

const notRun = () => ({ ran: false, tally: newTally(0), contents: [] as PlanContent[] });

/**
 * Claim round `roundId` with a lease (due, or its lease lapsed: round-lease.ts) and run it, a
 * chunk of learners per transaction (docs/decisions/061), each renewing the lease first: a crash
 * between chunks leaves the round running with the chunks written; once its lease lapses, a later
 * claim skips the lines written and finishes the rest. It is done, with its count and the next due
 * time, only after the last chunk. Not run when another runner has it, or took it over meanwhile.
 */
async function runRound(
  ctx: ApiContext,
  roundId: number,
  opts: RoundOptions,
): Promise<{ ran: boolean; tally: Tally; contents: PlanContent[] }> {
  const { db } = ctx;
  const holder = newHolder(opts.runner);
  if (!(await claimRound(db, roundId, holder, ctx.now()))) return notRun();
  const lease = holdLease(db, roundId, holder, ctx.now);
  try {
    return await runClaimed(ctx, roundId, lease.write, opts);
  } catch (err) {
    if (err instanceof LeaseLost) return notRun();
    throw err;
  } finally {
    lease.release();
  }
}

/** Run a round claimed by this runner, every transaction through `write` (which renews its lease). */
async function runClaimed(
  ctx: ApiContext,
  roundId: number,
  write: <T>(work: (trx: Trx) => Promise<T>) => Promise<T>,
  opts: RoundOptions,
) {
  const { db } = ctx;
  const now = ctx.now();
  const tally = newTally(0);
  const round = await db.selectFrom("assignment_round").selectAll().where("id", "=", roundId).executeTakeFirstOrThrow();
  const row = await db
    .selectFrom("assignment")
    .selectAll()
    .where("id", "=", round.assignment_id)
    .executeTakeFirstOrThrow();
  const today = localDate(now, await offsetMinutes(db));
  const by = { accountId: row.created_by, now };
  // Its content rules matched again first: a content published since is assigned by this round (decision 059).
  await write((trx) => syncRuleContents(trx, row.id, now));
  let chunk = 0;
  const inChunk = async (work: (trx: Trx) => Promise<void>) => {
    await write(work);
    await opts.afterChunk?.(++chunk, roundId);
  };
  // A refresh gives the contents only to accounts this auto-assignment has not named before.
  const plan = await planInChunks<Trx>(row, today, opts.chunkSize ?? CHUNK_SIZE, inChunk, async (q, p) => {
    const named = round.is_refresh
      ? await namedBefore(q, row.id, round.id, [...new Set(p.lines.map((l) => l.account))])
      : null;
    const lines = named ? p.lines.filter((l) => !named.has(l.account)) : p.lines;
    const out = await applyLines(q, row, lines, round.id, by);
    addToTally(tally, out, new Set(out.map((l) => l.account)).size);
  });
  await write(async (trx) => {
    // Counted from the rows, so a round finished by a second run counts what the first one wrote too.
    const added = await trx
      .selectFrom("assignment_result")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("assignment_id", "=", row.id)
      .where("round_id", "=", round.id)
      .where("result", "in", [...ADDING_RESULTS])
      .executeTakeFirstOrThrow();
    await markAssigned(trx, row, now);
    await trx
      .updateTable("assignment_round")
      .set({ status: ROUND_STATUS.done, count_added: Number(added.n), lease_until: null })
      .where("id", "=", round.id)
      .execute();
    if (!round.is_refresh)
      await trx
        .updateTable("assignment")
        .set({ datetime_next_round: await nextRound(trx, row.id, now) })
        .where("id", "=", row.id)
        .execute();
  });
  return { ran: true, tally, contents: plan.contents };
}

/** The round of `assignmentId` due at `due` (inserted once), run now unless another run has it. */
async function dueRound(ctx: ApiContext, assignmentId: number, due: string, refresh: boolean, opts: RoundOptions) {
  await ctx.db
    .insertInto("assignment_round")
    .values({ assignment_id: assignmentId, datetime_due: due, is_refresh: refresh ? 1 : 0 })
    .onConflict((oc) => oc.columns(["assignment_id", "datetime_due"]).doNothing())
    .execute();
  const round = await ctx.db
    .selectFrom("assignment_round")
    .select("id")
    .where("assignment_id", "=", assignmentId)
    .where("datetime_due", "=", due)
    .executeTakeFirstOrThrow();
  return { round: round.id, ...(await runRound(ctx, round.id, opts)) };
}

/** POST assign/ of an auto-assignment: a round now; the counts of what it wrote. */
export async function runRoundNow(ctx: ApiContext, assignmentId: number, now: Date, opts: RoundOptions = {}) {
  const { round, ran, tally, contents } = await dueRound(ctx, assignmentId, now.toISOString(), false, opts);
  const row = await ctx.db
    .selectFrom("assignment")
    .selectAll()
    .where("id", "=", assignmentId)
    .executeTakeFirstOrThrow();
  // Another run has it: nothing written here, its contents named with no counts.
  const named = ran
    ? contents
    : (await planAssignment(ctx.db, row, [], localDate(now, await offsetMinutes(ctx.db)))).contents;
  return { round, ...previewOfTally(row, named, tally, now) };
}

/**
 * One tick of the scheduler: first the running rounds whose lease has lapsed (their runner died:
 * resumed where it stopped, whichever kind — scheduled, refresh or "run now"); then every
 * auto-assignment whose next round is due runs it; after 08:00 (organisation time) each one that
 * has run and has not ended refreshes its learners once a day. A round that fails does not keep
 * the others from running (its lease lapses and a later tick tries it again); the tick then fails
 * with every error. Answers the rounds it ran (tests call it with the fake clock).
 */
export async function schedulerTick(ctx: ApiContext, opts: RoundOptions = {}): Promise<number[]> {
  const { db } = ctx;
  const now = ctx.now();
  const ran: number[] = [];
  const errors: unknown[] = [];
  const attempt = async (run: () => Promise<{ round: number; ran: boolean }>) => {
    try {
      const r = await run();
      if (r.ran) ran.push(r.round);
    } catch (err) {
      errors.push(err);
    }
  };
  for (const id of await lapsedRounds(db, now))
    await attempt(async () => ({ round: id, ...(await runRound(ctx, id, opts)) }));
  const due = await db
    .selectFrom("assignment")
    .select(["id", "datetime_next_round"])
    .where("type", "=", ASSIGNMENT_KIND.auto)
    .where("datetime_next_round", "<=", now.toISOString())
    .orderBy("datetime_next_round")
    .execute();
  for (const a of due) await attempt(() => dueRound(ctx, a.id, a.datetime_next_round!, false, opts));
  const offset = await offsetMinutes(db);
  const today = localDate(now, offset);
  const refreshAt = instant(today, REFRESH_TIME, offset);
  if (now >= refreshAt) {
    const active = await db
      .selectFrom("assignment as a")
      .select("a.id")
      .where("a.type", "=", ASSIGNMENT_KIND.auto)
      .where((eb) => eb.or([eb("a.date_end", "is", null), eb("a.date_end", ">=", today)]))
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("assignment_round as r")
            .select("r.id")
            .whereRef("r.assignment_id", "=", "a.id")
            .where("r.is_refresh", "=", 0)
            .where("r.status", "=", ROUND_STATUS.done),
        ),
      )
      .execute();
    for (const a of active) await attempt(() => dueRound(ctx, a.id, refreshAt.toISOString(), true, opts));
  }
  if (errors.length)
    throw new AggregateError(
      errors,
      `${errors.length} auto-assignment round(s) failed (the first: ${String(errors[0])}); ran ${ran.length}`,
    );
  return ran;
}

/** The timer: a tick every minute while the API runs (ASSIGNMENT_SCHEDULER=off stops it). */
export function startScheduler(app: FastifyInstance, ctx: ApiContext) {
  runEvery(app, {
    name: "assignment scheduler",
    everyMs: TICK_MS,
    offVariable: "ASSIGNMENT_SCHEDULER",
    tick: () => schedulerTick(ctx),
  });
}

/** GET ./{id}/round/ (paged, newest first) and ./{id}/round/{roundId}/ with its counts by result. */
export function roundRoutes(app: FastifyInstance, ctx: ApiContext, kind: AssignmentKindDef, access: KindAccess) {
  const { db } = ctx;
  const item = `/dashboard/${kind.path}/:id(^\\d{1,12})/round/`;
  const present = async (
    rows: {
      id: number;
      datetime_due: string;
      datetime_run: string | null;
      status: number;
      is_refresh: number;
      count_added: number;
    }[],
  ): Promise<AssignmentRound[]> => {
    const counts = rows.length
      ? new Map(
          (
            await db
              .selectFrom("assignment_result")
              .select(["round_id", (eb) => eb.fn.countAll<number>().as("n")])
              .where(
                "round_id",
                "in",
                rows.map((r) => r.id),
              )
              .groupBy("round_id")
              .execute()
          ).map((r) => [r.round_id, Number(r.n)]),
        )
      : new Map<number, number>();
    return rows.map((r) => ({
      id: r.id,
      datetime_due: r.datetime_due,
      datetime_run: r.datetime_run,
      status: r.status,
      is_refresh: r.is_refresh === 1,
      count_added: r.count_added,
      count_result: counts.get(r.id) ?? 0,
    }));
  };
  app.get(item, async (req) => {
    const { row } = await access(req, "view");
    const answer = await paginate(
      req,
      db
        .selectFrom("assignment_round")
        .selectAll()
        .where("assignment_id", "=", row.id)
        .orderBy("datetime_due", "desc")
        .orderBy("id", "desc"),
      readPageQuery(req),
    );
    return { ...answer, results: await present(answer.results) };
  });
  app.get(`${item}:roundId(^\\d{1,12})/`, async (req) => {
    const { row } = await access(req, "view");
    const round = await db
      .selectFrom("assignment_round")
      .selectAll()
      .where("assignment_id", "=", row.id)
      .where("id", "=", itemId(req, "roundId"))
      .executeTakeFirst();
    if (!round) throw notFound();
    const counts = await db
      .selectFrom("assignment_result")
      .select(["result", (eb) => eb.fn.countAll<number>().as("n")])
      .where("round_id", "=", round.id)
      .groupBy("result")
      .orderBy("result")
      .execute();
    return { ...(await present([round]))[0], by_result: counts.map((c) => ({ result: c.result, count: Number(c.n) })) };
  });
}
