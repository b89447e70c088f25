import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentTypeId } from "../../api/content/ref";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";

/**
 * Test attempts and their verification (issue 18 §1, docs/decisions/065): a learner starts an
 * attempt (questions drawn and written down as asked, the attempt limit kept), submits (choices
 * marked at once, a matching fill-in too, the rest waiting), a verifier marks a fill-in and the
 * attempt and the learner's progress are decided; with result setting 1 an approval decides.
 * Who may: view reads, view + change progress verifies; a foreign attempt or answer is a 404;
 * a bad score is a field error and writes nothing. Both dialects (TEST_DATABASE_URL).
 */
const D = "/api/dashboard/test";
const L = "/api/test";
let api: TestApi;
let admin: Client;
let viewer: Client;
let learner: Client;
let other: Client;
let refs: { category: number; provider: number };
let typeId: number;

beforeAll(async () => {
  api = await startTestApi();
  [admin, viewer, learner, other] = await Promise.all(
    ["admin", "viewer", "learner", "student0001"].map((u) => api.signedIn(u)),
  );
  refs = await contentRefs(admin);
  typeId = await contentTypeId(api.db, "test");
});
afterAll(() => api.close());

type QuestionSpec = {
  type: number;
  score: number;
  answer?: string;
  answer_gap?: number;
  choices?: [string, boolean][];
};
type SectionSpec = { pass_score: number; pass_condition_type?: number; questions: QuestionSpec[] };
let seq = 0;
const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;

/** A published test with its sections and questions, `learners` enrolled (not started); written straight to the database. */
async function makeTest(
  sections: SectionSpec[],
  opts: { result_setting?: number; attempt?: number; learners?: string[] } = {},
) {
  const at = api.clock.now.toISOString();
  const db = api.db;
  const test = await db
    .insertInto("test")
    .values({
      name: `Attempt test ${++seq}`,
      code: `AT-${seq}`,
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
      result_setting: opts.result_setting ?? 0,
      attempt: opts.attempt ?? 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const questions: { id: number; choices: number[] }[][] = [];
  for (const [i, s] of sections.entries()) {
    const full = s.questions.reduce((n, q) => n + q.score, 0);
    const section = await db
      .insertInto("test_section")
      .values({
        test_id: test.id,
        sort: i + 1,
        name: `Section ${i + 1}`,
        full_score: full,
        pass_score: s.pass_score,
        pass_condition_type: s.pass_condition_type ?? 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const own: { id: number; choices: number[] }[] = [];
    for (const [n, q] of s.questions.entries()) {
      const row = await db
        .insertInto("test_question")
        .values({
          section_id: section.id,
          bank_id: null,
          number: n + 1,
          type: q.type,
          desc: `Q${n + 1} of type ${q.type}`,
          answer: q.answer ?? "",
          answer_gap: q.answer_gap ?? 0,
          score: q.score,
          datetime_create: at,
          datetime_update: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const choices: number[] = [];
      for (const [k, [desc, right]] of (q.choices ?? []).entries()) {
        choices.push(
          (
            await db
              .insertInto("test_choice")
              .values({ question_id: row.id, sort: k + 1, desc, is_answer: right ? 1 : 0 })
              .returning("id")
              .executeTakeFirstOrThrow()
          ).id,
        );
      }
      own.push({ id: row.id, choices });
    }
    questions.push(own);
  }
  for (const u of opts.learners ?? ["learner"]) {
    await db
      .insertInto("content_enrollment")
      .values({
        account_id: await accountId(u),
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
  }
  return { id: test.id, questions };
}

const enrollmentOf = async (testId: number, username = "learner") =>
  api.db
    .selectFrom("content_enrollment")
    .select(["id", "status"])
    .where("content_type_id", "=", typeId)
    .where("content_id", "=", testId)
    .where("account_id", "=", await accountId(username))
    .executeTakeFirstOrThrow();
type Answer = {
  id: number;
  question_id: number;
  question_type: number;
  choices: { id: number; desc: string }[];
  score: number | null;
};

/** One choice question (right: the first choice) and one description question worth 5. */
const MIXED: SectionSpec[] = [
  {
    pass_score: 6,
    questions: [
      {
        type: 1,
        score: 2,
        choices: [
          ["Right", true],
          ["Wrong", false],
        ],
      },
      { type: 4, score: 5 },
    ],
  },
];

/** Start and submit: the choice question right, the description answered `text`. */
async function answerMixed(testId: number, client = learner, text = "Because of gravity.") {
  const started = await client.post(`${L}/${testId}/attempt/`, {});
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const answers = started.body.answers as Answer[];
  const choice = answers.find((a) => a.question_type === 1)!;
  const fill = answers.find((a) => a.question_type === 4)!;
  const right = (
    await api.db
      .selectFrom("test_choice")
      .select("id")
      .where("question_id", "=", choice.question_id)
      .where("is_answer", "=", 1)
      .executeTakeFirstOrThrow()
  ).id;
  const submitted = await client.post(`${L}/${testId}/attempt/${started.body.id}/submit/`, {
    answer_list: [
      { id: choice.id, choice_list: [right] },
      { id: fill.id, answer: text },
    ],
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  return { attemptId: started.body.id as number, fillId: fill.id, body: submitted.body };
}

describe("attempts", () => {
  it("start draws the questions as asked, hides the right choices, moves progress to 21 and answers the open attempt again", async () => {
    const t = await makeTest(MIXED);
    const res = await learner.post(`${L}/${t.id}/attempt/`, {});
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ number: 1, status: 21, stage: "answering", full_score: 7, score: 0 });
    const answers = res.body.answers as Answer[];
    expect(answers.map((a) => a.question_type)).toEqual([1, 4]);
    expect(answers[0].choices.map((c) => c.desc).sort()).toEqual(["Right", "Wrong"]);
    expect(JSON.stringify(answers[0].choices)).not.toContain("is_answer");
    expect((await enrollmentOf(t.id)).status).toBe(21);
    const again = await learner.post(`${L}/${t.id}/attempt/`, {});
    expect(again).toMatchObject({ status: 200, body: { id: res.body.id } });
    // Not enrolled: 403; a draft test: 404; another account's attempt: 404.
    expect((await other.post(`${L}/${t.id}/attempt/`, {})).status).toBe(403);
    expect((await other.get(`${L}/${t.id}/attempt/${res.body.id}/`)).status).toBe(404);
    await api.db.updateTable("test").set({ is_display: 0 }).where("id", "=", t.id).execute();
    expect((await learner.post(`${L}/${t.id}/attempt/`, {})).status).toBe(404);
  });

  it("marks choices at once and leaves a description waiting (22 verifying)", async () => {
    const t = await makeTest(MIXED);
    const { body } = await answerMixed(t.id);
    expect(body).toMatchObject({ status: 22, stage: "verify", score: 2, waiting: 1, is_pass: null });
    expect((await enrollmentOf(t.id)).status).toBe(22);
    // Submitting again: the attempt is no longer open.
    expect((await learner.post(`${L}/${t.id}/attempt/${body.id}/submit/`, { answer_list: [] })).body).toEqual({
      detail: "attempt_not_open",
    });
  });

  it("auto-marks numbers within the gap and matching texts, then decides pass (30) or fail (-5)", async () => {
    const spec: SectionSpec[] = [
      {
        pass_score: 3,
        questions: [
          { type: 3, score: 2, answer: "10", answer_gap: 0.5 },
          { type: 6, score: 1, answer: "Bangkok", choices: [["Krung Thep", true]] },
        ],
      },
    ];
    const run = async (num: string, word: string) => {
      const t = await makeTest(spec);
      const s = await learner.post(`${L}/${t.id}/attempt/`, {});
      const [a, b] = s.body.answers as Answer[];
      const res = await learner.post(`${L}/${t.id}/attempt/${s.body.id}/submit/`, {
        answer_list: [
          { id: a.id, answer: num },
          { id: b.id, answer: word },
        ],
      });
      return { t, res };
    };
    const pass = await run("10.4", "  krung   THEP ");
    expect(pass.res.body).toMatchObject({ status: 30, stage: "completed", score: 3, is_pass: true });
    expect((await enrollmentOf(pass.t.id)).status).toBe(30);
    const log = await api.db
      .selectFrom("content_progress_log")
      .select(["from_status", "to_status", "action_type"])
      .where("enrollment_id", "=", (await enrollmentOf(pass.t.id)).id)
      .orderBy("id")
      .execute();
    expect(log.map((l) => [l.from_status, l.to_status])).toEqual([
      [0, 21],
      [21, 30],
    ]);
    const fail = await run("11", "Bangkok");
    expect(fail.res.body).toMatchObject({ status: -5, score: 1, is_pass: false });
    expect((await enrollmentOf(fail.t.id)).status).toBe(-5);
    // A text that matches nothing waits for a person.
    const wait = await run("10", "Siam");
    expect(wait.res.body).toMatchObject({ status: 22, stage: "verify", waiting: 1 });
  });

  it("keeps the attempt limit (0 = unlimited) and numbers the attempts", async () => {
    const spec: SectionSpec[] = [
      {
        pass_score: 1,
        questions: [
          {
            type: 1,
            score: 1,
            choices: [
              ["A", true],
              ["B", false],
            ],
          },
        ],
      },
    ];
    const t = await makeTest(spec, { attempt: 2 });
    for (const n of [1, 2]) {
      const s = await learner.post(`${L}/${t.id}/attempt/`, {});
      expect(s.body.number).toBe(n);
      const sub = await learner.post(`${L}/${t.id}/attempt/${s.body.id}/submit/`, { answer_list: [] });
      expect(sub.body.status).toBe(-5);
    }
    expect((await learner.post(`${L}/${t.id}/attempt/`, {})).body).toEqual({ detail: "attempt_limit_reached" });
    expect((await learner.get(`${L}/${t.id}/attempt/`)).body.results).toHaveLength(2);
    const unlimited = await makeTest(spec, { attempt: 0 });
    for (let n = 1; n <= 3; n++) {
      const s = await learner.post(`${L}/${unlimited.id}/attempt/`, {});
      expect(s.status).toBe(201);
      await learner.post(`${L}/${unlimited.id}/attempt/${s.body.id}/submit/`, { answer_list: [] });
    }
  });
});

describe("verification", () => {
  it("marks a fill-in: the score is recomputed and the attempt and progress decided", async () => {
    const t = await makeTest(MIXED);
    const { attemptId, fillId } = await answerMixed(t.id);
    const queue = await admin.get(
      `${D}/${t.id}/slot/${(await admin.get(`${D}/${t.id}/slot/`)).body.results[0].id}/answer/`,
    );
    expect(queue.body.results.map((r: { id: number }) => r.id)).toEqual([fillId]);
    const res = await admin.post(`${D}/${t.id}/answer/${fillId}/verify/`, { score: "4", feedback: "Good" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.answer).toMatchObject({ score: 4, feedback: "Good", verified_by: { username: "admin" } });
    expect(res.body.attempt).toMatchObject({ id: attemptId, status: 30, score: 6, is_pass: true, waiting: 0 });
    expect((await enrollmentOf(t.id)).status).toBe(30);
    const last = await api.db
      .selectFrom("content_progress_log")
      .select(["to_status", "action_type"])
      .where("enrollment_id", "=", (await enrollmentOf(t.id)).id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(last).toEqual({ to_status: 30, action_type: "verify" });
    // The section's figures.
    const slots = (await viewer.get(`${D}/${t.id}/slot/`)).body.results;
    expect(slots[0]).toMatchObject({ attempts: 1, average: 6, pass_rate: 100, waiting: 0 });
  });

  it("re-marks a decided attempt's fill-in: decided again with the learner's progress; an older attempt's marks are final (docs/decisions/070)", async () => {
    const t = await makeTest(MIXED);
    const { attemptId, fillId } = await answerMixed(t.id);
    expect((await admin.post(`${D}/${t.id}/answer/${fillId}/verify/`, { score: 5 })).body.attempt).toMatchObject({
      status: 30,
      score: 7,
    });
    const slot = (await admin.get(`${D}/${t.id}/slot/`)).body.results[0].id;
    const shown = (await admin.get(`${D}/${t.id}/slot/${slot}/answer/?view=all`)).body.results.find(
      (r: { id: number }) => r.id === fillId,
    );
    expect(shown).toMatchObject({ attempt_status: 30, mark_refusal: null });
    // Re-marked lower: failed, and the enrollment follows with a verify history row.
    const again = await admin.post(`${D}/${t.id}/answer/${fillId}/verify/`, { score: 1, feedback: "Second look" });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.attempt).toMatchObject({ id: attemptId, status: -5, score: 3, is_pass: false });
    expect((await enrollmentOf(t.id)).status).toBe(-5);
    const last = await api.db
      .selectFrom("content_progress_log")
      .select(["to_status", "action_type"])
      .where("enrollment_id", "=", (await enrollmentOf(t.id)).id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(last).toEqual({ to_status: -5, action_type: "verify" });
    // Above the question's score is still a field error, nothing written.
    expect((await admin.post(`${D}/${t.id}/answer/${fillId}/verify/`, { score: 9 })).body).toEqual({
      score: ["score_above_max"],
    });
    // A newer attempt supersedes it: its marks are final, and the page says why.
    await answerMixed(t.id);
    expect((await admin.post(`${D}/${t.id}/answer/${fillId}/verify/`, { score: 5 })).body).toEqual({
      detail: "attempt_superseded",
    });
    const old = (await admin.get(`${D}/${t.id}/slot/${slot}/answer/?view=all`)).body.results.find(
      (r: { id: number }) => r.id === fillId,
    );
    expect(old).toMatchObject({ score: 1, mark_refusal: "attempt_superseded" });
    expect(
      (await api.db.selectFrom("test_attempt").select("status").where("id", "=", attemptId).executeTakeFirstOrThrow())
        .status,
    ).toBe(-5);
  });

  it("a low mark fails the attempt (-5)", async () => {
    const t = await makeTest(MIXED);
    const { fillId } = await answerMixed(t.id);
    const res = await admin.post(`${D}/${t.id}/answer/${fillId}/verify/`, { score: 1 });
    expect(res.body.attempt).toMatchObject({ status: -5, score: 3, is_pass: false });
    expect((await enrollmentOf(t.id)).status).toBe(-5);
  });

  it("a bad score is a field error and writes nothing; a choice answer cannot be marked", async () => {
    const t = await makeTest(MIXED);
    const { attemptId, fillId } = await answerMixed(t.id);
    expect(await admin.post(`${D}/${t.id}/answer/${fillId}/verify/`, { score: "6" })).toMatchObject({
      status: 400,
      body: { score: ["score_above_max"] },
    });
    expect(await admin.post(`${D}/${t.id}/answer/${fillId}/verify/`, { score: "-1" })).toMatchObject({
      status: 400,
      body: { score: ["number_out_of_range"] },
    });
    expect((await admin.post(`${D}/${t.id}/answer/${fillId}/verify/`, { score: "abc" })).status).toBe(400);
    expect((await admin.post(`${D}/${t.id}/answer/${fillId}/verify/`, { feedback: "x" })).status).toBe(400);
    const row = await api.db
      .selectFrom("test_attempt_answer")
      .select(["score", "feedback"])
      .where("id", "=", fillId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ score: null, feedback: "" });
    expect((await enrollmentOf(t.id)).status).toBe(22);
    const detail = await admin.get(`${D}/${t.id}/attempt/${attemptId}/`);
    const choice = (detail.body.answers as Answer[]).find((a) => a.question_type === 1)!;
    expect((await admin.post(`${D}/${t.id}/answer/${choice.id}/verify/`, { score: "0" })).body).toEqual({
      detail: "answer_not_markable",
    });
  });

  it("needs view and change progress; a foreign attempt or answer is a 404", async () => {
    const t = await makeTest(MIXED);
    const { attemptId, fillId } = await answerMixed(t.id);
    expect((await viewer.get(`${D}/${t.id}/attempt/`)).status).toBe(200);
    expect((await viewer.get(`${D}/${t.id}/attempt/${attemptId}/`)).status).toBe(200);
    expect((await viewer.post(`${D}/${t.id}/answer/${fillId}/verify/`, { score: 1 })).status).toBe(403);
    expect((await viewer.get(`${D}/${t.id}/answer/${fillId}/`)).status).toBe(403);
    expect((await learner.get(`${D}/${t.id}/attempt/`)).status).toBe(403);
    const otherTest = await makeTest(MIXED, { learners: [] });
    expect((await admin.get(`${D}/${otherTest.id}/attempt/${attemptId}/`)).status).toBe(404);
    expect((await admin.post(`${D}/${otherTest.id}/answer/${fillId}/verify/`, { score: 1 })).status).toBe(404);
    expect(
      (await admin.post(`${D}/${otherTest.id}/attempt/${attemptId}/approval/`, { decision: "approve" })).status,
    ).toBe(404);
    expect(
      (
        await api.db
          .selectFrom("test_attempt_answer")
          .select("score")
          .where("id", "=", fillId)
          .executeTakeFirstOrThrow()
      ).score,
    ).toBeNull();
  });
});

describe("approval (result setting 1)", () => {
  it("waits for approval once marked; approve decides by score, reject fails", async () => {
    const a = await makeTest(MIXED, { result_setting: 1 });
    const first = await answerMixed(a.id);
    // Waiting for a verifier is not yet waiting for approval.
    expect(
      (await admin.post(`${D}/${a.id}/attempt/${first.attemptId}/approval/`, { decision: "approve" })).body,
    ).toEqual({ detail: "attempt_not_waiting_approval" });
    const marked = await admin.post(`${D}/${a.id}/answer/${first.fillId}/verify/`, { score: 5 });
    expect(marked.body.attempt).toMatchObject({ status: 22, stage: "approval", score: 7, is_pass: null });
    expect((await enrollmentOf(a.id)).status).toBe(22);
    const waiting = await admin.get(`${D}/${a.id}/attempt/?approval=1`);
    expect(waiting.body.results.map((r: { id: number }) => r.id)).toEqual([first.attemptId]);
    expect((await admin.post(`${D}/${a.id}/attempt/${first.attemptId}/approval/`, { decision: "maybe" })).body).toEqual(
      { decision: ["invalid_choice"] },
    );
    expect(
      (await viewer.post(`${D}/${a.id}/attempt/${first.attemptId}/approval/`, { decision: "approve" })).status,
    ).toBe(403);
    const ok = await admin.post(`${D}/${a.id}/attempt/${first.attemptId}/approval/`, { decision: "approve" });
    expect(ok.body).toMatchObject({
      status: 30,
      stage: "completed",
      is_pass: true,
      verified_by: { username: "admin" },
    });
    expect((await enrollmentOf(a.id)).status).toBe(30);

    const b = await makeTest(MIXED, { result_setting: 1 });
    const second = await answerMixed(b.id);
    await admin.post(`${D}/${b.id}/answer/${second.fillId}/verify/`, { score: 5 });
    const no = await admin.post(`${D}/${b.id}/attempt/${second.attemptId}/approval/`, { decision: "reject" });
    expect(no.body).toMatchObject({ status: -5, is_pass: false });
    const e = await enrollmentOf(b.id);
    expect(e.status).toBe(-5);
    const last = await api.db
      .selectFrom("content_progress_log")
      .select("action_type")
      .where("enrollment_id", "=", e.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(last.action_type).toBe("reject");
  });
});

describe("pass conditions", () => {
  it("a section of type 1 must reach its own pass score; type 2 needs every answer right", async () => {
    const choice = (right: boolean): QuestionSpec => ({
      type: 1,
      score: 1,
      choices: [
        ["Yes", right],
        ["No", !right],
      ],
    });
    const t1 = await makeTest([
      { pass_score: 0, questions: [choice(true), choice(true)] },
      { pass_score: 1, pass_condition_type: 1, questions: [choice(true)] },
    ]);
    const s = await learner.post(`${L}/${t1.id}/attempt/`, {});
    const answers = s.body.answers as Answer[];
    // Right in section 1, wrong in section 2 ("Yes" is right everywhere; choose "No" in the last).
    const list = answers.map((a, i) => ({
      id: a.id,
      choice_list: [a.choices.find((c) => c.desc === (i < 2 ? "Yes" : "No"))!.id],
    }));
    const res = await learner.post(`${L}/${t1.id}/attempt/${s.body.id}/submit/`, { answer_list: list });
    expect(res.body).toMatchObject({ score: 2, status: -5 });
    const t2 = await makeTest([{ pass_score: 0, pass_condition_type: 2, questions: [choice(true), choice(true)] }]);
    const s2 = await learner.post(`${L}/${t2.id}/attempt/`, {});
    const a2 = s2.body.answers as Answer[];
    const r2 = await learner.post(`${L}/${t2.id}/attempt/${s2.body.id}/submit/`, {
      answer_list: [{ id: a2[0].id, choice_list: [a2[0].choices.find((c) => c.desc === "Yes")!.id] }],
    });
    expect(r2.body).toMatchObject({ score: 1, status: -5 });
  });
});
