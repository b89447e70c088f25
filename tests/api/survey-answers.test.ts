import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SurveyAnswerSheet, SurveyResult } from "../../contract/schemas/survey";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";

/**
 * Answering a survey and its results (issue 18 §4, docs/decisions/067): the learner's call
 * (survey/{id}/answer/) with every rule refused at once and nothing written, editable and
 * anonymous surveys, the period's end, the results' numbers, starting from a template, and the
 * instructor's view scope. Both dialects (TEST_DATABASE_URL).
 */
const S = "/api/dashboard/survey";
let api: TestApi;
let admin: Client;
let learner: Client;
let learner2: Client;
let refs: { category: number; provider: number };
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  learner = await api.signedIn("learner");
  learner2 = await api.signedIn("learner001");
  refs = await contentRefs(admin);
});
afterAll(() => api.close());

const submissions = async () =>
  Number(
    (
      await api.db
        .selectFrom("form_submission")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A published survey with a choice (with "other"), a multiple choice (2 ticks), a scale 1–5 and a number (averaged), a text. */
async function builtSurvey(code: string, flags: Record<string, unknown> = {}) {
  const created = await admin.post(`${S}/`, { ...refs, name: `Answers ${code}`, code, survey_type: 1, ...flags });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as number;
  const section = (await admin.post(`${S}/${id}/section/`, { name: "All" })).body.sections[0].id as number;
  const add = async (q: Record<string, unknown>) => {
    const res = await admin.post(`${S}/${id}/section/${section}/question/`, q);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  await add({ text: "Pick one", type: 2, is_required: true, choices: ["Red", "Blue"], is_optional: true });
  await add({ text: "Pick two", type: 3, choices: ["A", "B", "C"], max_select: 2 });
  await add({ text: "Rate", type: 1, value_min: 1, value_max: 5, is_average: true, is_required: true });
  await add({ text: "Hours", type: 6, is_average: true });
  await add({ text: "Comment", type: 5 });
  expect((await admin.patch(`${S}/${id}/`, { is_display: true })).status).toBe(200);
  const questions = (await admin.get(`${S}/${id}/section/`)).body.results[0].questions as {
    id: number;
    choices: { id: number }[];
  }[];
  return { id, q: questions };
}

describe("answering a survey", () => {
  it("refuses every broken rule at once and writes nothing; then takes the answer and fixes the type", async () => {
    const { id, q } = await builtSurvey("SVA-1");
    const sheet = (await learner.get(`/api/survey/${id}/answer/`)).body as SurveyAnswerSheet;
    expect(sheet).toMatchObject({ can_answer: true, answer: null });
    expect(sheet.sections[0].questions).toHaveLength(5);
    const before = await submissions();
    const bad = await learner.post(`/api/survey/${id}/answer/`, {
      answers: {
        [q[1].id]: [q[1].choices[0].id, q[1].choices[1].id, q[1].choices[2].id],
        [q[2].id]: "9",
        [q[3].id]: "many",
        999999: "x",
      },
      other: { [q[4].id]: "not a choice question" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      [`answers.${q[0].id}`]: ["req_msg_answer_required"],
      [`answers.${q[1].id}`]: ["svy_msg_too_many_choices"],
      [`answers.${q[2].id}`]: ["svy_msg_scale_out_of_range"],
      [`answers.${q[3].id}`]: ["invalid"],
      "answers.999999": ["invalid"],
      [`other.${q[4].id}`]: ["invalid"],
    });
    // A choice of another question, and a choice plus "other" on a one-choice question.
    const wrong = await learner.post(`/api/survey/${id}/answer/`, {
      answers: { [q[0].id]: [q[1].choices[0].id], [q[2].id]: "3" },
    });
    expect(wrong.body[`answers.${q[0].id}`]).toEqual(["invalid_choice"]);
    const both = await learner.post(`/api/survey/${id}/answer/`, {
      answers: { [q[0].id]: [q[0].choices[0].id], [q[2].id]: "3" },
      other: { [q[0].id]: "Green" },
    });
    expect(both.body[`answers.${q[0].id}`]).toEqual(["invalid_choice"]);
    expect(await submissions()).toBe(before);
    expect((await admin.get(`${S}/${id}/`)).body.is_survey_type_editable).toBe(true);

    const ok = await learner.post(`/api/survey/${id}/answer/`, {
      answers: {
        [q[0].id]: String(q[0].choices[0].id),
        [q[1].id]: [q[1].choices[0].id, q[1].choices[2].id],
        [q[2].id]: "4",
        [q[3].id]: "3",
      },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.answer.answers).toHaveLength(5);
    expect(await submissions()).toBe(before + 1);
    expect((await admin.get(`${S}/${id}/`)).body.is_survey_type_editable).toBe(false);
    // "Other" counts as the answer of a required choice question.
    const other = await learner2.post(`/api/survey/${id}/answer/`, {
      answers: { [q[2].id]: "2", [q[3].id]: "5.5" },
      other: { [q[0].id]: "Green" },
    });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
  });

  it("replaces an answer when editable, refuses a second one otherwise", async () => {
    const editable = await builtSurvey("SVA-ED", { is_editable: true });
    const body = (rate: string) => ({
      answers: { [editable.q[0].id]: [editable.q[0].choices[1].id], [editable.q[2].id]: rate },
    });
    expect((await learner.post(`/api/survey/${editable.id}/answer/`, body("1"))).status).toBe(201);
    const changed = await learner.post(`/api/survey/${editable.id}/answer/`, body("5"));
    expect(changed.status).toBe(200);
    expect(changed.body.answer.answers.find((a: { question: number }) => a.question === editable.q[2].id).value).toBe(
      "5",
    );
    const form = (
      await api.db.selectFrom("survey").select("form_id").where("id", "=", editable.id).executeTakeFirstOrThrow()
    ).form_id!;
    expect((await api.db.selectFrom("form_submission").select("id").where("form_id", "=", form).execute()).length).toBe(
      1,
    );

    const fixed = await builtSurvey("SVA-FX", { is_editable: false });
    const once = { answers: { [fixed.q[0].id]: [fixed.q[0].choices[0].id], [fixed.q[2].id]: "3" } };
    expect((await learner.post(`/api/survey/${fixed.id}/answer/`, once)).status).toBe(201);
    const before = await submissions();
    const again = await learner.post(`/api/survey/${fixed.id}/answer/`, once);
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe("svy_msg_already_answered");
    expect((await learner.get(`/api/survey/${fixed.id}/answer/`)).body.can_answer).toBe(false);
    expect(await submissions()).toBe(before);
  });

  it("answers only while published and before the end; the end must follow the start", async () => {
    const { id, q } = await builtSurvey("SVA-P");
    const body = { answers: { [q[0].id]: [q[0].choices[0].id], [q[2].id]: "3" } };
    const hour = 3_600_000;
    const past = new Date(api.clock.now.getTime() - hour).toISOString();
    const later = new Date(api.clock.now.getTime() + hour).toISOString();
    const ended = await admin.patch(`${S}/${id}/`, { datetime_end: past });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.content_period_doing.datetime_end).toBe(past);
    const closed = await learner.post(`/api/survey/${id}/answer/`, body);
    expect(closed).toMatchObject({ status: 400, body: { detail: "svy_msg_closed" } });
    expect((await learner.get(`/api/survey/${id}/answer/`)).body.can_answer).toBe(false);
    // Scheduled to open in an hour, ending before that: refused on the start, then on the end.
    await admin.patch(`${S}/${id}/`, { datetime_end: "" });
    expect((await admin.patch(`${S}/${id}/`, { is_display: true, datetime_start: later })).status).toBe(200);
    expect((await learner.post(`/api/survey/${id}/answer/`, body)).body.detail).toBe("svy_msg_not_open");
    const early = await admin.patch(`${S}/${id}/`, { datetime_end: past });
    expect(early).toMatchObject({ status: 400, body: { datetime_end: ["svy_msg_end_before_start"] } });
    expect((await admin.patch(`${S}/${id}/`, { datetime_end: "not a date" })).body.datetime_end).toEqual(["invalid"]);
    await admin.patch(`${S}/${id}/`, { is_display: false });
    expect((await learner.post(`/api/survey/${id}/answer/`, body)).status).toBe(404);
    expect((await learner.get(`/api/survey/${id}/answer/`)).status).toBe(404);
    expect((await api.client().post(`/api/survey/${id}/answer/`, body)).status).toBe(401);
  });
});

describe("survey results", () => {
  it("counts, shares and averages; names the writers unless the survey is anonymous", async () => {
    for (const [code, anonymous] of [
      ["SVA-R1", false],
      ["SVA-R2", true],
    ] as const) {
      const { id, q } = await builtSurvey(code, { is_anonymous: anonymous });
      await learner.post(`/api/survey/${id}/answer/`, {
        answers: {
          [q[0].id]: [q[0].choices[0].id],
          [q[1].id]: [q[1].choices[0].id, q[1].choices[1].id],
          [q[2].id]: "5",
          [q[3].id]: "2",
          [q[4].id]: "Great",
        },
      });
      await learner2.post(`/api/survey/${id}/answer/`, {
        answers: { [q[1].id]: [q[1].choices[0].id], [q[2].id]: "2", [q[3].id]: "4" },
        other: { [q[0].id]: "Green" },
      });
      const res = await admin.get(`${S}/${id}/result/`);
      expect(res.status).toBe(200);
      const r = res.body as SurveyResult;
      expect(r).toMatchObject({ count_submission: 2, is_anonymous: anonymous });
      const [choice, multi, scale, hours, text] = r.questions;
      expect(choice).toMatchObject({
        count_answer: 2,
        count_other: 1,
        choices: [
          { text: "Red", count: 1, share: 0.5 },
          { text: "Blue", count: 0, share: 0 },
        ],
      });
      expect(choice.answers.map((a) => a.value)).toEqual(["Green"]);
      expect(multi.choices.map((c) => [c.count, c.share])).toEqual([
        [2, 1],
        [1, 0.5],
        [0, 0],
      ]);
      expect(scale).toMatchObject({ average: 3.5, count_answer: 2, answers: [] });
      expect(scale.scale.map((p) => p.count)).toEqual([0, 1, 0, 0, 1]);
      expect(hours.average).toBe(3);
      expect(text.average).toBeNull();
      expect(text.answers[0].value).toBe("Great");
      if (anonymous) expect(text.answers[0].account).toBeNull();
      else expect(text.answers[0].account?.username).toBe("learner");
    }
  });
});

describe("the seed", () => {
  it("has answers for each survey type (given through the service), an anonymous poll's among them, and a template", async () => {
    const rows = await api.db
      .selectFrom("survey as s")
      .innerJoin("form_submission as f", "f.form_id", "s.form_id")
      .select(["s.survey_type", "s.is_anonymous", "s.code", (eb) => eb.fn.countAll().as("n")])
      .groupBy(["s.survey_type", "s.is_anonymous", "s.code"])
      .execute();
    for (const type of [0, 1, 2])
      expect(rows.filter((r) => r.survey_type === type && Number(r.n) >= 3).length, `type ${type}`).toBeGreaterThan(0);
    expect(rows.some((r) => r.is_anonymous === 1 && Number(r.n) >= 3)).toBe(true);
    const likert = rows.find((r) => r.code === "SV-INS")!;
    const id = (await api.db.selectFrom("survey").select("id").where("code", "=", "SV-INS").executeTakeFirstOrThrow())
      .id;
    const result = (await admin.get(`${S}/${id}/result/`)).body as SurveyResult;
    expect(result.count_submission).toBe(Number(likert.n));
    expect(result.questions.every((q) => q.average !== null && q.average >= 1 && q.average <= 5)).toBe(true);
    expect((await admin.get(`${S}/template/`)).body.results.length).toBeGreaterThan(0);
  });
});

describe("templates", () => {
  it("copies a template's questions, choices and settings — never its answers", async () => {
    const { id: template, q } = await builtSurvey("SVA-TPL", {
      is_template: true,
      is_anonymous: true,
      is_editable: false,
      survey_type: 2,
    });
    await learner.post(`/api/survey/${template}/answer/`, {
      answers: { [q[0].id]: [q[0].choices[0].id], [q[2].id]: "3" },
    });
    expect((await admin.get(`${S}/template/`)).body.results.map((r: { id: number }) => r.id)).toContain(template);
    const before = Number(
      (
        await api.db
          .selectFrom("survey")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const notTemplate = (
      await api.db.selectFrom("survey").select("id").where("is_template", "=", 0).executeTakeFirstOrThrow()
    ).id;
    const refused = await admin.post(`${S}/`, { ...refs, name: "From nothing", code: "SVA-NT", template: notTemplate });
    expect(refused).toMatchObject({ status: 400, body: { template: ["invalid_choice"] } });
    expect(
      Number(
        (
          await api.db
            .selectFrom("survey")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(before);

    const copy = await admin.post(`${S}/`, {
      ...refs,
      name: "From template",
      code: "SVA-CP",
      template,
      survey_type: 0,
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect(copy.body).toMatchObject({
      survey_type: 2,
      is_anonymous: true,
      is_editable: false,
      is_template: false,
      count_question: 5,
      is_survey_type_editable: true,
    });
    const [a, b] = await Promise.all([
      admin.get(`${S}/${template}/section/`),
      admin.get(`${S}/${copy.body.id}/section/`),
    ]);
    const shape = (
      sections: {
        name: string;
        questions: {
          text: string;
          type: number;
          is_average: boolean;
          is_optional: boolean;
          max_select: number;
          choices: { text: string }[];
        }[];
      }[],
    ) =>
      sections.map((s) => ({
        name: s.name,
        questions: s.questions.map((x) => ({
          text: x.text,
          type: x.type,
          avg: x.is_average,
          opt: x.is_optional,
          max: x.max_select,
          choices: x.choices.map((c) => c.text),
        })),
      }));
    expect(shape(b.body.results)).toEqual(shape(a.body.results));
    expect(b.body.results[0].id).not.toBe(a.body.results[0].id);
    expect((await admin.get(`${S}/${copy.body.id}/result/`)).body.count_submission).toBe(0);
  });
});

describe("the instructor's view scope", () => {
  it("lists and opens only the surveys that evaluate them", async () => {
    const instructor = await api.signedIn("instructor");
    const own = (
      await api.db
        .selectFrom("instructor as i")
        .innerJoin("account as a", "a.id", "i.account_id")
        .select("i.id")
        .where("a.username", "=", "instructor")
        .executeTakeFirstOrThrow()
    ).id;
    const evaluating = (
      await api.db.selectFrom("survey_instructor").select("survey_id").where("instructor_id", "=", own).execute()
    ).map((r) => r.survey_id);
    expect(evaluating.length).toBeGreaterThan(0);
    const listed = ((await instructor.get(`${S}/?page_size=500`)).body.results as { id: number }[]).map((r) => r.id);
    expect(listed.sort()).toEqual([...evaluating].sort());
    expect((await instructor.get(`${S}/${evaluating[0]}/result/`)).status).toBe(200);
    const other = (
      await api.db.selectFrom("survey").select("id").where("id", "not in", evaluating).executeTakeFirstOrThrow()
    ).id;
    expect((await instructor.get(`${S}/${other}/`)).status).toBe(404);
    expect((await instructor.get(`${S}/${other}/result/`)).status).toBe(404);
  });
});
