import { sql } from "kysely";
import type { Db } from "../db/index";

/**
 * The sign-in guard (docs/decisions/019): failures counted per identifier typed and address, and
 * per identifier over every address, kept in `login_guard`. What it decides never depends on
 * whether an account has that identifier, so an outsider learns nothing from it.
 *
 * - The spec's lock (config: threshold, auto-unlock minutes) applies to one identifier *from one
 *   address*: whoever types wrong passwords locks themselves out, not the account's owner
 *   elsewhere. It ends after the auto-unlock minutes, or with a password reset.
 * - A progressive delay slows guessing: from one address after PAIR_FREE failures, and over all
 *   addresses after WIDE_FREE failures — except from an address that has signed in to that
 *   identifier before, so a crowd of strangers cannot keep its owner out.
 */
export const PAIR_FREE = 3;
export const WIDE_FREE = 10;
const PAIR_CAP_S = 15 * 60;
const WIDE_CAP_S = 5 * 60;
/** How long an address stays "known" for an identifier after a successful sign-in from it. */
const KNOWN_FOR_MS = 90 * 24 * 3600_000;
const ALL = "*";

export type GuardRow = { failures: number; datetime_last_failure: string; datetime_locked: string | null };
export type LockPolicy = { enabled: boolean; threshold: number; autoUnlockMs: number | null };

/** Seconds to wait after the last failure: doubling from 1 s past the free failures, capped. */
const delayS = (failures: number, free: number, cap: number) =>
  failures < free ? 0 : Math.min(2 ** (failures - free), cap);

export function loginGuard(db: Db) {
  const row = (identifier: string, scope: string) =>
    db
      .selectFrom("login_guard")
      .select(["failures", "datetime_last_failure", "datetime_locked"])
      .where("identifier", "=", identifier)
      .where("scope", "=", scope)
      .executeTakeFirst() as Promise<GuardRow | undefined>;

  async function knownAddress(identifier: string, ip: string, now: Date) {
    const since = new Date(now.getTime() - KNOWN_FOR_MS).toISOString();
    const hit = await db
      .selectFrom("login_attempt")
      .select("id")
      .where("username", "=", identifier)
      .where("ip", "=", ip)
      .where("is_success", "=", 1)
      .where("datetime_create", ">=", since)
      .limit(1)
      .executeTakeFirst();
    return !!hit;
  }

  /**
   * One more failure on a row, in one statement (an upsert), so that failures sent to several API
   * processes at once are all counted and none fails on the other's insert (docs/decisions/090).
   * The lock is set (again) by every failure at or past `lockAt`, cleared below it.
   */
  async function bump(identifier: string, scope: string, now: string, lockAt: number | null): Promise<GuardRow> {
    const failures = sql<number>`login_guard.failures + 1`;
    const row = await db
      .insertInto("login_guard")
      .values({
        identifier,
        scope,
        failures: 1,
        datetime_last_failure: now,
        datetime_locked: lockAt !== null && 1 >= lockAt ? now : null,
      })
      .onConflict((oc) =>
        oc.columns(["identifier", "scope"]).doUpdateSet({
          failures,
          datetime_last_failure: now,
          datetime_locked:
            lockAt === null ? null : sql<string | null>`case when ${failures} >= ${lockAt} then ${now} else null end`,
        }),
      )
      .returning(["failures", "datetime_last_failure", "datetime_locked"])
      .executeTakeFirstOrThrow();
    return { ...row, failures: Number(row.failures) };
  }

  /** Seconds left of a row's delay at `now`. */
  const waitSince = (r: GuardRow | undefined, free: number, cap: number, now: Date) =>
    r ? Math.ceil(delayS(r.failures, free, cap) - (now.getTime() - Date.parse(r.datetime_last_failure)) / 1000) : 0;

  /** This address's own delay for the identifier; with the lock on, the lock is what stops it. */
  async function pairWaitS(identifier: string, ip: string, now: Date, policy: LockPolicy) {
    const pairFree = policy.enabled && policy.threshold > 0 ? Math.max(PAIR_FREE, policy.threshold) : PAIR_FREE;
    return waitSince(await row(identifier, ip), pairFree, PAIR_CAP_S, now);
  }

  return {
    /** Whether this address signed in to this identifier lately (its owner, most likely). */
    isKnownAddress: (identifier: string, ip: string, now: Date) =>
      identifier ? knownAddress(identifier, ip, now) : Promise.resolve(false),

    /** The lock in force for this identifier from this address (null when none, or it expired). */
    async lockOf(identifier: string, ip: string, now: Date, policy: LockPolicy): Promise<GuardRow | null> {
      const pair = await row(identifier, ip);
      if (!pair?.datetime_locked) return null;
      const expired =
        policy.autoUnlockMs !== null && now.getTime() - Date.parse(pair.datetime_locked) >= policy.autoUnlockMs;
      if (!expired) return pair;
      await db.deleteFrom("login_guard").where("identifier", "=", identifier).where("scope", "=", ip).execute();
      return null;
    },

    /** Seconds this attempt must still wait (0: go ahead). */
    async waitS(identifier: string, ip: string, now: Date, policy: LockPolicy): Promise<number> {
      const pair = await pairWaitS(identifier, ip, now, policy);
      let wide = waitSince(await row(identifier, ALL), WIDE_FREE, WIDE_CAP_S, now);
      if (wide > 0 && (await knownAddress(identifier, ip, now))) wide = 0;
      return Math.max(0, pair, wide);
    },

    /**
     * Whether this address is already held off this identifier (locked there, or waiting out its
     * own delay): the guard refuses its attempts without trying a password, so they are not
     * attempts on the account and must not use up the account's limit for everybody else.
     */
    async pairHeld(identifier: string, ip: string, now: Date, policy: LockPolicy): Promise<boolean> {
      if (!identifier) return false;
      if (await this.lockOf(identifier, ip, now, policy)) return true;
      return (await pairWaitS(identifier, ip, now, policy)) > 0;
    },

    /** A wrong password: one more failure here and everywhere; the pair's row, locked or not. */
    async fail(identifier: string, ip: string, now: Date, policy: LockPolicy): Promise<GuardRow> {
      const at = now.toISOString();
      await bump(identifier, ALL, at, null);
      return bump(identifier, ip, at, policy.enabled && policy.threshold > 0 ? policy.threshold : null);
    },

    /** A success clears this address's failures and the identifier's count over all addresses. */
    async succeed(identifier: string, ip: string) {
      await db.deleteFrom("login_guard").where("identifier", "=", identifier).where("scope", "in", [ip, ALL]).execute();
    },

    /** A password reset unlocks every address for the account's username and email. */
    async forget(identifiers: (string | null | undefined)[]) {
      const names = identifiers.filter((s): s is string => !!s).map((s) => s.toLowerCase());
      if (names.length)
        await db
          .deleteFrom("login_guard")
          .where(sql`lower(identifier)`, "in", names)
          .execute();
    },
  };
}
