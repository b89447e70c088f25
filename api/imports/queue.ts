import type { ImportHistoryItem } from "../../contract/imports";
import { MSG } from "../../contract/messages";
import type { ApiContext } from "../http/context";
import { finishHistory } from "./history";

/**
 * The import jobs of this API process (docs/decisions/032): a small in-memory queue that runs one
 * job at a time (two cores: a second job at once would only slow the first), keeps each job's
 * live item (percent and counts) for the socket, and tells listeners what changed. Nothing
 * survives a restart: a row left at 2 whose heartbeat stopped is marked failed
 * (import_interrupted) by the sweep, which runs when the API starts and every half minute — by
 * heartbeat rather than "every row at 2", so an API process starting beside others (scale-out on
 * PostgreSQL) never fails the jobs they are running.
 */

/** How often this process writes its jobs' percent and heartbeat; after how long without one a job is dead. */
const HEARTBEAT_MS = 5_000;
export const STALE_MS = 60_000;
const SWEEP_MS = 30_000;

export type JobReport = (patch: Partial<ImportHistoryItem>) => void;
export type JobRun = (report: JobReport) => Promise<void>;
export type QueueEvent = { type: "progress" | "changed"; item: ImportHistoryItem };

/**
 * Test seams (tests/api/user-import.test.ts): hold a job before it starts, or fail it after a
 * number of written rows, to show a crash mid-import leaves nothing half-imported. Never set by
 * the API itself.
 */
export const importTestHooks: { beforeRun?: (id: number) => Promise<void>; afterRowWritten?: (written: number) => void } = {};

export class ImportQueue {
  private waiting: { id: number; run: JobRun }[] = [];
  private live = new Map<number, ImportHistoryItem>();
  private listeners = new Set<(e: QueueEvent) => void>();
  private running: Promise<void> | null = null;
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;

  constructor(private readonly ctx: ApiContext) {}

  /** Sweep the rows dead processes left at 2, then keep heartbeats and sweeps going. */
  async start() {
    await this.sweep();
    const every = (ms: number, work: () => Promise<unknown>) => {
      const timer = setInterval(() => void work().catch(() => undefined), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(HEARTBEAT_MS, () => this.heartbeat());
    every(SWEEP_MS, () => this.sweep());
  }

  /** On close: waiting jobs fail as interrupted, the running one is let finish. */
  async stop() {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    const dropped = this.waiting.splice(0);
    for (const job of dropped) await this.fail(job.id, MSG.import_interrupted);
    await this.running;
  }

  add(item: ImportHistoryItem, run: JobRun) {
    this.live.set(item.id, item);
    this.waiting.push({ id: item.id, run });
    this.emit("changed", item);
    this.pump();
  }

  /** The live item of a job this process holds (waiting or running). */
  liveItem = (id: number) => this.live.get(id);
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

  private pump() {
    if (this.running || this.stopped) return;
    const job = this.waiting.shift();
    if (!job) return;
    this.running = this.runOne(job).finally(() => {
      this.running = null;
      this.pump();
    });
  }

  private async runOne(job: { id: number; run: JobRun }) {
    const report: JobReport = (patch) => {
      const before = this.live.get(job.id);
      if (!before) return;
      const item = { ...before, ...patch };
      this.live.set(job.id, item);
      // A push per whole percent (or a changed count), not per row.
      if (item.percent !== before.percent || item.count_failed !== before.count_failed) this.emit("progress", item);
    };
    try {
      await importTestHooks.beforeRun?.(job.id);
      await job.run(report);
    } catch (err) {
      process.stderr.write(`import ${job.id} failed: ${(err as Error)?.stack ?? err}\n`);
      await this.fail(job.id, MSG.server_error).catch(() => undefined);
    } finally {
      const last = this.live.get(job.id);
      this.live.delete(job.id);
      if (last) this.emit("changed", last);
    }
  }

  private async fail(id: number, message: string) {
    await finishHistory(this.ctx.db, id, { status: -1, message, counts: { count_created: 0, count_updated: 0, count_unchanged: 0, count_failed: 0 }, errorRows: null }, this.ctx.now());
  }

  /** This process's jobs are alive: their percent and heartbeat (never over an ended row). */
  private async heartbeat() {
    const at = this.ctx.now().toISOString();
    for (const item of this.live.values()) {
      await this.ctx.db.updateTable("import_history").set({ percent: item.percent, datetime_update: at }).where("id", "=", item.id).where("status", "=", 2).execute();
    }
  }

  /** Rows at 2 that nobody has kept alive for STALE_MS: their process is gone. */
  private async sweep() {
    const now = this.ctx.now();
    const at = now.toISOString();
    let q = this.ctx.db
      .updateTable("import_history")
      .set({ status: -1, message: MSG.import_interrupted, datetime_update: at, datetime_finish: at })
      .where("status", "=", 2)
      .where("datetime_update", "<", new Date(now.getTime() - STALE_MS).toISOString());
    const mine = [...this.live.keys()];
    if (mine.length) q = q.where("id", "not in", mine);
    await q.execute();
  }
}
