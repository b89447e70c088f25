/**
 * The processes under test, started as production runs them, on 127.0.0.1 and free ports:
 * the LMS API (node + tsx loader, as `npm start` runs it), the dashboard (its compiled server,
 * `<build>/server.js`, as server/runtime.ts says) and the bare Remix app of bench/bare/, served by
 * that same compiled server (express, compression, static files, @remix-run/express) so the two
 * differ only in the app.
 * Each is spawned as the server process itself, so its pid is the one whose memory is read.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { dashboardProcess } from "../server/runtime";
import { BARE_APP_DIR } from "./build";

export type Server = { name: string; url: string; port: number; child: ChildProcess; stderr: () => string };

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before answering ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

async function start(
  name: string,
  args: string[],
  env: Record<string, string>,
  port: number,
  health: string,
  cwd?: string,
): Promise<Server> {
  // stdout is not read: a server's log would fill a pipe under load.
  // BENCH_CPU_PROF_DIR: each server writes a V8 CPU profile there when it stops (bench/profile.ts).
  const prof = process.env.BENCH_CPU_PROF_DIR;
  if (prof)
    args = ["--cpu-prof", `--cpu-prof-dir=${path.resolve(prof, name.replace(/\W+/g, "-").toLowerCase())}`, ...args];
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  child.stderr!.on("data", (b: Buffer) => {
    err = (err + b.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}${health}`, child, 120_000);
  } catch (e) {
    child.kill("SIGKILL");
    throw new Error(`${name}: ${(e as Error).message}\n${err}`);
  }
  return { name, url, port, child, stderr: () => err };
}

/** The embedded API on a data directory that is already migrated and seeded. */
export async function startApi(dataDir: string): Promise<Server> {
  const port = await freePort();
  return start(
    "LMS API",
    ["--import", "tsx", "api/main.ts"],
    { API_PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production" },
    port,
    "/api/health/",
  );
}

/** The dashboard's production server over the build in `buildDir`, talking to `apiUrl`. */
export async function startDashboard(buildDir: string, apiUrl: string, dataDir: string): Promise<Server> {
  const port = await freePort();
  // Run as `npm start` runs it (server/runtime.ts); the bare app keeps Node's defaults: it is the framework's floor.
  const run = dashboardProcess(buildDir, {
    PORT: String(port),
    HOST: "127.0.0.1",
    LMS_API_URL: apiUrl,
    DATA_DIR: dataDir,
  });
  return start("dashboard", run.args, run.env as Record<string, string>, port, "/dashboard/health");
}

/**
 * The bare app's build in `buildDir`, served by the dashboard's compiled server (`serverFile`,
 * `<dashboard build>/server.js`) from the app's own folder: the server finds the build's assets
 * (a path relative to the app's root) and public/ from there.
 */
export async function startBare(buildDir: string, appDir: string, serverFile: string): Promise<Server> {
  const port = await freePort();
  return start(
    "bare Remix app",
    [path.resolve(serverFile), path.resolve(buildDir, "index.js")],
    { PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" },
    port,
    "/",
    path.resolve(appDir),
  );
}

/**
 * The bench's three servers over one seeded data directory: the API, the dashboard over
 * `dashboardDir` and the bare app over `bareDir`, each pushed onto `servers` as it starts (so a
 * failure later still stops those started).
 */
export async function startAll(dashboardDir: string, bareDir: string, dataDir: string, servers: Server[]) {
  const api = await startApi(dataDir);
  servers.push(api);
  const dashboard = await startDashboard(dashboardDir, api.url, dataDir);
  servers.push(dashboard);
  const bare = await startBare(bareDir, BARE_APP_DIR, path.join(dashboardDir, "server.js"));
  servers.push(bare);
  return { api, dashboard, bare };
}

export async function stop(server: Server) {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once("exit", r));
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

/** Resident memory of a process in MB (VmRSS of /proc/<pid>/status). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
  return Math.round((kb / 1024) * 10) / 10;
}
