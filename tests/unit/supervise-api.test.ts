import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Supervisor, type RestartEvent, type SpawnEvent } from "../../scripts/supervise";

/**
 * `npm start`'s supervision of the real embedded API (`tsx api/main.ts`, as scripts/start.ts runs
 * it) on a free port with a throw-away database: killed with SIGKILL — its server process, then
 * the tsx wrapper alone — it answers /api/health/ again; stopping leaves no process.
 */
async function freePort(): Promise<number> {
  for (
    let port = 8700 + Math.floor(Math.random() * 100), tries = 0;
    tries < 100;
    tries++, port = 8700 + ((port - 8700 + 1) % 100)
  ) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer().once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error("no free port in 8700–8799");
}

async function healthy(url: string, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return true;
    } catch {
      // down
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** Every process of a group (ps: pid and process group). */
const groupMembers = (pgid: number) =>
  execFileSync("ps", ["-eo", "pid=,pgid=,stat="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((l) => l.trim().split(/\s+/))
    .filter(([, g, stat]) => Number(g) === pgid && !stat.startsWith("Z"))
    .map(([pid]) => Number(pid));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "supervise-api-"));
const supervisor = new Supervisor({ initialDelayMs: 200, log: () => {} });
afterAll(async () => {
  await supervisor.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the supervised embedded API", () => {
  it("comes back after SIGKILL and stops without a trace", { timeout: 60_000 }, async () => {
    const port = await freePort();
    const health = `http://127.0.0.1:${port}/api/health/`;
    const spawns: number[] = [];
    const reasons: string[] = [];
    supervisor.on("spawn", (e: SpawnEvent) => spawns.push(e.pid));
    supervisor.on("restart", (e: RestartEvent) => reasons.push(e.reason));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      API_PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DEMO_PASSWORD: "Demo-Pass1!",
      LOG_LEVEL: "warn",
    };
    delete env.DATABASE_URL;
    supervisor.start({ name: "LMS API", command: path.resolve("node_modules/.bin/tsx"), args: ["api/main.ts"], env });
    expect(await healthy(health, 30_000)).toBe(true);

    // The server process (tsx's child) dies: tsx exits, the supervisor starts it again.
    const server = groupMembers(spawns[0]).find((pid) => pid !== spawns[0])!;
    expect(server).toBeGreaterThan(0);
    process.kill(server, "SIGKILL");
    await expect.poll(() => spawns.length, { timeout: 10_000 }).toBe(2);
    expect(await healthy(health, 20_000)).toBe(true);

    // Only the tsx wrapper dies: its server must not be left holding the port.
    process.kill(spawns[1], "SIGKILL");
    await expect.poll(() => spawns.length, { timeout: 10_000 }).toBe(3);
    expect(await healthy(health, 20_000)).toBe(true);

    expect(reasons).toEqual(["exited with code 137 (SIGKILL)", "killed by SIGKILL"]);
    await supervisor.stop();
    expect(spawns.flatMap(groupMembers)).toEqual([]);
    expect(await healthy(health, 500)).toBe(false);
  });
});
