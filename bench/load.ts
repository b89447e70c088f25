/**
 * Load and latency measurements. Throughput: autocannon at a fixed concurrency for a fixed time,
 * after a short warm-up (JIT, caches, SQLite pages), every answer expected to be 2xx. Latency of
 * one call: sequential requests on a kept-alive connection timed with hrtime (autocannon's
 * histogram counts whole milliseconds, too coarse for a 2 ms API call).
 */
import fs from "node:fs";
import http from "node:http";
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
};

/** CPU time a process has used so far, in ms (utime + stime of /proc/<pid>/stat, in clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Headers a browser sends for a page: HTML wanted, gzip accepted (remix-serve compresses). */
export const BROWSER = { accept: "text/html,application/xhtml+xml", "accept-encoding": "gzip, deflate", "user-agent": "lms-bench" };
export const JSON_CALL = { accept: "application/json", "accept-encoding": "gzip, deflate", "user-agent": "lms-bench" };

function run(url: string, headers: Record<string, string>, connections: number, seconds: number) {
  return autocannon({ url, headers, connections, duration: seconds });
}

export async function load(
  url: string,
  headers: Record<string, string>,
  opts: { connections: number; seconds: number; warmupSeconds: number; pids: number[] },
): Promise<LoadFigures> {
  await run(url, headers, opts.connections, opts.warmupSeconds);
  const cpuBefore = opts.pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const r = await run(url, headers, opts.connections, opts.seconds);
  const cpu = opts.pids.reduce((sum, pid) => sum + cpuMs(pid), 0) - cpuBefore;
  return {
    cpuMsPerRequest: Math.round((cpu / Math.max(1, r.requests.total)) * 100) / 100,
    rps: Math.round(r.requests.total / r.duration),
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** Median and 99th percentile (ms, 0.01 precision) of `samples` sequential GETs after `warmup` more. */
export async function latency(url: string, headers: Record<string, string>, samples: number, warmup = 50): Promise<{ p50: number; p99: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const start = process.hrtime.bigint();
      const req = http.get(url, { agent, headers }, (res) => {
        res.resume();
        res.on("end", () => {
          if ((res.statusCode ?? 0) >= 300) reject(new Error(`${url}: ${res.statusCode}`));
          else resolve(Number(process.hrtime.bigint() - start) / 1e6);
        });
      });
      req.on("error", reject);
    });
  try {
    for (let i = 0; i < warmup; i++) await once();
    const times: number[] = [];
    for (let i = 0; i < samples; i++) times.push(await once());
    times.sort((a, b) => a - b);
    const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 100) / 100;
    return { p50: at(0.5), p99: at(0.99) };
  } finally {
    agent.destroy();
  }
}
