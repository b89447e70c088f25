/**
 * `npm run bench`: starts the embedded API on a throw-away database (127.0.0.1 only), loads it with
 * autocannon at concurrency 16 for a fixed time and prints throughput and latency. Figures, not
 * assertions. The full page-kind benchmark and its budgets (bench/budgets.json) grow from here.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { createDb } from "../api/db/index";
import { migrateToLatest } from "../api/db/migrate";
import { seedDemo, seedReference } from "../api/db/seed";
import { buildApi } from "../api/server";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const PASSWORD = "Bench-Pass1!";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lms-bench-"));
const { db, dialect } = createDb({ sqliteFile: path.join(dir, "lms.sqlite") });
await migrateToLatest(db, dialect);
await seedReference(db, new Date());
await seedDemo(db, new Date(), PASSWORD);
const app = await buildApi({ db, now: () => new Date(), secret: "bench-secret", mediaDir: path.join(dir, "media") }, { loginLimits: { perAccountPerMinute: 1e6, perAddressPerMinute: 1e6 } });
const base = await app.listen({ host: "127.0.0.1", port: 0 });

// Sign in once, then replay the session cookie and CSRF token like the dashboard does.
const first = await fetch(`${base}/api/account/is-authenticated/`);
const csrf = first.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => c.startsWith("csrftoken="))!;
const login = await fetch(`${base}/api/account/login/`, {
  method: "POST",
  headers: { "content-type": "application/json", cookie: csrf, "x-csrftoken": csrf.split("=")[1] },
  body: JSON.stringify({ username: "admin", password: PASSWORD }),
});
const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

const targets = [
  { name: "API health (no session)", path: "/api/health/", headers: {} },
  { name: "API profile (signed in)", path: "/api/account/profile/", headers: { cookie } },
  { name: "API permission answer", path: "/api/dashboard/account/permission/", headers: { cookie } },
  { name: "API filter list (category)", path: "/api/dashboard/filter/category/", headers: { cookie } },
];
const rows = [];
for (const t of targets) {
  const r = await autocannon({ url: `${base}${t.path}`, connections: 16, duration: DURATION_S, headers: t.headers });
  rows.push({ target: t.name, "req/s": Math.round(r.requests.average), "p50 ms": r.latency.p50, "p99 ms": r.latency.p99, non2xx: r.non2xx });
}
console.log(`\nLMS API on SQLite, concurrency 16, ${DURATION_S}s each, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "cpu"})`);
console.table(rows);
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(path.join("bench/results", `api-${new Date().toISOString().replace(/[:.]/g, "-")}.json`), JSON.stringify(rows, null, 2));
await app.close();
await db.destroy();
fs.rmSync(dir, { recursive: true, force: true });
