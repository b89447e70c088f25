/**
 * Load and latency measurements. Throughput: autocannon at a fixed concurrency for a fixed time,
 * after a short warm-up (JIT, caches, SQLite pages), every answer expected to be 2xx. Latency of
 * one call: sequential requests on a kept-alive connection timed with hrtime (autocannon's
 * histogram counts whole milliseconds, too coarse for a 2 ms API call).
 */
import fs from "node:fs";
import http from "node:http";
import type { EventEmitter } from "node:events";
import autocannon from "autocannon";

export type LoadFigures = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** CPU time the servers spent per answer (ms, user + system): steady when other work shares the machine. */
  cpuMsPerRequest: number;
  /** Share of the machine's CPU time a hypervisor took away during the measurement (steal, %). */
  hostStealPct: number;
};

/** CPU time a process has used so far, in ms (utime + stime of /proc/<pid>/stat, in clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU time all the servers have used so far, in ms. */
const serversCpuMs = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);

/** Headers a browser sends for a page: HTML wanted, gzip accepted (remix-serve compresses). */
export const BROWSER = {
  accept: "text/html,application/xhtml+xml",
  "accept-encoding": "gzip, deflate",
  "user-agent": "lms-bench",
};
export const JSON_CALL = { accept: "application/json", "accept-encoding": "gzip, deflate", "user-agent": "lms-bench" };

/** The host's CPU counters (/proc/stat, all CPUs, clock ticks): steal is time a hypervisor gave the CPUs to someone else. */
function hostTicks(): { steal: number; total: number } {
  const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0];
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  return { steal: v[7] ?? 0, total: v.reduce((a, b) => a + b, 0) };
}

type Target = { url: string; headers: Record<string, string> };

/** Waits (at most 5 s) until the servers use under 5 % of a CPU over 200 ms: the work they were given is done. */
async function quiet(pids: number[]) {
  const until = Date.now() + 5000;
  let last = serversCpuMs(pids);
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 200));
    const now = serversCpuMs(pids);
    if (now - last < 10) return;
    last = now;
  }
}

function run(target: Target, connections: number, seconds: number, onResponse?: (status: number, ms: number) => void) {
  // Without a callback autocannon answers its tracker, an EventEmitter that is also thenable.
  const instance = autocannon({
    url: target.url,
    headers: target.headers,
    connections,
    duration: seconds,
  }) as unknown as Promise<autocannon.Result> & EventEmitter;
  if (onResponse)
    instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => onResponse(status, ms));
  return instance;
}

/**
 * Throughput of several targets measured in turns: a warm-up of each, then `rounds` slices of
 * `seconds / rounds` per target, one target after the other, round after round. The figures that
 * matter are ratios between targets (a page against the minimal route), and this machine's speed
 * drifts while a benchmark runs (other work, a host taking CPU back); in turns, every target sees
 * the same drift. Latency percentiles are over every answer of every slice; the share of CPU the
 * host took during a target's slices is reported so that a disturbed run can be told apart.
 */
export async function loadInTurns<T extends string>(
  targets: Record<T, Target>,
  opts: {
    connections: number;
    seconds: number;
    rounds: number;
    warmupSeconds: number;
    pids: number[];
    log?: (line: string) => void;
  },
): Promise<Record<T, LoadFigures>> {
  const names = Object.keys(targets) as T[];
  for (const t of names) await run(targets[t], opts.connections, opts.warmupSeconds);
  const acc = Object.fromEntries(
    names.map((t) => [
      t,
      { requests: 0, seconds: 0, non2xx: 0, errors: 0, cpu: 0, steal: 0, ticks: 0, times: [] as number[] },
    ]),
  ) as Record<
    T,
    {
      requests: number;
      seconds: number;
      non2xx: number;
      errors: number;
      cpu: number;
      steal: number;
      ticks: number;
      times: number[];
    }
  >;
  const slice = opts.seconds / opts.rounds;
  await quiet(opts.pids);
  for (let round = 1; round <= opts.rounds; round++) {
    for (const t of names) {
      const a = acc[t];
      const cpuBefore = serversCpuMs(opts.pids);
      const hostBefore = hostTicks();
      const r = await run(targets[t], opts.connections, slice, (_status, ms) => a.times.push(ms));
      const hostAfter = hostTicks();
      a.cpu += serversCpuMs(opts.pids) - cpuBefore;
      a.steal += hostAfter.steal - hostBefore.steal;
      a.ticks += hostAfter.total - hostBefore.total;
      a.requests += r.requests.total;
      a.seconds += r.duration;
      a.non2xx += r.non2xx;
      a.errors += r.errors + r.timeouts;
      // autocannon stops at its time with requests still in flight; the servers finish them before
      // the next target's slice starts, or they would slow that target down.
      await quiet(opts.pids);
    }
    opts.log?.(
      `  round ${round}/${opts.rounds}: ${names.map((t) => `${t} ${acc[t].requests}`).join(", ")} answers so far`,
    );
  }
  return Object.fromEntries(
    names.map((t) => {
      const a = acc[t];
      const sorted = a.times.sort((x, y) => x - y);
      const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
      const figures: LoadFigures = {
        cpuMsPerRequest: Math.round((a.cpu / Math.max(1, a.requests)) * 100) / 100,
        rps: Math.round(a.requests / Math.max(0.001, a.seconds)),
        p50: at(0.5),
        p99: at(0.99),
        requests: a.requests,
        non2xx: a.non2xx,
        errors: a.errors,
        hostStealPct: Math.round((a.steal / Math.max(1, a.ticks)) * 1000) / 10,
      };
      return [t, figures];
    }),
  ) as Record<T, LoadFigures>;
}

/**
 * Median and 99th percentile (ms, 0.01 precision) of `samples` sequential GETs of each target,
 * after `warmup` more: one kept-alive connection per target, the targets asked in turn, one
 * request each, so a drift of the machine's speed weighs on every target alike.
 */
export async function latencyInTurns(
  targets: Target[],
  samples: number,
  warmup = 50,
): Promise<{ p50: number; p99: number }[]> {
  const agents = targets.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const once = (i: number) =>
    new Promise<number>((resolve, reject) => {
      const { url, headers } = targets[i];
      const start = process.hrtime.bigint();
      const req = http.get(url, { agent: agents[i], headers }, (res) => {
        res.resume();
        res.on("end", () => {
          if ((res.statusCode ?? 0) >= 300) reject(new Error(`${url}: ${res.statusCode}`));
          else resolve(Number(process.hrtime.bigint() - start) / 1e6);
        });
      });
      req.on("error", reject);
    });
  try {
    for (let n = 0; n < warmup; n++) for (let i = 0; i < targets.length; i++) await once(i);
    const times = targets.map(() => [] as number[]);
    for (let n = 0; n < samples; n++) for (let i = 0; i < targets.length; i++) times[i].push(await once(i));
    return times.map((t) => {
      t.sort((a, b) => a - b);
      const at = (q: number) => Math.round(t[Math.min(t.length - 1, Math.floor(q * t.length))] * 100) / 100;
      return { p50: at(0.5), p99: at(0.99) };
    });
  } finally {
    for (const agent of agents) agent.destroy();
  }
}

/** What one answer costs on the wire: its body's bytes as sent (compressed when the headers accept it), and their encoding. */
export type WireSize = { bytes: number; encoding: string };

/** One GET of `target` with its headers (a browser's: gzip accepted), its body counted as it arrives, not decoded. */
export function wireSize(target: Target): Promise<WireSize> {
  return new Promise((resolve, reject) => {
    const req = http.get(target.url, { headers: target.headers }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on("end", () => {
        if (res.statusCode !== 200) reject(new Error(`${target.url}: ${res.statusCode}`));
        else resolve({ bytes, encoding: String(res.headers["content-encoding"] ?? "identity") });
      });
    });
    req.on("error", reject);
  });
}
