/**
 * `npm run bench [-- --check] [--scale] [--duration 10] [--no-build]`: the page-kind benchmark of
 * issue 5. Builds the dashboard and the bare Remix app of bench/bare/ in production mode, seeds a
 * throw-away database at scale (100 000 users and 100 000 courses; --scale: 1 000 000 users),
 * starts the API, the dashboard's server and the bare app (served by the same server file) on
 * 127.0.0.1, signs in as admin and measures, in one run: throughput and latency of the bare page
 * (50 rows of loader data), the shell-only route, the course list, a course detail tab and the
 * API list call, in turns, each page's throughput as a share of the bare page's; each answer's
 * gzip bytes on the wire; the JavaScript each page kind loads (and the bare page's, the floor) and
 * any server-only package in the client chunks; the API list call at 10 000 rows against
 * 1 000 000; the servers' memory after the load; what a SQLite commit costs with
 * synchronous=FULL against NORMAL. Progress goes to stderr, the table to
 * stdout, the figures to bench/results/*.json. --check holds them to bench/budgets.json and exits
 * 1 on a miss. Figures, not timed tests.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { BARE_APP_DIR, BARE_BUILD_DIR, BENCH_BUILD_DIR, buildBare, buildDashboard, paths } from "./build";
import { analyseBundle, BARE_PAGE, jsPerPage, proveSignatures } from "./bundle";
import { BROWSER, JSON_CALL, latencyInTurns, loadInTurns, wireSize } from "./load";
import { table, verdicts, type Budgets, type Figures, type Target } from "./report";
import { addCourses, addUsers, BENCH_PASSWORD, prepareSchema, settle } from "./seed";
import { rssMb, startAll, startApi, stop, type Server } from "./servers";
import { signIn } from "./session";
import { commitCost } from "./sqlite-sync";

const { values: args } = parseArgs({
  options: {
    check: { type: "boolean", default: false },
    scale: { type: "boolean", default: false },
    duration: { type: "string", default: "10" },
    users: { type: "string" },
    courses: { type: "string" },
    "no-build": { type: "boolean", default: false },
    "keep-data": { type: "boolean", default: false },
  },
});
const SECONDS = Number(args.duration);
const USERS = Number(args.users ?? (args.scale ? 1_000_000 : 100_000));
const COURSES = Number(args.courses ?? 100_000);
const CONNECTIONS = 16;
/** Each target's seconds are measured in this many turns, the targets one after the other (bench/load.ts). */
const ROUNDS = 5;
const WARMUP = Math.min(3, SECONDS);
const SCALING = { small: 10_000, large: 1_000_000, samples: 400 };
if (!(SECONDS > 0 && USERS >= 0 && COURSES >= 0))
  throw new Error("--duration, --users and --courses take positive numbers");

const started = Date.now();
const log = (line: string) =>
  process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)}s] ${line}\n`);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "lms-bench-"));
const servers: Server[] = [];
const cleanUp = async () => {
  for (const s of servers.splice(0)) await stop(s);
  if (!args["keep-data"]) fs.rmSync(root, { recursive: true, force: true });
};
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => void cleanUp().then(() => process.exit(130)));

/** The API list call the course list page makes (same query string as its loader sends). */
const API_LIST = "/api/dashboard/course/?format=json&page=1&ordering=-datetime_update";

async function expectPage(url: string, cookie: string, check: (html: string) => boolean, what: string) {
  const res = await fetch(url, { headers: { ...BROWSER, cookie }, redirect: "manual" });
  const body = await res.text();
  if (res.status !== 200 || !check(body))
    throw new Error(
      `${what}: ${url} answered ${res.status} ${res.headers.get("location") ?? ""} ${body.slice(0, 200)}`,
    );
}

async function main() {
  proveSignatures();
  const now = new Date();

  let build, bareBuild;
  if (args["no-build"]) {
    build = paths(BENCH_BUILD_DIR);
    bareBuild = paths(BARE_BUILD_DIR);
    log(`using the existing builds in ${BENCH_BUILD_DIR}/ and ${BARE_BUILD_DIR}/`);
  } else {
    log(`remix build (production) into ${BENCH_BUILD_DIR}/ …`);
    build = buildDashboard(BENCH_BUILD_DIR);
    log(`remix build (production) of ${BARE_APP_DIR}/ into ${BARE_BUILD_DIR}/ …`);
    bareBuild = buildBare(BARE_BUILD_DIR);
  }

  const dataDir = path.join(root, "main");
  log(`seeding ${USERS.toLocaleString("en-GB")} users and ${COURSES.toLocaleString("en-GB")} courses in ${dataDir} …`);
  const seedStart = Date.now();
  await prepareSchema(dataDir, now);
  addUsers(dataDir, USERS, now);
  addCourses(dataDir, COURSES, now);
  settle(dataDir);
  const seedSeconds = Math.round((Date.now() - seedStart) / 100) / 10;
  log(`seeded in ${seedSeconds} s`);

  const { api, dashboard, bare } = await startAll(build.serverDir, bareBuild.serverDir, dataDir, servers);
  log(
    `API ${api.url} (pid ${api.child.pid}), dashboard ${dashboard.url} (pid ${dashboard.child.pid}), bare app ${bare.url} (pid ${bare.child.pid})`,
  );
  const cookie = await signIn(api.url, dashboard.url, "admin", BENCH_PASSWORD);

  const found = await fetch(`${api.url}/api/dashboard/course/?format=json&search=CRS-0001`, { headers: { cookie } });
  const courseId = ((await found.json()) as { results: { id: number; code: string }[] }).results.find(
    (c) => c.code === "CRS-0001",
  )?.id;
  if (!courseId) throw new Error("demo course CRS-0001 not found");

  const urls: Record<Target, { url: string; headers: Record<string, string> }> = {
    bare: { url: `${bare.url}/`, headers: BROWSER },
    minimal: { url: `${dashboard.url}/dashboard/bench/minimal`, headers: BROWSER },
    list: { url: `${dashboard.url}/dashboard/course`, headers: { ...BROWSER, cookie } },
    detail: { url: `${dashboard.url}/dashboard/course/${courseId}/information`, headers: { ...BROWSER, cookie } },
    api: { url: `${api.url}${API_LIST}`, headers: { ...JSON_CALL, cookie } },
  };
  const fiftyRows = (h: string) => (h.match(/<tr[\s>]/g) ?? []).length >= 51;
  await expectPage(urls.bare.url, "", fiftyRows, "bare page (50 rows)");
  await expectPage(urls.minimal.url, "", (h) => h.includes("<h1"), "minimal route");
  await expectPage(urls.list.url, cookie, fiftyRows, "course list (50 rows)");
  await expectPage(urls.detail.url, cookie, (h) => h.includes("CRS-0001"), "course detail tab");
  // One answer of each as the browser gets it (gzip accepted): the bytes on the wire.
  const wire = {} as Record<Target, Awaited<ReturnType<typeof wireSize>>>;
  for (const t of Object.keys(urls) as Target[]) wire[t] = await wireSize(urls[t]);

  log(
    `load: ${Object.keys(urls).join(", ")} — ${CONNECTIONS} connections, ${SECONDS} s each in ${ROUNDS} turns (+ ${WARMUP} s warm-up each) …`,
  );
  const measured = await loadInTurns(urls, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    rounds: ROUNDS,
    warmupSeconds: WARMUP,
    pids: [api.child.pid!, dashboard.child.pid!, bare.child.pid!],
    log,
  });
  const loadFigures = {} as Figures["load"];
  for (const t of Object.keys(urls) as Target[]) {
    const r = measured[t];
    loadFigures[t] = { ...r, url: new URL(urls[t].url).pathname, wire: wire[t] };
    const bad = r.non2xx || r.errors ? `, ${r.non2xx} not 2xx, ${r.errors} errors` : "";
    log(
      `  ${t}: ${r.rps} req/s (${Math.round((r.rps / Math.max(1, measured.bare.rps)) * 100)} % of bare), ${(wire[t].bytes / 1000).toFixed(1)} KB ${wire[t].encoding}, p50 ${r.p50} ms, p99 ${r.p99} ms, servers' CPU ${r.cpuMsPerRequest} ms a request, host steal ${r.hostStealPct} %${bad}`,
    );
  }
  const memoryMb = { api: rssMb(api.child.pid!), dashboard: rssMb(dashboard.child.pid!), bare: rssMb(bare.child.pid!) };
  log(`resident memory: API ${memoryMb.api} MB, dashboard ${memoryMb.dashboard} MB, bare app ${memoryMb.bare} MB`);
  for (const s of servers.splice(0)) await stop(s);

  log("client chunks: JavaScript per page kind, server-only packages …");
  const bundle = analyseBundle(build.assetsDir);
  const bareJs = jsPerPage(bareBuild.assetsDir, BARE_PAGE.kinds, BARE_PAGE.publicPath).bare;

  // The same API list call on two more databases, 10 000 and 1 000 000 courses, asked in turns.
  const scaleDirs = { small: path.join(root, "scale-small"), large: path.join(root, "scale-large") };
  for (const size of ["small", "large"] as const) {
    log(`scaling: seeding ${SCALING[size].toLocaleString("en-GB")} courses …`);
    await prepareSchema(scaleDirs[size], now);
    addCourses(scaleDirs[size], SCALING[size], now);
    settle(scaleDirs[size]);
  }
  const scaleApis = [await startApi(scaleDirs.small), await startApi(scaleDirs.large)];
  servers.push(...scaleApis);
  const scaleTargets = await Promise.all(
    scaleApis.map(async (a) => ({
      url: `${a.url}${API_LIST}`,
      headers: { ...JSON_CALL, cookie: await signIn(a.url, "", "admin", BENCH_PASSWORD) },
    })),
  );
  log(`scaling: ${SCALING.samples} list calls of each, in turns …`);
  const [small, large] = await latencyInTurns(scaleTargets, SCALING.samples);
  for (const s of servers.splice(0)) await stop(s);
  log(`  10k: p50 ${small.p50} ms, p99 ${small.p99} ms; 1M: p50 ${large.p50} ms, p99 ${large.p99} ms`);

  log("SQLite: one-row commits with synchronous NORMAL and FULL, in turns …");
  const sqliteCommit = commitCost(root);
  log(`  NORMAL ${sqliteCommit.normalMs} ms, FULL ${sqliteCommit.fullMs} ms a commit`);

  const figures: Figures = {
    at: new Date().toISOString(),
    machine: {
      nproc: os.availableParallelism(),
      cpu: os.cpus()[0]?.model ?? "unknown",
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.versions.node,
    },
    options: { users: USERS, courses: COURSES, seconds: SECONDS, connections: CONNECTIONS, rounds: ROUNDS },
    seedSeconds,
    load: loadFigures,
    bundle,
    bareJs,
    scaling: {
      small: { rows: SCALING.small, ...small },
      large: { rows: SCALING.large, ...large },
      ratio: Math.round((large.p50 / small.p50) * 100) / 100,
    },
    memoryMb,
    sqliteCommit,
  };
  const budgets = JSON.parse(fs.readFileSync("bench/budgets.json", "utf8")) as Budgets;
  fs.mkdirSync("bench/results", { recursive: true });
  const file = path.join("bench/results", `bench-${figures.at.replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ ...figures, budgets, verdicts: verdicts(figures, budgets) }, null, 2)}\n`);
  process.stdout.write(`${table(figures, budgets)}\n`);
  log(`figures written to ${file}; ${((Date.now() - started) / 1000).toFixed(0)} s in all`);

  if (args.check) {
    const misses = verdicts(figures, budgets).filter((v) => !v.ok);
    for (const m of misses) process.stderr.write(`budget missed: ${m.what}: ${m.figure}, budget ${m.limit}\n`);
    if (misses.length) return 1;
    log("every budget met");
  }
  return 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  process.stderr.write(`${(err as Error).stack ?? err}\n`);
  for (const s of servers) if (s.stderr()) process.stderr.write(`--- ${s.name} stderr ---\n${s.stderr()}\n`);
} finally {
  await cleanUp();
}
process.exit(code);
