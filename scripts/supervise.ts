/**
 * Keeps `npm start`'s children (the embedded API, the dashboard) running: a child that exits
 * without being asked to is started again after a back-off, and stopping ends every child, so the
 * product stays up when one process crashes and nothing is left behind when it is stopped.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { EventEmitter } from "node:events";
import fs from "node:fs";
import os from "node:os";

export type ChildSpec = { name: string; command: string; args: string[]; env?: NodeJS.ProcessEnv };

export type SuperviseOptions = {
  /** First restart delay; each quick crash in a row doubles it… */
  initialDelayMs?: number;
  /** …up to this. */
  maxDelayMs?: number;
  /** A child that stayed up this long counts as healthy again: its next crash waits initialDelayMs. */
  resetAfterMs?: number;
  /** How long stop() waits after SIGTERM before SIGKILL. */
  graceMs?: number;
  log?: (line: string) => void;
};

/** What happened to a child (events of the same name, for tests and logs). */
export type SpawnEvent = { name: string; pid: number };
export type ExitEvent = { name: string; pid: number; code: number | null; signal: NodeJS.Signals | null; upMs: number };
export type RestartEvent = { name: string; reason: string; delayMs: number; attempt: number };

/** The wait before restart number `attempt` (0-based count of quick crashes in a row). */
export const backoffDelay = (attempt: number, initialMs: number, maxMs: number) =>
  Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));

type Slot = {
  spec: ChildSpec;
  child: ChildProcess | null;
  startedAt: number;
  crashes: number;
  timer: NodeJS.Timeout | null;
  exited: Promise<void>;
};

const secs = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

export class Supervisor extends EventEmitter {
  private readonly slots: Slot[] = [];
  private readonly opts: Required<SuperviseOptions>;
  private stopped: Promise<void> | null = null;

  constructor(opts: SuperviseOptions = {}) {
    super();
    this.opts = {
      initialDelayMs: 500,
      maxDelayMs: 30_000,
      resetAfterMs: 60_000,
      graceMs: 10_000,
      log: (line) => console.log(`[start] ${line}`),
      ...opts,
    };
  }

  get stopping() {
    return this.stopped !== null;
  }

  /** Start a child and keep it running. Ignored once stopping (a start racing a shutdown must not leave an orphan). */
  start(spec: ChildSpec) {
    if (this.stopping) return;
    const slot: Slot = { spec, child: null, startedAt: 0, crashes: 0, timer: null, exited: Promise.resolve() };
    this.slots.push(slot);
    this.launch(slot);
  }

  private launch(slot: Slot) {
    slot.timer = null;
    // Its own process group: `tsx` runs the code in a grandchild, and a crash of the wrapper alone
    // would leave that grandchild holding the port; signalling the group reaches both. (A terminal's
    // Ctrl-C then reaches only this process, which stops the children itself.)
    const child = spawn(slot.spec.command, slot.spec.args, {
      stdio: "inherit",
      detached: true,
      env: slot.spec.env ?? process.env,
    });
    slot.child = child;
    slot.startedAt = Date.now();
    let done!: () => void;
    slot.exited = new Promise((resolve) => (done = resolve));
    let ended = false;
    const end = (code: number | null, signal: NodeJS.Signals | null, why?: string) => {
      if (ended) return;
      ended = true;
      // Whatever the leader left in its group goes with it, so a restart finds the port free.
      if (child.pid) killGroup(child.pid, "SIGKILL");
      slot.child = null;
      done();
      const upMs = Date.now() - slot.startedAt;
      this.emit("exit", { name: slot.spec.name, pid: child.pid ?? 0, code, signal, upMs } satisfies ExitEvent);
      if (this.stopping) return;
      this.scheduleRestart(slot, why ?? describeExit(code, signal), upMs);
    };
    child.on("exit", (code, signal) => end(code, signal));
    // A command that cannot be started at all (ENOENT…) emits only "error": retried like a crash.
    child.on("error", (err) => {
      if (child.pid === undefined) end(null, null, `failed to start (${err.message})`);
    });
    if (child.pid) this.emit("spawn", { name: slot.spec.name, pid: child.pid } satisfies SpawnEvent);
  }

  private scheduleRestart(slot: Slot, reason: string, upMs: number) {
    if (upMs >= this.opts.resetAfterMs) slot.crashes = 0;
    const delayMs = backoffDelay(slot.crashes, this.opts.initialDelayMs, this.opts.maxDelayMs);
    slot.crashes++;
    this.opts.log(`${slot.spec.name} ${reason} after ${secs(upMs)}; restart #${slot.crashes} in ${secs(delayMs)}`);
    this.emit("restart", { name: slot.spec.name, reason, delayMs, attempt: slot.crashes } satisfies RestartEvent);
    slot.timer = setTimeout(() => this.launch(slot), delayMs);
  }

  /**
   * SIGTERM to every child's group, SIGKILL to those still there after graceMs; resolves when all
   * have exited. No restart is scheduled from then on. Calling it again returns the same promise.
   */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      await Promise.all(
        this.slots.map(async (slot) => {
          if (slot.timer) clearTimeout(slot.timer);
          slot.timer = null;
          const pid = slot.child?.pid;
          if (!pid) return;
          this.opts.log(`stopping ${slot.spec.name}…`);
          killGroup(pid, "SIGTERM");
          const timer = setTimeout(() => {
            this.opts.log(`${slot.spec.name} did not stop within ${secs(this.opts.graceMs)}: killing it`);
            killGroup(pid, "SIGKILL");
          }, this.opts.graceMs);
          await slot.exited;
          clearTimeout(timer);
        }),
      );
    })();
    return this.stopped;
  }

  /** SIGKILL every child now (synchronous: for process "exit", when there is no time left). */
  killNow() {
    for (const slot of this.slots) if (slot.child?.pid) killGroup(slot.child.pid, "SIGKILL");
  }

  /**
   * For the supervising process itself: SIGTERM/SIGINT stop the children, then exit 0 (a second
   * signal kills them at once); a crash of this process, or any exit, takes the children with it.
   */
  handleProcessSignals() {
    const onSignal = (signal: NodeJS.Signals) => {
      if (this.stopping) {
        this.opts.log(`${signal} again: killing the children now`);
        this.killNow();
        return;
      }
      this.opts.log(`${signal}: stopping`);
      void this.stop().then(() => process.exit(0));
    };
    process.on("SIGTERM", onSignal);
    process.on("SIGINT", onSignal);
    process.on("exit", () => this.killNow());
    // A log pipe closed under us (EPIPE) must not end the supervision, nor loop through `crash`.
    for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {});
    let crashed = false;
    const crash = (err: unknown) => {
      if (crashed) return;
      crashed = true;
      console.error("[start] supervisor failed:", err);
      void this.stop().then(() => process.exit(1));
    };
    process.on("uncaughtException", crash);
    process.on("unhandledRejection", crash);
    this.stopWhenLauncherGone(onSignal);
  }

  /**
   * `npm start` runs this as npm → sh → tsx → node, and npm passes a SIGTERM on to `sh` only, which
   * dies without passing it further: tsx and this process would live on, orphaned, with the
   * children. So the launcher of our parent is watched (Linux /proc; elsewhere not at all): when
   * our parent gets a new one, the launcher is gone and this stops as on SIGTERM.
   */
  private stopWhenLauncherGone(onSignal: (signal: NodeJS.Signals) => void) {
    const launcher = parentOf(process.ppid);
    if (launcher === null) return;
    const timer = setInterval(() => {
      if (this.stopping || parentOf(process.ppid) === launcher) return;
      this.opts.log("the process that started npm start is gone");
      onSignal("SIGTERM");
    }, 1_000);
    timer.unref();
  }
}

/** The parent pid of a process, from /proc (null when unknown: no /proc, or the process is gone). */
function parentOf(pid: number): number | null {
  try {
    return Number(
      fs
        .readFileSync(`/proc/${pid}/stat`, "utf8")
        .replace(/^.*\) /s, "")
        .split(" ")[1],
    );
  } catch {
    return null;
  }
}

/** Why a child ended; a wrapper (tsx, a shell) reports its own child's fatal signal as 128 + n. */
function describeExit(code: number | null, signal: NodeJS.Signals | null) {
  if (signal) return `killed by ${signal}`;
  const relayed =
    code !== null && code > 128
      ? Object.entries(os.constants.signals).find(([, n]) => n === code - 128)?.[0]
      : undefined;
  return `exited with code ${code}${relayed ? ` (${relayed})` : ""}`;
}

/** Signal a child's whole process group; a group that is already gone is fine. */
function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: nothing left in the group.
  }
}
