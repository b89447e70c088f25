import type { ImportHistoryItem, ImportMode, ImportModule } from "../../contract/imports";
import { MSG } from "../../contract/messages";
import { newHolder } from "../assignment/round-lease";
import type { TableFile } from "../content/features/enrollment/import-file";
import { writeTransaction, type Trx } from "../engine/crud";
import type { ApiContext } from "../http/context";
import { finishHistory, presentHistory, type Finish, type HistoryRow } from "./history";
import { claimNextJob, JobLeaseLost, MAX_JOB_ATTEMPTS, releaseJob, renewJob } from "./job-lease";

/**
 * The import jobs (docs/decisions/032, 095): a queue in the database that every API process
 * works. An upload writes its history row (status 2) and its table (import_file) in one
 * transaction; any process — the one that took the upload at once, the others at their next poll
 * — claims the oldest free job with a lease (api/imports/job-lease.ts) and runs one job at a time
 * (two cores: a second at once would only slow the first). The runner keeps the job's live item
 * (percent and counts) for the socket and renews its lease from a heartbeat; a process that dies
 * leaves its lease to lapse and the job starts again, from its stored file, in the next process
 * that looks. A job writes its rows and its end in one transaction fenced by its lease, so a
 * job run twice writes once.
 */

/** How often this process writes its jobs' percent and renews their leases. */
const HEARTBEAT_MS = 5_000;
/** How often an idle process looks for a job nobody holds (one uploaded to another process, or one whose process died). */
const POLL_MS = 2_000;

export type JobReport = (patch: Partial<ImportHistoryItem>) => void;
/** A claimed job as its module's runner gets it. */
export type ImportJob = {
  id: number;
  file: TableFile;
  mode: ImportMode;
  /** Who uploaded it (null: that account is gone). */
  by: number | null;
  options: Record<string, unknown>;
  /** A transaction that first renews this job's lease and throws JobLeaseLost (writing nothing) when another process has it. */
  write: <T>(work: (trx: Trx) => Promise<T>, unique?: Parameters<typeof writeTransaction>[2]) => Promise<T>;
  /** End the job (in `q`: the write's transaction for a success), only while this claim still holds it. */
  finish: (q: ApiContext["db"] | Trx, end: Finish) => Promise<boolean>;
};
export type JobRunner = (ctx: ApiContext, job: ImportJob, report: JobReport) => Promise<void>;
export type QueueEvent = { type: "progress" | "changed"; item: ImportHistoryItem };

/** Thrown by a job's report when its process is stopping: the job ends here and is given back. */
class JobStopped extends Error {}

/**
 * Test seams (tests/api/user-import.test.ts, import-queue.test.ts): hold a job before it starts,
 * or fail it after a number of written rows, to show a crash mid-import leaves nothing
 * half-imported. Never set by the API itself.
 */
export const importTestHooks: {
  beforeRun?: (id: number) => Promise<void>;
  afterRowWritten?: (written: number) => void;
} = {};

export class ImportQueue {
  private runners = new Map<ImportModule, JobRunner>();
  private live = new Map<number, { item: ImportHistoryItem; holder: string }>();
  private listeners = new Set<(e: QueueEvent) => void>();
  private working: Promise<void> | null = null;
  private again = false;
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;

  /** `works`: whether this process claims jobs (off: it only stores them for the others). */
  constructor(
    private readonly ctx: ApiContext,
    private readonly opts: { works: boolean } = { works: true },
  ) {}

  /** The module's job: how a claimed job of it runs. */
  register(module: ImportModule, runner: JobRunner) {
    this.runners.set(module, runner);
  }

  /** Take up what is waiting, then keep polling and renewing. */
  async start() {
    if (!this.opts.works) return;
    const every = (ms: number, work: () => unknown) => {
      const timer = setInterval(work, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(HEARTBEAT_MS, () => void this.heartbeat().catch(() => undefined));
    every(POLL_MS, () => this.pump());
    this.pump();
  }

  /**
   * On close: no new claim; the running job stops at its next report (its transaction, if one is
   * open, rolls back) and is given back, so another process takes it at once.
   */
  async stop() {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    await this.working;
  }

  /** A job this process stored (startJob): listeners hear of it, and this process looks for work now. */
  added(item: ImportHistoryItem) {
    this.emit("changed", item);
    this.pump();
  }

  /** The live item of a job this process runs. */
  liveItem = (id: number) => this.live.get(id)?.item;
  runsHere = (id: number) => this.live.has(id);

  on(listener: (e: QueueEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(type: QueueEvent["type"], item: ImportHistoryItem) {
    for (const l of this.listeners) {
      try {
        l({ type, item });
      } catch {
        // A listener's failure (a closed socket) is its own business.
      }
    }
  }

  /** Claim and run jobs one after another until none is free; a call while working makes it look once more. */
  private pump() {
    if (this.stopped || !this.opts.works) return;
    if (this.working) {
      this.again = true;
      return;
    }
    this.working = (async () => {
      do {
        this.again = false;
        for (;;) {
          if (this.stopped) return;
          const holder = newHolder();
          const row = await claimNextJob(this.ctx.db, holder, this.ctx.now());
          if (!row) break;
          await this.runOne(row, holder);
        }
      } while (this.again && !this.stopped);
    })()
      .catch((err) => {
        process.stderr.write(`import queue: ${(err as Error)?.stack ?? err}\n`);
      })
      .finally(() => {
        this.working = null;
      });
  }

  private async runOne(row: HistoryRow, holder: string) {
    const { db } = this.ctx;
    const finish = (q: ApiContext["db"] | Trx, end: Finish) => finishHistory(q, row.id, end, this.ctx.now(), holder);
    const fail = (message: string) =>
      finish(db, {
        status: -1,
        message,
        counts: { count_created: 0, count_updated: 0, count_unchanged: 0, count_failed: 0 },
        errorRows: null,
      });
    const stored = await db
      .selectFrom("import_file")
      .select("content")
      .where("import_id", "=", row.id)
      .executeTakeFirst();
    const runner = this.runners.get(row.module as ImportModule);
    // Claimed too often (it kills whoever runs it), or from before the stored files (0050): it cannot run again.
    if (!stored || !runner || row.attempts > MAX_JOB_ATTEMPTS) {
      await fail(runner ? MSG.import_interrupted : MSG.server_error);
      return;
    }
    const [item] = await presentHistory(db, [row]);
    this.live.set(row.id, { item, holder });
    this.emit("changed", item);
    const report: JobReport = (patch) => {
      if (this.stopped) throw new JobStopped();
      const entry = this.live.get(row.id);
      if (!entry) return;
      const before = entry.item;
      entry.item = { ...before, ...patch };
      // A push per whole percent (or a changed count), not per row.
      if (entry.item.percent !== before.percent || entry.item.count_failed !== before.count_failed)
        this.emit("progress", entry.item);
    };
    const job: ImportJob = {
      id: row.id,
      file: JSON.parse(stored.content) as TableFile,
      mode: row.mode as ImportMode,
      by: row.created_by,
      options: row.job_options ? (JSON.parse(row.job_options) as Record<string, unknown>) : {},
      finish,
      write: (work, unique) =>
        writeTransaction(
          db,
          async (trx) => {
            if (!(await renewJob(trx, row.id, holder, this.ctx.now()))) throw new JobLeaseLost(row.id);
            return work(trx);
          },
          unique,
        ),
    };
    try {
      await importTestHooks.beforeRun?.(row.id);
      if (this.stopped) throw new JobStopped();
      await runner(this.ctx, job, report);
    } catch (err) {
      if (err instanceof JobStopped || (this.stopped && !(err instanceof JobLeaseLost)))
        await releaseJob(db, row.id, holder).catch(() => undefined);
      else if (err instanceof JobLeaseLost) process.stderr.write(`${err.message}\n`);
      else {
        process.stderr.write(`import ${row.id} failed: ${(err as Error)?.stack ?? err}\n`);
        await fail(MSG.server_error).catch(() => undefined);
      }
    } finally {
      const last = this.live.get(row.id);
      this.live.delete(row.id);
      if (last) this.emit("changed", last.item);
    }
  }

  /** This process's jobs are alive: their percent, heartbeat and lease. */
  private async heartbeat() {
    for (const [id, { item, holder }] of this.live)
      await renewJob(this.ctx.db, id, holder, this.ctx.now(), item.percent);
  }
}
