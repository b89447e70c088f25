import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schedulerTick } from "../../api/assignment/rounds";
import { contentTypeId } from "../../api/content/ref";
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
  const mine = ran.length ? await api.db.selectFrom("assignment_round").select("id").where("id", "in", ran).where("assignment_id", "=", assignmentId()).execute() : [];
  return mine.map((r) => r.id);
};
const count = async (assignmentId: number) =>
  Number((await api.db.selectFrom("assignment_result").select((eb) => eb.fn.countAll<number>().as("n")).where("assignment_id", "=", assignmentId).executeTakeFirstOrThrow()).n);

describe("auto-assignment rounds", () => {
  let group: number;
  let course: number;
  let typeId: number;
  let members: number[];

  it("is created with its schedule: the next round at 06:00 organisation time", async () => {
    // The harness clock: 2026-06-01T08:00Z, 15:00 in Bangkok (+07:00, the demo organisation's zone).
    typeId = await contentTypeId(api.db, "course");
    course = (await api.db.selectFrom("course").select("id").orderBy("id", "desc").executeTakeFirstOrThrow()).id;
    members = (await api.db.selectFrom("account").select("id").where("username", "like", "student%").where("is_active", "=", 1).orderBy("id", "desc").limit(3).execute()).map((r) => r.id);
    await api.db.deleteFrom("content_enrollment").where("content_type_id", "=", typeId).where("content_id", "=", course).where("account_id", "in", members).execute();
    group = (await api.db.insertInto("account_group").values({ name: "Round group", code: null, type: "ACCOUNT", desc: "" }).returning("id").executeTakeFirstOrThrow()).id;
    await api.db.insertInto("account_group_member").values(members.slice(0, 2).map((account_id) => ({ group_id: group, account_id }))).execute();
    const res = await admin.post(`${AA}/`, { type: 1, name: "Weekly safety", date_start: "2026-06-02", is_recurring: true, count_recurring: 1, recurring_unit: 1 });
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
    const rows = await api.db.selectFrom("content_enrollment").select(["account_id", "add_method", "added_by"]).where("content_type_id", "=", typeId).where("content_id", "=", course).where("account_id", "in", members).orderBy("account_id").execute();
    expect(rows.map((r) => [r.add_method, r.added_by])).toEqual([[2, 5], [2, 5]]);
    const item = (await admin.get(`${AA}/${id}/`)).body;
    expect(item.datetime_next_round).toBe("2026-06-08T23:00:00.000Z");
    const rounds = (await admin.get(`${AA}/${id}/round/`)).body.results;
    expect(rounds).toEqual([expect.objectContaining({ status: 2, count_added: 2, count_result: 2, is_refresh: false })]);
    const summary = await admin.get(`${AA}/${id}/round/${rounds[0].id}/`);
    expect(summary.body.by_result).toEqual([{ result: 1, count: 2 }]);
    expect(await tick(() => id)).toEqual([]);
  });

  it("adds nobody twice when a round is run again (its results are unique per round)", async () => {
    const round = (await api.db.selectFrom("assignment_round").select("id").where("assignment_id", "=", id).executeTakeFirstOrThrow()).id;
    // As if the process had died after writing: the round is due again.
    await api.db.updateTable("assignment_round").set({ status: 0 }).where("id", "=", round).execute();
    await api.db.updateTable("assignment").set({ datetime_next_round: "2026-06-01T23:00:00.000Z" }).where("id", "=", id).execute();
    expect(await tick(() => id)).toHaveLength(1);
    expect(await count(id)).toBe(2);
    const dup = api.db
      .insertInto("assignment_result")
      .values({ assignment_id: id, round_id: round, account_id: members[0], content_type_id: typeId, content_id: course, result: 1, datetime_create: "x", datetime_update: "x", enrollment_id: null, datetime_expire: null, created_by: null })
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
    const refresh = await api.db.selectFrom("assignment_round").selectAll().where("assignment_id", "=", id).where("is_refresh", "=", 1).executeTakeFirstOrThrow();
    const added = await api.db.selectFrom("assignment_result").select(["account_id", "result"]).where("round_id", "=", refresh.id).execute();
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
