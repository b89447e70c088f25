import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiscussionThread, DiscussionThreadRow, IdentificationAttempt } from "../../contract/schemas/overall";
import { busiestContent, startTestApi, type Client, type TestApi } from "./harness";

/** The overall discussion and identification pages of a course (issue 6 item 6, docs/decisions/012). */

let api: TestApi;
let admin: Client;
let viewer: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = api.client();
  await admin.login("admin");
  // The seeded read-only staff account (contract/roles.ts "viewer": content view flags only).
  viewer = api.client();
  await viewer.login("viewer");
});
afterAll(() => api.close());

const C = "/api/dashboard/course";
const courseType = async () =>
  (await api.db.selectFrom("content_type").select("id").where("code", "=", "course").executeTakeFirstOrThrow()).id;

/** Seeded threads with at least `replies` replies, per course. */
async function threadsWithReplies(replies: number) {
  const rows = await api.db
    .selectFrom("discussion_thread as t")
    .innerJoin("discussion_reply as r", "r.thread_id", "t.id")
    .select((eb) => ["t.id", "t.content_id", eb.fn.countAll<number>().as("n")])
    .where("t.content_type_id", "=", await courseType())
    .groupBy(["t.id", "t.content_id"])
    .having((eb) => eb.fn.countAll(), ">=", replies)
    .orderBy("t.id")
    .execute();
  return rows.map((r) => ({ id: r.id, course: r.content_id, replies: Number(r.n) }));
}

describe("discussion", () => {
  it("answers the course's threads, paged, newest activity first, in Thai and English", async () => {
    const busiest = await api.db
      .selectFrom("discussion_thread")
      .select((eb) => ["content_id", eb.fn.countAll<number>().as("n")])
      .groupBy("content_id")
      .orderBy((eb) => eb.fn.countAll(), "desc")
      .orderBy("content_id")
      .executeTakeFirstOrThrow();
    const res = await admin.get(`${C}/${busiest.content_id}/discussion/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: Number(busiest.n), page: 1, page_size: 50, next: null });
    const rows = res.body.results as DiscussionThreadRow[];
    expect(Object.keys(rows[0]).sort()).toEqual([
      "account",
      "body",
      "datetime_create",
      "datetime_last_activity",
      "id",
      "is_hidden",
      "reply_count",
      "title",
    ]);
    const activity = rows.map((r) => r.datetime_last_activity);
    expect(activity).toEqual([...activity].sort().reverse());
    const all = await api.db.selectFrom("discussion_thread").select("title").execute();
    expect(all.some((t) => /[\u0E00-\u0E7F]/.test(t.title))).toBe(true);
    expect(all.some((t) => /^[A-Za-z]/.test(t.title))).toBe(true);
    expect((await admin.get(`${C}/${busiest.content_id}/discussion/?page_size=1`)).body.next).toContain("page=2");
  });

  it("searches titles and bodies, filters hidden threads, orders by whitelisted keys only", async () => {
    const { course } = (await threadsWithReplies(0))[0];
    const rows = (await admin.get(`${C}/${course}/discussion/`)).body.results as DiscussionThreadRow[];
    const word = rows[0].title.split(" ")[0];
    const found = (await admin.get(`${C}/${course}/discussion/?search=${encodeURIComponent(word.toUpperCase())}`)).body
      .results as DiscussionThreadRow[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => `${r.title} ${r.body}`.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    expect((await admin.get(`${C}/${course}/discussion/?search=%25`)).body.count).toBe(0);
    expect((await admin.get(`${C}/${course}/discussion/?is_hidden=true`)).body.count).toBe(0);
    expect((await admin.get(`${C}/${course}/discussion/?is_hidden=all`)).body.count).toBe(rows.length);
    expect((await admin.get(`${C}/${course}/discussion/?is_hidden=maybe`)).body).toEqual({
      is_hidden: ["invalid_choice"],
    });
    expect((await admin.get(`${C}/${course}/discussion/?ordering=-title`)).status).toBe(200);
    expect((await admin.get(`${C}/${course}/discussion/?ordering=body`)).body).toEqual({
      ordering: ["invalid_choice"],
    });
  });

  it("answers a thread with its replies oldest first; another course's thread is a 404", async () => {
    const [t] = await threadsWithReplies(2);
    const res = await admin.get(`${C}/${t.course}/discussion/${t.id}/`);
    expect(res.status).toBe(200);
    const thread = res.body as DiscussionThread;
    expect(thread.reply_list).toHaveLength(t.replies);
    expect(thread.reply_count).toBe(t.replies);
    const times = thread.reply_list.map((r) => r.datetime_create);
    expect(times).toEqual([...times].sort());
    expect(thread.reply_list[0]).toEqual({
      id: expect.any(Number),
      body: expect.any(String),
      account: { id: expect.any(Number), name: expect.any(String), username: expect.any(String) },
      is_hidden: expect.any(Boolean),
      datetime_create: expect.any(String),
    });
    const other = await api.db
      .selectFrom("course")
      .select("id")
      .where("id", "<>", t.course)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    expect((await admin.get(`${C}/${other.id}/discussion/${t.id}/`)).status).toBe(404);
    expect((await admin.patch(`${C}/${other.id}/discussion/${t.id}/`, { is_hidden: true })).status).toBe(404);
  });

  it("hides and shows a reply and a thread", async () => {
    const [t] = await threadsWithReplies(1);
    const reply = (await admin.get(`${C}/${t.course}/discussion/${t.id}/`)).body.reply_list[0];
    const hidden = await admin.patch(`${C}/${t.course}/discussion/${t.id}/reply/${reply.id}/`, { is_hidden: "true" });
    expect(hidden.status).toBe(200);
    expect(hidden.body.reply_list.find((r: { id: number }) => r.id === reply.id).is_hidden).toBe(true);
    expect(
      (await admin.patch(`${C}/${t.course}/discussion/${t.id}/reply/${reply.id}/`, { is_hidden: false })).body
        .reply_list[0].is_hidden,
    ).toBe(false);
    expect(
      (await admin.patch(`${C}/${t.course}/discussion/${t.id}/reply/${reply.id}/`, { is_hidden: "perhaps" })).body,
    ).toEqual({ is_hidden: ["invalid"] });
    expect((await admin.patch(`${C}/${t.course}/discussion/${t.id}/`, { is_hidden: true })).body.is_hidden).toBe(true);
    expect(
      (await admin.get(`${C}/${t.course}/discussion/?is_hidden=true`)).body.results.map(
        (r: DiscussionThreadRow) => r.id,
      ),
    ).toContain(t.id);
    expect((await admin.patch(`${C}/${t.course}/discussion/${t.id}/`, { is_hidden: false })).body.is_hidden).toBe(
      false,
    );
    // A reply of another thread is a 404 under this one.
    const [, second] = await threadsWithReplies(1);
    const foreign = (await admin.get(`${C}/${second.course}/discussion/${second.id}/`)).body.reply_list[0];
    expect(
      (await admin.patch(`${C}/${t.course}/discussion/${t.id}/reply/${foreign.id}/`, { is_hidden: true })).status,
    ).toBe(404);
  });

  it("deletes a reply (the thread's activity follows) and a whole thread with its replies", async () => {
    const threads = await threadsWithReplies(2);
    const t = threads[threads.length - 1];
    const before = (await admin.get(`${C}/${t.course}/discussion/${t.id}/`)).body as DiscussionThread;
    const last = before.reply_list[before.reply_list.length - 1];
    expect((await admin.delete(`${C}/${t.course}/discussion/${t.id}/reply/${last.id}/`)).status).toBe(204);
    const after = (await admin.get(`${C}/${t.course}/discussion/${t.id}/`)).body as DiscussionThread;
    expect(after.reply_count).toBe(before.reply_count - 1);
    expect(after.datetime_last_activity).toBe(after.reply_list[after.reply_list.length - 1].datetime_create);
    expect((await admin.delete(`${C}/${t.course}/discussion/${t.id}/`)).status).toBe(204);
    expect((await admin.get(`${C}/${t.course}/discussion/${t.id}/`)).status).toBe(404);
    expect(await api.db.selectFrom("discussion_reply").select("id").where("thread_id", "=", t.id).execute()).toEqual(
      [],
    );
  });

  it("lets a viewer read but not moderate", async () => {
    const [t] = await threadsWithReplies(1);
    expect((await viewer.get(`${C}/${t.course}/discussion/`)).status).toBe(200);
    expect((await viewer.get(`${C}/${t.course}/discussion/${t.id}/`)).status).toBe(200);
    expect((await viewer.patch(`${C}/${t.course}/discussion/${t.id}/`, { is_hidden: true })).status).toBe(403);
    expect((await viewer.delete(`${C}/${t.course}/discussion/${t.id}/`)).status).toBe(403);
    expect((await api.client().get(`${C}/${t.course}/discussion/`)).status).toBe(401);
  });
});

describe("identification log", () => {
  let course: number;
  let total: number;
  beforeAll(async () => {
    ({ id: course, count: total } = await busiestContent(api.db, "identification_attempt"));
  });
  const url = (query = "") => `${C}/${course}/identification/${query}`;

  it("answers the attempts, paged, newest first, each with the learner, method, result and section", async () => {
    const res = await admin.get(url("?page_size=10"));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: total, page: 1, page_size: 10 });
    const rows = res.body.results as IdentificationAttempt[];
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      account: { id: expect.any(Number), name: expect.any(String), username: expect.any(String) },
      method: expect.any(Number),
      status: expect.any(String),
      section: expect.any(String),
      datetime_create: expect.any(String),
    });
    const all = (await admin.get(url("?page_size=200"))).body.results as IdentificationAttempt[];
    const times = all.map((r) => r.datetime_create);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(all.map((r) => r.method))).toEqual(new Set([0, 1, 2]));
    expect(new Set(all.map((r) => r.status))).toEqual(new Set(["waiting", "pass", "failed"]));
    const pages = Math.ceil(total / 10);
    expect((await admin.get(url(`?page_size=10&page=${pages + 1}`))).status).toBe(404);
  });

  it("filters by method and result (repeated values: any), ignoring empty and 'all', refusing unknown ones", async () => {
    const photos = (await admin.get(url("?method=2&page_size=200"))).body;
    expect(photos.count).toBeGreaterThan(0);
    expect(photos.results.every((r: IdentificationAttempt) => r.method === 2)).toBe(true);
    const failedOtp = (await admin.get(url("?method=0&status=failed&page_size=200"))).body
      .results as IdentificationAttempt[];
    expect(failedOtp.every((r) => r.method === 0 && r.status === "failed")).toBe(true);
    const both = (await admin.get(url("?status=failed&status=waiting&page_size=200"))).body;
    expect(both.results.every((r: IdentificationAttempt) => r.status !== "pass")).toBe(true);
    expect((await admin.get(url("?method=all&status="))).body.count).toBe(total);
    expect((await admin.get(url("?method=3"))).body).toEqual({ method: ["invalid_choice"] });
    expect((await admin.get(url("?method=0&status=passed"))).body).toEqual({ status: ["invalid_choice"] });
  });

  it("searches the learner by name, username or email, and orders by learner", async () => {
    const one = ((await admin.get(url("?page_size=1"))).body.results as IdentificationAttempt[])[0];
    const byUser = (await admin.get(url(`?search=${one.account.username}&page_size=200`))).body
      .results as IdentificationAttempt[];
    expect(byUser.every((r) => r.account.username.includes(one.account.username))).toBe(true);
    const byName = (await admin.get(url(`?search=${encodeURIComponent(one.account.name.toUpperCase())}&page_size=200`)))
      .body.results as IdentificationAttempt[];
    expect(byName.map((r) => r.id)).toContain(one.id);
    expect((await admin.get(url(`?search=${one.account.username}@demo.lms&page_size=200`))).body.count).toBe(
      byUser.length,
    );
    const names = (
      (await admin.get(url("?ordering=learner&page_size=200"))).body.results as IdentificationAttempt[]
    ).map((r) => r.account.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await admin.get(url("?ordering=status"))).body).toEqual({ ordering: ["invalid_choice"] });
  });

  it("is read-only and needs the course's view", async () => {
    expect((await admin.post(url(), {})).status).toBe(404);
    expect((await viewer.get(url())).status).toBe(200);
    expect((await api.client().get(url())).status).toBe(401);
    const learner = api.client();
    await learner.login("learner");
    expect((await learner.get(url())).status).toBe(403);
    expect((await admin.get(`${C}/999999/identification/`)).status).toBe(404);
  });
});
