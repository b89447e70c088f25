import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flag } from "../../contract/permissions";
import type { ContentSurveyResult, SurveyAnswerRow } from "../../contract/schemas/survey";
import { startTestApi, type Client, type TestApi } from "./harness";
import { signedInWithout } from "./people-kit";

/** A survey's results and individual answers per course (issue 33 item 14, docs/decisions/081). */

let api: TestApi;
let admin: Client;
let courseId: number;
let courseTypeId: number;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  courseTypeId = (
    await api.db.selectFrom("content_type").select("id").where("code", "=", "course").executeTakeFirstOrThrow()
  ).id;
  courseId = (await api.db.selectFrom("course").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
});
afterAll(() => api.close());

const C = () => `/api/dashboard/course/${courseId}/survey/`;

/** A seeded survey with at least three answers, anonymous or not, and the accounts that answered it. */
async function answeredSurvey(anonymous: boolean) {
  const rows = await api.db
    .selectFrom("survey as s")
    .innerJoin("form_submission as fs", "fs.form_id", "s.form_id")
    .select(["s.id", "s.name", sql<number>`count(fs.id)`.as("n")])
    .where("s.is_anonymous", "=", anonymous ? 1 : 0)
    .groupBy(["s.id", "s.name"])
    .having(sql`count(fs.id)`, ">=", 3)
    .orderBy("s.id")
    .execute();
  expect(rows.length, `a seeded ${anonymous ? "anonymous" : "named"} survey with answers`).toBeGreaterThan(0);
  const survey = rows[0];
  const form = (
    await api.db.selectFrom("survey").select("form_id").where("id", "=", survey.id).executeTakeFirstOrThrow()
  ).form_id!;
  const accounts = (
    await api.db.selectFrom("form_submission").select("account_id").where("form_id", "=", form).orderBy("id").execute()
  ).map((r) => r.account_id);
  return { id: survey.id, name: survey.name, accounts };
}

/** Attach `surveyId` to the course and enrol `learners` in it (the respondents that count here). */
async function attach(surveyId: number, learners: number[]): Promise<number> {
  await api.db
    .deleteFrom("content_survey")
    .where("content_type_id", "=", courseTypeId)
    .where("content_id", "=", courseId)
    .where("survey_id", "=", surveyId)
    .execute();
  const res = await admin.post(C(), { survey: surveyId, is_required: false });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const now = new Date().toISOString();
  for (const account_id of learners) {
    const enrolled = await api.db
      .selectFrom("content_enrollment")
      .select("id")
      .where("account_id", "=", account_id)
      .where("content_type_id", "=", courseTypeId)
      .where("content_id", "=", courseId)
      .executeTakeFirst();
    if (!enrolled) {
      await api.db
        .insertInto("content_enrollment")
        .values({
          account_id,
          content_type_id: courseTypeId,
          content_id: courseId,
          status: 1,
          add_method: 1,
          added_by: 1,
          created_by: null,
          datetime_enroll: now,
          datetime_start: null,
          datetime_complete: null,
          datetime_update: now,
        } as never)
        .execute();
    }
  }
  return res.body.id;
}

const download = async (client: Client, url: string) => {
  const res = await api.app.inject({
    method: "GET",
    url,
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    text: res.rawPayload.toString("utf8").replace(/^\uFEFF/, ""),
    raw: res.rawPayload,
  };
};

describe("survey results per course", () => {
  it("counts only the course's learners, names them, and exports one row each", async () => {
    const survey = await answeredSurvey(false);
    const learners = survey.accounts.slice(0, 2);
    const row = await attach(survey.id, learners);
    const summary = (await admin.get(`${C()}${row}/result/`)).body as ContentSurveyResult;
    expect(summary.survey).toMatchObject({ id: survey.id, is_anonymous: false });
    expect(summary.result.count_submission).toBe(2);
    // The survey's own results count everyone who answered.
    expect((await admin.get(`/api/dashboard/survey/${survey.id}/result/`)).body.count_submission).toBe(
      survey.accounts.length,
    );
    const answers = (await admin.get(`${C()}${row}/result/answer/`)).body as {
      count: number;
      results: SurveyAnswerRow[];
    };
    expect(answers.count).toBe(2);
    expect(answers.results.map((r) => r.account?.id).sort()).toEqual([...learners].sort());
    expect(answers.results.every((r) => Object.keys(r.answers).length > 0)).toBe(true);

    const csv = await download(admin, `${C()}${row}/result/export/?format_type=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="survey-\d+-answers-\d{8}\.csv"/);
    const lines = csv.text.trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0].startsWith("No.,Respondent,Username,Answered,")).toBe(true);
    expect(lines[0]).toContain(
      summary.questions[0].text.includes(",") ? `"${summary.questions[0].text}"` : summary.questions[0].text,
    );
    const usernames = answers.results.map((r) => r.account!.username);
    expect(lines.slice(1).map((l) => l.split(",")[2])).toEqual(usernames);
    const xlsx = await download(admin, `${C()}${row}/result/export/?format_type=xlsx`);
    expect(xlsx.status).toBe(200);
    expect([...xlsx.raw.subarray(0, 2)]).toEqual([0x50, 0x4b]);
  });

  it("names nobody when the survey is anonymous, on the page or in the file", async () => {
    const survey = await answeredSurvey(true);
    const row = await attach(survey.id, survey.accounts.slice(0, 3));
    const answers = (await admin.get(`${C()}${row}/result/answer/`)).body as {
      count: number;
      results: SurveyAnswerRow[];
    };
    expect(answers.count).toBe(3);
    expect(answers.results.every((r) => r.account === null)).toBe(true);
    const summary = (await admin.get(`${C()}${row}/result/`)).body as ContentSurveyResult;
    expect(summary.result.questions.flatMap((q) => q.answers).every((a) => a.account === null)).toBe(true);
    const lines = (await download(admin, `${C()}${row}/result/export/?format_type=csv`)).text.trim().split("\r\n");
    expect(lines[0].startsWith("No.,Answered,")).toBe(true);
    const names = await api.db.selectFrom("account").select(["username"]).where("id", "in", survey.accounts).execute();
    for (const { username } of names) expect(lines.join("\n")).not.toContain(username);
  });

  it("refuses without the flags, a survey not attached here, and a bad format", async () => {
    const survey = await answeredSurvey(false);
    const row = await attach(survey.id, []);
    expect((await admin.get(`${C()}99999999/result/`)).status).toBe(404);
    expect((await download(admin, `${C()}${row}/result/export/?format_type=pdf`)).status).toBe(400);
    const { client: noExport } = await signedInWithout(api, flag("course", "export"));
    expect((await download(noExport, `${C()}${row}/result/export/?format_type=csv`)).status).toBe(403);
    const { client: noView } = await signedInWithout(api, flag("course", "view"));
    expect([403, 404]).toContain((await noView.get(`${C()}${row}/result/`)).status);
    expect([403, 404]).toContain((await noView.get(`${C()}${row}/result/answer/`)).status);
  });
});

describe("survey results per class", () => {
  it("counts the class's learners only, through the same calls", async () => {
    const classType = (
      await api.db.selectFrom("content_type").select("id").where("code", "=", "class").executeTakeFirstOrThrow()
    ).id;
    const classId = (await api.db.selectFrom("class").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    const survey = await answeredSurvey(false);
    const K = `/api/dashboard/class/${classId}/survey/`;
    await api.db
      .deleteFrom("content_survey")
      .where("content_type_id", "=", classType)
      .where("content_id", "=", classId)
      .where("survey_id", "=", survey.id)
      .execute();
    const res = await admin.post(K, { survey: survey.id, is_required: false });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const learner = survey.accounts[0];
    await api.db
      .deleteFrom("content_enrollment")
      .where("content_type_id", "=", classType)
      .where("content_id", "=", classId)
      .where("account_id", "in", survey.accounts)
      .execute();
    const now = new Date().toISOString();
    await api.db
      .insertInto("content_enrollment")
      .values({
        account_id: learner,
        content_type_id: classType,
        content_id: classId,
        status: 1,
        add_method: 1,
        added_by: 1,
        created_by: null,
        datetime_enroll: now,
        datetime_start: null,
        datetime_complete: null,
        datetime_update: now,
      } as never)
      .execute();
    expect(((await admin.get(`${K}${res.body.id}/result/`)).body as ContentSurveyResult).result.count_submission).toBe(
      1,
    );
    const answers = (await admin.get(`${K}${res.body.id}/result/answer/`)).body as {
      count: number;
      results: SurveyAnswerRow[];
    };
    expect(answers.results.map((r) => r.account?.id)).toEqual([learner]);
    // The class's row is not the course's: another content's row is a 404 here.
    const courseRow = await api.db
      .selectFrom("content_survey")
      .select("id")
      .where("content_type_id", "=", courseTypeId)
      .executeTakeFirst();
    if (courseRow) expect((await admin.get(`${K}${courseRow.id}/result/`)).status).toBe(404);
  });
});
