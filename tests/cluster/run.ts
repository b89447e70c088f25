/**
 * Several processes, proven (issue 35 §5, docs/decisions/096): two APIs and two dashboards, each
 * under the product's supervisor (`scripts/start.ts --api|--dashboard`), on one PostgreSQL and the
 * S3-compatible store, behind HAProxy running deploy/haproxy.cfg (README "Running several
 * processes"). Signed-in visitors browse and post create forms through the balancer while one API
 * (the one running an import) and one dashboard are killed with SIGKILL; a resumable upload goes
 * half to one API and half through the balancer. Then:
 * - no acknowledged write lost, no duplicate (each create form's idempotency key), every page read
 *   answered;
 * - the import, whose process died under it, run to its end once, by another process;
 * - the upload whole; the sign-in limit per address counted once across both APIs;
 * - the killed processes back (their supervisors restarted them).
 *
 * `tsx tests/cluster/run.ts` with TEST_DATABASE_URL (a PostgreSQL superuser URL; .ci/run sets
 * it), haproxy, ss and python3-swift installed, and the dashboard built (`npm run build`).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import pg from "pg";
import { CSRF_COOKIE, CSRF_HEADER } from "../../contract/http";
import { createDb } from "../../api/db/index";
import { ROUND_LEASE_MS } from "../../api/assignment/round-lease";
import { withDatabase } from "../api/seeded-template";
import { S3_CREDENTIALS, startObjectStore } from "../api/s3-kit";
import { listenerPid, sleep, startProcess, stopProcess, waitFor, type Proc } from "./processes";
import { hiddenFields, Visitor } from "./visitor";

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://lms_ci:lms_ci@127.0.0.1:5432/postgres";
/** deploy/haproxy.cfg's ports, shifted so a developer's own `npm start` (3000, 8000) is left alone. */
const SHIFT = 20_000;
const port = (p: number) => p + SHIFT;
const PASSWORD = `Cluster-${crypto.randomBytes(4).toString("hex")}9a!`;
const LOGIN_LIMIT = 20;
const VISITORS = 4;
const LOAD_MS = 30_000;
const IMPORT_ROWS = 4_000;
const tsx = path.resolve("node_modules/.bin/tsx");

const findings: { check: string; ok: boolean; detail: string }[] = [];
const check = (name: string, ok: boolean, detail: string) => findings.push({ check: name, ok, detail });
const procs: Proc[] = [];
const work = fs.mkdtempSync(path.join(os.tmpdir(), "lms-cluster-"));
const dbName = `lms_cluster_${crypto.randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });

async function main() {
  // —— The shared parts: one PostgreSQL database, one bucket, the secrets from the environment.
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const DATABASE_URL = withDatabase(ADMIN_URL, dbName);
  const store = await startObjectStore(path.join(work, "s3"));
  procs.push({ name: "s3", child: store.child, output: [] });
  const endpoint = `http://127.0.0.1:${store.port}`;
  const s3 = new S3Client({
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: S3_CREDENTIALS,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  await s3.send(new CreateBucketCommand({ Bucket: "lms-cluster" }));
  s3.destroy();
  const shared: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL,
    LMS_SECRET_KEY: crypto.randomBytes(32).toString("hex"),
    DASHBOARD_SECRET: crypto.randomBytes(32).toString("hex"),
    LMS_RELAY_SECRET: crypto.randomBytes(32).toString("hex"),
    S3_BUCKET: "lms-cluster",
    S3_ENDPOINT: endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
    LOGIN_LIMIT_PER_ADDRESS: String(LOGIN_LIMIT),
    // Both schedulers look every 2 s, so the two APIs race for a due round within the test.
    ASSIGNMENT_TICK_MS: "2000",
    DRAIN_DELAY_MS: "3000",
    DEMO_PASSWORD: PASSWORD,
  };
  // —— Migrate once, seed the demo on purpose (README: a start never seeds PostgreSQL).
  for (const step of ["migrate", "seed"]) {
    const r = spawnSync(tsx, ["api/db/cli.ts", step], {
      env: { ...shared, DATA_DIR: path.join(work, "seed") },
      encoding: "utf8",
    });
    if (r.status !== 0) throw new Error(`npm run ${step} failed: ${r.stdout}${r.stderr}`);
  }
  // —— Two of each, each with a data directory of its own (nothing shared by disk), and the balancer.
  for (const [i, p] of [8001, 8002].entries())
    procs.push(
      startProcess(`api${i + 1}`, tsx, ["scripts/start.ts", "--api"], {
        ...shared,
        API_PORT: String(port(p)),
        DATA_DIR: path.join(work, `api${i + 1}`),
      }),
    );
  // One dashboard after the other: a start rebuilds a stale build first, and two would write build/ at once.
  for (const [i, p] of [3001, 3002].entries()) {
    procs.push(
      startProcess(`dashboard${i + 1}`, tsx, ["scripts/start.ts", "--dashboard"], {
        ...shared,
        PORT: String(port(p)),
        LMS_API_URL: `http://127.0.0.1:${port(8000)}`,
        DATA_DIR: path.join(work, `dashboard${i + 1}`),
      }),
    );
    await waitFor(`http://127.0.0.1:${port(p)}/dashboard/health/ready`, 300_000);
  }
  const cfg = fs
    .readFileSync("deploy/haproxy.cfg", "utf8")
    .replace(/127\.0\.0\.1:(\d+)/g, (_, p) => `127.0.0.1:${port(Number(p))}`);
  fs.writeFileSync(path.join(work, "haproxy.cfg"), cfg);
  procs.push(startProcess("haproxy", "haproxy", ["-db", "-f", path.join(work, "haproxy.cfg")], process.env));
  for (const p of [8001, 8002]) await waitFor(`http://127.0.0.1:${port(p)}/api/health/ready/`, 90_000);
  await waitFor(`http://127.0.0.1:${port(3000)}/dashboard/health/ready`, 10_000);
  const dashboard = `http://127.0.0.1:${port(3000)}`;
  const apiBase = `http://127.0.0.1:${port(8000)}`;
  const db = createDb({ databaseUrl: DATABASE_URL }).db;
  try {
    const refs = {
      category: (await db.selectFrom("category").select("id").orderBy("id").executeTakeFirstOrThrow()).id,
      provider: (await db.selectFrom("provider").select("id").orderBy("id").executeTakeFirstOrThrow()).id,
    };
    // —— Signed in through the balancer, as the sign-in page posts.
    const visitors = await Promise.all(Array.from({ length: VISITORS }, () => signIn(new Visitor(dashboard))));
    const apiAdmin = await apiSignIn(new Visitor(apiBase));
    const signIns = VISITORS + 1;

    // —— The sign-in limit per address, counted once for both APIs (round robin: a per-process count would let twice through).
    const refused: number[] = [];
    for (let i = 0; i < 30; i++)
      refused.push((await apiLogin(new Visitor(apiBase), `nobody.${i}`, "Wrong-password-1")).status);
    const through = refused.filter((s) => s !== 429).length;
    check(
      "sign-in limit across processes",
      through >= LOGIN_LIMIT - signIns && through <= LOGIN_LIMIT && refused.at(-1) === 429,
      `${through} of 30 bad sign-ins answered before 429 (limit ${LOGIN_LIMIT} a minute per address, ${signIns} sign-ins before)`,
    );

    // —— The load, and the faults during it.
    const stopAt = Date.now() + LOAD_MS;
    const reads = { ok: 0, failed: [] as string[] };
    const creates: { name: string; acknowledged: number | null; attempts: number }[] = [];
    const load = visitors.map((v, n) => browse(v, n, stopAt, refs, reads, creates));
    const importRun = importUnderKill(db, apiAdmin);
    const dashboardKill = (async () => {
      await sleep(8_000);
      const pid = listenerPid(port(3001));
      if (pid) process.kill(pid, "SIGKILL");
      return pid;
    })();
    const upload = resumableUpload(db, apiBase, apiAdmin);
    const round = dueRound(db, apiAdmin);
    await Promise.all(load);
    const killedDashboard = await dashboardKill;
    check(
      "a dashboard killed mid-load",
      killedDashboard !== null,
      `dashboard1 pid ${killedDashboard} killed with SIGKILL 8 s into the load`,
    );
    check(
      "every page read answered",
      reads.failed.length === 0 && reads.ok > 0,
      `${reads.ok} answered 200, ${reads.failed.length} not${reads.failed.length ? `: ${reads.failed.slice(0, 5).join("; ")}` : ""}`,
    );
    const acked = creates.filter((c) => c.acknowledged !== null);
    const lost: string[] = [];
    const duplicates: string[] = [];
    for (const c of creates) {
      const rows = await db.selectFrom("course").select("id").where("name", "=", c.name).execute();
      if (rows.length > 1) duplicates.push(`${c.name} ×${rows.length}`);
      if (c.acknowledged !== null && !rows.some((r) => r.id === c.acknowledged)) lost.push(c.name);
    }
    const resent = creates.filter((c) => c.attempts > 1).length;
    check(
      "no acknowledged write lost",
      lost.length === 0 && acked.length > 0,
      `${acked.length} of ${creates.length} creates acknowledged, ${lost.length} lost${lost.length ? `: ${lost.slice(0, 5).join(", ")}` : ""}`,
    );
    check(
      "no duplicate",
      duplicates.length === 0 && resent >= VISITORS,
      `${resent} form posts sent again after an error, ${duplicates.length} duplicated${duplicates.length ? `: ${duplicates.join(", ")}` : ""}`,
    );
    const imported = await importRun;
    check("the import run once, by another process", imported.ok, imported.detail);
    const ran = await round;
    check("a due round run once by the two schedulers", ran.ok, ran.detail);
    const uploaded = await upload;
    check("a resumable upload across processes", uploaded.ok, uploaded.detail);
    // —— The killed processes are back: their supervisors restarted them.
    for (const p of [3001, 8001, 8002])
      await waitFor(
        `http://127.0.0.1:${port(p)}/${p < 8000 ? "dashboard/health/ready" : "api/health/ready/"}`,
        60_000,
      ).catch(() => undefined);
    const back = [3001, 3002, 8001, 8002].every((p) => listenerPid(port(p)) !== null);
    check(
      "killed processes restarted by their supervisors",
      back,
      back ? "all four listening again" : "a process is not back",
    );
  } finally {
    await db.destroy();
  }
}

/** GET the sign-in page, post its form; the visitor holds a session. */
async function signIn(v: Visitor): Promise<Visitor> {
  const page = await v.get("/dashboard/account/signin");
  const res = await v.postForm("/dashboard/account/signin", {
    ...hiddenFields(page.text),
    username: "admin",
    password: PASSWORD,
  });
  if (res.status !== 302) throw new Error(`dashboard sign-in answered ${res.status}: ${res.text.slice(0, 300)}`);
  return v;
}

/** A sign-in on the API itself (its CSRF cookie echoed), as a script would. */
async function apiLogin(v: Visitor, username: string, password: string) {
  if (!v.cookies.has(CSRF_COOKIE)) await v.get("/api/account/is-authenticated/");
  return v.send("POST", "/api/dashboard/account/login/", JSON.stringify({ username, password }), {
    "content-type": "application/json",
    [CSRF_HEADER]: v.cookies.get(CSRF_COOKIE) ?? "",
  });
}
async function apiSignIn(v: Visitor): Promise<Visitor> {
  const res = await apiLogin(v, "admin", PASSWORD);
  if (res.status !== 200) throw new Error(`API sign-in answered ${res.status}: ${res.text.slice(0, 300)}`);
  return v;
}

/**
 * One visitor's load until `stopAt`: the course list, the create page, its form posted with a new
 * course. A post that got no answer or an error page is sent again as it was (the same fields,
 * so the same idempotency key), as a user resubmits; a 302 to the new course acknowledges it. The
 * first post's answer is always lost, so every run sends some again.
 */
async function browse(
  v: Visitor,
  n: number,
  stopAt: number,
  refs: { category: number; provider: number },
  reads: { ok: number; failed: string[] },
  creates: { name: string; acknowledged: number | null; attempts: number }[],
) {
  let serial = 0;
  const read = async (path: string) => {
    const res = await v.get(path);
    if (res.status === 200) reads.ok++;
    else reads.failed.push(`${path} ${res.status}`);
    return res;
  };
  while (Date.now() < stopAt) {
    await read("/dashboard/course");
    const form = await read("/dashboard/course/create");
    if (form.status !== 200) continue;
    serial++;
    const name = `Cluster ${process.pid}-${n}-${serial}`;
    const fields = {
      ...hiddenFields(form.text, "content-create"),
      name,
      code: `K${n}${serial}${crypto.randomBytes(2).toString("hex")}`.slice(0, 12),
      category: String(refs.category),
      provider: String(refs.provider),
    };
    const create = { name, acknowledged: null as number | null, attempts: 0 };
    creates.push(create);
    for (let attempt = 1; attempt <= 8; attempt++) {
      create.attempts = attempt;
      // Each visitor's first create loses its answer (the connection drops 40 ms after the post), as a killed process would make it.
      const res = await v.postForm("/dashboard/course/create", fields, serial === 1 && attempt === 1 ? 40 : undefined);
      const id = res.status === 302 ? /\/dashboard\/course\/(\d+)\//.exec(res.location ?? "")?.[1] : undefined;
      if (id) {
        create.acknowledged = Number(id);
        break;
      }
      if (res.status === 400) throw new Error(`create refused: ${res.text.slice(0, 500)}`);
      await sleep(500);
    }
  }
}

/**
 * A user import of IMPORT_ROWS new accounts; the API process that claims it is killed with
 * SIGKILL while it runs (its pid is in the job's lease). Another process takes the job up when the
 * lease lapses and runs it to the end from the stored file: every account once.
 */
async function importUnderKill(
  db: ReturnType<typeof createDb>["db"],
  v: Visitor,
): Promise<{ ok: boolean; detail: string }> {
  const tag = crypto.randomBytes(3).toString("hex");
  const header = [
    "username",
    "email",
    "first_name",
    "last_name",
    "gender",
    "department",
    "level",
    "supervisor",
    "id_card",
    "password",
  ];
  const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => [
    `cl${tag}.${i}`,
    `cl${tag}.${i}@example.test`,
    "Cluster",
    `Person ${i}`,
    "female",
    "HR",
    "L2",
    "",
    "",
    "",
  ]);
  const csv = [header, ...rows].map((r) => r.join(",")).join("\r\n");
  const boundary = "----lmsClusterBoundary";
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="mode"\r\n\r\nvalid_rows\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cluster.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  await sleep(2_000);
  const res = await v.send("POST", "/api/dashboard/user/import/", body, {
    "content-type": `multipart/form-data; boundary=${boundary}`,
    [CSRF_HEADER]: v.cookies.get(CSRF_COOKIE) ?? "",
  });
  if (res.status !== 202) return { ok: false, detail: `upload answered ${res.status}: ${res.text.slice(0, 200)}` };
  const id = (JSON.parse(res.text) as { id: number }).id;
  const job = () =>
    db
      .selectFrom("import_history")
      .select(["status", "lease_holder", "attempts", "count_created", "percent"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  let killed: string | null = null;
  for (let i = 0; i < 400 && !killed; i++) {
    const j = await job();
    if (j.status !== 2)
      return {
        ok: false,
        detail: `the import ended (${j.status}) before its process could be killed: raise IMPORT_ROWS`,
      };
    const pid = j.lease_holder ? Number(/:(\d+)\//.exec(j.lease_holder)?.[1]) : NaN;
    if (pid) {
      process.kill(pid, "SIGKILL");
      killed = `${j.lease_holder} at ${j.percent} %`;
    } else await sleep(25);
  }
  if (!killed) return { ok: false, detail: "no process claimed the import" };
  const until = Date.now() + 120_000;
  let j = await job();
  while (j.status === 2 && Date.now() < until) {
    await sleep(500);
    j = await job();
  }
  const accounts = await db
    .selectFrom("account")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("username", "like", `cl${tag}.%`)
    .executeTakeFirstOrThrow();
  const ok =
    j.status === 3 && j.attempts === 2 && Number(j.count_created) === IMPORT_ROWS && Number(accounts.n) === IMPORT_ROWS;
  return {
    ok,
    detail: `holder ${killed} killed; then status ${j.status}, claims ${j.attempts}, ${j.count_created} created, ${accounts.n} accounts of ${IMPORT_ROWS}`,
  };
}

/**
 * An auto-assignment of a course to a seeded group, made through the API and due at once: both
 * APIs' schedulers race for its round; one claims it, and every member is assigned once.
 */
async function dueRound(db: ReturnType<typeof createDb>["db"], v: Visitor): Promise<{ ok: boolean; detail: string }> {
  const json = (method: string, path: string, body: unknown) =>
    v.send(method, `/api/dashboard/auto-assignment/${path}`, JSON.stringify(body), {
      "content-type": "application/json",
      [CSRF_HEADER]: v.cookies.get(CSRF_COOKIE) ?? "",
    });
  const group = await db
    .selectFrom("account_group_member")
    .select(["group_id", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("group_id")
    .orderBy("n", "desc")
    .executeTakeFirstOrThrow();
  const course = (await db.selectFrom("course").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  const courseType = (
    await db.selectFrom("content_type").select("id").where("code", "=", "course").executeTakeFirstOrThrow()
  ).id;
  const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10); // the organisation's day (Asia/Bangkok)
  const made = await json("POST", "", { type: 1, name: `Cluster round ${process.pid}`, date_start: today });
  if (made.status !== 201) return { ok: false, detail: `create answered ${made.status}: ${made.text.slice(0, 200)}` };
  const id = (JSON.parse(made.text) as { id: number }).id;
  const content = await json("POST", `${id}/content/`, { content_type_id: courseType, content_list: [course] });
  const audience = await json("PUT", `${id}/audience/`, { group_list: [group.group_id] });
  if (content.status >= 300 || audience.status >= 300)
    return { ok: false, detail: `content ${content.status}, audience ${audience.status}` };
  // Due now whatever the hour (a round of today is due from the morning on) — unless a scheduler has
  // already taken its first round: made due again, it would rightly run a second one.
  await db
    .updateTable("assignment")
    .set({ datetime_next_round: new Date(Date.now() - 1_000).toISOString() })
    .where("id", "=", id)
    .where((eb) => eb.not(eb.exists(eb.selectFrom("assignment_round").select("id").where("assignment_id", "=", id))))
    .execute();
  // Done in a second or two — unless the API holding it is the one the import check kills mid-round
  // (both run at once): then the other takes it over when its lease runs out (docs/decisions/089),
  // which this waits for too, and the members are still assigned once.
  const until = Date.now() + ROUND_LEASE_MS + 60_000;
  let rounds = await db
    .selectFrom("assignment_round")
    .select(["id", "status", "lease_holder", "count_added"])
    .where("assignment_id", "=", id)
    .execute();
  while (!(rounds.length && rounds.every((r) => r.status === 2)) && Date.now() < until) {
    await sleep(500);
    rounds = await db
      .selectFrom("assignment_round")
      .select(["id", "status", "lease_holder", "count_added"])
      .where("assignment_id", "=", id)
      .execute();
  }
  const results = await db
    .selectFrom("assignment_result")
    .select("account_id")
    .where("assignment_id", "=", id)
    .execute();
  const once = new Set(results.map((r) => r.account_id)).size === results.length;
  // Its due round and, after 08:00 in the organisation's zone, the morning refresh: each run once, each member assigned once.
  const ok = rounds.length >= 1 && rounds.every((r) => r.status === 2) && once && results.length === Number(group.n);
  return {
    ok,
    detail: `${rounds.length} round(s), status ${rounds.map((r) => r.status).join(",")}, by ${rounds[0]?.lease_holder ?? "nobody"}; ${results.length} result lines for ${group.n} members, each once: ${once}`,
  };
}

/** A tus upload: half sent, then the rest after asking the offset, each call to whichever API the balancer picks. */
async function resumableUpload(
  db: ReturnType<typeof createDb>["db"],
  apiBase: string,
  v: Visitor,
): Promise<{ ok: boolean; detail: string }> {
  await sleep(12_000);
  // A PDF as the document kind expects (its type is checked from its first bytes), 3 MiB of it.
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");
  const data = Buffer.concat([pdf, Buffer.alloc(3 * 1024 * 1024 - pdf.length, 0x20)]);
  const tus = { "tus-resumable": "1.0.0", [CSRF_HEADER]: v.cookies.get(CSRF_COOKIE) ?? "" };
  const meta = Object.entries({ filename: "cluster.pdf", kind: "document" })
    .map(([k, val]) => `${k} ${Buffer.from(val).toString("base64")}`)
    .join(",");
  const created = await v.send("POST", "/api/dashboard/upload/", undefined, {
    ...tus,
    "upload-length": String(data.length),
    "upload-metadata": meta,
  });
  if (created.status !== 201 || !created.location)
    return { ok: false, detail: `create answered ${created.status}: ${created.text.slice(0, 200)}` };
  const url = new URL(created.location, apiBase).pathname;
  const patch = (from: number, to: number) =>
    v.send("PATCH", url, data.subarray(from, to), {
      ...tus,
      "content-type": "application/offset+octet-stream",
      "upload-offset": String(from),
    });
  const first = await patch(0, data.length / 2);
  const head = await v.send("HEAD", url, undefined, tus);
  const offset = Number(head.headers?.get("upload-offset") ?? -1);
  const rest = await patch(offset, data.length);
  const ok = first.status === 204 && rest.status === 204 && offset === data.length / 2;
  const stored = await db
    .selectFrom("upload")
    .select(["status", "bytes_received", "size"])
    .where("id", "=", url.split("/").filter(Boolean).pop()!)
    .executeTakeFirst();
  const whole = ok && stored?.bytes_received === data.length;
  return {
    ok: whole,
    detail: `3 MiB: first half ${first.status}, offset asked again ${offset}, rest ${rest.status}${rest.status === 204 ? "" : ` ${rest.text.slice(0, 200)}`}; stored ${stored?.bytes_received} bytes (${stored?.status})`,
  };
}
const started = Date.now();
let failed = false;
try {
  await main();
} catch (err) {
  failed = true;
  console.error(`several processes: ${(err as Error)?.stack ?? err}`);
} finally {
  // The balancer first (no new work), then every process at once: each drains for DRAIN_DELAY_MS.
  const balancer = procs.find((p) => p.name === "haproxy");
  if (balancer) await stopProcess(balancer).catch(() => undefined);
  await Promise.all(procs.map((p) => stopProcess(p).catch(() => undefined)));
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
  for (const f of findings) console.log(`${f.ok ? "ok  " : "FAIL"} ${f.check}: ${f.detail}`);
  failed ||= findings.some((f) => !f.ok) || findings.length === 0;
  if (failed) for (const p of procs) console.log(p.output.slice(-30).join("\n"));
  fs.rmSync(work, { recursive: true, force: true });
  console.log(`several processes: ${failed ? "FAILED" : "passed"} in ${Math.round((Date.now() - started) / 1000)} s`);
  process.exit(failed ? 1 : 0);
}
