import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { startJob } from "../../api/imports/history";
import { MAX_JOB_ATTEMPTS } from "../../api/imports/job-lease";
import { importTestHooks } from "../../api/imports/queue";
import { accountId } from "./people-kit";
import { startTestApi, type TestApi } from "./harness";

/**
 * The import queue in the database (issue 35 §2, docs/decisions/095), with API processes as
 * siblings over one database (each its own connection): a job whose process died is taken up by
 * another from its stored file and written once; a live lease is left alone; processes racing take
 * each job once; a job taken over meanwhile writes nothing; a stopping process gives its job back.
 * The file's own API stores jobs but never claims one (importJobs: false), so each test says which
 * process runs them.
 */
let api: TestApi;
let admin: number;
beforeAll(async () => {
  api = await startTestApi({ importJobs: false });
  admin = await accountId(api, "admin");
});
afterAll(() => api.close());
afterEach(() => {
  delete importTestHooks.beforeRun;
});

const HEADER = [
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
let serial = 0;
/** A stored user import job of `count` new accounts; its id and the usernames it creates. */
async function storedJob(count = 2) {
  const names = Array.from({ length: count }, () => `queue.user${++serial}`);
  const file = {
    header: HEADER,
    rows: names.map((n, i) => ({
      row: i + 2,
      cells: [n, `${n}@example.test`, "Queue", `Person ${serial}`, "female", "HR", "L2", "", "", ""],
    })),
  };
  const item = await startJob(api.db, {
    module: "user",
    filename: "queue.csv",
    mode: "all_or_nothing",
    file,
    options: { mayChange: false },
    by: admin,
    now: api.clock.now,
  });
  return { id: item.id, names };
}
const at = (ms: number) => new Date(api.clock.now.getTime() + ms).toISOString();
const lease = (id: number, holder: string | null, untilMs: number | null, attempts: number) =>
  api.db
    .updateTable("import_history")
    .set({ lease_holder: holder, lease_until: untilMs === null ? null : at(untilMs), attempts })
    .where("id", "=", id)
    .execute();
const row = (id: number) =>
  api.db
    .selectFrom("import_history")
    .select(["status", "message", "lease_holder", "attempts", "count_created"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
const fileKept = async (id: number) =>
  !!(await api.db.selectFrom("import_file").select("import_id").where("import_id", "=", id).executeTakeFirst());
const accounts = async (names: string[]) =>
  (await api.db.selectFrom("account").select("username").where("username", "in", names).execute()).length;
/** The job's row once it left status 2. */
async function ended(id: number, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await row(id);
    if (r.status !== 2) return r;
    if (Date.now() > until) throw new Error(`import ${id} still at 2 after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("a job whose process died", () => {
  it("is taken up by another process from its stored file and written once; a live lease is left alone", async () => {
    const dead = await storedJob(3);
    await lease(dead.id, "gone-host:1/aaaa", -1_000, 1);
    const alive = await storedJob(1);
    await lease(alive.id, "live-host:2/bbbb", 30_000, 1);
    const other = await api.sibling({ importJobs: true });
    expect(await ended(dead.id)).toMatchObject({ status: 3, count_created: 3, attempts: 2 });
    expect(await accounts(dead.names)).toBe(3);
    expect(await fileKept(dead.id)).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(await row(alive.id)).toMatchObject({ status: 2, lease_holder: "live-host:2/bbbb", attempts: 1 });
    expect(await fileKept(alive.id)).toBe(true);
    await other.close();
    await api.db.updateTable("import_history").set({ status: -1 }).where("id", "=", alive.id).execute();
  });

  it("fails as interrupted when it has no stored file (uploaded before 0050) or was claimed too often", async () => {
    const now = api.clock.now.toISOString();
    const old = await api.db
      .insertInto("import_history")
      .values({
        module: "user",
        input_filename: "old.csv",
        status: 2,
        mode: "all_or_nothing",
        datetime_create: now,
        datetime_update: now,
        lease_holder: "before-0050",
        lease_until: at(-1_000),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const poison = await storedJob(1);
    await lease(poison.id, "gone-host:1/cccc", -1_000, MAX_JOB_ATTEMPTS);
    const other = await api.sibling({ importJobs: true });
    expect(await ended(old.id)).toMatchObject({ status: -1, message: MSG.import_interrupted });
    expect(await ended(poison.id)).toMatchObject({ status: -1, message: MSG.import_interrupted });
    expect(await accounts(poison.names)).toBe(0);
    expect(await fileKept(poison.id)).toBe(false);
    await other.close();
  });
});

describe("several processes", () => {
  // Several API processes need PostgreSQL (docs/decisions/093): two SQLite connections in one Node
  // process block each other (a writer's busy wait is synchronous and stalls the other's transaction).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "racing for the jobs take each one once (PostgreSQL: FOR UPDATE SKIP LOCKED)",
    async () => {
      const jobs = [];
      for (let i = 0; i < 6; i++) jobs.push(await storedJob(2));
      const [a, b] = await Promise.all([api.sibling({ importJobs: true }), api.sibling({ importJobs: true })]);
      for (const job of jobs) expect(await ended(job.id)).toMatchObject({ status: 3, count_created: 2, attempts: 1 });
      expect(await accounts(jobs.flatMap((j) => j.names))).toBe(12);
      await Promise.all([a.close(), b.close()]);
    },
  );

  it("a job taken over while it ran writes nothing", async () => {
    const taken = await storedJob(2);
    const next = await storedJob(1);
    importTestHooks.beforeRun = async (id) => {
      // Another process's claim replaces this one (as after a lapsed lease) before the job writes.
      if (id === taken.id)
        await api.db
          .updateTable("import_history")
          .set({ lease_holder: "other-host:3/dddd" })
          .where("id", "=", id)
          .execute();
    };
    const other = await api.sibling({ importJobs: true });
    // One job at a time, oldest first: when the next one has ended, the taken one has given up.
    expect(await ended(next.id)).toMatchObject({ status: 3 });
    expect(await row(taken.id)).toMatchObject({ status: 2, lease_holder: "other-host:3/dddd", count_created: 0 });
    expect(await accounts(taken.names)).toBe(0);
    expect(await fileKept(taken.id)).toBe(true);
    await other.close();
    await api.db.updateTable("import_history").set({ status: -1 }).where("id", "=", taken.id).execute();
  });

  it("a process that stops gives its job back, and another finishes it", async () => {
    const job = await storedJob(2);
    let started!: () => void;
    const claimed = new Promise<void>((r) => (started = r));
    let release!: () => void;
    importTestHooks.beforeRun = (id) => {
      if (id !== job.id) return Promise.resolve();
      started();
      return new Promise<void>((r) => (release = r));
    };
    const stopping = await api.sibling({ importJobs: true });
    await claimed;
    // Released once the close has begun (its onClose hooks run after the server stops), so the job sees the stop.
    const closed = stopping.close();
    await new Promise((r) => setTimeout(r, 200));
    release();
    await closed;
    expect(await row(job.id)).toMatchObject({ status: 2, lease_holder: null, attempts: 0 });
    delete importTestHooks.beforeRun;
    const next = await api.sibling({ importJobs: true });
    expect(await ended(job.id)).toMatchObject({ status: 3, count_created: 2, attempts: 1 });
    expect(await accounts(job.names)).toBe(2);
    await next.close();
  });
});
