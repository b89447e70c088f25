import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSIGNMENT_RESULT as R } from "../../contract/assignment-codes";
import { changeCredit } from "../../api/credit/credit";
import { contentTypeId } from "../../api/content/ref";
import { moveEnrollments } from "../../api/content/features/enrollment/service";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";

/**
 * Issue 33 in assignment (docs/decisions/075), both dialects: the spec's `{type}` alone answers an
 * id; ISO date-times where a day is kept (R156); the precise refusals of an auto-assignment's day
 * and time; "assigned by the organisation: no charge" and the preview's charges; an
 * auto-assignment's result setting stored and honoured (R153); a test assigned and taken; the
 * learner results, progress and budgets as spreadsheets.
 */
let api: TestApi;
let admin: Client;
const A = "/api/dashboard/assignment";
const AUTO = "/api/dashboard/auto-assignment";
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
});
afterAll(() => api.close());

const at = () => api.clock.now.toISOString();
const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
/** Students no assignment named yet and without credit, `offset` apart per test. */
async function students(n: number, offset: number): Promise<number[]> {
  const rows = await api.db
    .selectFrom("account")
    .select("id")
    .where("username", "like", "student%")
    .where("is_active", "=", 1)
    .orderBy("id", "desc")
    .offset(offset)
    .limit(n)
    .execute();
  for (const r of rows) {
    await api.db.deleteFrom("credit_transaction").where("account_id", "=", r.id).execute();
    await api.db.deleteFrom("account_credit").where("account_id", "=", r.id).execute();
  }
  return rows.map((r) => r.id);
}
const topUp = (id: number, amount: number) =>
  api.db
    .transaction()
    .execute((trx) =>
      changeCredit(trx, { accountId: id, amount, reason: "top_up", ref: null }, { accountId: null, at: at() }),
    );
const balance = async (id: number) =>
  (await api.db.selectFrom("account_credit").select("balance_minor").where("account_id", "=", id).executeTakeFirst())
    ?.balance_minor ?? 0;

let seq = 0;
/** A published course priced `minor` (0: free). */
async function pricedCourse(minor: number) {
  const { category, provider } = await contentRefs(admin);
  const code = `ST${++seq}${Date.now() % 1000}`;
  const row = await api.db
    .insertInto("course")
    .values({
      name: `Priced ${code}`,
      code,
      category_id: category,
      provider_id: provider,
      content_level: null,
      program: null,
      is_environmental: 0,
      desc: "",
      is_display: 1,
      datetime_start: null,
      datetime_first_publish: at(),
      datetime_create: at(),
      datetime_update: at(),
      created_by: null,
      image: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const typeId = await contentTypeId(api.db, "course");
  if (minor)
    await api.db
      .insertInto("content_budget")
      .values({
        content_type_id: typeId,
        content_id: row.id,
        price_minor: minor,
        price_discount_minor: null,
        price_app_store_minor: null,
        price_android_minor: null,
      })
      .execute();
  return { id: row.id, typeId };
}

/** A published test with one choice question (its first choice right). */
async function choiceTest() {
  const { category, provider } = await contentRefs(admin);
  const db = api.db;
  const code = `AT${++seq}`;
  const test = await db
    .insertInto("test")
    .values({
      name: `Assigned test ${code}`,
      code,
      content_level: null,
      program: null,
      category_id: category,
      provider_id: provider,
      is_environmental: 0,
      desc: "",
      is_display: 1,
      datetime_start: null,
      datetime_first_publish: at(),
      datetime_create: at(),
      datetime_update: at(),
      created_by: null,
      result_setting: 0,
      attempt: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const section = await db
    .insertInto("test_section")
    .values({ test_id: test.id, sort: 1, name: "Section 1", full_score: 1, pass_score: 1, pass_condition_type: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const q = await db
    .insertInto("test_question")
    .values({
      section_id: section.id,
      bank_id: null,
      number: 1,
      type: 1,
      desc: "Which?",
      answer: "",
      answer_gap: 0,
      score: 1,
      datetime_create: at(),
      datetime_update: at(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const right = await db
    .insertInto("test_choice")
    .values({ question_id: q.id, sort: 1, desc: "Right", is_answer: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("test_choice").values({ question_id: q.id, sort: 2, desc: "Wrong", is_answer: 0 }).execute();
  return { id: test.id, typeId: await contentTypeId(db, "test"), right: right.id };
}

/** A new assignment (or auto-assignment) of `contents` to `accounts`; its id. */
async function assignment(
  base: string,
  settings: Record<string, unknown>,
  contents: { typeId: number; id: number }[],
  accounts: number[],
) {
  const res = await admin.post(`${base}/`, { name: "Issue 33", ...settings });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  for (const c of contents)
    expect(
      (await admin.post(`${base}/${res.body.id}/content/`, { content_type_id: c.typeId, content_list: [c.id] })).status,
    ).toBe(201);
  expect((await admin.put(`${base}/${res.body.id}/audience/`, { account_list: accounts })).status).toBe(200);
  return res.body.id as number;
}

describe("settings (spec 002 §7, spec 001 §3; R153, R156)", () => {
  it("answers an id to {type} alone, named after its kind", async () => {
    const res = await admin.post(`${A}/`, { type: 0 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), name: "Untitled Assignment", type: 0 });
    expect((await admin.post(`${AUTO}/`, { type: 1 })).body).toMatchObject({
      name: "Untitled Auto-assignment",
      type: 1,
    });
    expect((await admin.post("/api/dashboard/suggestion/", {})).body).toMatchObject({
      name: "Untitled Suggestion",
      type: 2,
    });
    // A name given is kept; cleared on a change it is still required.
    expect((await admin.patch(`${A}/${res.body.id}/`, { name: "" })).body).toEqual({ name: ["required"] });
  });

  it("takes ISO date-times where it keeps a day, as the organisation's calendar day", async () => {
    // Bangkok (UTC+7): 17:30 UTC on the 30th is already the 1st.
    const res = await admin.post(`${A}/`, {
      name: "ISO",
      datetime_assign: "2026-06-30T17:30:00Z",
      type_action: 2,
      type_expand: 1,
      datetime_expand: "2026-08-01T09:00:00+07:00",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ datetime_assign: "2026-07-01", datetime_expand: "2026-08-01" });
    expect((await admin.post(`${A}/`, { name: "Bad", datetime_assign: "2026-13-01T00:00:00Z" })).body).toEqual({
      datetime_assign: ["invalid"],
    });
  });

  it("refuses a day 32 or a time 25:99 with a message that names the bounds, and stores the result setting", async () => {
    const bad = await admin.post(`${AUTO}/`, {
      name: "Monthly",
      assign_day: 32,
      assign_time: "25:99",
      assign_month: 13,
      count_recurring: 0,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      assign_day: ["asg_err_assign_day_range"],
      assign_time: ["asg_err_assign_time_format"],
      assign_month: ["asg_err_assign_month_range"],
      count_recurring: ["asg_err_count_recurring_range"],
    });
    expect((await admin.post(`${A}/`, { name: "Days", type_expire: 2, duration_expire: 4000 })).body).toEqual({
      duration_expire: ["asg_err_days_range"],
    });
    const ok = await admin.post(`${AUTO}/`, { name: "Approved results", result_status: 1 });
    expect(ok.body).toMatchObject({ result_status: 1 });
    expect((await admin.get(`${AUTO}/${ok.body.id}/`)).body).toMatchObject({ result_status: 1 });
    expect((await admin.patch(`${AUTO}/${ok.body.id}/`, { result_status: 0 })).body).toMatchObject({
      result_status: 0,
    });
    expect((await admin.patch(`${AUTO}/${ok.body.id}/`, { result_status: 2 })).body).toEqual({
      result_status: ["invalid_choice"],
    });
  });
});

describe("credit (issue 33 §3)", () => {
  it("the preview says who is charged and how much, and who lacks credit by how much", async () => {
    const course = await pricedCourse(10_000);
    const [rich, poor] = await students(2, 0);
    await topUp(rich, 25_000);
    await topUp(poor, 4_000);
    const id = await assignment(A, {}, [course], [rich, poor]);
    const p = (await admin.get(`${A}/${id}/preview/`)).body;
    expect(p).toMatchObject({ is_no_charge: false, charged: { learners: 1, total: 10_000 }, add: 1, skip: 1 });
    expect(p.contents).toEqual([expect.objectContaining({ cost: 10_000, charged: 10_000 })]);
    expect(p.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ account: rich, result: R.assigned, cost: 10_000, balance: 25_000 }),
        expect.objectContaining({ account: poor, result: R.not_enough_credit, cost: 0, balance: 4_000 }),
      ]),
    );
  });

  it("assigned by the organisation: nobody is charged and nobody is refused for credit", async () => {
    const course = await pricedCourse(10_000);
    const [a, b] = await students(2, 2);
    await topUp(a, 25_000);
    const id = await assignment(A, { is_no_charge: true }, [course], [a, b]);
    expect((await admin.get(`${A}/${id}/`)).body).toMatchObject({ is_no_charge: true });
    const p = (await admin.get(`${A}/${id}/preview/`)).body;
    expect(p).toMatchObject({ is_no_charge: true, charged: { learners: 0, total: 0 }, add: 2, skip: 0 });
    expect(p.contents).toEqual([expect.objectContaining({ cost: 0, charged: 0 })]);
    const res = await admin.post(`${A}/${id}/assign/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ add: 2, by_result: [{ result: R.assigned, count: 2 }] });
    expect([await balance(a), await balance(b)]).toEqual([25_000, 0]);
    const spent = await api.db
      .selectFrom("credit_transaction")
      .select("id")
      .where("account_id", "in", [a, b])
      .where("reason", "=", "assignment")
      .execute();
    expect(spent).toEqual([]);
  });
});

describe("a test assigned, taken and marked (the issue's flow)", () => {
  it("gives the learner the test, who takes it; with result approval its completion waits for an administrator", async () => {
    const test = await choiceTest();
    const choices = await admin.get(
      `${A}/${(await admin.post(`${A}/`, { type: 0 })).body.id}/content/choice/?content_type_id=${test.typeId}&search=${encodeURIComponent("Assigned test")}`,
    );
    expect(choices.body.types.map((t: { key: string }) => t.key)).toContain("test");
    expect(choices.body.results.map((r: { id: number }) => r.id)).toContain(test.id);
    // An auto-assignment whose results an administrator approves, one round now.
    const learner = await accountId("student0003");
    const id = await assignment(AUTO, { result_status: 1 }, [test], [learner]);
    const round = await admin.post(`${AUTO}/${id}/assign/`);
    expect(round.status, JSON.stringify(round.body)).toBe(200);
    expect(round.body).toMatchObject({ add: 1 });
    const enrollment = await api.db
      .selectFrom("content_enrollment")
      .select(["id", "status", "add_method"])
      .where("content_type_id", "=", test.typeId)
      .where("content_id", "=", test.id)
      .where("account_id", "=", learner)
      .executeTakeFirstOrThrow();
    expect(enrollment).toMatchObject({ status: 0, add_method: 2 });
    // The learner takes it and answers right: the test is passed, the learning waits at verifying.
    const client = await api.signedIn("student0003");
    const started = await client.post(`/api/test/${test.id}/attempt/`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const answer = (started.body.answers as { id: number }[])[0];
    const submitted = await client.post(`/api/test/${test.id}/attempt/${started.body.id}/submit/`, {
      answer_list: [{ id: answer.id, choice_list: [test.right] }],
    });
    expect(submitted.body).toMatchObject({ status: 30, is_pass: true });
    const held = async () =>
      (
        await api.db
          .selectFrom("content_enrollment")
          .select("status")
          .where("id", "=", enrollment.id)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await held()).toBe(22);
    const row = (await admin.get(`${AUTO}/${id}/learner/`)).body.results.find(
      (r: { enrollment: number | null }) => r.enrollment === enrollment.id,
    );
    expect(row).toMatchObject({ status: 22, result: R.assigned });
    // The administrator approves it on the learner tab's call.
    expect((await admin.patch(`${AUTO}/${id}/progress/${enrollment.id}/`, { status: 30 })).status).toBe(200);
    expect(await held()).toBe(30);
  });

  it("with the result summed up automatically (0) a completion stands; set to approval, the next one waits", async () => {
    const course = await pricedCourse(0);
    const [learner] = await students(1, 6);
    const auto = await assignment(AUTO, { result_status: 0 }, [course], [learner]);
    expect((await admin.post(`${AUTO}/${auto}/assign/`)).status).toBe(200);
    const e = await api.db
      .selectFrom("content_enrollment")
      .select(["id", "status", "datetime_start"])
      .where("content_type_id", "=", course.typeId)
      .where("content_id", "=", course.id)
      .where("account_id", "=", learner)
      .executeTakeFirstOrThrow();
    await api.db
      .transaction()
      .execute((trx) => moveEnrollments(trx, [{ ...e, to: 30 }], "update_slot", { accountId: null, at: at() }));
    expect(
      (await api.db.selectFrom("content_enrollment").select("status").where("id", "=", e.id).executeTakeFirstOrThrow())
        .status,
    ).toBe(30);
    // The same auto-assignment set to approval from now on holds the next completion.
    await admin.patch(`${AUTO}/${auto}/`, { result_status: 1 });
    await api.db
      .transaction()
      .execute((trx) =>
        moveEnrollments(trx, [{ ...e, status: 30, to: 21 }], "update_slot", { accountId: null, at: at() }),
      );
    await api.db
      .transaction()
      .execute((trx) =>
        moveEnrollments(trx, [{ ...e, status: 21, to: 30 }], "update_slot", { accountId: null, at: at() }),
      );
    expect(
      (await api.db.selectFrom("content_enrollment").select("status").where("id", "=", e.id).executeTakeFirstOrThrow())
        .status,
    ).toBe(22);
  });
});

describe("spreadsheets (issue 33 §14)", () => {
  it("exports the learner results in words with their codes, and the progress, as the tabs filter them", async () => {
    const course = await pricedCourse(10_000);
    const [paid, poor] = await students(2, 8);
    await topUp(paid, 10_000);
    const id = await assignment(A, {}, [course], [paid, poor]);
    await admin.post(`${A}/${id}/assign/`);
    const csv = await admin.get(`${A}/${id}/learner/export/?format_type=csv&language=en`);
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(String(csv.headers["content-disposition"])).toContain(`assignment-${id}-learner-`);
    const lines = String(csv.body)
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "No.,Username,First name,Last name,Email,Content,Result,Result code,Progress,Credit spent,Learn until,Updated",
    );
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.includes(",Assigned,1,Not started,100,"))).toBe(true);
    expect(lines.some((l) => l.includes(",Not enough credit,7,,0,"))).toBe(true);
    const only7 = String((await admin.get(`${A}/${id}/learner/export/?format_type=csv&result=7`)).body)
      .trim()
      .split("\r\n");
    expect(only7).toHaveLength(2);
    const th = String((await admin.get(`${A}/${id}/learner/export/?format_type=csv&language=th`)).body);
    expect(th).toContain("เครดิตไม่เพียงพอ");
    const progress = String((await admin.get(`${A}/${id}/progress/export/?format_type=csv&language=en`)).body)
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(progress).toHaveLength(2);
    expect(progress[1]).toContain("Not started");
    const xlsx = await admin.get(`${A}/${id}/progress/export/?format_type=xlsx`);
    expect(xlsx.headers["content-type"]).toContain("spreadsheetml");
    // The export flag: a manager has the assignment's view and change, not its export.
    const manager = await api.signedIn("manager");
    expect((await manager.get(`${A}/${id}/learner/`)).status).toBe(200);
    expect((await manager.get(`${A}/${id}/learner/export/?format_type=csv`)).status).toBe(403);
    expect((await (await api.signedIn("viewer")).get(`${A}/${id}/progress/export/`)).status).toBe(403);
  });

  it("exports the budgets as the list filters them, with the totals per category", async () => {
    const list = (await admin.get("/api/dashboard/budget/?page_size=500")).body;
    const csv = await admin.get("/api/dashboard/budget/export/?format_type=csv&language=en");
    expect(csv.status).toBe(200);
    const lines = String(csv.body)
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Content type,Content,Code,Price,Planned learners,Planned,Actual,Left");
    expect(lines.filter((l) => !l.startsWith("Budget category,") && !l.startsWith("Total,"))).toHaveLength(
      list.count + 1,
    );
    expect(lines.at(-1)).toBe(
      `Total,,,,,${list.totals.plan},${list.totals.actual},${Math.round((list.totals.plan - list.totals.actual) * 100) / 100}`,
    );
    const first = list.results[0];
    const one = String(
      (
        await admin.get(
          `/api/dashboard/budget/export/?format_type=csv&search=${encodeURIComponent(first.content.code)}`,
        )
      ).body,
    );
    expect(one).toContain(first.content.name);
    expect((await (await api.signedIn("provider")).get("/api/dashboard/budget/export/?format_type=csv")).status).toBe(
      403,
    );
    expect((await admin.get("/api/dashboard/budget/export/?format_type=pdf")).status).toBe(400);
  });
});
