import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";

/**
 * Issue 33 item 5 (docs/decisions/076): a test publishes only when every question it may ask can
 * be earned — a multiple-choice question with a correct choice, a matching one with every prompt
 * paired, its own or drawn from a bank — and each section's questions give its full score (one
 * total, also when drawn at random); the section answers both so its pages can say it; a blank
 * choice is a field error, never "Untitled Choice"; the overall landing page's figures of a test
 * (attempts, waiting answers), behind change progress where the pages are. Both dialects.
 */
const T = "/api/dashboard/test";
let api: TestApi;
let admin: Client;
let viewer: Client;
let learner: Client;
let refs: { category: number; provider: number };
let seq = 0;

beforeAll(async () => {
  api = await startTestApi();
  [admin, viewer, learner] = await Promise.all(["admin", "viewer", "learner"].map((u) => api.signedIn(u)));
  refs = await contentRefs(admin);
});
afterAll(() => api.close());

async function created(url: string, body: Record<string, unknown>): Promise<number> {
  const res = await admin.post(url, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}
/** A draft test with one section of full score `full`; its id, the section's and the section's question path. */
async function draftTest(full: number) {
  const id = await created(`${T}/`, { name: `Review test ${++seq}`, code: `RV-${seq}`, ...refs });
  const section = await created(`${T}/${id}/section/`, {
    name: `Part ${seq}`,
    full_score: String(full),
    pass_score: "0",
  });
  return { id, section, questions: `${T}/${id}/section/${section}/question/` };
}
/** A question of `type` added under `path`, worth `score`; its number and choices. */
async function question(path: string, type: number, score = 1) {
  const { number } = (await admin.post(path, { desc: `Question of type ${type}`, type })).body as { number: number };
  const saved = await admin.patch(`${path}${number}/`, { desc: `Question of type ${type}`, score: String(score) });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return {
    number,
    choices: saved.body.choice_list as { id: number; desc: string; is_answer: boolean; pair: number | null }[],
  };
}
const publish = (id: number) => admin.patch(`${T}/${id}/`, { is_display: true });
const shown = async (id: number) =>
  (await api.db.selectFrom("test").select("is_display").where("id", "=", id).executeTakeFirstOrThrow()).is_display;
const setConfig = async (key: string, value: unknown) => {
  const r = await api.db
    .updateTable("config")
    .set({ value: JSON.stringify(value) })
    .where("key", "=", key)
    .execute();
  if (!Number(r[0].numUpdatedRows))
    await api.db
      .insertInto("config")
      .values({ key, value: JSON.stringify(value), url: null } as never)
      .execute();
};
/** A bank of multiple-choice questions of the test's provider, each worth its score and with a correct first choice unless `broken`. */
async function bank(scores: number[], broken: number[] = []) {
  const id = await created("/api/dashboard/testbank/", {
    name: `Review bank ${++seq}`,
    code: `RVB-${seq}`,
    type_question: "1",
    ...refs,
  });
  for (const [i, score] of scores.entries()) {
    const q = await question(`/api/dashboard/testbank/${id}/question/`, 1, score);
    if (!broken.includes(i + 1))
      await admin.patch(`/api/dashboard/testbank/${id}/question/${q.number}/choice/${q.choices[0].id}/`, {
        desc: "Right",
        is_answer: true,
      });
  }
  return id;
}

describe("publishing asks questions that can be earned", () => {
  it("a multiple-choice question without a correct choice is refused by number and section, until one is correct", async () => {
    const t = await draftTest(1);
    const q = await question(t.questions, 1);
    expect(await publish(t.id)).toMatchObject({
      status: 417,
      body: { detail: MSG.publish_question_no_answer, owner: `Part ${seq}`, number: 1 },
    });
    expect(await shown(t.id)).toBe(0);
    // The section says so beforehand.
    expect((await admin.get(`${T}/${t.id}/section/${t.section}/`)).body).toMatchObject({
      question_score: { min: 1, max: 1 },
      unmarkable: [{ owner: `Part ${seq}`, number: 1, bank: null }],
    });
    await admin.patch(`${t.questions}${q.number}/choice/${q.choices[1].id}/`, { desc: "Exit B", is_answer: true });
    expect((await admin.get(`${T}/${t.id}/section/${t.section}/`)).body.unmarkable).toEqual([]);
    expect((await publish(t.id)).status).toBe(200);
  });

  it("a matching question with a prompt not paired is refused; a hidden question is not asked, so not checked", async () => {
    await setConfig("test-type-matching-is-enabled", true);
    const t = await draftTest(1);
    const q = await question(t.questions, 2);
    const prompt = q.choices.find((c) => !c.is_answer)!;
    await admin.patch(`${t.questions}${q.number}/choice/${prompt.id}/`, {
      desc: "Kitchen",
      is_answer: false,
      pair: "",
    });
    expect(await publish(t.id)).toMatchObject({
      status: 417,
      body: { detail: MSG.publish_question_no_answer, number: 1 },
    });
    // Hidden, it is not asked: the test then needs another question worth the section's point.
    await admin.patch(`${t.questions}${q.number}/`, { desc: "Hidden matching", is_hide: true });
    await question(t.questions, 4);
    expect((await publish(t.id)).status).toBe(200);
    await setConfig("test-type-matching-is-enabled", false);
  });

  it("a bank question a rule may draw is checked too, named by the bank", async () => {
    const b = await bank([1, 1], [2]);
    const bankName = `Review bank ${seq}`;
    const t = await draftTest(2);
    expect((await admin.post(`${T}/${t.id}/section/${t.section}/testbank/`, { bank: b, number: 2 })).status).toBe(201);
    expect(await publish(t.id)).toMatchObject({
      status: 417,
      body: { detail: MSG.publish_question_no_answer, owner: bankName, number: 2 },
    });
    expect((await admin.get(`${T}/${t.id}/section/${t.section}/`)).body.unmarkable).toEqual([
      { owner: bankName, number: 2, bank: b },
    ]);
    // Outside the rule's range it is never asked.
    await admin.post(`${T}/${t.id}/section/${t.section}/testbank/`, { bank: b, number: 1, range: "1" });
    await admin.patch(`${T}/${t.id}/section/${t.section}/`, { name: `Part ${seq}`, full_score: "1", pass_score: "0" });
    expect((await publish(t.id)).status).toBe(200);
  });
});

describe("publishing asks each section's questions to give its full score", () => {
  it("a full score its questions do not give is refused with both numbers; they agree, it publishes", async () => {
    const t = await draftTest(5);
    await question(t.questions, 4, 2);
    expect(await publish(t.id)).toMatchObject({
      status: 417,
      body: { detail: MSG.publish_section_score_mismatch, section: `Part ${seq}`, full_score: 5, total: 2 },
    });
    expect((await admin.get(`${T}/${t.id}/section/`)).body.results[0]).toMatchObject({
      full_score: 5,
      question_score: { min: 2, max: 2 },
    });
    await question(t.questions, 4, 3);
    expect((await publish(t.id)).status).toBe(200);
  });

  it("a random draw of questions of different scores gives no one total; selected numbers do", async () => {
    const b = await bank([1, 3]);
    const t = await draftTest(3);
    await admin.post(`${T}/${t.id}/section/${t.section}/testbank/`, { bank: b, number: 1 });
    expect(await publish(t.id)).toMatchObject({
      status: 417,
      body: { detail: MSG.publish_section_score_varies, min: 1, max: 3 },
    });
    expect((await admin.get(`${T}/${t.id}/section/${t.section}/`)).body.question_score).toEqual({ min: 1, max: 3 });
    await admin.post(`${T}/${t.id}/section/${t.section}/testbank/`, { bank: b, type_method: "1", question_list: "2" });
    expect((await admin.get(`${T}/${t.id}/section/${t.section}/`)).body.question_score).toEqual({ min: 3, max: 3 });
    expect((await publish(t.id)).status).toBe(200);
  });
});

describe("a choice's text", () => {
  it("blank is a field error and nothing is written, added or saved", async () => {
    const t = await draftTest(1);
    const q = await question(t.questions, 1);
    const count = async () =>
      Number(
        (
          await api.db
            .selectFrom("test_choice")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect(await admin.post(`${t.questions}${q.number}/choice/`, { desc: "  ", is_answer: true })).toMatchObject({
      status: 400,
      body: { desc: [MSG.required] },
    });
    expect(await count()).toBe(before);
    expect(
      await admin.patch(`${t.questions}${q.number}/choice/${q.choices[0].id}/`, { desc: "", is_answer: true }),
    ).toMatchObject({ status: 400, body: { desc: [MSG.required] } });
    expect((await admin.get(`${t.questions}${q.number}/`)).body.choice_list[0]).toMatchObject({
      desc: "Untitled Choice",
      is_answer: false,
    });
    // A new question's own choices are still "Untitled Choice" (spec 001 "Questions").
    expect((await question(t.questions, 1)).choices.map((c) => c.desc)).toEqual(["Untitled Choice", "Untitled Choice"]);
  });
});

describe("the overall landing page of a test", () => {
  it("counts the attempts, the answers to mark and the sections; the marking pages' figures only with change progress", async () => {
    const t = await draftTest(4);
    await question(t.questions, 4, 4);
    expect((await publish(t.id)).status).toBe(200);
    const learnerId = (
      await api.db.selectFrom("account").select("id").where("username", "=", "learner").executeTakeFirstOrThrow()
    ).id;
    expect((await admin.post(`${T}/${t.id}/enroll/`, { account_list: [learnerId] })).status).toBe(200);
    const started = await learner.post(`/api/test/${t.id}/attempt/`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const answer = started.body.answers[0].id as number;
    expect(
      (
        await learner.post(`/api/test/${t.id}/attempt/${started.body.id}/submit/`, {
          answer_list: [{ id: answer, answer: "Report it." }],
        })
      ).status,
    ).toBe(200);

    const figures = await admin.get(`${T}/${t.id}/overall/`);
    expect(figures.body).toMatchObject({
      log: { count: 1, answering: 0, verifying: 1, completed: 0, failed: 0 },
      section: { count: 1, question_count: 1 },
      approval: { waiting: 0 },
      summary: { attempts: 1, average: 0 },
      verify: { waiting: 1 },
      "slot-verify": { answers: 1, waiting: 1 },
    });
    // Marked in full: nothing waits, the attempt passed.
    expect((await admin.post(`${T}/${t.id}/answer/${answer}/verify/`, { score: "4", feedback: "" })).status).toBe(200);
    expect((await admin.get(`${T}/${t.id}/overall/`)).body).toMatchObject({
      log: { completed: 1, verifying: 0 },
      summary: { average: 4 },
      verify: { waiting: 0 },
      "slot-verify": { answers: 1, waiting: 0 },
    });
    // Read-only staff see the log and sections, not what the marking pages count.
    const seen = await viewer.get(`${T}/${t.id}/overall/`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      log: { count: 1 },
      section: { count: 1 },
      approval: null,
      summary: null,
      verify: null,
      "slot-verify": null,
    });
  });
});
