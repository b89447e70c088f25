/**
 * `tsx bench/profile.ts [--target list|detail|minimal|bare] [--seconds 10] [--no-build]`: where a
 * page's CPU goes. Seeds a small database (the bench's schema, 2 000 courses: the page's cost does
 * not depend on the table's size, bench/run.ts's scaling figure shows it), starts the API, the
 * dashboard and the bare app as the bench does with V8's --cpu-prof, loads one target alone at the
 * bench's concurrency, stops the servers (they write their profiles) and prints, per process, its
 * CPU time per answer, the self time by package or source file and the heaviest functions.
 * Figures for finding a cost, not budgets.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { BARE_BUILD_DIR, BENCH_BUILD_DIR, buildBare, buildDashboard, paths } from "./build";
import { BROWSER } from "./load";
import { addCourses, addUsers, BENCH_PASSWORD, prepareSchema, settle } from "./seed";
import { startAll, stop, type Server } from "./servers";
import { signIn } from "./session";

const { values: args } = parseArgs({
  options: {
    target: { type: "string", default: "list" },
    seconds: { type: "string", default: "10" },
    "no-build": { type: "boolean", default: false },
    top: { type: "string", default: "25" },
  },
});

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** Where a frame's code lives: a package under node_modules, node's own code, the app's build, or V8 itself. */
function origin(url: string, fn: string): string {
  if (!url) return fn.startsWith("(") ? fn : "(native)";
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith("node:")) return url;
  return path.relative(process.cwd(), url.replace(/^file:\/\//, ""));
}

/**
 * Self time in ms by origin and by function, from the samples' time deltas, counting only the
 * samples taken within `window` (µs of the monotonic clock V8 and process.hrtime share): the
 * measured load, not the start-up's module loading or the warm-up.
 */
function summarise(file: string, top: number, window: { from: number; to: number }) {
  const p = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  let at = p.startTime;
  p.samples.forEach((id, i) => {
    at += p.timeDeltas[i] ?? 0;
    if (at >= window.from && at <= window.to) self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
  });
  const byOrigin = new Map<string, number>();
  const byFn = new Map<string, number>();
  let total = 0;
  for (const [id, ms] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === "(idle)") continue;
    total += ms;
    const o = origin(url, functionName);
    byOrigin.set(o, (byOrigin.get(o) ?? 0) + ms);
    const key = `${functionName || "(anonymous)"} ${o}:${lineNumber + 1}`;
    byFn.set(key, (byFn.get(key) ?? 0) + ms);
  }
  // Inclusive time of the app's own functions (components, loaders): self time of the function
  // and of everything it called, each function counted once a stack.
  const inclusive = new Map<string, number>();
  for (const [id, ms] of self) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url, lineNumber } = byId.get(at)!.callFrame;
      if (url.includes("node_modules") || url.startsWith("node:") || !url) continue;
      const key = `${functionName || "(anonymous)"} ${origin(url, functionName)}:${lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
    }
  }
  const rows = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  return { total, origins: rows(byOrigin), functions: rows(byFn), inclusive: rows(inclusive) };
}

async function main() {
  const seconds = Number(args.seconds);
  const top = Number(args.top);
  const build = args["no-build"] ? paths(BENCH_BUILD_DIR) : buildDashboard(BENCH_BUILD_DIR);
  const bareBuild = args["no-build"] ? paths(BARE_BUILD_DIR) : buildBare(BARE_BUILD_DIR);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "lms-profile-"));
  const profDir = path.join(root, "profiles");
  process.env.BENCH_CPU_PROF_DIR = profDir;
  const dataDir = path.join(root, "data");
  const now = new Date();
  await prepareSchema(dataDir, now);
  addUsers(dataDir, 2000, now);
  addCourses(dataDir, 2000, now);
  settle(dataDir);
  const servers: Server[] = [];
  try {
    const { api, dashboard, bare } = await startAll(build.serverDir, bareBuild.serverDir, dataDir, servers);
    const cookie = await signIn(api.url, dashboard.url, "admin", BENCH_PASSWORD);
    const found = await fetch(`${api.url}/api/dashboard/course/?format=json&search=CRS-0001`, { headers: { cookie } });
    const courseId = ((await found.json()) as { results: { id: number; code: string }[] }).results.find(
      (c) => c.code === "CRS-0001",
    )?.id;
    const targets: Record<string, string> = {
      bare: `${bare.url}/`,
      minimal: `${dashboard.url}/dashboard/bench/minimal`,
      list: `${dashboard.url}/dashboard/course`,
      detail: `${dashboard.url}/dashboard/course/${courseId}/information`,
    };
    const url = targets[args.target!];
    if (!url) throw new Error(`--target takes one of ${Object.keys(targets).join(", ")}`);
    const headers = { ...BROWSER, cookie };
    await autocannon({ url, headers, connections: 16, duration: 2 });
    const from = Number(process.hrtime.bigint() / 1000n);
    const r = await autocannon({ url, headers, connections: 16, duration: seconds });
    const to = Number(process.hrtime.bigint() / 1000n);
    process.stdout.write(
      `${args.target}: ${r.requests.total} answers in ${seconds} s (${Math.round(r.requests.average)} req/s), ${r.non2xx} not 2xx\n`,
    );
    for (const s of servers.splice(0)) await stop(s);
    for (const dir of fs.readdirSync(profDir)) {
      for (const f of fs.readdirSync(path.join(profDir, dir))) {
        const s = summarise(path.join(profDir, dir, f), top, { from, to });
        if (s.total < 200) continue; // a worker or a process that sat idle
        process.stdout.write(
          `\n## ${dir} (${f}): ${Math.round(s.total)} ms of CPU, ${(s.total / r.requests.total).toFixed(2)} ms an answer\n`,
        );
        process.stdout.write(
          `\nby origin (self ms an answer):\n${s.origins.map(([o, ms]) => `  ${(ms / r.requests.total).toFixed(3).padStart(7)}  ${o}`).join("\n")}\n`,
        );
        process.stdout.write(
          `\nthe app's functions, inclusive:\n${s.inclusive.map(([fn, ms]) => `  ${(ms / r.requests.total).toFixed(3).padStart(7)}  ${fn}`).join("\n")}\n`,
        );
        process.stdout.write(
          `\nfunctions:\n${s.functions.map(([fn, ms]) => `  ${(ms / r.requests.total).toFixed(3).padStart(7)}  ${fn}`).join("\n")}\n`,
        );
      }
    }
  } finally {
    for (const s of servers.splice(0)) await stop(s);
    fs.rmSync(root, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    process.stderr.write(`${(e as Error).stack}\n`);
    process.exit(1);
  },
);
