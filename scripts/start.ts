/**
 * `npm start` (and `npm run dev` with --dev): build the dashboard when the build is missing or
 * stale, start the embedded LMS API (it migrates on boot, and seeds the demo into a new embedded
 * database: api/boot.ts) unless LMS_API_URL names another one, then the dashboard; print where to
 * go. scripts/supervise.ts keeps both running (a crashed child is restarted with back-off) and
 * SIGTERM/SIGINT stop both, then this exits 0.
 *
 * `npm start -- --api` runs only the API, `npm start -- --dashboard` only the dashboard (talking
 * to LMS_API_URL, or the local API's address), each supervised the same way: one side per
 * process or machine, N of each behind a balancer (README "Running several processes").
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { readEnv } from "../api/env";
import { Supervisor, type ChildSpec } from "./supervise";
import { dashboardProcess } from "../server/runtime";

const dev = process.argv.includes("--dev");
const only = process.argv.includes("--api") ? "api" : process.argv.includes("--dashboard") ? "dashboard" : null;
if (process.argv.includes("--api") && process.argv.includes("--dashboard"))
  throw new Error("--api and --dashboard: one side each, or neither for both");
const env = readEnv();
const bin = (name: string) => path.resolve("node_modules/.bin", name);
const apiUrl = env.LMS_API_URL ?? `http://${env.HOST}:${env.API_PORT}`;

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((e) => newestMtime(path.join(entry, e))));
}

/** `npm run build` when the app's build or its compiled server is missing or older than their sources. */
function buildIfStale() {
  const built = Math.min(newestMtime("build/index.js"), newestMtime("build/server.js"));
  const sources = Math.max(
    ...["app", "contract", "server", "remix.config.js", "tailwind.config.ts", "package-lock.json"].map(newestMtime),
  );
  if (built && built >= sources) return;
  console.log(built ? "[start] sources changed: rebuilding the dashboard…" : "[start] building the dashboard…");
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/**
 * How the dashboard process is run: the one place to change it. Its own server
 * (server/dashboard.ts) derives the client's address from the socket and TRUST_PROXY and shares
 * DATA_DIR (the relay secret) with the API (docs/decisions/019).
 */
function dashboard(): ChildSpec {
  const dashEnv = { ...process.env, PORT: String(env.PORT), HOST: env.HOST, LMS_API_URL: apiUrl };
  const server = `${bin("tsx")} server/dashboard.ts build/index.js`;
  if (dev)
    return {
      name: "dashboard (dev)",
      command: bin("remix"),
      args: ["dev", "--manual", "-c", server],
      env: { ...dashEnv, NODE_ENV: "development" },
    };
  return { name: "dashboard", ...dashboardProcess("build", dashEnv) };
}

/** Whether `url` answered 2xx within the time (false at once when shutting down). */
async function answers(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && !supervisor.stopping) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(5_000) })).ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

// Built before any child starts: a failed build exits with nothing left running.
if (!dev && only !== "api") buildIfStale();
const supervisor = new Supervisor();
supervisor.handleProcessSignals();
if (only === "api" || (only === null && !env.LMS_API_URL)) {
  const apiArgs = dev ? ["watch", "api/main.ts"] : ["api/main.ts"];
  supervisor.start({
    name: "LMS API",
    command: bin("tsx"),
    args: apiArgs,
    env: { ...process.env, API_PORT: String(env.API_PORT), HOST: env.HOST },
  });
  // The API first, so the dashboard's first pages find it; but the dashboard copes without it (504 page).
  const up = await answers(`${apiUrl}/api/health/`, 60_000);
  if (only === "api" && up)
    console.log(
      `\n[start] LMS API: ${apiUrl}/api/  (liveness: ${apiUrl}/api/health/, readiness: ${apiUrl}/api/health/ready/)\n`,
    );
  else if (!up && !supervisor.stopping)
    console.log(
      `[start] the API has not answered within 60 s${only === "api" ? "; still trying" : "; starting the dashboard anyway"}`,
    );
}
if (only !== "api") {
  supervisor.start(dashboard());
  await announceDashboard();
}

async function announceDashboard() {
  if (await answers(`http://${env.HOST}:${env.PORT}/dashboard/health`, 120_000)) {
    console.log(`\n[start] Dashboard: http://${env.HOST}:${env.PORT}/dashboard/`);
    console.log(`[start] LMS API:   ${apiUrl}/api/  (health: ${apiUrl}/api/health/)`);
    console.log(
      "[start] Demo sign-in: admin (superuser) — the password was printed when the demo was seeded, or is DEMO_PASSWORD.\n",
    );
  } else if (!supervisor.stopping) {
    console.log(
      `[start] the dashboard has not answered within 120 s at http://${env.HOST}:${env.PORT}/dashboard/health; still trying`,
    );
  }
}
