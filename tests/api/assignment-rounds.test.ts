import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyLines } from "../../api/assignment/apply";
import { candidatesOf, planAssignment, planInChunks, previewAssignment, previewOf } from "../../api/assignment/plan";
import { runRoundNow, schedulerTick } from "../../api/assignment/rounds";
import { organisationToday } from "../../api/auth/membership";
import { contentTypeId } from "../../api/content/ref";
import type { Trx } from "../../api/engine/crud";
import type { ApiContext } from "../../api/http/context";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * Auto-assignment rounds (issue 17 §2; spec 001 §3, 002 §9; docs/decisions/052) on the fake
 * clock: a round runs when due (06:00 organisation time), adds its learners as auto-assigned,
 * never twice — not when two ticks run at once, not when a round is run again — and the daily
 * 08:00 refresh adds only accounts that have come to match.
 */
let api: TestApi;
let admin: Client;
let ctx: ApiContext;
let id: number;
const AA = "/api/dashboard/auto-assignment";
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  ctx = { db: api.db, now: () => api.clock.now, secret: "x", mediaDir: api.mediaDir };
});
afterAll(() => api.close());

/** The rounds of one tick that are this test's auto-assignment's (the demo organisation has its own). */
const tick = async (assignmentId: () => number) => {
  const ran = await schedulerTick(ctx);
  const mine = ran.length
    ? await api.db
        .selectFrom("assignment_round")
        .select("id")
        .where("id", "in", ran)
        .where("assignment_id", "=", assignmentId())
        .execute()
    : [];
  return mine.map((r) => r.id);
};
const count = async (assignmentId: number) =>
  Number(
    (
      await api.db
        .selectFrom("assignment_result")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("assignment_id", "=", assignmentId)
        .executeTakeFirstOrThrow()
    ).n,
  );

let members: number[] = [];

describe("auto-assignment rounds", () => {
  let group: number;
  let course: number;
  let typeId: number;

  it("is created with its schedule: the next round at 06:00 organisation time", async () => {
    // The harness clock: 2026-06-01T08:00Z, 15:00 in Bangkok (+07:00, the demo organisation's zone).
    typeId = await contentTypeId(api.db, "course");
    // The organisation's newest course (the content library's are not assignable: docs/decisions/071).
    course = (
      await api.db
        .selectFrom("course")
        .select("id")
        .where("is_library", "=", 0)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow()
    ).id;
    members = (
      await api.db
        .selectFrom("account")
        .select("id")
        .where("username", "like", "student%")
        .where("is_active", "=", 1)
        .orderBy("id", "desc")
        .limit(3)
        .execute()
    ).map((r) => r.id);
    await api.db
      .deleteFrom("content_enrollment")
      .where("content_type_id", "=", typeId)
      .where("content_id", "=", course)
      .where("account_id", "in", members)
      .execute();
    group = (
      await api.db
        .insertInto("account_group")
        .values({ name: "Round group", code: null, type: "ACCOUNT", desc: "" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    await api.db
      .insertInto("account_group_member")
      .values(members.slice(0, 2).map((account_id) => ({ group_id: group, account_id })))
      .execute();
    const res = await admin.post(`${AA}/`, {
      type: 1,
      name: "Weekly safety",
      date_start: "2026-06-02",
      is_recurring: true,
      count_recurring: 1,
      recurring_unit: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    id = res.body.id;
    expect(res.body).toMatchObject({ type: 1, assign_time: "06:00", datetime_next_round: "2026-06-01T23:00:00.000Z" });
    await admin.post(`${AA}/${id}/content/`, { content_type_id: typeId, content_list: [course] });
    await admin.put(`${AA}/${id}/audience/`, { group_list: [group] });
    expect(await tick(() => id)).toEqual([]);
    expect(await count(id)).toBe(0);
  });

  it("runs the round when due, once, even with two ticks at once", async () => {
    api.clock.now = new Date("2026-06-01T23:00:30.000Z");
    admin = await api.signedIn("admin"); // the session idled out while the clock moved
    const [a, b] = await Promise.all([tick(() => id), tick(() => id)]);
    expect([...a, ...b]).toHaveLength(1);
    expect(await count(id)).toBe(2);
    const rows = await api.db
      .selectFrom("content_enrollment")
      .select(["account_id", "add_method", "added_by"])
      .where("content_type_id", "=", typeId)
      .where("content_id", "=", course)
      .where("account_id", "in", members)
      .orderBy("account_id")
      .execute();
    expect(rows.map((r) => [r.add_method, r.added_by])).toEqual([
      [2, 5],
      [2, 5],
    ]);
    const item = (await admin.get(`${AA}/${id}/`)).body;
    expect(item.datetime_next_round).toBe("2026-06-08T23:00:00.000Z");
    const rounds = (await admin.get(`${AA}/${id}/round/`)).body.results;
    expect(rounds).toEqual([
      expect.objectContaining({ status: 2, count_added: 2, count_result: 2, is_refresh: false }),
    ]);
    const summary = await admin.get(`${AA}/${id}/round/${rounds[0].id}/`);
    expect(summary.body.by_result).toEqual([{ result: 1, count: 2 }]);
    expect(await tick(() => id)).toEqual([]);
  });

  it("adds nobody twice when a round is run again (its results are unique per round)", async () => {
    const round = (
      await api.db.selectFrom("assignment_round").select("id").where("assignment_id", "=", id).executeTakeFirstOrThrow()
    ).id;
    // As if the process had died after writing: the round is due again.
    await api.db.updateTable("assignment_round").set({ status: 0 }).where("id", "=", round).execute();
    await api.db
      .updateTable("assignment")
      .set({ datetime_next_round: "2026-06-01T23:00:00.000Z" })
      .where("id", "=", id)
      .execute();
    expect(await tick(() => id)).toHaveLength(1);
    expect(await count(id)).toBe(2);
    const dup = api.db
      .insertInto("assignment_result")
      .values({
        assignment_id: id,
        round_id: round,
        account_id: members[0],
        content_type_id: typeId,
        content_id: course,
        result: 1,
        datetime_create: "x",
        datetime_update: "x",
        enrollment_id: null,
        datetime_expire: null,
        created_by: null,
      })
      .execute();
    await expect(dup).rejects.toThrow();
  });

  it("refreshes its learners daily at 08:00: only accounts that have come to match", async () => {
    await api.db.insertInto("account_group_member").values({ group_id: group, account_id: members[2] }).execute();
    api.clock.now = new Date("2026-06-02T00:59:00.000Z"); // 07:59 in Bangkok
    expect(await tick(() => id)).toEqual([]);
    api.clock.now = new Date("2026-06-02T01:00:00.000Z");
    expect(await tick(() => id)).toHaveLength(1);
    expect(await tick(() => id)).toEqual([]);
    const refresh = await api.db
      .selectFrom("assignment_round")
      .selectAll()
      .where("assignment_id", "=", id)
      .where("is_refresh", "=", 1)
      .executeTakeFirstOrThrow();
    const added = await api.db
      .selectFrom("assignment_result")
      .select(["account_id", "result"])
      .where("round_id", "=", refresh.id)
      .execute();
    expect(added).toEqual([{ account_id: members[2], result: 1 }]);
  });

  it("runs the next weekly round a week later, and a round now from the summary", async () => {
    api.clock.now = new Date("2026-06-08T23:01:00.000Z");
    admin = await api.signedIn("admin");
    // 06:01 in Bangkok: the weekly round; that day's refresh is at 08:00.
    expect(await tick(() => id)).toHaveLength(1);
    const weekly = (await admin.get(`${AA}/${id}/round/`)).body.results[0];
    const summary = await admin.get(`${AA}/${id}/round/${weekly.id}/`);
    expect(summary.body.by_result).toEqual([{ result: 20, count: 3 }]);
    const now = await admin.post(`${AA}/${id}/assign/`);
    expect(now.status).toBe(200);
    expect(now.body).toMatchObject({ add: 0, skip: 3 });
  });
});

describe("rounds in chunks (docs/decisions/061)", () => {
  // Seven learners, three to a chunk: two named one by one, two by a department, three more by a group.
  const CHUNK = { chunkSize: 3 };
  let typeId: number;
  let learners: number[];
  let queue: number; // capacity 2, then a waiting list
  let closed: number; // capacity 2, then full
  let aa: number;
  const results = async (roundId: number) =>
    (
      await api.db
        .selectFrom("assignment_result")
        .select(["account_id", "content_id", "result", "added_by"])
        .where("round_id", "=", roundId)
        .orderBy("content_id")
        .orderBy("account_id")
        .execute()
    ).map((r) => `${r.content_id === queue ? "queue" : "closed"}:${r.account_id}:${r.result}:${r.added_by}`);
  const enrolments = async () =>
    Number(
      (
        await api.db
          .selectFrom("content_enrollment")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("content_type_id", "=", typeId)
          .where("content_id", "in", [queue, closed])
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("is set up: two courses of two seats, seven learners found three ways", async () => {
    api.clock.now = new Date("2026-06-10T03:00:00.000Z");
    admin = await api.signedIn("admin");
    typeId = await contentTypeId(api.db, "course");
    const seed = await api.db.selectFrom("course").selectAll().orderBy("id").executeTakeFirstOrThrow();
    const at = api.clock.now.toISOString();
    const course = async (code: string, typeAccess: number) => {
      const { id } = await api.db
        .insertInto("course")
        .values({
          name: `Chunked ${code}`,
          code,
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
      await api.db
        .insertInto("content_enrollment_setting")
        .values({
          content_type_id: typeId,
          content_id: id,
          form_id: null,
          capacity: 2,
          is_overlap_time: 0,
          is_session_reserved: 0,
          is_session_enrollment: 0,
          minimum_session_enrollment: 0,
          maximum_session_enrollment: 10,
          type_access: typeAccess,
          enrollment_required: 0,
          type_waiting: 0,
          enroll_datetime_start: null,
          enroll_datetime_end: null,
          cancel_type: 0,
          cancel_duration: null,
          datetime_update: at,
        } as never)
        .execute();
      return id;
    };
    [queue, closed] = [await course("CHUNKQ", 0), await course("CHUNKC", 1)];
    learners = (
      await api.db
        .selectFrom("account")
        .select("id")
        .where("username", "like", "student%")
        .where("is_active", "=", 1)
        .where("id", "not in", members)
        .orderBy("id")
        .limit(7)
        .execute()
    ).map((r) => r.id);
    expect(learners).toHaveLength(7);
    const department = (
      await api.db
        .insertInto("department")
        .values({ name: "Chunk department", code: null, parent_id: null })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    await api.db
      .updateTable("account")
      .set({ department_id: department })
      .where("id", "in", learners.slice(5))
      .execute();
    const group = (
      await api.db
        .insertInto("account_group")
        .values({ name: "Chunk group", code: null, type: "ACCOUNT", desc: "" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    await api.db
      .insertInto("account_group_member")
      .values(learners.slice(1).map((account_id) => ({ group_id: group, account_id })))
      .execute();
    const res = await admin.post(`${AA}/`, { type: 1, name: "Chunked", date_start: "2026-06-10" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    aa = res.body.id;
    await admin.post(`${AA}/${aa}/content/`, { content_type_id: typeId, content_list: [queue, closed] });
    expect(
      (
        await admin.put(`${AA}/${aa}/audience/`, {
          account_list: learners.slice(0, 2),
          department_list: [department],
          group_list: [group],
        })
      ).status,
    ).toBe(200);
  });

  it("previews chunk by chunk exactly as the plan held whole, seats counted across chunks", async () => {
    const row = await api.db.selectFrom("assignment").selectAll().where("id", "=", aa).executeTakeFirstOrThrow();
    const today = await organisationToday(api.db, api.clock.now);
    const whole = previewOf(
      await planAssignment(api.db, row, await candidatesOf(api.db, row, today), today),
      api.clock.now,
    );
    const chunked = await previewAssignment(api.db, row, today, api.clock.now, CHUNK.chunkSize);
    expect(chunked).toEqual(whole);
    expect(chunked).toMatchObject({
      count_learner: 7,
      contents: [
        { add: 7, skip: 0 },
        { add: 2, skip: 5 },
      ],
    });
    // Listed first, then the department's, then the group's (each once, by the first way found).
    expect(chunked.lines.slice(0, 7).map((l) => [l.account, l.result])).toEqual(
      [0, 1, 5, 6, 2, 3, 4].map((i, n) => [learners[i], n < 2 ? 1 : 10]),
    );
  });

  it("writes the same results in a round of three chunks; run again, it adds nobody twice", async () => {
    const row = await api.db.selectFrom("assignment").selectAll().where("id", "=", aa).executeTakeFirstOrThrow();
    const today = await organisationToday(api.db, api.clock.now);
    const expected = (await planAssignment(api.db, row, await candidatesOf(api.db, row, today), today)).lines
      .map((l) => `${l.contentRow.content_id === queue ? "queue" : "closed"}:${l.account}:${l.result}:${l.added_by}`)
      .sort();
    const ran = await runRoundNow(ctx, aa, api.clock.now, CHUNK);
    expect(ran).toMatchObject({
      count_learner: 7,
      add: 9,
      skip: 5,
      by_result: [
        { result: 1, count: 4 },
        { result: 10, count: 5 },
        { result: 11, count: 5 },
      ],
    });
    expect((await results(ran.round)).sort()).toEqual(expected);
    expect(await enrolments()).toBe(9);
    const round = await api.db
      .selectFrom("assignment_round")
      .selectAll()
      .where("id", "=", ran.round)
      .executeTakeFirstOrThrow();
    expect(round).toMatchObject({ status: 2, count_added: 9 });
    // Run again (as if it had died after writing): nothing new, the same count.
    await api.db.updateTable("assignment_round").set({ status: 0 }).where("id", "=", ran.round).execute();
    const again = await runRoundNow(ctx, aa, api.clock.now, CHUNK);
    expect(again).toMatchObject({ round: ran.round, add: 0, skip: 0 });
    expect((await results(ran.round)).sort()).toEqual(expected);
    expect(await enrolments()).toBe(9);
    expect(
      await api.db
        .selectFrom("assignment_round")
        .select("count_added")
        .where("id", "=", ran.round)
        .executeTakeFirstOrThrow(),
    ).toEqual({ count_added: 9 });
  });

  it("finishes a round that died after its first chunk, without doubling anything", async () => {
    // Start over: the learners hold neither course, the auto-assignment has no results.
    await api.db.deleteFrom("assignment_result").where("assignment_id", "=", aa).execute();
    await api.db
      .deleteFrom("content_enrollment")
      .where("content_type_id", "=", typeId)
      .where("content_id", "in", [queue, closed])
      .execute();
    api.advance(60_000);
    const now = api.clock.now;
    const row = await api.db.selectFrom("assignment").selectAll().where("id", "=", aa).executeTakeFirstOrThrow();
    const today = await organisationToday(api.db, now);
    const round = (
      await api.db
        .insertInto("assignment_round")
        .values({ assignment_id: aa, datetime_due: now.toISOString(), is_refresh: 0, status: 1 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    // What runRound does, dying before the second chunk's transaction.
    let chunk = 0;
    const dying = planInChunks<Trx>(
      row,
      today,
      CHUNK.chunkSize,
      async (work) => {
        if (chunk++ === 1) throw new Error("process died");
        await api.db.transaction().execute(work);
      },
      async (trx, plan) => void (await applyLines(trx, row, plan.lines, round, { accountId: row.created_by, now })),
    );
    await expect(dying).rejects.toThrow("process died");
    expect(await results(round)).toHaveLength(6); // three learners, two courses
    await api.db.updateTable("assignment_round").set({ status: 0 }).where("id", "=", round).execute();
    const finished = await runRoundNow(ctx, aa, now, CHUNK);
    expect(finished.round).toBe(round);
    expect(finished).toMatchObject({ count_learner: 4, add: 4, skip: 4 });
    const rows = await results(round);
    expect(rows).toHaveLength(14);
    expect(rows.filter((r) => r.endsWith(":1:1") || r.endsWith(":1:2") || r.endsWith(":1:5"))).toHaveLength(4);
    expect(await enrolments()).toBe(9);
    expect(
      await api.db
        .selectFrom("assignment_round")
        .select(["status", "count_added"])
        .where("id", "=", round)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 2, count_added: 9 });
  });
});
