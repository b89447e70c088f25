import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, contentRefs, type Client, type TestApi } from "./harness";

/**
 * Tests (issue 18 §1): the type on the engine, its settings, sections (pass ≤ full), the question
 * store under a section and under a bank (defaults of new questions and choices, the question
 * limit, test types switched by configuration, renumbering, the bank's log), publishing only with
 * questions, and flags. Draw rules and drawForAttempt are test-draw.test.ts.
 */

export const T = "/api/dashboard/test";

let api: TestApi;
let admin: Client;
let viewer: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  viewer = await api.signedIn("viewer");
});
afterAll(() => api.close());

async function newTest(code: string): Promise<number> {
  const res = await admin.post(`${T}/`, { name: `Test ${code}`, code, ...(await contentRefs(admin)) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}
async function newSection(testId: number, body: Record<string, unknown> = {}): Promise<number> {
  const res = await admin.post(`${T}/${testId}/section/`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}
const count = async (table: "test_question" | "test_choice" | "test_section" | "testbank_log") =>
  Number(
    (
      await api.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const setConfig = (key: string, value: unknown) =>
  api.db
    .updateTable("config")
    .set({ value: JSON.stringify(value) })
    .where("key", "=", key)
    .execute()
    .then(async (r) => {
      if (!Number(r[0].numUpdatedRows))
        await api.db
          .insertInto("config")
          .values({ key, value: JSON.stringify(value), url: null } as never)
          .execute();
    });

describe("test on the engine", () => {
  it("creates a test, reads and saves its settings", async () => {
    const id = await newTest("TST-ENG-1");
    const item = await admin.get(`${T}/${id}/`);
    expect(item.body).toMatchObject({
      code: "TST-ENG-1",
      is_display: false,
      section_count: 0,
      question_count: 0,
      attempt: 1,
      result_setting: 0,
      content_type: { code: "test" },
    });
    const bad = await admin.patch(`${T}/${id}/setting/`, { attempt: "-1", result_setting: "7" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(["attempt", "result_setting"]);
    const ok = await admin.patch(`${T}/${id}/setting/`, {
      is_template: "on",
      term: "Closed book.",
      result_setting: "1",
      attempt: "0",
      duration: "45",
    });
    expect(ok.body).toEqual({ is_template: true, term: "Closed book.", result_setting: 1, attempt: 0, duration: 45 });
    const list = await admin.get(`${T}/?search=TST-ENG-1`);
    expect(list.body.results[0]).toMatchObject({
      code: "TST-ENG-1",
      section_count: 0,
      question_count: 0,
      publish_status: "unpublish",
    });
  });

  it("refuses to publish without questions (417), publishes with one", async () => {
    const id = await newTest("TST-PUB-1");
    // Its full score is what its one question gives (docs/decisions/076: tests/api/test-review.test.ts).
    const sectionId = await newSection(id, { full_score: "1" });
    const refused = await admin.patch(`${T}/${id}/`, { is_display: true });
    expect(refused).toMatchObject({ status: 417, body: { detail: "publish_no_question" } });
    // A hidden question does not count.
    const q = await admin.post(`${T}/${id}/section/${sectionId}/question/`, { desc: "Hidden", type: 4 });
    await admin.patch(`${T}/${id}/section/${sectionId}/question/${q.body.number}/`, { desc: "Hidden", is_hide: true });
    expect((await admin.patch(`${T}/${id}/`, { is_display: true })).status).toBe(417);
    await admin.patch(`${T}/${id}/section/${sectionId}/question/${q.body.number}/`, { desc: "Shown" });
    const shown = await admin.patch(`${T}/${id}/`, { is_display: true });
    expect(shown.status).toBe(200);
    expect(shown.body.is_display).toBe(true);
  });
});

describe("sections", () => {
  it("a new section is Untitled Section; pass ≤ full else a field error and nothing written", async () => {
    const id = await newTest("TST-SEC-1");
    const first = await admin.get(`${T}/${id}/section/${await newSection(id)}/`);
    expect(first.body).toMatchObject({
      name: "Untitled Section",
      sort: 1,
      full_score: 0,
      pass_score: 0,
      is_question_shuffle: false,
    });
    const before = await count("test_section");
    const bad = await admin.post(`${T}/${id}/section/`, { name: "Part B", full_score: "10", pass_score: "11" });
    expect(bad).toMatchObject({ status: 400, body: { pass_score: ["tst_msg_pass_over_full"] } });
    expect(await count("test_section")).toBe(before);
    const second = await newSection(id, {
      name: "Part B",
      full_score: "10",
      pass_score: "6",
      pass_condition_type: "1",
      is_question_shuffle: "on",
    });
    const moved = await admin.post(`${T}/${id}/section/${second}/move/`, { direction: "up" });
    expect(moved.body.map((s: { name: string }) => s.name)).toEqual(["Part B", "Untitled Section"]);
    const badPatch = await admin.patch(`${T}/${id}/section/${second}/`, {
      name: "Part B",
      full_score: "5",
      pass_score: "6",
    });
    expect(badPatch.status).toBe(400);
    expect((await admin.get(`${T}/${id}/section/${second}/`)).body).toMatchObject({
      full_score: 10,
      pass_score: 6,
      pass_condition_type: 1,
    });
    expect((await admin.delete(`${T}/${id}/section/${second}/`)).status).toBe(204);
    expect((await admin.get(`${T}/${id}/section/`)).body.results).toMatchObject([
      { name: "Untitled Section", sort: 1 },
    ]);
  });
});

describe("the question store", () => {
  it("answers number and type; choice defaults by type; blank desc is Untitled Question", async () => {
    const id = await newTest("TST-Q-1");
    const s = await newSection(id);
    const base = `${T}/${id}/section/${s}/question/`;
    const q1 = await admin.post(base, { desc: "", type: 1 });
    expect(q1).toMatchObject({ status: 201, body: { number: 1, type: 1 } });
    const one = await admin.get(`${base}1/`);
    expect(one.body).toMatchObject({
      desc: "Untitled Question",
      choice_list: [
        { desc: "Untitled Choice", is_answer: false },
        { desc: "Untitled Choice", is_answer: false },
      ],
    });
    const q2 = await admin.post(base, { desc: "Describe a safe workplace.", type: 4 });
    expect(q2.body).toMatchObject({ number: 2, type: 4 });
    expect((await admin.get(`${base}2/`)).body.choice_list).toEqual([]);
    // A choice by spec 002 §7: POST {questionPath}{number}/choice/ with desc and is_answer.
    const c = await admin.post(`${base}1/choice/`, { desc: "Exit B", is_answer: true });
    expect(c).toMatchObject({ status: 201, body: { desc: "Exit B", is_answer: true, sort: 3 } });
    await admin.patch(`${base}1/choice/${c.body.id}/`, { desc: "Exit C", is_answer: "on" });
    expect((await admin.get(`${base}1/`)).body.choice_list[2]).toMatchObject({ desc: "Exit C", is_answer: true });
    expect((await admin.delete(`${base}1/choice/${c.body.id}/`)).status).toBe(204);
    // Delete renumbers; move reorders.
    await admin.post(base, { desc: "Third", type: 1 });
    await admin.post(`${base}3/move/`, { number: 1 });
    expect((await admin.get(base)).body.results.map((q: { desc: string }) => q.desc)).toEqual([
      "Third",
      "Untitled Question",
      "Describe a safe workplace.",
    ]);
    expect((await admin.delete(`${base}1/`)).status).toBe(204);
    expect(
      (await admin.get(base)).body.results.map((q: { number: number; desc: string }) => `${q.number}:${q.desc}`),
    ).toEqual(["1:Untitled Question", "2:Describe a safe workplace."]);
  });

  it("edits a question: hint, answers, score, tags; bad input writes nothing", async () => {
    const id = await newTest("TST-Q-2");
    const s = await newSection(id);
    const base = `${T}/${id}/section/${s}/question/`;
    await admin.post(base, { desc: "Fill in", type: 4 });
    const tag = (await api.db.selectFrom("tag").select("id").executeTakeFirstOrThrow()).id;
    const ok = await admin.patch(`${base}1/`, {
      desc: "Name the exit",
      desc_hint: "Look left",
      desc_answer: "Exit B",
      desc_evaluation: "Any exit",
      answer: "B",
      answer_gap: "0.5",
      score: "3",
      tag_list: String(tag),
    });
    expect(ok.body).toMatchObject({
      desc: "Name the exit",
      desc_hint: "Look left",
      answer: "B",
      answer_gap: 0.5,
      score: 3,
      tag_list: [{ id: tag }],
    });
    const bad = await admin.patch(`${base}1/`, { desc: "Changed", score: "-2" });
    expect(bad).toMatchObject({ status: 400, body: { score: expect.any(Array) } });
    const badTag = await admin.patch(`${base}1/`, { desc: "Changed", tag_list: "999999" });
    expect(badTag.body).toEqual({ tag_list: ["invalid_choice"] });
    expect((await admin.get(`${base}1/`)).body).toMatchObject({ desc: "Name the exit", score: 3 });
  });

  it("test types 2, 3, 6 only when configuration switches them on; type 2 and 6 get answer choices", async () => {
    const id = await newTest("TST-Q-3");
    const base = `${T}/${id}/section/${await newSection(id)}/question/`;
    const before = await count("test_question");
    expect((await admin.post(base, { desc: "Match", type: 2 })).body).toEqual({ type: ["tsq_msg_type_off"] });
    expect((await admin.post(base, { desc: "x", type: 5 })).body).toEqual({ type: ["invalid_choice"] });
    expect(await count("test_question")).toBe(before);
    await setConfig("test-type-matching-is-enabled", true);
    await setConfig("test-type-fill-answer-is-enabled", true);
    try {
      const m = await admin.post(base, { desc: "Match", type: 2 });
      expect(m.status).toBe(201);
      expect(
        (await admin.get(`${base}${m.body.number}/`)).body.choice_list.map((c: { is_answer: boolean }) => c.is_answer),
      ).toEqual([false, false, true, true]);
      const f = await admin.post(base, { desc: "Fill", type: 6 });
      expect(
        (await admin.get(`${base}${f.body.number}/`)).body.choice_list.map((c: { is_answer: boolean }) => c.is_answer),
      ).toEqual([false, false, true]);
    } finally {
      await setConfig("test-type-matching-is-enabled", false);
      await setConfig("test-type-fill-answer-is-enabled", false);
    }
  });

  it("refuses past the configured question limit", async () => {
    const id = await newTest("TST-Q-4");
    const base = `${T}/${id}/section/${await newSection(id)}/question/`;
    await setConfig("test-question-limit", 2);
    try {
      expect((await admin.post(base, { desc: "1", type: 1 })).status).toBe(201);
      expect((await admin.post(base, { desc: "2", type: 4 })).status).toBe(201);
      const before = await count("test_question");
      const over = await admin.post(base, { desc: "3", type: 1 });
      // The message names the limit (`key|count`, translated with {{count}}); `limit` too for other clients.
      expect(over).toMatchObject({ status: 400, body: { detail: "question_limit_exceeded|2", limit: 2 } });
      expect(await count("test_question")).toBe(before);
    } finally {
      await setConfig("test-question-limit", 100);
    }
  });

  it("a bank's questions: the same store, and every write logs", async () => {
    const bank = (
      await api.db.selectFrom("testbank").select("id").where("code", "=", "TB-SEC").executeTakeFirstOrThrow()
    ).id;
    const base = `/api/dashboard/testbank/${bank}/question/`;
    const before = (await admin.get(base)).body.count;
    expect(before).toBeGreaterThan(0);
    const logs = await count("testbank_log");
    // A bank's question takes the bank's type (TB-SEC: multiple choice), whatever is posted.
    const q = await admin.post(base, { desc: "What is a VPN?", type: 4 });
    expect(q.body).toMatchObject({ number: before + 1, type: 1 });
    await admin.post(`${base}${q.body.number}/choice/`, { desc: "A private tunnel", is_answer: true });
    await admin.delete(`${base}${q.body.number}/`);
    expect(await count("testbank_log")).toBe(logs + 3);
    const last = await api.db
      .selectFrom("testbank_log")
      .select(["action", "number"])
      .where("testbank_id", "=", bank)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(last).toEqual({ action: "question_delete", number: before + 1 });
  });

  it("a viewer reads but cannot write; another test's section is 404", async () => {
    const id = await newTest("TST-FLAG-1");
    const s = await newSection(id);
    const other = await newTest("TST-FLAG-2");
    const before = await count("test_question");
    expect((await viewer.get(`${T}/${id}/section/${s}/question/`)).status).toBe(200);
    expect((await viewer.post(`${T}/${id}/section/${s}/question/`, { desc: "x", type: 1 })).status).toBe(403);
    expect((await viewer.post(`${T}/${id}/section/`, {})).status).toBe(403);
    expect((await viewer.patch(`${T}/${id}/setting/`, { attempt: 2 })).status).toBe(403);
    expect((await admin.post(`${T}/${other}/section/${s}/question/`, { desc: "x", type: 1 })).status).toBe(404);
    expect(await count("test_question")).toBe(before);
  });
});
