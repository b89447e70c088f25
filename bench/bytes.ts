/**
 * `npm run bench:bytes [-- --build DIR]`: the byte budgets of bench/budgets.json, checked on every
 * change (issue 34 §1; `npm test` runs it after the build): bytes do not depend on the machine, so
 * they need no load — only the build and the bench's data. It reads the JavaScript each page kind
 * loads and looks for server-only packages in every client chunk (bench/bundle.ts), then seeds the
 * bench's database at a small scale (the course list's 50 rows need only 60 courses), starts the
 * API and the dashboard from the build as `npm start` does, signs in and takes the list and
 * shell-only documents as a browser gets them (gzip on the wire). Exits 1 on any budget missed.
 * Throughput, latency and memory stay in `npm run bench`.
 *
 * DIR is a BUILD_DIR-style build (`<DIR>/index.js`, `<DIR>/assets`); without it, `npm run build`'s
 * layout (build/, public/dashboard/build/).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { analyseBundle, proveSignatures } from "./bundle";
import { BROWSER, wireSize } from "./load";
import { byteVerdicts, type Budgets } from "./report";
import { addCourses, addUsers, BENCH_PASSWORD, prepareSchema, settle } from "./seed";
import { startApi, startDashboard, stop, type Server } from "./servers";
import { signIn } from "./session";

const { values: args } = parseArgs({ options: { build: { type: "string" } } });
const build = args.build
  ? { serverDir: args.build, assetsDir: path.join(args.build, "assets") }
  : { serverDir: "build", assetsDir: "public/dashboard/build" };
if (!fs.existsSync(path.join(build.serverDir, "index.js")))
  throw new Error(`no build in ${build.serverDir}: run npm run build first`);

const root = fs.mkdtempSync(path.join(os.tmpdir(), "lms-bytes-"));
const servers: Server[] = [];

async function main(): Promise<number> {
  proveSignatures();
  const bundle = analyseBundle(build.assetsDir);

  const dataDir = path.join(root, "main");
  const now = new Date();
  await prepareSchema(dataDir, now);
  addUsers(dataDir, 100, now);
  addCourses(dataDir, 60, now);
  settle(dataDir);
  const api = await startApi(dataDir);
  servers.push(api);
  const dashboard = await startDashboard(path.resolve(build.serverDir), api.url, dataDir);
  servers.push(dashboard);
  const cookie = await signIn(api.url, dashboard.url, "admin", BENCH_PASSWORD);
  const wire = {
    list: await wireSize({ url: `${dashboard.url}/dashboard/course`, headers: { ...BROWSER, cookie } }),
    minimal: await wireSize({ url: `${dashboard.url}/dashboard/bench/minimal`, headers: BROWSER }),
  };

  const budgets = JSON.parse(fs.readFileSync("bench/budgets.json", "utf8")) as Budgets;
  const verdicts = byteVerdicts(wire, bundle, budgets);
  for (const v of verdicts)
    process.stdout.write(`${v.ok ? "ok  " : "MISS"}  ${v.what}: ${v.figure} (budget ${v.limit})\n`);
  const misses = verdicts.filter((v) => !v.ok);
  if (misses.length)
    process.stderr.write(
      `${misses.length} byte budget(s) missed: find what grew (bench/bundle.ts lists a page's files), do not raise the budget\n`,
    );
  return misses.length ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  process.stderr.write(`${(err as Error).stack ?? err}\n`);
  for (const s of servers) if (s.stderr()) process.stderr.write(`--- ${s.name} stderr ---\n${s.stderr()}\n`);
} finally {
  for (const s of servers.splice(0)) await stop(s);
  fs.rmSync(root, { recursive: true, force: true });
}
process.exit(code);
