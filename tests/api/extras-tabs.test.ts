import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  BudgetActual,
  BudgetPlan,
  ContentCompetency,
  ContentSurvey,
  Criteria,
} from "../../contract/schemas/extras";
import { png } from "./fixture-files";
import { startTestApi, type Client, type TestApi, postFile } from "./harness";

/** The extra tabs of a course (issue 6 item 4, docs/decisions/012): every rule the API enforces. */

let api: TestApi;
let admin: Client;
let viewer: Client;
let instructor: Client;
let provider: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = api.client();
  await admin.login("admin");
  // The seeded read-only staff account (contract/roles.ts "viewer": content view flags only).
  viewer = api.client();
  await viewer.login("viewer");
  instructor = api.client();
  await instructor.login("instructor");
  provider = api.client();
  await provider.login("provider");
});
afterAll(() => api.close());

const C = "/api/dashboard/course";

const courseId = async (code: string) =>
  (await api.db.selectFrom("course").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
const idOf = async (
  table: "competency" | "survey" | "gamification_achievement" | "gamification_challenge" | "budget_category",
  code: string,
) =>
  (
    await api.db
      .selectFrom(`${table} as t` as "survey as t")
      .select("t.id")
      .where("t.code", "=", code)
      .executeTakeFirstOrThrow()
  ).id;
/** The content_type id of courses: the content_* tables name a course by it and the course's id. */
const courseType = async () =>
  (await api.db.selectFrom("content_type").select("id").where("code", "=", "course").executeTakeFirstOrThrow()).id;
const count = async (
  table:
    "content_competency" | "content_survey" | "content_gamification" | "content_budget_record" | "content_certificate",
  courseIdValue: number,
) =>
  Number(
    (
      await api.db
        .selectFrom(`${table} as t` as "content_survey as t")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("t.content_type_id", "=", await courseType())
        .where("t.content_id", "=", courseIdValue)
        .executeTakeFirstOrThrow()
    ).n,
  );
/** A course of the catalogue that the seed gave no extras (CRS-0100 onwards). */
let fresh = 100;
const freshCourse = async () => courseId(`CRS-${String(fresh++).padStart(4, "0")}`);

describe("master lists for the tabs", () => {
  it("answer filter options with their own columns, searchable", async () => {
    const comp = await admin.get("/api/dashboard/filter/competency/");
    expect(comp.status).toBe(200);
    expect(comp.body.count).toBe(8);
    expect(comp.body.results[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      code: expect.any(String),
      value: expect.any(Number),
      level: expect.any(Number),
    });
    const surveys = await admin.get("/api/dashboard/filter/survey/?search=sv-th");
    expect(surveys.body.results.map((r: { code: string }) => r.code).sort()).toEqual(["SV-TH-INS", "SV-TH-SAT"]);
    expect(surveys.body.results[0]).toMatchObject({ survey_type: expect.any(Number), is_publish: true });
    expect((await admin.get("/api/dashboard/filter/achievement/")).body.results[0]).toHaveProperty("multiplier");
    expect((await admin.get("/api/dashboard/filter/challenge/")).body.count).toBe(3);
    const cats = await admin.get("/api/dashboard/filter/budget-category/?search=venue");
    expect(cats.body.results).toEqual([
      {
        id: expect.any(Number),
        name: "Venue",
        code: "BC-VEN",
        value: expect.any(Number),
        name_bp: "Venue",
        name_ac: "Venue rental",
        type: 0,
      },
    ]);
    expect(
      (
        await admin.get(`/api/dashboard/filter/competency/?id_list=${await idOf("competency", "CMP-LEA")}`)
      ).body.results.map((r: { code: string }) => r.code),
    ).toEqual(["CMP-LEA"]);
  });
  it("need a dashboard user", async () => {
    expect((await api.client().get("/api/dashboard/filter/competency/")).status).toBe(401);
    const learner = api.client();
    await learner.login("learner");
    expect((await learner.get("/api/dashboard/filter/competency/")).status).toBe(403);
  });
});

describe("competency tab", () => {
  it("lists the seeded competencies of a course in the paged shape", async () => {
    const res = await admin.get(`${C}/${await courseId("CRS-0001")}/competency/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: expect.any(Number), page: 1, page_size: 50, next: null });
    expect(res.body.count).toBeGreaterThan(0);
    const row = res.body.results[0] as ContentCompetency;
    expect(Object.keys(row).sort()).toEqual(["competency", "datetime_create", "id", "level"]);
    expect(row.level).toBeLessThanOrEqual(row.competency.level);
  });

  it("adds a competency with a required level within its scale, once", async () => {
    const id = await freshCourse();
    const dig = await idOf("competency", "CMP-DIG"); // scale 1–3
    const added = await admin.post(`${C}/${id}/competency/`, { competency: String(dig), level: "3" });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ competency: { id: dig, code: "CMP-DIG", level: 3 }, level: 3 });
    const again = await admin.post(`${C}/${id}/competency/`, { competency: dig, level: 1 });
    expect(again).toMatchObject({ status: 400, body: { competency: ["already_added"] } });
    const over = await admin.post(`${C}/${id}/competency/`, {
      competency: await idOf("competency", "CMP-SAF"),
      level: 4,
    });
    expect(over).toMatchObject({ status: 400, body: { level: ["competency_level_out_of_range"] } });
    expect((await admin.post(`${C}/${id}/competency/`, { competency: 999999, level: 1 })).body).toEqual({
      competency: ["invalid_choice"],
    });
    expect((await admin.post(`${C}/${id}/competency/`, { competency: dig, level: 0 })).body).toEqual({
      level: ["number_out_of_range"],
    });
    expect((await admin.post(`${C}/${id}/competency/`, { competency: dig, level: 11 })).body).toEqual({
      level: ["number_out_of_range"],
    });
    expect((await admin.post(`${C}/${id}/competency/`, { level: "two" })).body).toEqual({
      competency: ["required"],
      level: ["invalid"],
    });
    expect(await count("content_competency", id)).toBe(1);
  });

  it("changes the level (within the scale) and removes the row; rows of other courses are 404", async () => {
    const id = await freshCourse();
    const row = (
      await admin.post(`${C}/${id}/competency/`, { competency: await idOf("competency", "CMP-COM"), level: 2 })
    ).body as ContentCompetency;
    expect((await admin.patch(`${C}/${id}/competency/${row.id}/`, { level: 5 })).body).toMatchObject({
      id: row.id,
      level: 5,
    });
    expect((await admin.patch(`${C}/${id}/competency/${row.id}/`, { level: 6 })).body).toEqual({
      level: ["competency_level_out_of_range"],
    });
    expect((await admin.get(`${C}/${id}/competency/${row.id}/`)).body.level).toBe(5);
    const other = await freshCourse();
    expect((await admin.patch(`${C}/${other}/competency/${row.id}/`, { level: 1 })).status).toBe(404);
    expect((await admin.delete(`${C}/${other}/competency/${row.id}/`)).status).toBe(404);
    expect((await admin.get(`${C}/999999/competency/`)).status).toBe(404);
    expect((await admin.delete(`${C}/${id}/competency/${row.id}/`)).status).toBe(204);
    expect(await count("content_competency", id)).toBe(0);
    expect((await admin.get(`${C}/${id}/competency/${row.id}/`)).status).toBe(404);
  });

  it("needs the course's view to read and its change flag to write; scopes apply", async () => {
    const id = await courseId("CRS-0001");
    expect((await viewer.get(`${C}/${id}/competency/`)).status).toBe(200);
    expect(
      (await viewer.post(`${C}/${id}/competency/`, { competency: await idOf("competency", "CMP-PRB"), level: 1 }))
        .status,
    ).toBe(403);
    expect((await api.client().get(`${C}/${id}/competency/`)).status).toBe(401);
    // The provider sees only its own provider's courses: another's is a 404.
    const blc = (await api.db.selectFrom("provider").select("id").where("code", "=", "BLC").executeTakeFirstOrThrow())
      .id;
    const mine = await api.db
      .selectFrom("course")
      .select("id")
      .where("provider_id", "=", blc)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const theirs = await api.db
      .selectFrom("course")
      .select("id")
      .where("provider_id", "<>", blc)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    expect((await provider.get(`${C}/${mine.id}/competency/`)).status).toBe(200);
    expect((await provider.get(`${C}/${theirs.id}/competency/`)).status).toBe(404);
  });
});

describe("survey tab", () => {
  it("attaches surveys in order, marks one required, refuses a second attach, detaches", async () => {
    const id = await freshCourse();
    const sat = await idOf("survey", "SV-SAT");
    const poll = await idOf("survey", "SV-POLL");
    const first = await admin.post(`${C}/${id}/survey/`, { survey: sat });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      survey: { id: sat, code: "SV-SAT", survey_type: 1, is_publish: true },
      is_required: false,
      sort: 1,
    });
    const second = (await admin.post(`${C}/${id}/survey/`, { survey: String(poll), is_required: "on" }))
      .body as ContentSurvey;
    expect(second).toMatchObject({ is_required: true, sort: 2, survey: { survey_type: 0 } });
    expect(await admin.post(`${C}/${id}/survey/`, { survey: sat })).toMatchObject({
      status: 400,
      body: { survey: ["already_added"] },
    });
    expect((await admin.post(`${C}/${id}/survey/`, { survey: 999999 })).body).toEqual({ survey: ["invalid_choice"] });
    expect((await admin.patch(`${C}/${id}/survey/${first.body.id}/`, { is_required: true })).body.is_required).toBe(
      true,
    );
    expect((await admin.patch(`${C}/${id}/survey/${first.body.id}/`, { is_required: "maybe" })).body).toEqual({
      is_required: ["invalid"],
    });
    const list = await admin.get(`${C}/${id}/survey/`);
    expect(list.body.results.map((r: ContentSurvey) => [r.survey.code, r.is_required])).toEqual([
      ["SV-SAT", true],
      ["SV-POLL", true],
    ]);
    expect((await admin.delete(`${C}/${id}/survey/${second.id}/`)).status).toBe(204);
    expect(await count("content_survey", id)).toBe(1);
    // Detaching leaves the survey itself.
    expect(await api.db.selectFrom("survey").select("id").where("id", "=", poll).executeTakeFirst()).toBeTruthy();
  });

  it("refuses a viewer's attach", async () => {
    const id = await courseId("CRS-0002");
    expect((await viewer.post(`${C}/${id}/survey/`, { survey: await idOf("survey", "SV-NEED") })).status).toBe(403);
  });
});

describe("gamification tab", () => {
  it("adds criteria rewarding points, an achievement or a challenge — at least one", async () => {
    const id = await freshCourse();
    const fast = await idOf("gamification_achievement", "ACH-FAST");
    const points = await admin.post(`${C}/${id}/gamification/`, { name: "Complete the course", point: "100" });
    expect(points.status).toBe(201);
    expect(points.body).toEqual({
      id: expect.any(Number),
      name: "Complete the course",
      point: 100,
      achievement: null,
      challenge: null,
      earned_count: 0,
      is_in_use: false,
    });
    const badge = await admin.post(`${C}/${id}/gamification/`, {
      name: "Finish in a week",
      achievement: fast,
      challenge: await idOf("gamification_challenge", "CHL-MARA"),
    });
    expect(badge.body).toMatchObject({
      point: 0,
      achievement: { id: fast, name: "Fast Learner", multiplier: 2 },
      challenge: { name: "Learning Marathon 2026" },
    });
    expect((await admin.post(`${C}/${id}/gamification/`, { name: "Nothing", point: 0 })).body).toEqual({
      point: ["criteria_reward_required"],
    });
    expect((await admin.post(`${C}/${id}/gamification/`, { name: "Bad", point: -1 })).body).toEqual({
      point: ["number_out_of_range"],
    });
    expect((await admin.post(`${C}/${id}/gamification/`, { name: "", point: 5 })).body).toEqual({ name: ["required"] });
    expect((await admin.post(`${C}/${id}/gamification/`, { name: "Ghost", achievement: 999999 })).body).toEqual({
      achievement: ["invalid_choice"],
    });
    expect(await count("content_gamification", id)).toBe(2);
  });

  it("edits a criterion not in use, keeping a reward", async () => {
    const id = await freshCourse();
    const row = (await admin.post(`${C}/${id}/gamification/`, { name: "Quiz", point: 10 })).body as Criteria;
    expect(
      (await admin.patch(`${C}/${id}/gamification/${row.id}/`, { point: 25, name: "Quiz passed" })).body,
    ).toMatchObject({ name: "Quiz passed", point: 25 });
    expect((await admin.patch(`${C}/${id}/gamification/${row.id}/`, { point: 0 })).body).toEqual({
      point: ["criteria_reward_required"],
    });
    expect((await admin.get(`${C}/${id}/gamification/${row.id}/`)).body.point).toBe(25);
    expect((await admin.delete(`${C}/${id}/gamification/${row.id}/`)).status).toBe(204);
  });

  it("refuses to edit (400) or delete (424) a criterion a learner has earned, and writes nothing", async () => {
    const earned = await api.db
      .selectFrom("content_gamification_earned as e")
      .innerJoin("content_gamification as g", "g.id", "e.criteria_id")
      .select(["g.id", "g.content_id as course_id", "g.name", "g.point"])
      .where("g.content_type_id", "=", await courseType())
      .executeTakeFirstOrThrow();
    const list = await admin.get(`${C}/${earned.course_id}/gamification/`);
    const row = list.body.results.find((r: Criteria) => r.id === earned.id) as Criteria;
    expect(row).toMatchObject({ is_in_use: true, earned_count: expect.any(Number) });
    expect(row.earned_count).toBeGreaterThan(0);
    const edit = await admin.patch(`${C}/${earned.course_id}/gamification/${earned.id}/`, {
      name: "Renamed",
      point: 1,
    });
    expect(edit).toMatchObject({ status: 400, body: { detail: "criteria_in_use" } });
    // Even an invalid edit hears the in-use refusal first.
    expect((await admin.patch(`${C}/${earned.course_id}/gamification/${earned.id}/`, { point: -5 })).body).toEqual({
      detail: "criteria_in_use",
    });
    const del = await admin.delete(`${C}/${earned.course_id}/gamification/${earned.id}/`);
    expect(del).toMatchObject({ status: 424, body: { detail: "criteria_in_use" } });
    const after = await api.db
      .selectFrom("content_gamification")
      .select(["name", "point"])
      .where("id", "=", earned.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ name: earned.name, point: earned.point });
  });

  it("lets the instructor (change flag) edit a course it teaches, not a viewer", async () => {
    const taught = await api.db
      .selectFrom("course_instructor as ci")
      .innerJoin("instructor as i", "i.id", "ci.instructor_id")
      .select("ci.course_id")
      .where("i.code", "=", "INS-001")
      .orderBy("ci.course_id")
      .executeTakeFirstOrThrow();
    expect(
      (await instructor.post(`${C}/${taught.course_id}/gamification/`, { name: "Instructor's bonus", point: 5 }))
        .status,
    ).toBe(201);
    expect(
      (await viewer.post(`${C}/${taught.course_id}/gamification/`, { name: "Viewer's bonus", point: 5 })).status,
    ).toBe(403);
  });
});

describe("budget: price", () => {
  it("answers zeros for a course without a budget", async () => {
    const res = await admin.get(`${C}/${await freshCourse()}/budget/price/`);
    expect(res.body).toEqual({
      price: 0,
      price_discount: null,
      price_app_store: null,
      price_android: null,
      note: "",
      datetime_update: null,
    });
  });

  it("saves prices with two decimals (thousands separators accepted), the discount not above the price", async () => {
    const id = await freshCourse();
    const res = await admin.patch(`${C}/${id}/budget/price/`, {
      price: "1,500.50",
      price_discount: "1200",
      price_app_store: 1590,
      price_android: "",
      note: "VAT included",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      price: 1500.5,
      price_discount: 1200,
      price_app_store: 1590,
      price_android: null,
      note: "VAT included",
      datetime_update: api.clock.now.toISOString(),
    });
    for (const [body, errors] of [
      [{ price: "12.345" }, { price: ["amount_decimals"] }],
      [{ price: -1 }, { price: ["amount_out_of_range"] }],
      [{ price: 100_000_000 }, { price: ["amount_out_of_range"] }],
      [{ price: "cheap" }, { price: ["invalid"] }],
      [{ price_app_store: "1.001" }, { price_app_store: ["amount_decimals"] }],
      [{ price: 100, price_discount: 100.01 }, { price_discount: ["price_discount_above_price"] }],
      // The stored discount (1200) would lie above the new price.
      [{ price: 1000 }, { price_discount: ["price_discount_above_price"] }],
    ] as const) {
      const bad = await admin.patch(`${C}/${id}/budget/price/`, body as Record<string, unknown>);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body, JSON.stringify(body)).toEqual(errors);
    }
    expect((await admin.get(`${C}/${id}/budget/price/`)).body).toMatchObject({ price: 1500.5, price_discount: 1200 });
    // Clearing the discount makes the lower price possible; the maximum is exact.
    expect(
      (await admin.patch(`${C}/${id}/budget/price/`, { price: 99_999_999.99, price_discount: null })).body,
    ).toMatchObject({ price: 99_999_999.99, price_discount: null });
    expect((await admin.patch(`${C}/${id}/budget/price/`, { price: 0.1 })).body.price).toBe(0.1);
  });

  it("needs the change flag to save", async () => {
    expect((await viewer.patch(`${C}/${await courseId("CRS-0001")}/budget/price/`, { price: 1 })).status).toBe(403);
    expect((await viewer.get(`${C}/${await courseId("CRS-0001")}/budget/price/`)).body.price).toBeGreaterThanOrEqual(0);
  });
});

describe("budget: planning and actual cost", () => {
  it("saves planning records with the currency (thb) and exchange rate (1) defaults and totals them in baht", async () => {
    const id = await freshCourse();
    const [ins, venue] = [await idOf("budget_category", "BC-INS"), await idOf("budget_category", "BC-VEN")];
    const res = await admin.patch(`${C}/${id}/budget/`, {
      count_learner: "40",
      cost: "45000",
      price_margin: "12.5",
      record_list: [
        { budget_type: ins, unit: 2, cost: "15000" },
        { budget_type: String(venue), unit: "3", cost: "0.10", currency: "USD", exchange_rate: "35.123456" },
      ],
    });
    expect(res.status).toBe(200);
    const plan = res.body as BudgetPlan;
    expect(plan).toMatchObject({
      count_learner: 40,
      cost: 45000,
      price_margin: 12.5,
      datetime_update: api.clock.now.toISOString(),
    });
    expect(
      plan.record_list.map((r) => [r.budget_type.code, r.unit, r.cost, r.currency, r.exchange_rate, r.total]),
    ).toEqual([
      ["BC-INS", 2, 15000, "thb", 1, 30000],
      ["BC-VEN", 3, 0.1, "usd", 35.123456, 10.54],
    ]);
    expect(plan.total).toBe(30010.54);
    expect(plan.record_list[0].budget_type).toEqual({
      id: ins,
      name_bp: "Instructor fee",
      name_ac: "Instructor fee paid",
      code: "BC-INS",
    });
    // A partial PATCH keeps the records; a new list replaces them.
    expect((await admin.patch(`${C}/${id}/budget/`, { count_learner: 41 })).body.record_list).toHaveLength(2);
    expect((await admin.patch(`${C}/${id}/budget/`, { record_list: [] })).body).toMatchObject({
      record_list: [],
      total: 0,
      count_learner: 41,
    });
  });

  it("refuses bad records field by field and writes nothing", async () => {
    const id = await freshCourse();
    const ins = await idOf("budget_category", "BC-INS");
    await admin.patch(`${C}/${id}/budget/`, { record_list: [{ budget_type: ins, unit: 1, cost: 100 }] });
    const bad = await admin.patch(`${C}/${id}/budget/`, {
      count_learner: 5,
      record_list: [
        { budget_type: ins, unit: 1, cost: 100, currency: "thb", exchange_rate: 2 },
        { budget_type: ins, unit: 0, cost: "1.234", currency: "eur", exchange_rate: 0 },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      "record_list[0].exchange_rate": ["exchange_rate_thb_one"],
      "record_list[1].unit": ["number_out_of_range"],
      "record_list[1].cost": ["amount_decimals"],
      "record_list[1].currency": ["invalid_choice"],
      "record_list[1].exchange_rate": ["number_out_of_range"],
    });
    const unknown = await admin.patch(`${C}/${id}/budget/`, {
      count_learner: 5,
      record_list: [
        { budget_type: ins, unit: 1, cost: 1 },
        { budget_type: 999999, unit: 1, cost: 1 },
      ],
    });
    expect(unknown).toMatchObject({ status: 400, body: { "record_list[1].budget_type": ["invalid_choice"] } });
    expect((await admin.patch(`${C}/${id}/budget/`, { price_margin: 100.5 })).body).toEqual({
      price_margin: ["number_out_of_range"],
    });
    expect((await admin.patch(`${C}/${id}/budget/`, { record_list: "nope" })).body).toEqual({
      record_list: ["invalid"],
    });
    const tooMany = Array.from({ length: 51 }, () => ({ budget_type: ins, unit: 1, cost: 1 }));
    expect((await admin.patch(`${C}/${id}/budget/`, { record_list: tooMany })).body).toEqual({
      record_list: ["too_long"],
    });
    const after = (await admin.get(`${C}/${id}/budget/`)).body as BudgetPlan;
    expect(after).toMatchObject({ count_learner: 0, total: 100 });
    expect(after.record_list).toHaveLength(1);
  });

  it("keeps actual cost records apart from planning ones", async () => {
    const id = await courseId("CRS-0004");
    const before = (await admin.get(`${C}/${id}/budget/`)).body as BudgetPlan;
    expect(before.record_list.length).toBeGreaterThan(0);
    const res = await admin.patch(`${C}/${id}/budget/actual/`, {
      record_list: [
        {
          budget_type: await idOf("budget_category", "BC-CAT"),
          unit: 38,
          cost: "245.50",
          currency: "",
          exchange_rate: "",
        },
      ],
    });
    expect(res.status).toBe(200);
    const actual = res.body as BudgetActual;
    expect(actual.record_list.map((r) => [r.budget_type.name_ac, r.currency, r.exchange_rate, r.total])).toEqual([
      ["Food and drinks", "thb", 1, 9329],
    ]);
    expect(actual.total).toBe(9329);
    expect((await admin.get(`${C}/${id}/budget/`)).body).toEqual(before);
    expect((await viewer.patch(`${C}/${id}/budget/actual/`, { record_list: [] })).status).toBe(403);
  });
});

describe("e-certificate", () => {
  const valid = {
    name: "Certificate of completion",
    language: "en",
    type_template: 2,
    certificate_type: 1,
    type_complete: 1,
    type_issued_date: 1,
  };

  it("answers defaults named after the course until it is saved", async () => {
    const id = await freshCourse();
    const course = await api.db.selectFrom("course").select("name").where("id", "=", id).executeTakeFirstOrThrow();
    expect((await admin.get(`${C}/${id}/certificate/`)).body).toEqual({
      is_set: false,
      name: course.name,
      desc: "",
      image: null,
      language: "en",
      type_template: 1,
      certificate_type: 1,
      content_period_download: null,
      type_complete: 1,
      type_issued_date: 1,
      date_issued: null,
      datetime_update: null,
    });
  });

  it("reads the download period as days from '{n} days' text or a number, and answers it as '{n} days'", async () => {
    const id = await freshCourse();
    const saved = await admin.patch(`${C}/${id}/certificate/`, { ...valid, content_period_download: "30 days" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ is_set: true, content_period_download: "30 days", type_template: 2 });
    expect(
      await api.db
        .selectFrom("content_certificate")
        .select("download_days")
        .where("content_type_id", "=", await courseType())
        .where("content_id", "=", id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ download_days: 30 });
    for (const [given, answered] of [
      ["1 day", "1 days"],
      ["45", "45 days"],
      [7, "7 days"],
      [" 90 Days ", "90 days"],
      ["", null],
      [null, null],
    ] as const) {
      expect(
        (await admin.patch(`${C}/${id}/certificate/`, { content_period_download: given })).body.content_period_download,
        String(given),
      ).toBe(answered);
    }
    for (const [given, error] of [
      ["0 days", "days_not_zero"],
      [0, "days_not_zero"],
      ["-3 days", "number_out_of_range"],
      [3651, "number_out_of_range"],
      ["thirty days", "invalid"],
      [1.5, "invalid"],
    ] as const) {
      expect(
        (await admin.patch(`${C}/${id}/certificate/`, { content_period_download: given })).body,
        String(given),
      ).toEqual({ content_period_download: [error] });
    }
  });

  it("needs a date for a fixed issue date, and forgets it otherwise", async () => {
    const id = await freshCourse();
    expect((await admin.patch(`${C}/${id}/certificate/`, { ...valid, type_issued_date: 2 })).body).toEqual({
      date_issued: ["required"],
    });
    expect(await count("content_certificate", id)).toBe(0);
    expect(
      (await admin.patch(`${C}/${id}/certificate/`, { ...valid, type_issued_date: 2, date_issued: "2026-02-30" })).body,
    ).toEqual({ date_issued: ["invalid"] });
    expect(
      (await admin.patch(`${C}/${id}/certificate/`, { ...valid, type_issued_date: "2", date_issued: "2026-07-01" }))
        .body,
    ).toMatchObject({ type_issued_date: 2, date_issued: "2026-07-01" });
    expect((await admin.patch(`${C}/${id}/certificate/`, { type_issued_date: 1 })).body).toMatchObject({
      type_issued_date: 1,
      date_issued: null,
    });
    expect(
      (await admin.patch(`${C}/${id}/certificate/`, { type_template: 9, certificate_type: "x", name: "" })).body,
    ).toEqual({
      type_template: ["invalid_choice"],
      certificate_type: ["invalid"],
      name: ["required"],
    });
  });

  it("accepts only the configured languages", async () => {
    const id = await freshCourse();
    expect((await admin.patch(`${C}/${id}/certificate/`, { ...valid, language: "jp" })).body).toEqual({
      language: ["invalid_choice"],
    });
    expect((await admin.patch(`${C}/${id}/certificate/`, { ...valid, language: "fr" })).body).toEqual({
      language: ["invalid_choice"],
    });
    await api.db
      .updateTable("config")
      .set({ value: JSON.stringify(["en", "th", "jp"]) })
      .where("key", "=", "language-list")
      .execute();
    expect((await admin.patch(`${C}/${id}/certificate/`, { ...valid, language: "jp" })).body.language).toBe("jp");
    await api.db
      .updateTable("config")
      .set({ value: JSON.stringify(["en", "th"]) })
      .where("key", "=", "language-list")
      .execute();
  });

  it("needs the certificate flag to save (the instructor may change the course, not its certificate)", async () => {
    const taught = await api.db
      .selectFrom("course_instructor as ci")
      .innerJoin("instructor as i", "i.id", "ci.instructor_id")
      .select("ci.course_id")
      .where("i.code", "=", "INS-001")
      .orderBy("ci.course_id")
      .executeTakeFirstOrThrow();
    expect((await instructor.get(`${C}/${taught.course_id}/certificate/`)).status).toBe(200);
    expect((await instructor.patch(`${C}/${taught.course_id}/certificate/`, valid)).status).toBe(403);
  });

  it("takes a background picture (png/jpg/gif) and removes it", async () => {
    const id = await freshCourse();
    const up = await upload(admin, `${C}/${id}/certificate/image/`, "paper.png", png());
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({
      is_set: true,
      image: expect.stringMatching(/^\/api\/media\/certificate\/[0-9a-f]{40}\.png$/),
    });
    expect(
      (await upload(admin, `${C}/${id}/certificate/image/`, "paper.png", Buffer.from("not a picture"))).body,
    ).toEqual({ image: ["invalid_file_type"] });
    expect((await admin.delete(`${C}/${id}/certificate/image/`)).body.image).toBeNull();
  });
});

describe("deleting a course", () => {
  it("takes its tab rows with it, earned criteria included", async () => {
    const id = await courseId("CRS-0013");
    const earned = await api.db
      .selectFrom("content_gamification_earned as e")
      .innerJoin("content_gamification as g", "g.id", "e.criteria_id")
      .select("e.criteria_id")
      .where("g.content_type_id", "=", await courseType())
      .where("g.content_id", "=", id)
      .execute();
    expect(earned.length).toBeGreaterThan(0);
    expect(await count("content_certificate", id)).toBe(1);
    const res = await admin.delete(`${C}/${id}/`);
    expect(res.status).toBe(204);
    for (const table of [
      "content_competency",
      "content_survey",
      "content_gamification",
      "content_budget_record",
      "content_certificate",
    ] as const)
      expect(await count(table, id), table).toBe(0);
    expect(
      await api.db
        .selectFrom("content_gamification_earned")
        .select("criteria_id")
        .where(
          "criteria_id",
          "in",
          earned.map((e) => e.criteria_id),
        )
        .execute(),
    ).toEqual([]);
  });
});

const upload = (client: Client, url: string, filename: string, data: Buffer) =>
  postFile(client, url, filename, data, "image");
