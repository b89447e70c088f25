import crypto from "node:crypto";
import os from "node:os";
import { ROUND_STATUS } from "../../contract/assignment-codes";
import type { Db } from "../db/index";
import { writeTransaction, type Trx } from "../engine/crud";

/**
 * Leases on auto-assignment rounds (issue 35 §3, docs/decisions/089). A round is claimed by one
 * conditional UPDATE — due, or running with a lapsed lease — that writes the claim's holder and
 * when its lease lapses; of any number of processes racing for it, one row is updated and one
 * runner wins (SQLite has one writer; PostgreSQL re-checks the condition on the row a concurrent
 * claim committed). The runner renews the lease at the start of every chunk's transaction, fenced
 * by its holder (another claim has replaced it → that transaction writes nothing and the run
 * stops), and from a timer between chunks. A runner that dies leaves its lease to lapse; the next
 * scheduler tick of any process claims the round again and resumes it (decision 061: the lines
 * written are skipped, so each learner is assigned once).
 */

/**
 * How long a claim holds without renewal: three minutes. A live runner renews at every chunk (a
 * chunk of 1 000 learners writes in 0.1–0.3 s, decision 061) and every ROUND_RENEW_MS besides, so
 * only a stall of minutes — far past SQLite's 5 s busy wait or a long GC pause — loses it. A dead
 * runner's round waits at most this plus one scheduler tick (a minute) before another process
 * resumes it: late by minutes on a morning round, which is what its learners notice, not seconds.
 */
export const ROUND_LEASE_MS = 3 * 60_000;
/** The timer's renewal: a third of the lease, so two renewals in a row may fail (a busy database) before it lapses. */
export const ROUND_RENEW_MS = ROUND_LEASE_MS / 3;

/** This process, as it names itself in a lease (host and process id: what an operator looks for). */
const PROCESS = `${os.hostname()}:${process.pid}`;

/** A claim's holder: the runner's name and a token of its own, so a later claim in the same process is another holder. */
export const newHolder = (runner = PROCESS) => `${runner}/${crypto.randomBytes(6).toString("hex")}`;

const leaseEnd = (now: Date) => new Date(now.getTime() + ROUND_LEASE_MS).toISOString();

/** Thrown in a round's transaction when its lease is no longer this runner's: the transaction rolls back, the run stops. */
export class LeaseLost extends Error {
  constructor(roundId: number) {
    super(`the lease on round ${roundId} was taken over`);
  }
}

/** Claim round `roundId` for `holder` when it is due or its lease has lapsed; true when this claim won it. */
export async function claimRound(db: Db, roundId: number, holder: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const claimed = await db
    .updateTable("assignment_round")
    .set({ status: ROUND_STATUS.running, datetime_run: at, lease_holder: holder, lease_until: leaseEnd(now) })
    .where("id", "=", roundId)
    .where((eb) =>
      eb.or([
        eb("status", "=", ROUND_STATUS.due),
        eb.and([
          eb("status", "=", ROUND_STATUS.running),
          eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", at)]),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Extend `holder`'s lease on the round from `now`; false when the round is no longer running under it. */
export async function renewLease(q: Db | Trx, roundId: number, holder: string, now: Date): Promise<boolean> {
  const renewed = await q
    .updateTable("assignment_round")
    .set({ lease_until: leaseEnd(now) })
    .where("id", "=", roundId)
    .where("status", "=", ROUND_STATUS.running)
    .where("lease_holder", "=", holder)
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) === 1;
}

/** Running rounds whose lease has lapsed (or that never had one), oldest first: a dead runner's, to resume. */
export async function lapsedRounds(db: Db, now: Date): Promise<number[]> {
  const at = now.toISOString();
  const rows = await db
    .selectFrom("assignment_round")
    .select("id")
    .where("status", "=", ROUND_STATUS.running)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", at)]))
    .orderBy("id")
    .execute();
  return rows.map((r) => r.id);
}

/**
 * A claimed round's lease while its runner works: `write` runs a transaction that first renews the
 * lease (so it holds the round's row until it commits, and a claim that replaced this one makes it
 * throw LeaseLost before writing); a timer renews it between transactions. `release` stops the
 * timer (the lease itself stays until the round is done or it lapses).
 */
export function holdLease(db: Db, roundId: number, holder: string, now: () => Date, renewEveryMs = ROUND_RENEW_MS) {
  const timer = setInterval(() => {
    // A failed renewal here is not fatal: the next chunk's renewal is the one that decides.
    renewLease(db, roundId, holder, now()).catch(() => undefined);
  }, renewEveryMs);
  timer.unref();
  return {
    write<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
      return writeTransaction(db, async (trx) => {
        if (!(await renewLease(trx, roundId, holder, now()))) throw new LeaseLost(roundId);
        return work(trx);
      });
    },
    release: () => clearInterval(timer),
  };
}
