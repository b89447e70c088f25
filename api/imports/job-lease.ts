import { sql } from "kysely";
import { isPostgres } from "../content/features/enrollment/service";
import type { Db } from "../db/index";
import type { Trx } from "../engine/crud";
import type { HistoryRow } from "./history";

/**
 * Leases on import jobs (issue 35 §2, docs/decisions/095), as rounds have theirs (decision 089):
 * a job at status 2 is claimed by one UPDATE of the oldest row with no lease or a lapsed one. On
 * PostgreSQL the row is picked `FOR UPDATE SKIP LOCKED`, so processes asking together get
 * different jobs and none waits on another's; SQLite has one writer, so its UPDATE … WHERE id =
 * (SELECT …) is already atomic. The holder renews the lease from its heartbeat and at the start
 * of the transaction that writes the imported rows (the fence: a job another process has taken
 * over writes nothing).
 */

/**
 * How long a claim holds without renewal. The runner's heartbeat renews it every few seconds, so
 * only a process that is gone (or stalled for most of a minute) loses it; its job then starts
 * again elsewhere within a minute and a poll, from the stored file.
 */
export const JOB_LEASE_MS = 60_000;
/** Claims after which a job fails as interrupted instead of being taken up again: a file that kills whoever runs it. */
export const MAX_JOB_ATTEMPTS = 3;

const leaseEnd = (now: Date) => new Date(now.getTime() + JOB_LEASE_MS).toISOString();

/** Thrown in a job's write when its lease is no longer this runner's: the transaction rolls back. */
export class JobLeaseLost extends Error {
  constructor(id: number) {
    super(`import ${id} was taken over by another process`);
  }
}

/** Claim the oldest import job nobody holds (or whose holder is gone) for `holder`; its row, or undefined. */
export async function claimNextJob(db: Db, holder: string, now: Date): Promise<HistoryRow | undefined> {
  const at = now.toISOString();
  const free = db
    .selectFrom("import_history")
    .select("id")
    .where("status", "=", 2)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", at)]))
    .orderBy("id")
    .limit(1);
  // Most looks find nothing: a plain read first, so an idle process takes no write lock every poll.
  if (!(await free.executeTakeFirst())) return undefined;
  return db
    .updateTable("import_history")
    .set({ lease_holder: holder, lease_until: leaseEnd(now), attempts: sql`attempts + 1`, datetime_update: at })
    .where("id", "=", isPostgres(db) ? free.forUpdate().skipLocked() : free)
    .returningAll()
    .executeTakeFirst();
}

/** Extend `holder`'s lease (and write the job's percent, the history's heartbeat); false when the job is no longer its to run. */
export async function renewJob(q: Db | Trx, id: number, holder: string, now: Date, percent?: number): Promise<boolean> {
  const renewed = await q
    .updateTable("import_history")
    .set({
      lease_until: leaseEnd(now),
      datetime_update: now.toISOString(),
      ...(percent === undefined ? {} : { percent }),
    })
    .where("id", "=", id)
    .where("status", "=", 2)
    .where("lease_holder", "=", holder)
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) === 1;
}

/** Give a job back (this process is stopping): the next process that looks takes it, and this claim does not count as an attempt. */
export async function releaseJob(db: Db, id: number, holder: string): Promise<void> {
  await db
    .updateTable("import_history")
    .set({ lease_holder: null, lease_until: null, attempts: sql`attempts - 1` })
    .where("id", "=", id)
    .where("status", "=", 2)
    .where("lease_holder", "=", holder)
    .execute();
}
