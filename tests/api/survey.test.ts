import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";

/**
 * Surveys on the content engine (issue 18 §4, docs/decisions/062): created with the spec's
 * defaults (the provider role in use), published as type_expire > -1, refused input writing
 * nothing, sections and questions through the one form builder (survey question defaults, scales),
 * the domain, and who may do what. Both dialects (TEST_DATABASE_URL).
 */
const S = "/api/dashboard/survey";
let api: TestApi;
let admin: Client;
let provider: Client;
let viewer: Client;
let learner: Client;
let refs: { category: number; provider: number };
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  provider = await api.signedIn("provider");
  viewer = await api.signedIn("viewer");
  learner = await api.signedIn("learner");
  refs = await contentRefs(admin);
});
afterAll(() => api.close());

const count = async (table: "survey" | "form_section" | "form_question" | "request_form") =>
  Number(
    (
      await api.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
type Row = {
  id: number;
  code: string;
  survey_type: number;
  is_publish: boolean;
  count_question: number;
  publish_status: string;
};

describe("survey list and item", () => {
  it("lists the seeded surveys, filtered by survey type and publish state", async () => {
    const all = await admin.get(`${S}/?page_size=50`);
    expect(all.status).toBe(200);
    const rows = all.body.results as Row[];
    for (const t of [0, 1, 2])
      expect(rows.filter((r) => r.survey_type === t).length, `type ${t}`).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.count_question > 0)).toBe(true);
    const likert = (await admin.get(`${S}/?survey_type=2&page_size=50`)).body.results as Row[];
    expect(likert.length).toBeGreaterThan(0);
    expect(likert.every((r) => r.survey_type === 2)).toBe(true);
    const hidden = (await admin.get(`${S}/?publish_status=unpublish&page_size=50`)).body.results as Row[];
    expect(hidden.map((r) => r.code)).toContain("SV-NEED");
    expect(hidden.every((r) => !r.is_publish)).toBe(true);
    expect((await admin.get(`${S}/?survey_type=9`)).status).toBe(400);
    expect((await admin.get(`${S}/?search=SV-POLL2`)).body.count).toBe(1);
  });

  it("creates with the spec's defaults, the provider taken from the provider role in use", async () => {
    const res = await provider.post(`${S}/`, { name: "Provider poll", code: "SVT-P1", category: refs.category });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const providerRole = await api.db
      .selectFrom("account_role_scope as s")
      .innerJoin("account as a", "a.id", "s.account_id")
      .select("s.ref_id")
      .where("a.username", "=", "provider")
      .where("s.kind", "=", "provider")
      .executeTakeFirstOrThrow();
    expect(res.body.provider.id).toBe(providerRole.ref_id);
    expect(res.body).toMatchObject({
      survey_type: 1,
      is_publish: false,
      is_ready_to_publish: false,
      is_survey_type_editable: true,
      is_anonymous: false,
      target_type: 0,
    });
    expect(res.body.content_period_doing).toEqual({ type_expire: -1, datetime_start: null, datetime_end: null });
  });

  it("refuses bad input and writes nothing", async () => {
    const before = await count("survey");
    // The administrator holds no provider role: the provider must be given.
    const noProvider = await admin.post(`${S}/`, { name: "No provider", code: "SVT-X1", category: refs.category });
    expect(noProvider.status).toBe(400);
    expect(noProvider.body.provider).toEqual(["required"]);
    const bad = await admin.post(`${S}/`, { ...refs, name: "", code: "SV-SAT", survey_type: 7 });
    expect(bad.status).toBe(400);
    expect(bad.body.name).toEqual(["required"]);
    expect(bad.body.survey_type).toEqual(["invalid_choice"]);
    const taken = await admin.post(`${S}/`, { ...refs, name: "Taken", code: "SV-SAT" });
    expect(taken.body.code).toEqual(["code_already_used"]);
    expect(await count("survey")).toBe(before);
  });

  it("derives published from the display: shown 0, scheduled 1, hidden -1; is_publish follows", async () => {
    const { body: s } = await admin.post(`${S}/`, { ...refs, name: "Published?", code: "SVT-PUB", survey_type: 0 });
    const shown = await admin.patch(`${S}/${s.id}/`, { is_display: true });
    expect(shown.status).toBe(200);
    expect(shown.body.is_publish).toBe(true);
    expect(shown.body.content_period_doing.type_expire).toBe(0);
    const later = new Date(api.clock.now.getTime() + 86_400_000).toISOString();
    const scheduled = await admin.patch(`${S}/${s.id}/`, { is_display: true, datetime_start: later });
    expect(scheduled.body.content_period_doing.type_expire).toBe(1);
    expect(scheduled.body.is_publish).toBe(true);
    const hidden = await admin.patch(`${S}/${s.id}/`, { is_display: false });
    expect(hidden.body.content_period_doing.type_expire).toBe(-1);
    expect(
      (await api.db.selectFrom("survey").select("is_publish").where("id", "=", s.id).executeTakeFirstOrThrow())
        .is_publish,
    ).toBe(0);
  });

  it("fixes the type once answered, and refuses deleting an attached survey", async () => {
    const sat = (await admin.get(`${S}/?search=SV-SAT`)).body.results.find((r: Row) => r.code === "SV-SAT");
    const item = (await admin.get(`${S}/${sat.id}/`)).body;
    expect(item.is_survey_type_editable).toBe(false);
    const locked = await admin.patch(`${S}/${sat.id}/`, { survey_type: 2 });
    expect(locked.status).toBe(400);
    expect(locked.body.survey_type).toEqual(["svy_msg_type_locked"]);
    expect((await admin.patch(`${S}/${sat.id}/`, { contact: "survey@demo.lms.local" })).status).toBe(200);
    const attached = (await api.db.selectFrom("content_survey").select("survey_id").executeTakeFirstOrThrow())
      .survey_id;
    const refused = await admin.delete(`${S}/${attached}/`);
    expect(refused.status).toBe(424);
    expect(refused.body.detail).toBe("svy_msg_in_use");
  });
});

describe("survey sections and questions (the one form builder)", () => {
  it("adds sections and questions with the survey defaults; a scale question; deleting the survey takes its form", async () => {
    const { body: s } = await admin.post(`${S}/`, { ...refs, name: "Likert", code: "SVT-LIK", survey_type: 2 });
    expect((await admin.get(`${S}/${s.id}/section/`)).body).toEqual({ results: [], count: 0 });
    const forms = await count("request_form");
    const sec = await admin.post(`${S}/${s.id}/section/`, { name: "Teaching" });
    expect(sec.status, JSON.stringify(sec.body)).toBe(201);
    expect(await count("request_form")).toBe(forms + 1);
    const sectionId = sec.body.sections[0].id;
    const q = await admin.post(`${S}/${s.id}/section/${sectionId}/question/`, {
      text: "Clear explanations",
      type: 1,
      label_min: "Disagree",
      label_max: "Agree",
    });
    expect(q.status, JSON.stringify(q.body)).toBe(201);
    expect(q.body.sections[0].questions[0]).toMatchObject({
      type: 1,
      value_min: 1,
      value_max: 4,
      max_select: 1,
      label_min: "Disagree",
      label_max: "Agree",
    });
    const item = (await admin.get(`${S}/${s.id}/`)).body;
    expect(item).toMatchObject({ is_ready_to_publish: true, count_question: 1 });
    // Refusals write nothing: a range upside down, more to tick than choices, an unknown type.
    const questions = await count("form_question");
    const range = await admin.post(`${S}/${s.id}/section/${sectionId}/question/`, {
      text: "Upside down",
      type: 1,
      value_min: 5,
      value_max: 2,
    });
    expect(range.body.value_max).toEqual(["req_msg_scale_range"]);
    const tick = await admin.post(`${S}/${s.id}/section/${sectionId}/question/`, {
      text: "Pick",
      type: 3,
      choices: ["A", "B"],
      max_select: 3,
    });
    expect(tick.body.max_select).toEqual(["req_msg_max_select_above_choices"]);
    expect(
      (await admin.post(`${S}/${s.id}/section/${sectionId}/question/`, { text: "?", type: 99 })).body.type,
    ).toEqual(["invalid_choice"]);
    expect(await count("form_question")).toBe(questions);
    // A section of another survey is not this one's.
    const other = (await admin.get(`${S}/?search=SV-INS`)).body.results[0].id;
    expect(
      (await admin.post(`${S}/${other}/section/${sectionId}/question/`, { text: "Elsewhere", type: 5 })).status,
    ).toBe(404);
    expect((await admin.delete(`${S}/${s.id}/`)).status).toBe(204);
    expect(await count("request_form")).toBe(forms);
  });

  it("keeps a survey to the types its results know (R239: a file upload is a form's, not a survey's)", async () => {
    const survey = (await admin.get(`${S}/?search=SV-INS`)).body.results[0].id;
    const section = (await admin.get(`${S}/${survey}/section/`)).body.results[0].id;
    const res = await admin.post(`${S}/${survey}/section/${section}/question/`, { text: "Your file?", type: 20 });
    expect(res.status).toBe(400);
    expect(res.body.type).toEqual(["invalid_choice"]);
    // Survey forms are not listed among request or enrollment forms.
    const kinds = [
      ...(await admin.get("/api/dashboard/request-form/?page_size=50")).body.results,
      ...(await admin.get("/api/dashboard/enrollment-form/?page_size=50")).body.results,
    ].map((f: { kind: string }) => f.kind);
    expect(kinds).not.toContain("survey");
  });

  it("sets the domain: instructors only for the target instructor", async () => {
    const { body: s } = await admin.post(`${S}/`, { ...refs, name: "Domain", code: "SVT-DOM" });
    const instructor = (await api.db.selectFrom("instructor").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    const wrong = await admin.patch(`${S}/${s.id}/domain/`, { target_type: 2, instructor_list: [instructor] });
    expect(wrong.body.instructor_list).toEqual(["svy_msg_instructors_need_target"]);
    expect(
      (await admin.patch(`${S}/${s.id}/domain/`, { target_type: 1, instructor_list: [999999] })).body.instructor_list,
    ).toEqual(["invalid_choice"]);
    const ok = await admin.patch(`${S}/${s.id}/domain/`, { target_type: 1, instructor_list: [instructor] });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ target_type: 1, instructor_list: [{ id: instructor }], content_list: [] });
    const attachedId = (await api.db.selectFrom("content_survey").select("survey_id").executeTakeFirstOrThrow())
      .survey_id;
    expect((await admin.get(`${S}/${attachedId}/domain/`)).body.content_list.length).toBeGreaterThan(0);
  });
});

describe("survey flags", () => {
  it("the viewer reads but changes nothing; a learner reaches nothing; a provider sees its own surveys", async () => {
    const id = (await admin.get(`${S}/?search=SV-POLL`)).body.results[0].id;
    expect((await viewer.get(`${S}/${id}/section/`)).status).toBe(200);
    expect((await viewer.get(`${S}/${id}/domain/`)).status).toBe(200);
    const sections = await count("form_section");
    expect((await viewer.post(`${S}/${id}/section/`, { name: "Nope" })).status).toBe(403);
    expect((await viewer.patch(`${S}/${id}/domain/`, { target_type: 2 })).status).toBe(403);
    expect((await viewer.post(`${S}/`, { ...refs, name: "Nope", code: "SVT-NO" })).status).toBe(403);
    expect((await learner.get(`${S}/`)).status).toBe(403);
    expect((await learner.get(`${S}/${id}/section/`)).status).toBe(403);
    expect(await count("form_section")).toBe(sections);
    // The seeded surveys are the first provider's; the provider account sees only its own.
    const own = (await provider.get(`${S}/?page_size=50`)).body.results as Row[];
    expect(own.map((r) => r.code)).not.toContain("SV-POLL");
    expect((await provider.get(`${S}/${id}/section/`)).status).toBe(404);
  });
});
