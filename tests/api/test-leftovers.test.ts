import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentTypeId } from "../../api/content/ref";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";

/**
 * What issue 18 left of tests (docs/decisions/070): a matching question's pairs (set in the
 * question store, refused when they do not name one of its answers, cleared with the answer) and
 * their marking; the time limit (`duration`) closing a late attempt at its limit, with the fake
 * clock. Both dialects (TEST_DATABASE_URL).
 */
const D = "/api/dashboard/test";
const L = "/api/test";
let api: TestApi;
let admin: Client;
let viewer: Client;
let learner: Client;
let refs: { category: number; provider: number };
let typeId: number;

beforeAll(async () => {
  api = await startTestApi();
  [admin, viewer, learner] = await Promise.all(["admin", "viewer", "learner"].map((u) => api.signedIn(u)));
  refs = await contentRefs(admin);
  typeId = await contentTypeId(api.db, "test");
});
afterAll(() => api.close());

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
let seq = 0;
const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
const enrollmentOf = async (testId: number) =>
  api.db
    .selectFrom("content_enrollment")
    .select(["id", "status"])
    .where("content_type_id", "=", typeId)
    .where("content_id", "=", testId)
    .where("account_id", "=", await accountId("learner"))
    .executeTakeFirstOrThrow();

/** A published test with one section (pass score `pass`), the learner enrolled; questions are added by the caller. */
async function publishedTest(opts: { duration?: number; pass?: number } = {}) {
  const at = api.clock.now.toISOString();
  const test = await api.db
    .insertInto("test")
    .values({
      name: `Leftover test ${++seq}`,
      code: `LO-${seq}`,
      content_level: null,
      program: null,
      category_id: refs.category,
      provider_id: refs.provider,
      is_environmental: 0,
      desc: "",
      is_display: 1,
      datetime_start: null,
      datetime_first_publish: at,
      datetime_create: at,
      datetime_update: at,
      created_by: null,
      result_setting: 0,
      attempt: 0,
      duration: opts.duration ?? 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const section = await api.db
    .insertInto("test_section")
    .values({
      test_id: test.id,
      sort: 1,
      name: "Only",
      full_score: 10,
      pass_score: opts.pass ?? 1,
      pass_condition_type: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await api.db
    .insertInto("content_enrollment")
    .values({
      account_id: await accountId("learner"),
      content_type_id: typeId,
      content_id: test.id,
      status: 0,
      add_method: 0,
      added_by: 1,
      created_by: null,
      datetime_enroll: at,
      datetime_start: null,
      datetime_complete: null,
      datetime_update: at,
    })
    .execute();
  return { id: test.id, section: section.id, base: `${D}/${test.id}/section/${section.id}/question/` };
}

type Choice = { id: number; desc: string; is_answer: boolean; pair: number | null };

describe("matching pairs in the question store", () => {
  it("a new matching question's prompts start paired in order; a prompt is re-paired, refused off its answers, unpaired with its answer", async () => {
    const t = await publishedTest();
    await setConfig("test-type-matching-is-enabled", true);
    try {
      const made = await admin.post(t.base, { desc: "Match the capitals", type: 2 });
      expect(made.status).toBe(201);
      const one = `${t.base}${made.body.number}/`;
      const choices = (await admin.get(one)).body.choice_list as Choice[];
      const [p1, p2, a1, a2] = choices;
      expect(choices.map((c) => [c.is_answer, c.pair])).toEqual([
        [false, a1.id],
        [false, a2.id],
        [true, null],
        [true, null],
      ]);
      // Pair the first prompt with the second answer (a plain form's fields).
      const crossed = await admin.patch(`${one}choice/${p1.id}/`, { desc: "Thailand", pair: String(a2.id) });
      expect(crossed.status, JSON.stringify(crossed.body)).toBe(200);
      expect((crossed.body.choice_list as Choice[]).find((c) => c.id === p1.id)).toMatchObject({
        desc: "Thailand",
        pair: a2.id,
      });
      // A prompt, or another question's choice, is no answer to pair with: a field error, nothing written.
      expect(await admin.patch(`${one}choice/${p1.id}/`, { desc: "x", pair: p2.id })).toMatchObject({
        status: 400,
        body: { pair: ["tsq_msg_pair_not_answer"] },
      });
      const other = await admin.post(t.base, { desc: "Another", type: 2 });
      const foreign = ((await admin.get(`${t.base}${other.body.number}/`)).body.choice_list as Choice[]).find(
        (c) => c.is_answer,
      )!;
      expect((await admin.post(`${one}choice/`, { desc: "Laos", pair: foreign.id })).body).toEqual({
        pair: ["tsq_msg_pair_not_answer"],
      });
      expect(((await admin.get(one)).body.choice_list as Choice[]).find((c) => c.id === p1.id)).toMatchObject({
        desc: "Thailand",
        pair: a2.id,
      });
      // An added prompt takes its pair; an answer never keeps one.
      const added = await admin.post(`${one}choice/`, { desc: "Laos", pair: a1.id });
      expect(added).toMatchObject({ status: 201, body: { desc: "Laos", is_answer: false, pair: a1.id } });
      expect((await admin.post(`${one}choice/`, { desc: "Hanoi", is_answer: "on", pair: a1.id })).body).toMatchObject({
        is_answer: true,
        pair: null,
      });
      // Deleting an answer, or turning it into a prompt, unpairs the prompts matched with it.
      expect((await admin.delete(`${one}choice/${a2.id}/`)).status).toBe(204);
      expect(((await admin.get(one)).body.choice_list as Choice[]).find((c) => c.id === p1.id)!.pair).toBeNull();
      await admin.patch(`${one}choice/${a1.id}/`, { desc: "Bangkok" });
      const after = (await admin.get(one)).body.choice_list as Choice[];
      expect(after.filter((c) => c.pair === a1.id)).toEqual([]);
      // Other types keep no pair; the viewer writes nothing.
      const single = await admin.post(t.base, { desc: "Choose", type: 1 });
      const plain = ((await admin.get(`${t.base}${single.body.number}/`)).body.choice_list as Choice[])[0];
      expect(
        (await admin.patch(`${t.base}${single.body.number}/choice/${plain.id}/`, { desc: "A", pair: a1.id })).body
          .choice_list[0],
      ).toMatchObject({ pair: null });
      expect((await viewer.patch(`${one}choice/${p1.id}/`, { desc: "y" })).status).toBe(403);
    } finally {
      await setConfig("test-type-matching-is-enabled", false);
    }
  });
});

/** A matching question of three prompts (the last a distractor answer) written straight to the database. */
async function matchingQuestion(section: number) {
  const at = api.clock.now.toISOString();
  const q = await api.db
    .insertInto("test_question")
    .values({
      section_id: section,
      bank_id: null,
      number: 1,
      type: 2,
      desc: "Match",
      answer: "",
      answer_gap: 0,
      score: 4,
      datetime_create: at,
      datetime_update: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const choice = async (sort: number, desc: string, is_answer: number, pair_id: number | null = null) =>
    (
      await api.db
        .insertInto("test_choice")
        .values({ question_id: q.id, sort, desc, is_answer, pair_id })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const answers = {
    bkk: await choice(4, "Bangkok", 1),
    vte: await choice(5, "Vientiane", 1),
    pnh: await choice(6, "Phnom Penh", 1),
  };
  const prompts = { th: await choice(1, "Thailand", 0, answers.bkk), la: await choice(2, "Laos", 0, answers.vte) };
  return { prompts, answers };
}

describe("marking a matching answer", () => {
  it("earns its score when every prompt gets its pair, 0 otherwise; the learner sees columns, never pairs", async () => {
    const t = await publishedTest({ pass: 4 });
    const { prompts, answers } = await matchingQuestion(t.section);
    const start = await learner.post(`${L}/${t.id}/attempt/`, {});
    expect(start.status).toBe(201);
    const asked = start.body.answers[0];
    expect(asked.choices.map((c: { side: string }) => c.side).sort()).toEqual([
      "answer",
      "answer",
      "answer",
      "prompt",
      "prompt",
    ]);
    expect(JSON.stringify(asked.choices)).not.toContain("pair");
    const right = await learner.post(`${L}/${t.id}/attempt/${start.body.id}/submit/`, {
      answer_list: [
        {
          id: asked.id,
          pair_list: [
            { prompt: prompts.th, answer: answers.bkk },
            { prompt: prompts.la, answer: answers.vte },
          ],
        },
      ],
    });
    expect(right.body).toMatchObject({ status: 30, score: 4, is_pass: true });
    expect(right.body.answers[0]).toMatchObject({
      score: 4,
      pair_list: [
        { prompt: prompts.th, answer: answers.bkk },
        { prompt: prompts.la, answer: answers.vte },
      ],
    });

    const t2 = await publishedTest({ pass: 4 });
    const q2 = await matchingQuestion(t2.section);
    const s2 = await learner.post(`${L}/${t2.id}/attempt/`, {});
    // One prompt matched with the distractor; a foreign choice id is dropped.
    const wrong = await learner.post(`${L}/${t2.id}/attempt/${s2.body.id}/submit/`, {
      answer_list: [
        {
          id: s2.body.answers[0].id,
          pair_list: [
            { prompt: q2.prompts.th, answer: q2.answers.bkk },
            { prompt: q2.prompts.la, answer: q2.answers.pnh },
            { prompt: prompts.th, answer: answers.bkk },
          ],
        },
      ],
    });
    expect(wrong.body).toMatchObject({ status: -5, score: 0 });
    expect(wrong.body.answers[0].pair_list).toHaveLength(2);
    // A matching answer is marked by its pairs, never by hand.
    expect((await admin.post(`${D}/${t2.id}/answer/${s2.body.answers[0].id}/verify/`, { score: 4 })).body).toEqual({
      detail: "answer_not_markable",
    });
  });
});

describe("the time limit (duration)", () => {
  /** A test of one description question worth 5 (pass 0), limited to `minutes`. */
  async function timedTest(minutes: number) {
    const t = await publishedTest({ duration: minutes, pass: 0 });
    const at = api.clock.now.toISOString();
    await api.db
      .insertInto("test_question")
      .values({
        section_id: t.section,
        bank_id: null,
        number: 1,
        type: 4,
        desc: "Explain",
        answer: "",
        answer_gap: 0,
        score: 5,
        datetime_create: at,
        datetime_update: at,
      })
      .execute();
    return t;
  }

  it("a submit within the limit is taken; the attempt says when it is due", async () => {
    const t = await timedTest(30);
    const start = await learner.post(`${L}/${t.id}/attempt/`, {});
    expect(start.body.datetime_due).toBe(new Date(api.clock.now.getTime() + 30 * 60_000).toISOString());
    api.advance(29 * 60_000);
    learner = await api.signedIn("learner");
    const sent = await learner.post(`${L}/${t.id}/attempt/${start.body.id}/submit/`, {
      answer_list: [{ id: start.body.answers[0].id, answer: "Because." }],
    });
    expect(sent.body).toMatchObject({ status: 22, waiting: 1 });
  });

  it("a late submit is refused and the attempt closed as submitted at the limit, without its answers", async () => {
    const t = await timedTest(30);
    const startedAt = api.clock.now.getTime();
    const start = await learner.post(`${L}/${t.id}/attempt/`, {});
    api.advance(31 * 60_000);
    learner = await api.signedIn("learner");
    const late = await learner.post(`${L}/${t.id}/attempt/${start.body.id}/submit/`, {
      answer_list: [{ id: start.body.answers[0].id, answer: "Too late." }],
    });
    expect(late).toMatchObject({ status: 400, body: { detail: "attempt_time_over" } });
    const row = await api.db
      .selectFrom("test_attempt")
      .select(["status", "score", "datetime_submit"])
      .where("id", "=", start.body.id)
      .executeTakeFirstOrThrow();
    // The blank description earned 0 (pass score 0: passed), submitted at start + 30 minutes.
    expect(row).toEqual({ status: 30, score: 0, datetime_submit: new Date(startedAt + 30 * 60_000).toISOString() });
    expect(
      await api.db
        .selectFrom("test_attempt_answer")
        .select(["answer", "score"])
        .where("attempt_id", "=", start.body.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ answer: "", score: 0 });
    expect((await enrollmentOf(t.id)).status).toBe(30);
  });

  it("an open attempt read or restarted after the limit is closed first; without a limit it stays open", async () => {
    const t = await timedTest(10);
    const first = await learner.post(`${L}/${t.id}/attempt/`, {});
    api.advance(11 * 60_000);
    learner = await api.signedIn("learner");
    expect((await learner.get(`${L}/${t.id}/attempt/${first.body.id}/`)).body).toMatchObject({
      id: first.body.id,
      status: 30,
      stage: "completed",
    });
    const t2 = await publishedTest({ pass: 6 });
    const at = api.clock.now.toISOString();
    await api.db
      .insertInto("test_question")
      .values({
        section_id: t2.section,
        bank_id: null,
        number: 1,
        type: 4,
        desc: "Explain",
        answer: "",
        answer_gap: 0,
        score: 5,
        datetime_create: at,
        datetime_update: at,
      })
      .execute();
    await api.db.updateTable("test").set({ duration: 5 }).where("id", "=", t2.id).execute();
    const open = await learner.post(`${L}/${t2.id}/attempt/`, {});
    api.advance(6 * 60_000);
    learner = await api.signedIn("learner");
    // Starting again: the overdue attempt is closed (failed: 0 of pass 6), and a new one starts.
    const next = await learner.post(`${L}/${t2.id}/attempt/`, {});
    expect(next.status).toBe(201);
    expect(next.body.id).not.toBe(open.body.id);
    expect(
      (
        await api.db
          .selectFrom("test_attempt")
          .select("status")
          .where("id", "=", open.body.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe(-5);
    await api.db.updateTable("test").set({ duration: 0 }).where("id", "=", t2.id).execute();
    api.advance(24 * 60 * 60_000);
    learner = await api.signedIn("learner");
    expect((await learner.get(`${L}/${t2.id}/attempt/${next.body.id}/`)).body).toMatchObject({
      status: 21,
      datetime_due: null,
    });
  });
});
