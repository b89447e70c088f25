/**
 * The figures of one run, the budgets they are held to (bench/budgets.json) and the one table
 * that shows both.
 */
import type { BundleFigures } from "./bundle";
import type { LoadFigures } from "./load";

export type Budgets = {
  jsGzipKbPerPageKind: number;
  serverOnlyPackagesInClient: number;
  listThroughputVsMinimal: number;
  p99OverP50: number;
  listLatency1MOver10k: number;
};

export const TARGETS = {
  minimal: "minimal Remix route",
  list: "course list, 50 rows",
  detail: "course detail tab",
  api: "API list call",
} as const;
export type Target = keyof typeof TARGETS;

export type Figures = {
  at: string;
  machine: { nproc: number; cpu: string; memoryGb: number; node: string };
  options: { users: number; courses: number; seconds: number; connections: number; rounds?: number };
  seedSeconds: number;
  load: Record<Target, LoadFigures & { url: string }>;
  bundle: BundleFigures;
  scaling: { small: { rows: number; p50: number; p99: number }; large: { rows: number; p50: number; p99: number }; ratio: number };
  memoryMb: { api: number; dashboard: number };
  /** Milliseconds a one-row SQLite commit takes, synchronous NORMAL against FULL (what the API runs). */
  sqliteCommit?: { normalMs: number; fullMs: number; commits: number };
};

export type Verdict = { what: string; ok: boolean; detail: string };

const kb = (bytes: number) => bytes / 1000;
const fmt = (n: number, digits = 0) => n.toLocaleString("en-GB", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ratio = (f: Figures, t: Target) => f.load[t].rps / Math.max(1, f.load.minimal.rps);

/** Every budget, checked against one run's figures. */
export function verdicts(f: Figures, b: Budgets): Verdict[] {
  const out: Verdict[] = [];
  for (const [kind, page] of Object.entries(f.bundle.pages)) {
    out.push({ what: `JS of ${kind} page`, ok: kb(page.gzipBytes) <= b.jsGzipKbPerPageKind, detail: `${fmt(kb(page.gzipBytes), 1)} KB ≤ ${b.jsGzipKbPerPageKind} KB` });
  }
  out.push({
    what: "server-only packages in client chunks",
    ok: f.bundle.serverOnly.length <= b.serverOnlyPackagesInClient,
    detail: f.bundle.serverOnly.length ? f.bundle.serverOnly.map((p) => `${p.name} (${p.files.join(", ")})`).join("; ") : "none",
  });
  out.push({ what: "list throughput vs minimal route", ok: ratio(f, "list") >= b.listThroughputVsMinimal, detail: `${fmt(ratio(f, "list") * 100)} % ≥ ${fmt(b.listThroughputVsMinimal * 100)} %` });
  for (const t of Object.keys(TARGETS) as Target[]) {
    const l = f.load[t];
    out.push({ what: `answers of ${TARGETS[t]}`, ok: l.non2xx === 0 && l.errors === 0 && l.requests > 0, detail: `${l.non2xx} not 2xx, ${l.errors} errors` });
    out.push({ what: `p99 of ${TARGETS[t]}`, ok: l.p99 <= b.p99OverP50 * l.p50, detail: `${l.p99} ms ≤ ${b.p99OverP50} × ${l.p50} ms` });
  }
  out.push({ what: "list latency, 1 M rows vs 10 k", ok: f.scaling.ratio <= b.listLatency1MOver10k, detail: `× ${fmt(f.scaling.ratio, 2)} ≤ × ${b.listLatency1MOver10k}` });
  return out;
}

/** The one table: every figure of the run, with its budget where it has one. */
export function table(f: Figures, b: Budgets): string {
  const ok = (pass: boolean) => (pass ? "ok" : "**MISS**");
  const rows: string[][] = [];
  for (const t of Object.keys(TARGETS) as Target[]) {
    const l = f.load[t];
    const r = ratio(f, t);
    const budget = t === "list" ? `≥ ${fmt(b.listThroughputVsMinimal * 100)} % · p99 ≤ ${b.p99OverP50}×p50` : `p99 ≤ ${b.p99OverP50}×p50`;
    const pass = l.p99 <= b.p99OverP50 * l.p50 && l.non2xx === 0 && l.errors === 0 && (t !== "list" || r >= b.listThroughputVsMinimal);
    rows.push([`${TARGETS[t]} (${l.url})`, `${fmt(l.rps)} req/s · ${t === "minimal" ? "100" : fmt(r * 100)} % · p50 ${l.p50} ms · p99 ${l.p99} ms · CPU ${fmt(l.cpuMsPerRequest, 1)} ms/req`, budget, ok(pass)]);
  }
  for (const [kind, page] of Object.entries(f.bundle.pages)) {
    rows.push([`JS of ${kind} page (gzip)`, `${fmt(kb(page.gzipBytes), 1)} KB in ${page.files} files`, `≤ ${b.jsGzipKbPerPageKind} KB`, ok(kb(page.gzipBytes) <= b.jsGzipKbPerPageKind)]);
  }
  const leaks = f.bundle.serverOnly.map((p) => p.name).join(", ") || "none";
  rows.push(["server-only packages in client chunks", leaks, "none", ok(f.bundle.serverOnly.length <= b.serverOnlyPackagesInClient)]);
  const s = f.scaling;
  rows.push([
    `API list p50, ${fmt(s.small.rows)} → ${fmt(s.large.rows)} rows`,
    `${fmt(s.small.p50, 2)} ms → ${fmt(s.large.p50, 2)} ms (× ${fmt(s.ratio, 2)})`,
    `≤ × ${b.listLatency1MOver10k}`,
    ok(s.ratio <= b.listLatency1MOver10k),
  ]);
  if (f.sqliteCommit) {
    const c = f.sqliteCommit;
    rows.push(["SQLite commit, synchronous NORMAL → FULL", `${fmt(c.normalMs, 3)} ms → ${fmt(c.fullMs, 3)} ms (× ${fmt(c.fullMs / Math.max(0.001, c.normalMs), 1)}, ${fmt(c.commits)} commits each)`, "", ""]);
  }
  rows.push(["resident memory after the load", `API ${fmt(f.memoryMb.api)} MB · dashboard ${fmt(f.memoryMb.dashboard)} MB`, "", ""]);

  const head = ["measure", "figure", "budget", ""];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  const o = f.options;
  const m = f.machine;
  const steal = Math.max(...Object.values(f.load).map((l) => l.hostStealPct ?? 0));
  return [
    `${fmt(o.users)} users, ${fmt(o.courses)} courses; autocannon, ${o.connections} connections, ${o.seconds} s each in ${o.rounds ?? 1} turns; ` +
      `${m.nproc} × ${m.cpu}, ${m.memoryGb} GB, Node ${m.node}; ${f.at}`,
    "",
    line(head),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map(line),
    ...(steal >= 5 ? ["", `The host took ${fmt(steal, 1)} % of the CPUs during the load (steal): throughput figures are low; their ratios still compare.`] : []),
  ].join("\n");
}
