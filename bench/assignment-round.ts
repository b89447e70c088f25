/**
 * `npm run bench:assignment [-- --users 100000] [--chunk 1000] [--check] [--keep-data]`: the
 * auto-assignment round's bench figure of issue 17 §2 ("a round over 100 000 matching users in
 * under 30 s, in constant memory"), not a timed test (docs/decisions/061). Seeds a throw-away
 * SQLite database as the API starts one (migrations, reference data, demo organisation:
 * bench/seed.ts), adds `--users` active accounts and puts them all in one new department, adds
 * one published course (no capacity, no price, no permission rule: everyone gets it) and an
 * auto-assignment whose audience is that department, then runs one round through the real code
 * (runRoundNow, with a context built as the API tests build theirs). Prints the round's seconds
 * and the peak growth of the process's resident memory during it (sampled every 50 ms by a worker
 * thread, which keeps sampling while the main thread is busy in SQLite), and the heap the round
 * leaves after a full collection (with --expose-gc); --check holds them to bench/budgets.json
 * (assignmentRoundSeconds, assignmentRoundRssGrowthMb, assignmentRoundHeapKeptMb) and exits 1 on
 * a miss. Run it at --users 20000 too: the memory figures do not grow with the learners.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import SQLite from "better-sqlite3";
import { ASSIGNMENT_KIND } from "../contract/assignment-codes";
import { runRoundNow } from "../api/assignment/rounds";
import { saveAudience } from "../api/assignment/store";
import { contentTypeId } from "../api/content/ref";
import { createDb } from "../api/db/index";
import { addUsers, prepareSchema } from "./seed";

const { values: args } = parseArgs({
  options: {
    users: { type: "string", default: "100000" },
    chunk: { type: "string" },
    check: { type: "boolean", default: false },
    "keep-data": { type: "boolean", default: false },
  },
});
const USERS = Number(args.users);
const log = (line: string) => process.stderr.write(`[bench assignment-round] ${line}\n`);
const mb = (bytes: number) => bytes / 1024 / 1024;

/** A thread that samples the process's RSS every 50 ms and answers the peak since the last "start". */
function rssSampler() {
  const worker = new Worker(
    `const { parentPort } = require("node:worker_threads");
     let peak = 0, samples = 0;
     const sample = () => { peak = Math.max(peak, process.memoryUsage.rss()); samples++; };
     setInterval(sample, 50);
     parentPort.on("message", (m) => {
       if (m === "start") { peak = 0; samples = 0; sample(); }
       else { sample(); parentPort.postMessage({ peak, samples }); }
     });`,
    { eval: true },
  );
  const ask = (m: string) =>
    new Promise<{ peak: number; samples: number }>((resolve) => {
      worker.once("message", resolve);
      worker.postMessage(m);
    });
  return { start: () => worker.postMessage("start"), stop: () => ask("stop"), close: () => worker.terminate() };
}

/** All bench accounts in one new department; a published course; the auto-assignment naming that department. */
async function seedRound(dataDir: string, now: Date): Promise<number> {
  const raw = new SQLite(path.join(dataDir, "lms.sqlite"));
  try {
    const department = Number(
      raw.prepare("insert into department (name, code, parent_id) values ('Bench round', 'BENCH-ROUND', null)").run()
        .lastInsertRowid,
    );
    raw.prepare("update account set department_id = ? where username like 'bench%'").run(department);
  } finally {
    raw.close();
  }
  const { db } = createDb({ sqliteFile: path.join(dataDir, "lms.sqlite") });
  try {
    const at = now.toISOString();
    const seed = await db.selectFrom("course").selectAll().orderBy("id").executeTakeFirstOrThrow();
    const course = await db
      .insertInto("course")
      .values({
        name: "Bench round course",
        code: "BENCH-ROUND",
        category_id: seed.category_id,
        provider_id: seed.provider_id,
        content_level: null,
        program: null,
        is_environmental: 0,
        desc: "",
        is_display: 1,
        datetime_start: null,
        datetime_first_publish: at,
        datetime_create: at,
        datetime_update: at,
        created_by: null,
        image: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const department = await db
      .selectFrom("department")
      .select("id")
      .where("code", "=", "BENCH-ROUND")
      .executeTakeFirstOrThrow();
    const admin = await db.selectFrom("account").select("id").where("username", "=", "admin").executeTakeFirstOrThrow();
    return await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto("assignment")
        .values({
          type: ASSIGNMENT_KIND.auto,
          name: "Bench round",
          created_by: admin.id,
          datetime_create: at,
          datetime_update: at,
          datetime_assign: null,
          datetime_expire: null,
          duration_expire: null,
          datetime_expand: null,
          duration_expand: null,
          date_start: null,
          date_end: null,
          datetime_next_round: null,
          datetime_applied: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("assignment_content")
        .values({
          assignment_id: id,
          content_type_id: await contentTypeId(trx, "course"),
          content_id: course.id,
          datetime_create: at,
        })
        .execute();
      await saveAudience(
        trx,
        id,
        { account_list: [], department_list: [department.id], include_sub_department: false, group_list: [] },
        at,
      );
      return id;
    });
  } finally {
    await db.destroy();
  }
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), "lms-bench-round-"));
const sampler = rssSampler();
try {
  const now = new Date();
  let t0 = performance.now();
  await prepareSchema(root, now);
  addUsers(root, USERS, now);
  const assignment = await seedRound(root, now);
  log(`seeded ${USERS} accounts in one department in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const { db } = createDb({ sqliteFile: path.join(root, "lms.sqlite") });
  const mediaDir = path.join(root, "media");
  const ctx = { db, now: () => new Date(), secret: "bench-not-a-secret", mediaDir };
  const chunk = args.chunk ? { chunkSize: Number(args.chunk) } : {};
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) log("run with --expose-gc (npm run bench:assignment does) to measure the heap the round leaves behind");
  // Start from a settled heap: what the round adds is what is measured.
  gc?.();
  const base = process.memoryUsage();
  sampler.start();
  t0 = performance.now();
  const answer = await runRoundNow(ctx, assignment, ctx.now(), chunk);
  const seconds = (performance.now() - t0) / 1000;
  const { peak, samples } = await sampler.stop();
  // The peak is mostly garbage V8 has not collected yet; what a full collection leaves is what the round kept.
  gc?.();
  const growth = mb(Math.max(peak, base.rss) - base.rss);
  const retained = gc ? mb(process.memoryUsage().heapUsed - base.heapUsed) : null;
  const written = await db
    .selectFrom("assignment_result")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("round_id", "=", answer.round)
    .executeTakeFirstOrThrow();
  await db.destroy();

  console.log(
    `round over ${USERS} learners: ${seconds.toFixed(1)} s, added ${answer.add}, skipped ${answer.skip}, ${Number(written.n)} result rows; ` +
      `RSS ${mb(base.rss).toFixed(0)} MB before, peak ${mb(peak).toFixed(0)} MB, growth ${growth.toFixed(0)} MB (${samples} samples)` +
      (retained === null ? "" : `; heap kept after a full GC ${retained.toFixed(1)} MB`),
  );
  if (answer.add !== USERS || Number(written.n) !== USERS)
    throw new Error(`expected ${USERS} learners assigned, got ${answer.add} (${Number(written.n)} rows)`);
  if (args.check) {
    const budgets = JSON.parse(fs.readFileSync("bench/budgets.json", "utf8")) as {
      assignmentRoundSeconds: number;
      assignmentRoundRssGrowthMb: number;
      assignmentRoundHeapKeptMb: number;
    };
    const misses = [
      seconds > budgets.assignmentRoundSeconds &&
        `round took ${seconds.toFixed(1)} s (budget ${budgets.assignmentRoundSeconds} s)`,
      growth > budgets.assignmentRoundRssGrowthMb &&
        `RSS grew ${growth.toFixed(0)} MB (budget ${budgets.assignmentRoundRssGrowthMb} MB)`,
      retained !== null &&
        retained > budgets.assignmentRoundHeapKeptMb &&
        `the round kept ${retained.toFixed(1)} MB of heap (budget ${budgets.assignmentRoundHeapKeptMb} MB)`,
    ].filter(Boolean);
    for (const m of misses) log(`MISS: ${m}`);
    if (misses.length) process.exitCode = 1;
    else log("within budgets");
  }
} finally {
  await sampler.close();
  if (!args["keep-data"]) fs.rmSync(root, { recursive: true, force: true });
}
