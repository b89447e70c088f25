import type { FastifyReply, FastifyRequest } from "fastify";
import { sql } from "kysely";
import { MSG } from "../../contract/messages";
import type { Db } from "../db/index";
import { ApiError } from "./errors";

/**
 * Rate limits counted in the database (docs/decisions/090): every API process over one database
 * enforces ONE limit — two processes used to let twice the limit through, each counting its own.
 *
 * A window opens at a key's first hit and lasts `windowMs`; the hit after it ended opens the next
 * (what @fastify/rate-limit's memory store did, so the limits read as before). Each counted request
 * is one statement: an upsert that adds the hit, or restarts an ended window, and returns the count,
 * atomic on SQLite and PostgreSQL alike (INSERT … ON CONFLICT DO UPDATE … RETURNING), so two
 * processes hitting the same key at the same moment both count.
 *
 * Windows run on the wall clock, not the API's clock (`ctx.now`): a limit is about how fast
 * requests really come, and the tests' clock stands still.
 */

export type RateLimitRule = {
  /** The limiter's name: keys of different limiters never meet. */
  name: string;
  max: number;
  windowMs: number;
  /** What it counts by (an address, a username). */
  key: (req: FastifyRequest) => string;
  /** Requests not counted at all (the sign-in's known addresses, docs/decisions/019). */
  exempt?: (req: FastifyRequest) => Promise<boolean>;
  /** The 429's body carries `retry_after` too (the sign-in's answer, docs/decisions/019). */
  retryAfterInBody?: boolean;
  /** `x-ratelimit-limit/-remaining/-reset` on every answer, as the forgot-password and SSO routes sent. */
  headers?: boolean;
};

/** How often one process deletes the rows of ended windows (the table holds only recent keys). */
const PRUNE_EVERY_MS = 60_000;
const lastPrune = new WeakMap<Db, number>();

/** One hit on `key`: the hits in its window so far (this one included) and the seconds until it ends. */
export async function countHit(
  db: Db,
  key: string,
  windowMs: number,
  nowMs: number,
): Promise<{ hits: number; resetS: number }> {
  const ended = sql<boolean>`rate_limit_counter.datetime_expire <= excluded.datetime_start`;
  const row = await db
    .insertInto("rate_limit_counter")
    .values({
      key,
      datetime_start: new Date(nowMs).toISOString(),
      datetime_expire: new Date(nowMs + windowMs).toISOString(),
      hits: 1,
    })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        // SET reads the row as it was, so all three see the same "ended".
        hits: sql<number>`case when ${ended} then 1 else rate_limit_counter.hits + 1 end`,
        datetime_start: sql<string>`case when ${ended} then excluded.datetime_start else rate_limit_counter.datetime_start end`,
        datetime_expire: sql<string>`case when ${ended} then excluded.datetime_expire else rate_limit_counter.datetime_expire end`,
      }),
    )
    .returning(["hits", "datetime_expire"])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), resetS: Math.max(0, Math.ceil((Date.parse(row.datetime_expire) - nowMs) / 1000)) };
}

/** Deletes the counters whose window ended by `nowMs` (the next hit would restart them anyway). */
export async function pruneEndedWindows(db: Db, nowMs: number): Promise<void> {
  await db.deleteFrom("rate_limit_counter").where("datetime_expire", "<=", new Date(nowMs).toISOString()).execute();
}

async function pruneNowAndThen(db: Db, nowMs: number) {
  const last = lastPrune.get(db);
  if (last !== undefined && nowMs - last < PRUNE_EVERY_MS) return;
  lastPrune.set(db, nowMs);
  await pruneEndedWindows(db, nowMs);
}

/**
 * A request hook (onRequest or preHandler) enforcing `rule`: past `max` hits in the window, 429
 * `{detail: too_many_requests}` with `Retry-After` (the seconds left of the window).
 */
export function rateLimited(db: Db, rule: RateLimitRule, clock: () => number = Date.now) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (rule.exempt && (await rule.exempt(req))) return;
    const now = clock();
    const { hits, resetS } = await countHit(db, `${rule.name}|${rule.key(req)}`, rule.windowMs, now);
    await pruneNowAndThen(db, now);
    if (rule.headers) {
      reply
        .header("x-ratelimit-limit", rule.max)
        .header("x-ratelimit-remaining", Math.max(0, rule.max - hits))
        .header("x-ratelimit-reset", resetS);
    }
    if (hits <= rule.max) return;
    reply.header("retry-after", String(resetS));
    throw new ApiError(
      429,
      rule.retryAfterInBody
        ? { detail: MSG.too_many_requests, retry_after: resetS }
        : { detail: MSG.too_many_requests },
    );
  };
}
