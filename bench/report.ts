/**
 * The figures of one run, the budgets they are held to (bench/budgets.json) and the tables that
 * show both. Throughput is judged as a share of the bare Remix page's (bench/bare/), measured in
 * the same turns: the framework's own figure on this machine at that moment.
 */
import type { BundleFigures } from "./bundle";
import type { LoadFigures, WireSize } from "./load";

export type Budgets = {
  listThroughputVsBare: number;
  detailThroughputVsBare: number;
  minimalThroughputVsBare: number;
  p99OverP50: number;
  listDocumentGzipKb: number;
  minimalDocumentGzipKb: number;
  jsGzipKbPerPageKind: number;
  serverOnlyPackagesInClient: number;
  dashboardRssMb: number;
  listLatency1MOver10k: number;
};

export const TARGETS = {
  bare: "bare Remix page, 50 rows",
  minimal: "shell-only route",
  list: "course list, 50 rows",
  detail: "course detail tab",
  api: "API list call",
} as const;
export type Target = keyof typeof TARGETS;
/** The dashboard's documents, each compared with the bare page. */
const PAGES: Target[] = ["minimal", "list", "detail"];

export type Figures = {
  at: string;
  machine: { nproc: number; cpu: string; memoryGb: number; node: string };
  options: { users: number; courses: number; seconds: number; connections: number; rounds?: number };
  seedSeconds: number;
  /** Per target: load figures, its path, and one answer's body as the browser gets it (gzip). */
  load: Record<Target, LoadFigures & { url: string; wire: WireSize }>;
  bundle: BundleFigures;
  /** JavaScript of the bare page: React and Remix alone, the floor of every page kind. */
  bareJs: { files: number; gzipBytes: number };
  scaling: {
    small: { rows: number; p50: number; p99: number };
    large: { rows: number; p50: number; p99: number };
    ratio: number;
  };
  memoryMb: { api: number; dashboard: number; bare: number };
  /** Milliseconds a one-row SQLite commit takes, synchronous NORMAL against FULL (what the API runs). */
  sqliteCommit?: { normalMs: number; fullMs: number; commits: number };
};

export type Verdict = { what: string; figure: string; limit: string; ok: boolean };

const kb = (bytes: number) => bytes / 1000;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-GB", { minimumFractionDigits: digits, maximumFractionDigits: digits });
/** A target's throughput as a share of the bare page's. */
export const ofBare = (f: Figures, t: Target) => f.load[t].rps / Math.max(1, f.load.bare.rps);

/**
 * The budgets on bytes (documents on the wire, JS per page kind, server-only packages): the same
 * for the same build and data, so `npm test` holds them too (bench/bytes.ts).
 */
export function byteVerdicts(wire: Record<"list" | "minimal", WireSize>, bundle: BundleFigures, b: Budgets): Verdict[] {
  const out: Verdict[] = [];
  const doc = (t: "list" | "minimal", max: number) => {
    const w = wire[t];
    return {
      what: `${TARGETS[t]}: document, gzip on the wire`,
      figure: `${fmt(kb(w.bytes), 1)} KB ${w.encoding}`,
      limit: `≤ ${max} KB gzip`,
      ok: w.encoding === "gzip" && kb(w.bytes) <= max,
    };
  };
  out.push(doc("list", b.listDocumentGzipKb), doc("minimal", b.minimalDocumentGzipKb));
  for (const [kind, page] of Object.entries(bundle.pages)) {
    out.push({
      what: `JS of ${kind} page (gzip)`,
      figure: `${fmt(kb(page.gzipBytes), 1)} KB in ${page.files} files`,
      limit: `≤ ${b.jsGzipKbPerPageKind} KB`,
      ok: kb(page.gzipBytes) <= b.jsGzipKbPerPageKind,
    });
  }
  out.push({
    what: "server-only packages in client chunks",
    figure: bundle.serverOnly.length
      ? bundle.serverOnly.map((p) => `${p.name} (${p.files.join(", ")})`).join("; ")
      : "none",
    limit: "none",
    ok: bundle.serverOnly.length <= b.serverOnlyPackagesInClient,
  });
  return out;
}

/** Every budget, checked against one run's figures. */
export function verdicts(f: Figures, b: Budgets): Verdict[] {
  const out: Verdict[] = [];
  const failed = (Object.keys(TARGETS) as Target[]).filter(
    (t) => f.load[t].non2xx || f.load[t].errors || !f.load[t].requests,
  );
  out.push({
    what: "every answer 2xx, every target answered",
    figure:
      failed
        .map((t) => `${t}: ${f.load[t].requests} answers, ${f.load[t].non2xx} not 2xx, ${f.load[t].errors} errors`)
        .join("; ") || "yes",
    limit: "yes",
    ok: failed.length === 0,
  });
  const share = (t: Target, min: number) => ({
    what: `${TARGETS[t]}: throughput, share of the bare page's`,
    figure: `${fmt(ofBare(f, t) * 100)} %`,
    limit: `≥ ${fmt(min * 100)} %`,
    ok: ofBare(f, t) >= min,
  });
  out.push(
    share("list", b.listThroughputVsBare),
    share("detail", b.detailThroughputVsBare),
    share("minimal", b.minimalThroughputVsBare),
  );
  for (const t of Object.keys(TARGETS) as Target[]) {
    if (t === "bare") continue;
    const l = f.load[t];
    out.push({
      what: `p99 of ${TARGETS[t]}`,
      figure: `${l.p99} ms (p50 ${l.p50} ms)`,
      limit: `≤ ${b.p99OverP50} × p50`,
      ok: l.p99 <= b.p99OverP50 * l.p50,
    });
  }
  out.push(...byteVerdicts({ list: f.load.list.wire, minimal: f.load.minimal.wire }, f.bundle, b));
  out.push({
    what: "dashboard resident memory after the load",
    figure: `${fmt(f.memoryMb.dashboard)} MB`,
    limit: `≤ ${b.dashboardRssMb} MB`,
    ok: f.memoryMb.dashboard <= b.dashboardRssMb,
  });
  // Issue 34 §3: no more than the framework's own app holds after the same load.
  out.push({
    what: "dashboard resident memory, against the bare app's",
    figure: `${fmt(f.memoryMb.dashboard)} MB`,
    limit: `≤ ${fmt(f.memoryMb.bare)} MB (bare)`,
    ok: f.memoryMb.dashboard <= f.memoryMb.bare,
  });
  const s = f.scaling;
  out.push({
    what: `API list p50, ${fmt(s.small.rows)} → ${fmt(s.large.rows)} rows`,
    figure: `${fmt(s.small.p50, 2)} ms → ${fmt(s.large.p50, 2)} ms (× ${fmt(s.ratio, 2)})`,
    limit: `≤ × ${b.listLatency1MOver10k}`,
    ok: s.ratio <= b.listLatency1MOver10k,
  });
  return out;
}

/** A Markdown table, columns padded. */
function grid(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)];
}

/** The run's tables: each target's load figures, every budget's verdict, and the figures with no budget. */
export function table(f: Figures, b: Budgets): string {
  const load = (Object.keys(TARGETS) as Target[]).map((t) => {
    const l = f.load[t];
    return [
      `${TARGETS[t]} (${l.url})`,
      fmt(l.rps),
      t === "bare" ? "100 %" : PAGES.includes(t) ? `${fmt(ofBare(f, t) * 100)} %` : "—",
      String(l.p50),
      String(l.p99),
      fmt(l.cpuMsPerRequest, 1),
      `${fmt(kb(l.wire.bytes), 1)}${l.wire.encoding === "gzip" ? "" : ` (${l.wire.encoding})`}`,
      fmt(l.hostStealPct ?? 0, 1),
    ];
  });
  const budgets = verdicts(f, b).map((v) => [v.what, v.figure, v.limit, v.ok ? "ok" : "**MISS**"]);
  const other = [
    ["JS of the bare page (gzip): the floor", `${fmt(kb(f.bareJs.gzipBytes), 1)} KB in ${f.bareJs.files} files`],
    [
      "resident memory after the load",
      `API ${fmt(f.memoryMb.api)} MB · dashboard ${fmt(f.memoryMb.dashboard)} MB · bare app ${fmt(f.memoryMb.bare)} MB`,
    ],
  ];
  if (f.sqliteCommit) {
    const c = f.sqliteCommit;
    other.push([
      "SQLite commit, synchronous NORMAL → FULL",
      `${fmt(c.normalMs, 3)} ms → ${fmt(c.fullMs, 3)} ms (× ${fmt(c.fullMs / Math.max(0.001, c.normalMs), 1)}, ${fmt(c.commits)} commits each)`,
    ]);
  }

  const o = f.options;
  const m = f.machine;
  const steal = Math.max(...Object.values(f.load).map((l) => l.hostStealPct ?? 0));
  return [
    `${fmt(o.users)} users, ${fmt(o.courses)} courses; autocannon, ${o.connections} connections, ${o.seconds} s each in ${o.rounds ?? 1} turns; ` +
      `${m.nproc} × ${m.cpu}, ${m.memoryGb} GB, Node ${m.node}; ${f.at}`,
    "",
    ...grid(["target", "req/s", "of bare", "p50 ms", "p99 ms", "CPU ms/req", "answer, gzip KB", "steal %"], load),
    "",
    ...grid(["budget", "figure", "limit", ""], budgets),
    "",
    ...grid(["measure", "figure"], other),
    ...(steal >= 5
      ? [
          "",
          `The host took ${fmt(steal, 1)} % of the CPUs during the load (steal): throughput figures are low; their ratios still compare.`,
        ]
      : []),
  ].join("\n");
}
