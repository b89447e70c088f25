import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  backoffDelay,
  Supervisor,
  type ExitEvent,
  type RestartEvent,
  type SpawnEvent,
  type SuperviseOptions,
} from "../../scripts/supervise";

/** scripts/supervise.ts (what keeps `npm start`'s children up) on throw-away node one-liners. */
const node = process.execPath;
const FOREVER = "setInterval(() => {}, 1000)";
/** Whether the process still runs (a zombie waiting for its reaper does not: it holds no port). */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

let current: Supervisor | undefined;
afterEach(async () => {
  await current?.stop();
  current = undefined;
});

/** A supervisor with short delays that records its events and log lines. */
function supervisor(opts: SuperviseOptions = {}) {
  const lines: string[] = [];
  const s = new Supervisor({
    initialDelayMs: 100,
    maxDelayMs: 400,
    resetAfterMs: 3_000,
    graceMs: 500,
    log: (l) => lines.push(l),
    ...opts,
  });
  const spawns: (SpawnEvent & { at: number })[] = [];
  const exits: (ExitEvent & { at: number })[] = [];
  const restarts: RestartEvent[] = [];
  s.on("spawn", (e: SpawnEvent) => spawns.push({ ...e, at: Date.now() }));
  s.on("exit", (e: ExitEvent) => exits.push({ ...e, at: Date.now() }));
  s.on("restart", (e: RestartEvent) => restarts.push(e));
  current = s;
  return { s, lines, spawns, exits, restarts };
}

/** Wait (bounded) until the condition holds. */
async function until(what: string, ok: () => boolean, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("backoffDelay", () => {
  it("doubles from the first delay up to the cap", () => {
    expect([0, 1, 2, 3, 6, 7, 100].map((n) => backoffDelay(n, 500, 30_000))).toEqual([
      500, 1_000, 2_000, 4_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe("Supervisor", () => {
  it("restarts a child killed with SIGKILL, waiting longer after each crash in a row", async () => {
    const { s, spawns, exits, restarts, lines } = supervisor();
    s.start({ name: "api", command: node, args: ["-e", FOREVER] });
    for (let i = 1; i <= 4; i++) {
      await until(`spawn ${i}`, () => spawns.length === i);
      process.kill(spawns[i - 1].pid, "SIGKILL");
    }
    await until("spawn 5", () => spawns.length === 5);
    expect(restarts.map((r) => r.delayMs)).toEqual([100, 200, 400, 400]);
    expect(restarts[0].reason).toBe("killed by SIGKILL");
    // Each new child came no sooner than its announced delay after the crash.
    for (let i = 0; i < 4; i++) expect(spawns[i + 1].at - exits[i].at).toBeGreaterThanOrEqual(restarts[i].delayMs - 5);
    expect(lines[0]).toMatch(/^api killed by SIGKILL after \d+\.\d s; restart #1 in 0\.1 s$/);
  });

  it("restarts a child that exits non-zero, and starts over from the first delay once it stayed up", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "supervise-"));
    const flag = path.join(dir, "healthy");
    // Crashes at once until the flag file exists, then stays up.
    const script = `if (!require("fs").existsSync(${JSON.stringify(flag)})) process.exit(3); ${FOREVER}`;
    const { s, spawns, restarts } = supervisor();
    s.start({ name: "dashboard", command: node, args: ["-e", script] });
    await until("three quick crashes", () => restarts.length === 3);
    expect(restarts.map((r) => [r.reason, r.delayMs])).toEqual([
      ["exited with code 3", 100],
      ["exited with code 3", 200],
      ["exited with code 3", 400],
    ]);
    fs.writeFileSync(flag, "");
    await until("the healthy child", () => spawns.length === 4);
    await new Promise((r) => setTimeout(r, 3_200)); // longer than resetAfterMs
    process.kill(spawns[3].pid, "SIGKILL");
    await until("the restart after the reset", () => restarts.length === 4);
    expect(restarts[3]).toMatchObject({ reason: "killed by SIGKILL", delayMs: 100 });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("stop() ends every child and its children with SIGTERM, SIGKILL after the grace period, and restarts nothing", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "supervise-"));
    const grandchildPid = path.join(dir, "grandchild.pid");
    // Like `tsx main.ts`: a wrapper whose grandchild does the work; this one ignores SIGTERM too.
    const wrapper = `const c = require("child_process").spawn(process.execPath, ["-e", ${JSON.stringify(FOREVER)}], { stdio: "ignore" });
      require("fs").writeFileSync(${JSON.stringify(grandchildPid)}, String(c.pid)); process.on("SIGTERM", () => {}); ${FOREVER}`;
    const { s, spawns, exits } = supervisor();
    s.start({ name: "stubborn", command: node, args: ["-e", wrapper] });
    s.start({ name: "polite", command: node, args: ["-e", FOREVER] });
    await until(
      "both children and the grandchild",
      () => spawns.length === 2 && fs.existsSync(grandchildPid) && fs.readFileSync(grandchildPid, "utf8") !== "",
    );
    const pids = [...spawns.map((e) => e.pid), Number(fs.readFileSync(grandchildPid, "utf8"))];
    const started = Date.now();
    await s.stop();
    expect(Date.now() - started).toBeGreaterThanOrEqual(450); // the stubborn one waited for its SIGKILL
    expect(Object.fromEntries(exits.map((e) => [e.name, e.signal]))).toEqual({
      stubborn: "SIGKILL",
      polite: "SIGTERM",
    });
    await until("no process left", () => pids.every((pid) => !alive(pid)), 2_000);
    await new Promise((r) => setTimeout(r, 300)); // a restart would have come by now
    expect(spawns).toHaveLength(2);
    s.start({ name: "late", command: node, args: ["-e", FOREVER] }); // a start racing the shutdown
    expect(spawns).toHaveLength(2);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("a crash of the wrapper alone takes its grandchild with it before the restart", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "supervise-"));
    const pidFile = path.join(dir, "grandchild.pid");
    const wrapper = `const c = require("child_process").spawn(process.execPath, ["-e", ${JSON.stringify(FOREVER)}], { stdio: "ignore" });
      require("fs").appendFileSync(${JSON.stringify(pidFile)}, c.pid + "\\n"); ${FOREVER}`;
    const { s, spawns } = supervisor();
    s.start({ name: "tsx-like", command: node, args: ["-e", wrapper] });
    await until("the grandchild", () => fs.existsSync(pidFile));
    const first = Number(fs.readFileSync(pidFile, "utf8").trim());
    process.kill(spawns[0].pid, "SIGKILL");
    await until("the restart", () => spawns.length === 2);
    // SIGKILLed with its group; a busy machine may take a moment to finish it off.
    await until("the old grandchild gone", () => !alive(first), 5_000);
    await until("the new grandchild", () => fs.readFileSync(pidFile, "utf8").trim().split("\n").length === 2);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("a command that cannot start is retried like a crash", async () => {
    const { s, restarts } = supervisor();
    s.start({ name: "missing", command: "/nonexistent/command", args: [] });
    await until("two retries", () => restarts.length === 2);
    expect(restarts[0].reason).toMatch(/^failed to start \(spawn \/nonexistent\/command ENOENT\)$/);
    expect(restarts.map((r) => r.delayMs)).toEqual([100, 200]);
  });
});

describe("a supervising process (handleProcessSignals)", () => {
  /** A process like scripts/start.ts supervising two children, run by tsx (through `sh -c`, as npm does, when asked). */
  async function supervising(viaShell: boolean) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "supervise-"));
    const pidFile = path.join(dir, "pids");
    const main = path.join(dir, "main.ts");
    fs.writeFileSync(
      main,
      `import fs from "node:fs";
       import { Supervisor } from ${JSON.stringify(path.resolve("scripts/supervise.ts"))};
       const s = new Supervisor({ graceMs: 500 });
       s.handleProcessSignals();
       fs.appendFileSync(${JSON.stringify(pidFile)}, process.pid + "\\n");
       s.on("spawn", (e) => fs.appendFileSync(${JSON.stringify(pidFile)}, e.pid + "\\n"));
       for (const name of ["api", "dashboard"]) s.start({ name, command: process.execPath, args: ["-e", ${JSON.stringify(FOREVER)}] });`,
    );
    const tsx = path.resolve("node_modules/.bin/tsx");
    // "; exit $?" keeps the shell from replacing itself with tsx, as npm's shell does not either.
    const proc = viaShell
      ? spawn("sh", ["-c", `${tsx} ${main}; exit $?`], { stdio: ["ignore", "pipe", "pipe"] })
      : spawn(tsx, [main], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    proc.stdout!.on("data", (c) => (out += c));
    const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
    await until(
      "the supervisor and two children",
      () => fs.existsSync(pidFile) && fs.readFileSync(pidFile, "utf8").trim().split("\n").length === 3,
      20_000,
    );
    const pids = fs.readFileSync(pidFile, "utf8").trim().split("\n").map(Number);
    fs.rmSync(dir, { recursive: true, force: true });
    return { proc, exited, pids, out: () => out };
  }

  it("exits 0 on SIGTERM with its children stopped", async () => {
    const { proc, exited, pids, out } = await supervising(false);
    proc.kill("SIGTERM");
    expect(await Promise.race([exited, new Promise((r) => setTimeout(() => r("timeout"), 10_000))])).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
    expect(out()).toContain("[start] SIGTERM: stopping");
    expect(out()).not.toContain("restart #");
  });

  it("stops its children when the shell that started it dies of a SIGTERM it does not pass on (npm's)", async () => {
    const { proc, pids } = await supervising(true);
    proc.kill("SIGTERM");
    await until("the supervisor and its children gone", () => pids.every((pid) => !alive(pid)), 10_000);
  });
});
