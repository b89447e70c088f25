/**
 * `npm start` (and `npm run dev` with --dev): build the dashboard when the build is missing or
 * stale, start the embedded LMS API (it migrates and seeds on boot) unless LMS_API_URL names
 * another one, then the dashboard; print where to go. Children stop with this process.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { readEnv } from "../api/env";

const dev = process.argv.includes("--dev");
const env = readEnv();
const bin = (name: string) => path.resolve("node_modules/.bin", name);
const children: ChildProcess[] = [];

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((e) => newestMtime(path.join(entry, e))));
}

function buildIfStale() {
  const built = newestMtime("build/index.js");
  const sources = Math.max(...["app", "contract", "remix.config.js", "tailwind.config.ts", "package-lock.json"].map(newestMtime));
  if (built && built >= sources) return;
  console.log(built ? "[start] sources changed: rebuilding the dashboard…" : "[start] building the dashboard…");
  const r = spawnSync(bin("remix"), ["build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function run(name: string, cmd: string, args: string[], extraEnv: Record<string, string>) {
  const child = spawn(cmd, args, { stdio: "inherit", env: { ...process.env, ...extraEnv } });
  child.on("exit", (code) => {
    console.log(`[start] ${name} stopped (${code ?? "signal"})`);
    shutdown(code ?? 1);
  });
  children.push(child);
  return child;
}

async function waitFor(url: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

let stopping = false;
function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
  setTimeout(() => process.exit(code), 500);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

const apiUrl = env.LMS_API_URL ?? `http://${env.HOST}:${env.API_PORT}`;
if (!env.LMS_API_URL) {
  const apiArgs = dev ? ["watch", "api/main.ts"] : ["api/main.ts"];
  run("LMS API", bin("tsx"), apiArgs, { API_PORT: String(env.API_PORT), HOST: env.HOST });
  await waitFor(`${apiUrl}/api/health/`);
}
const dashEnv = { PORT: String(env.PORT), HOST: env.HOST, LMS_API_URL: apiUrl };
if (dev) {
  run("dashboard (dev)", bin("remix"), ["dev", "--manual", "-c", `${bin("remix-serve")} build/index.js`], { ...dashEnv, NODE_ENV: "development" });
} else {
  buildIfStale();
  run("dashboard", bin("remix-serve"), ["build/index.js"], { ...dashEnv, NODE_ENV: "production" });
}
await waitFor(`http://${env.HOST}:${env.PORT}/dashboard/health`, 120_000);
console.log(`\n[start] Dashboard: http://${env.HOST}:${env.PORT}/dashboard/`);
console.log(`[start] LMS API:   ${apiUrl}/api/  (health: ${apiUrl}/api/health/)`);
console.log("[start] Demo sign-in: admin (superuser) — the password was printed when the demo was seeded, or is DEMO_PASSWORD.\n");
