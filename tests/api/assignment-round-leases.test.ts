import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { claimRound, holdLease, newHolder, ROUND_LEASE_MS } from "../../api/assignment/round-lease";
import { runRoundNow, schedulerTick, type RoundOptions } from "../../api/assignment/rounds";
import { contentTypeId } from "../../api/content/ref";
import { createDb, type Db } from "../../api/db/index";
import type { ApiContext } from "../../api/http/context";
import { migrateTo } from "../../api/db/migrate";
import { freshDatabase, startTestApi, type TestApi } from "./harness";
import { withDatabase } from "./seeded-template";

/**
 * Leases on auto-assignment rounds (issue 35 §3, docs/decisions/089), on the fake clock: a round
 * whose runner died (claimed, lease never renewed) is resumed by a later tick once its lease has
 * lapsed, and every learner is assigned exactly once; of runners racing for a round one wins; a
 * live runner's renewed lease is not taken; a runner whose lease was taken stops writing.
 */
let api: TestApi;
let ctx: ApiContext;
let other: Db; // a second connection to the same database: another API process
let typeId: number;
let course: number;
let group: number;
let learners: number[];
const AA = "/api/dashboard/auto-assignment";
const CHUNK = 3; // seven learners: chunks of 3, 3 and 1
const died = new Error("process killed");

beforeAll(async () => {
  api = await startTestApi();
  ctx = { db: api.db, now: () => api.clock.now, secret: "x", mediaDir: api.mediaDir };
  other = await secondConnection(api);
  typeId = await contentTypeId(api.db, "course");
  const seed = await api.db.selectFrom("course").selectAll().orderBy("id").executeTakeFirstOrThrow();
  const at = api.clock.now.toISOString();
  course = (
    await api.db
      .insertInto("course")
      .values({
        name: "Leased rounds",
        code: "LEASE1",
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
      } as never)
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  learners = (
    await api.db
      .selectFrom("account")
      .select("id")
      .where("username", "like", "student%")
      .where("is_active", "=", 1)
      .orderBy("id")
      .limit(7)
      .execute()
  ).map((r) => r.id);
  expect(learners).toHaveLength(7);
  group = (
    await api.db
      .insertInto("account_group")
      .values({ name: "Lease group", code: null, type: "ACCOUNT", desc: "" })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  await api.db
    .insertInto("account_group_member")
    .values(learners.map((account_id) => ({ group_id: group, account_id })))
    .execute();
  // 2026-06-01T23:00:30Z, 06:00 in Bangkok the next day: the rounds of "2026-06-02" are due, the 08:00 refresh is not.
  api.clock.now = new Date("2026-06-01T23:00:30.000Z");
});
afterAll(async () => {
  await other?.destroy();
  await api.close();
});

/** Another connection to this file's database, as a second API process would hold. */
async function secondConnection(t: TestApi): Promise<Db> {
  if (t.dialect === "postgres") {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
    return createDb({ databaseUrl: withDatabase(process.env.TEST_DATABASE_URL!, rows[0].name) }).db;
  }
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(t.db);
  return createDb({ sqliteFile: rows.find((r) => r.name === "main")!.file }).db;
}

/** A new auto-assignment of the course to the group, due now (its learners hold the course no more). */
async function dueAssignment(name: string): Promise<number> {
  await api.db
    .deleteFrom("content_enrollment")
    .where("content_type_id", "=", typeId)
    .where("content_id", "=", course)
    .execute();
  const admin = await api.signedIn("admin"); // signed in afresh: the clock moves past the idle expiry
  const res = await admin.post(`${AA}/`, { type: 1, name, date_start: "2026-06-02" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.datetime_next_round <= api.clock.now.toISOString()).toBe(true);
  await admin.post(`${AA}/${res.body.id}/content/`, { content_type_id: typeId, content_list: [course] });
  expect((await admin.put(`${AA}/${res.body.id}/audience/`, { group_list: [group] })).status).toBe(200);
  return res.body.id;
}

const roundOf = async (assignmentId: number) =>
  api.db.selectFrom("assignment_round").selectAll().where("assignment_id", "=", assignmentId).executeTakeFirstOrThrow();
/** A runner that dies after the first chunk of `assignmentId`'s round (other rounds it runs whole). */
const dyingOn = (assignmentId: number): RoundOptions => ({
  chunkSize: CHUNK,
  runner: "dead",
  afterChunk: async (n, roundId) => {
    if (n === 1 && (await isRoundOf(roundId, assignmentId))) throw died;
  },
});
const isRoundOf = async (roundId: number, assignmentId: number) =>
  (
    await api.db
      .selectFrom("assignment_round")
      .select("assignment_id")
      .where("id", "=", roundId)
      .executeTakeFirstOrThrow()
  ).assignment_id === assignmentId;
const later = (ms: number) => (api.clock.now = new Date(api.clock.now.getTime() + ms));

/** Every learner holds the course once, from one result line of the round: assigned exactly once. */
async function expectEachLearnerOnce(assignmentId: number) {
  const rows = await api.db
    .selectFrom("assignment_result")
    .select(["account_id", "round_id", "result"])
    .where("assignment_id", "=", assignmentId)
    .orderBy("account_id")
    .execute();
  expect(rows.map((r) => [r.account_id, r.result])).toEqual(learners.map((id) => [id, 1]));
  expect(new Set(rows.map((r) => r.round_id)).size).toBe(1);
  const enrolled = await api.db
    .selectFrom("content_enrollment")
    .select(["account_id", "add_method"])
    .where("content_type_id", "=", typeId)
    .where("content_id", "=", course)
    .orderBy("account_id")
    .execute();
  expect(enrolled).toEqual(learners.map((account_id) => ({ account_id, add_method: 2 })));
}

describe("round leases", () => {
  it("resumes a dead runner's round once its lease lapses, each learner assigned once", async () => {
    const aa = await dueAssignment("Lease: dead runner");
    await expect(schedulerTick(ctx, dyingOn(aa))).rejects.toThrow(AggregateError);
    const stopped = await roundOf(aa);
    expect(stopped).toMatchObject({
      status: 1,
      lease_until: new Date(api.clock.now.getTime() + ROUND_LEASE_MS).toISOString(),
    });
    expect(stopped.lease_holder).toMatch(/^dead\//);
    expect(
      await api.db.selectFrom("assignment_result").select("account_id").where("round_id", "=", stopped.id).execute(),
    ).toHaveLength(CHUNK);

    // Its lease still holds: another process's tick leaves it alone.
    later(ROUND_LEASE_MS - 60_000);
    expect(await schedulerTick({ ...ctx, db: other }, { chunkSize: CHUNK, runner: "B" })).not.toContain(stopped.id);
    expect(await roundOf(aa)).toMatchObject({ status: 1, lease_holder: stopped.lease_holder });

    // Lapsed: the next tick of another process claims it and finishes the rest.
    later(60_000);
    expect(await schedulerTick(ctx, { chunkSize: CHUNK, runner: "B" })).toContain(stopped.id);
    const done = await roundOf(aa);
    expect(done).toMatchObject({ id: stopped.id, status: 2, count_added: 7, lease_until: null });
    expect(done.lease_holder).toMatch(/^B\//);
    await expectEachLearnerOnce(aa);
    expect(
      (
        await api.db
          .selectFrom("assignment")
          .select("datetime_next_round")
          .where("id", "=", aa)
          .executeTakeFirstOrThrow()
      ).datetime_next_round,
    ).toBeNull();
    expect(await schedulerTick(ctx)).not.toContain(stopped.id);
  });

  it("resumes a 'run now' round whose runner died (no schedule points at it)", async () => {
    const aa = await dueAssignment("Lease: dead run now");
    await api.db.updateTable("assignment").set({ datetime_next_round: null }).where("id", "=", aa).execute();
    await expect(runRoundNow(ctx, aa, api.clock.now, dyingOn(aa))).rejects.toThrow(died);
    const stopped = await roundOf(aa);
    expect(stopped.status).toBe(1);
    later(ROUND_LEASE_MS);
    expect(await schedulerTick(ctx, { chunkSize: CHUNK, runner: "B" })).toContain(stopped.id);
    expect(await roundOf(aa)).toMatchObject({ status: 2, count_added: 7 });
    await expectEachLearnerOnce(aa);
  });

  it("lets exactly one of the runners racing for a due round, or a lapsed one, claim it", async () => {
    const aa = await dueAssignment("Lease: race");
    const { id } = await api.db
      .insertInto("assignment_round")
      .values({ assignment_id: aa, datetime_due: api.clock.now.toISOString(), is_refresh: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Two processes (two connections) and a few runners more on their pools, all at once.
    const race = (now = api.clock.now) =>
      Promise.all([
        claimRound(api.db, id, newHolder("A"), now),
        claimRound(other, id, newHolder("B"), now),
        ...[1, 2, 3, 4].map((n) => claimRound(n % 2 ? api.db : other, id, newHolder(`C${n}`), now)),
      ]);
    expect((await race()).filter(Boolean)).toHaveLength(1);
    later(ROUND_LEASE_MS);
    expect((await race()).filter(Boolean)).toHaveLength(1);
    await api.db.deleteFrom("assignment_round").where("id", "=", id).execute();

    // Whole ticks at once: the due round is run by one of them.
    const [a, b] = await Promise.all([
      schedulerTick(ctx, { chunkSize: CHUNK, runner: "A" }),
      schedulerTick(ctx, { chunkSize: CHUNK, runner: "B" }),
    ]);
    const round = await roundOf(aa);
    expect([...a, ...b].filter((r) => r === round.id)).toHaveLength(1);
    expect(round).toMatchObject({ status: 2, count_added: 7 });
    await expectEachLearnerOnce(aa);
  });

  it("does not take a live runner's lease: renewed at every chunk, it outlasts the first one", async () => {
    const aa = await dueAssignment("Lease: live runner");
    const started = api.clock.now.getTime();
    const tries: number[][] = [];
    const ran = await schedulerTick(ctx, {
      chunkSize: CHUNK,
      runner: "A",
      afterChunk: async (_n, roundId) => {
        if (!(await isRoundOf(roundId, aa))) return;
        // Between chunks, three quarters of a lease pass and another process ticks.
        later((ROUND_LEASE_MS * 3) / 4);
        tries.push(await schedulerTick({ ...ctx, db: other }, { runner: "B" }));
      },
    });
    const round = await roundOf(aa);
    expect(ran).toContain(round.id);
    expect(tries).toHaveLength(3);
    expect(tries.flat()).not.toContain(round.id);
    // The first claim's lease had lapsed long before the round finished: only renewals kept it.
    expect(api.clock.now.getTime()).toBeGreaterThan(started + 2 * ROUND_LEASE_MS);
    expect(round).toMatchObject({ status: 2, count_added: 7 });
    expect(round.lease_holder).toMatch(/^A\//);
    await expectEachLearnerOnce(aa);
  });

  it("stops a stalled runner whose lease was taken over: it writes nothing more", async () => {
    const aa = await dueAssignment("Lease: stalled runner");
    let takenOver: number[] = [];
    const ran = await schedulerTick(ctx, {
      chunkSize: CHUNK,
      runner: "A",
      afterChunk: async (n, roundId) => {
        // A stalls past its lease after its first chunk; B takes the round and finishes it.
        if (n === 1 && (await isRoundOf(roundId, aa))) {
          later(ROUND_LEASE_MS + 1000);
          takenOver = await schedulerTick(ctx, { chunkSize: CHUNK, runner: "B" });
        }
      },
    });
    const round = await roundOf(aa);
    expect(takenOver).toContain(round.id);
    expect(ran).not.toContain(round.id);
    expect(round).toMatchObject({ status: 2, count_added: 7 });
    expect(round.lease_holder).toMatch(/^B\//);
    await expectEachLearnerOnce(aa);
  });

  it("renews a held lease from its timer between chunks, and only the holder's", async () => {
    const aa = await dueAssignment("Lease: timer");
    const { id } = await api.db
      .insertInto("assignment_round")
      .values({ assignment_id: aa, datetime_due: api.clock.now.toISOString(), is_refresh: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const holder = newHolder("A");
    expect(await claimRound(api.db, id, holder, api.clock.now)).toBe(true);
    later(60_000);
    const lease = holdLease(api.db, id, holder, () => api.clock.now, 10);
    const expected = new Date(api.clock.now.getTime() + ROUND_LEASE_MS).toISOString();
    await expect.poll(async () => (await roundOf(aa)).lease_until, { timeout: 2000 }).toBe(expected);
    lease.release();
    // A stranger's lease is never renewed: its write stops before writing.
    const stranger = holdLease(api.db, id, newHolder("B"), () => api.clock.now, 60_000);
    await expect(stranger.write(async () => "written")).rejects.toThrow(/taken over/);
    stranger.release();
    await api.db.deleteFrom("assignment_round").where("id", "=", id).execute();
  });
});

describe("migration 0047", () => {
  it("gives a round running under the old flag a lease of five minutes: a live one finishes, a dead one is resumed", async () => {
    const { db, dialect, drop } = await freshDatabase();
    try {
      await migrateTo(db, dialect, "0046_learner_condition_fields");
      const at = "2026-06-01T08:00:00.000Z";
      await sql`insert into assignment (id, type, name, datetime_create, datetime_update) values (1, 1, 'Old', ${at}, ${at})`.execute(
        db,
      );
      await sql`insert into assignment_round (id, assignment_id, datetime_due, status) values (1, 1, ${at}, 1), (2, 1, '2026-06-02T08:00:00.000Z', 2)`.execute(
        db,
      );
      const before = Date.now();
      await migrateTo(db, dialect, "0047_round_leases");
      const rows = await db
        .selectFrom("assignment_round")
        .select(["id", "lease_holder", "lease_until"])
        .orderBy("id")
        .execute();
      expect(rows[1]).toEqual({ id: 2, lease_holder: null, lease_until: null });
      expect(rows[0].lease_holder).toBe("before-0047");
      const until = Date.parse(rows[0].lease_until!);
      expect(until).toBeGreaterThanOrEqual(before + 5 * 60_000);
      expect(until).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
    } finally {
      await db.destroy();
      await drop();
    }
    // A database of its own migrated from empty: slow on PostgreSQL.
  }, 180_000);
});
