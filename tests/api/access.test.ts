import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Course } from "../../contract/schemas/course";
import type { EnrollmentSettings } from "../../contract/schemas/content-enrollment";
import type { PermissionCondition, PermissionRuleRow } from "../../contract/schemas/content-permission";
import { startTestApi, type Client, type TestApi } from "./harness";

/** Enrollment settings, identification, prerequisites, permission rules with conditions, admins (access slice). */

let api: TestApi;
let admin: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = api.client();
  await admin.login("admin");
});
afterAll(() => api.close());

const C = "/api/dashboard/course";
const DAY = 86_400;

const idBy = async (
  table: "category" | "provider" | "instructor" | "department" | "level" | "position" | "account_group",
  code: string,
) => (await api.db.selectFrom(table).select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;

async function create(code: string, extra: Record<string, unknown> = {}) {
  const res = await admin.post(`${C}/`, {
    name: `Course ${code}`,
    code,
    category: await idBy("category", "TECH-DAT"),
    provider: await idBy("provider", "ACAD"),
    ...extra,
  });
  if (res.status !== 201) throw new Error(`create ${code}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Course;
}
const settingsRow = async (courseId: number) =>
  api.db
    .selectFrom("content_enrollment_setting")
    .innerJoin("content_type", "content_type.id", "content_enrollment_setting.content_type_id")
    .selectAll("content_enrollment_setting")
    .where("content_type.code", "=", "course")
    .where("content_id", "=", courseId)
    .executeTakeFirst();
const rulesOf = async (courseId: number) =>
  api.db.selectFrom("content_permission").selectAll().where("content_id", "=", courseId).orderBy("id").execute();

/** A valid whole settings body (JSON), changed by `extra`. */
const settings = (extra: Record<string, unknown> = {}) => ({
  capacity: 30,
  is_session_enrollment: true,
  minimum_session_enrollment: 2,
  maximum_session_enrollment: 8,
  type_access: 2,
  enrollment_required: true,
  type_waiting: 1,
  content_period_enroll: { datetime_start: "2026-07-01T02:00:00Z", datetime_end: "2026-07-31T10:00:00+07:00" },
  content_period_cancel: { type: 7, duration: 5 * DAY },
  is_user_canceled: true,
  duration_expire: 90 * DAY,
  is_retrain: true,
  retrain_count: 2,
  retrain_unit: 3,
  ...extra,
});

describe("enrollment settings", () => {
  it("answers the spec's defaults until saved", async () => {
    const course = await create("ENR-DEF");
    const res = await admin.get(`${C}/${course.id}/enrollment/?format=json`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      form: null,
      capacity: 0,
      is_overlap_time: false,
      is_session_reserved: false,
      is_session_enrollment: false,
      minimum_session_enrollment: 0,
      maximum_session_enrollment: 10,
      type_access: -1,
      enrollment_required: false,
      type_waiting: 0,
      content_period_enroll: { datetime_start: null, datetime_end: null },
      content_period_cancel: { type: 2, duration: null, datetime_start: null, datetime_end: null },
      is_allow_change_session_enrollment: false,
      is_user_canceled: false,
      is_rejected_able_re_enroll: false,
      duration_expire: null,
      is_retrain: false,
      retrain_count: 1,
      retrain_unit: 3,
      cancel_type_choices: [2, 7],
      datetime_update: null,
    } satisfies EnrollmentSettings);
  });

  it("saves the whole settings: type 7 duration in seconds, instants in UTC", async () => {
    const course = await create("ENR-PUT");
    const res = await admin.put(`${C}/${course.id}/enrollment/`, settings());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      capacity: 30,
      minimum_session_enrollment: 2,
      maximum_session_enrollment: 8,
      type_access: 2,
      type_waiting: 1,
      content_period_enroll: { datetime_start: "2026-07-01T02:00:00.000Z", datetime_end: "2026-07-31T03:00:00.000Z" },
      content_period_cancel: { type: 7, duration: 432_000, datetime_start: null, datetime_end: null },
      duration_expire: 7_776_000,
      is_retrain: true,
      retrain_count: 2,
      datetime_update: api.clock.now.toISOString(),
    });
    expect((await settingsRow(course.id))!.cancel_duration).toBe(432_000);
    expect((await admin.get(`${C}/${course.id}/enrollment/`)).body).toEqual(res.body);
    // PUT replaces: what is not sent goes back to its default.
    const again = await admin.put(`${C}/${course.id}/enrollment/`, { content_period_cancel: { type: 2 } });
    expect(again.body).toMatchObject({
      capacity: 0,
      minimum_session_enrollment: 0,
      maximum_session_enrollment: 10,
      is_retrain: false,
      content_period_cancel: { type: 2, duration: null },
    });
  });

  it("accepts what an HTML form posts (texts, dotted names are the dashboard's job)", async () => {
    const course = await create("ENR-FORM");
    const res = await admin.put(`${C}/${course.id}/enrollment/`, {
      capacity: "12",
      minimum_session_enrollment: "",
      maximum_session_enrollment: "4",
      type_access: "-1",
      is_user_canceled: "on",
      content_period_cancel: { type: "7", duration: String(3 * DAY) },
      content_period_enroll: { datetime_start: "", datetime_end: "" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      capacity: 12,
      minimum_session_enrollment: 0,
      maximum_session_enrollment: 4,
      is_user_canceled: true,
      content_period_cancel: { type: 7, duration: 3 * DAY },
    });
  });

  it("allows only cancel types 2 and 7 for a course, and writes nothing when refused", async () => {
    const course = await create("ENR-CANCEL");
    await admin.put(`${C}/${course.id}/enrollment/`, settings());
    const saved = await settingsRow(course.id);
    for (const type of [-1, 0, 1, 3, 4, 5, 6]) {
      const res = await admin.put(
        `${C}/${course.id}/enrollment/`,
        settings({ capacity: 99, content_period_cancel: { type, duration: DAY } }),
      );
      expect(res.status, String(type)).toBe(400);
      expect(res.body, String(type)).toEqual({ "content_period_cancel.type": ["cancel_type_not_allowed"] });
    }
    const unknown = await admin.put(`${C}/${course.id}/enrollment/`, settings({ content_period_cancel: { type: 42 } }));
    expect(unknown.body).toEqual({ "content_period_cancel.type": ["invalid_choice"] });
    expect(await settingsRow(course.id)).toEqual(saved);
  });

  it("needs a whole, non-zero number of days for type 7, and drops a duration type 2 does not use", async () => {
    const course = await create("ENR-DAYS");
    const put = (cancel: Record<string, unknown>) =>
      admin.put(`${C}/${course.id}/enrollment/`, settings({ content_period_cancel: cancel }));
    expect((await put({ type: 7 })).body).toEqual({ "content_period_cancel.duration": ["required"] });
    expect((await put({ type: 7, duration: 0 })).body).toEqual({
      "content_period_cancel.duration": ["value_not_zero"],
    });
    expect((await put({ type: 7, duration: DAY + 1 })).body).toEqual({
      "content_period_cancel.duration": ["whole_days"],
    });
    expect((await put({ type: 7, duration: -DAY })).body).toEqual({ "content_period_cancel.duration": ["invalid"] });
    expect(await settingsRow(course.id)).toBeUndefined();
    const two = await put({ type: 2, duration: 5 * DAY });
    expect(two.body.content_period_cancel).toEqual({
      type: 2,
      duration: null,
      datetime_start: null,
      datetime_end: null,
    });
  });

  it("refuses minimum above maximum, zeros where the spec forbids them and periods ending before they start — all at once", async () => {
    const course = await create("ENR-RULES");
    await admin.put(`${C}/${course.id}/enrollment/`, settings());
    const saved = await settingsRow(course.id);
    const res = await admin.put(
      `${C}/${course.id}/enrollment/`,
      settings({
        minimum_session_enrollment: 11,
        maximum_session_enrollment: 10,
        content_period_enroll: { datetime_start: "2026-07-02T00:00:00Z", datetime_end: "2026-07-01T00:00:00Z" },
        content_period_cancel: { type: 9 },
        retrain_count: 0,
        duration_expire: 0,
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      minimum_session_enrollment: ["session_min_above_max"],
      "content_period_enroll.datetime_end": ["date_end_before_start"],
      "content_period_cancel.type": ["invalid_choice"],
      retrain_count: ["value_not_zero"],
      duration_expire: ["value_not_zero"],
    });
    expect(
      (
        await admin.put(
          `${C}/${course.id}/enrollment/`,
          settings({ maximum_session_enrollment: 0, minimum_session_enrollment: 0 }),
        )
      ).body,
    ).toEqual({ maximum_session_enrollment: ["value_not_zero"] });
    expect(
      (await admin.put(`${C}/${course.id}/enrollment/`, settings({ capacity: -1, type_access: 4, type_waiting: 2 })))
        .body,
    ).toEqual({
      capacity: ["invalid"],
      type_access: ["invalid_choice"],
      type_waiting: ["invalid_choice"],
    });
    expect(
      (
        await admin.put(
          `${C}/${course.id}/enrollment/`,
          settings({ content_period_enroll: { datetime_start: "2026-02-30T00:00:00Z" } }),
        )
      ).body,
    ).toEqual({
      "content_period_enroll.datetime_start": ["invalid"],
    });
    // Equal bounds are fine: min = max, start = end.
    expect(
      (
        await admin.put(
          `${C}/${course.id}/enrollment/`,
          settings({ capacity: 1, minimum_session_enrollment: 3, maximum_session_enrollment: 3 }),
        )
      ).status,
    ).toBe(200);
    expect((await settingsRow(course.id))!.capacity).toBe(1);
    expect(saved!.capacity).toBe(30);
  });

  // The form builder's enrollment forms (docs/decisions/057): a request form or no form at all is refused.
  it("takes an enrollment form of the form builder, and nothing else", async () => {
    const course = await create("ENR-FORMID");
    const formOf = async (kind: string) =>
      (await api.db.selectFrom("request_form").select("id").where("kind", "=", kind).executeTakeFirstOrThrow()).id;
    for (const form of [await formOf("request"), 999_999]) {
      expect((await admin.put(`${C}/${course.id}/enrollment/`, settings({ form }))).body).toEqual({
        form: ["invalid_choice"],
      });
    }
    expect(await settingsRow(course.id)).toBeUndefined();
    const enrollment = await formOf("enrollment");
    expect((await admin.put(`${C}/${course.id}/enrollment/`, settings({ form: enrollment }))).status).toBe(200);
    expect((await settingsRow(course.id))!.form_id).toBe(enrollment);
  });

  it("needs the course enrollment flag and the course in scope", async () => {
    const course = await create("ENR-PERM", { instructor_list: [await idBy("instructor", "INS-001")] });
    const anon = api.client();
    expect((await anon.get(`${C}/${course.id}/enrollment/`)).status).toBe(401);
    for (const who of ["learner", "instructor", "provider", "manager"]) {
      const c = api.client();
      await c.login(who);
      for (const res of [
        await c.get(`${C}/${course.id}/enrollment/`),
        await c.put(`${C}/${course.id}/enrollment/`, settings()),
        await c.get(`${C}/${course.id}/enrollment/identification/`),
        await c.put(`${C}/${course.id}/enrollment/prerequisite/`, { prerequisite_list: [] }),
      ]) {
        expect(res.status, who).toBe(403);
      }
    }
    const staff = api.client();
    await staff.login("staff1");
    expect((await staff.put(`${C}/${course.id}/enrollment/`, settings())).status).toBe(200);
    expect((await admin.get(`${C}/999999/enrollment/`)).status).toBe(404);
    expect(await settingsRow(course.id)).toBeDefined();
  });
});

describe("enrollment identification", () => {
  const I = (id: number) => `${C}/${id}/enrollment/identification/`;
  it("answers the defaults (the configured minimums), saves minutes as seconds", async () => {
    const course = await create("IDN-1");
    expect((await admin.get(I(course.id))).body).toEqual({
      is_enabled: false,
      identification: 0,
      lock_method: 1,
      attempt: 1,
      duration_lock: 60,
      datetime_update: null,
    });
    const res = await admin.put(I(course.id), {
      is_enabled: true,
      identification: 2,
      lock_method: 1,
      attempt: 3,
      duration_lock: 15 * 60,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      is_enabled: true,
      identification: 2,
      lock_method: 1,
      attempt: 3,
      duration_lock: 900,
    });
    // Lock method 2 (until unlocked) keeps no duration.
    expect(
      (await admin.put(I(course.id), { is_enabled: "on", lock_method: "2", attempt: "2", duration_lock: "900" })).body,
    ).toMatchObject({ lock_method: 2, duration_lock: null });
  });

  it("refuses what the rules do not allow, and writes nothing", async () => {
    const course = await create("IDN-2");
    await api.db.updateTable("config").set({ value: "300" }).where("key", "=", "iden-lock-duration-minimum").execute();
    await api.db.updateTable("config").set({ value: "2" }).where("key", "=", "iden-lock-attempt-minimum").execute();
    try {
      expect((await admin.get(I(course.id))).body).toMatchObject({ attempt: 2, duration_lock: 300 });
      const res = await admin.put(I(course.id), {
        is_enabled: true,
        identification: 7,
        lock_method: 3,
        attempt: 0,
        duration_lock: 90,
      });
      expect(res.body).toEqual({
        identification: ["invalid_choice"],
        lock_method: ["invalid_choice"],
        attempt: ["value_not_zero"],
        duration_lock: ["invalid"],
      });
      expect((await admin.put(I(course.id), { attempt: 1, duration_lock: 240 })).body).toEqual({
        attempt: ["value_below_minimum"],
        duration_lock: ["value_below_minimum"],
      });
      expect((await admin.put(I(course.id), { lock_method: 1, duration_lock: "" })).body).toEqual({
        duration_lock: ["required"],
      });
      expect(
        await api.db
          .selectFrom("content_enrollment_identification")
          .select("content_id")
          .where("content_id", "=", course.id)
          .execute(),
      ).toEqual([]);
    } finally {
      await api.db.updateTable("config").set({ value: "60" }).where("key", "=", "iden-lock-duration-minimum").execute();
      await api.db.updateTable("config").set({ value: "1" }).where("key", "=", "iden-lock-attempt-minimum").execute();
    }
  });
});

describe("prerequisites", () => {
  const P = (id: number) => `${C}/${id}/enrollment/prerequisite/`;
  const ids = (body: { results: { id: number }[] }) => body.results.map((r) => r.id);

  it("answers and replaces the list of other courses, by name", async () => {
    const [a, b, c] = [await create("PRE-A"), await create("PRE-B", { name: "Alpha basics" }), await create("PRE-C")];
    expect((await admin.get(P(a.id))).body).toEqual({ results: [], count: 0 });
    const res = await admin.put(P(a.id), { prerequisite_list: [c.id, b.id, b.id] });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { id: b.id, name: "Alpha basics", code: "PRE-B", content_type: "course" },
      { id: c.id, name: "Course PRE-C", code: "PRE-C", content_type: "course" },
    ]);
    // A form posts one comma-separated text; an empty one clears the list.
    expect(ids((await admin.put(P(a.id), { prerequisite_list: `${c.id}` })).body)).toEqual([c.id]);
    expect((await admin.get(`${C}/${c.id}/`)).body.is_prerequisite).toBe(true);
    expect((await admin.put(P(a.id), { prerequisite_list: "" })).body).toEqual({ results: [], count: 0 });
  });

  it("refuses the course itself, unknown courses and cycles, writing nothing", async () => {
    const [a, b, c] = [await create("CYC-A"), await create("CYC-B"), await create("CYC-C")];
    expect((await admin.put(P(a.id), { prerequisite_list: [b.id] })).status).toBe(200);
    expect((await admin.put(P(b.id), { prerequisite_list: [c.id] })).status).toBe(200);
    expect((await admin.put(P(a.id), { prerequisite_list: [a.id] })).body).toEqual({
      prerequisite_list: ["prerequisite_cycle"],
    });
    expect((await admin.put(P(c.id), { prerequisite_list: [a.id] })).body).toEqual({
      prerequisite_list: ["prerequisite_cycle"],
    });
    expect((await admin.put(P(b.id), { prerequisite_list: [a.id] })).body).toEqual({
      prerequisite_list: ["prerequisite_cycle"],
    });
    expect((await admin.put(P(c.id), { prerequisite_list: [999999] })).body).toEqual({
      prerequisite_list: ["invalid_choice"],
    });
    expect((await admin.put(P(c.id), { prerequisite_list: "x" })).body).toEqual({ prerequisite_list: ["invalid"] });
    expect(ids((await admin.get(P(a.id))).body)).toEqual([b.id]);
    expect(ids((await admin.get(P(b.id))).body)).toEqual([c.id]);
    expect(ids((await admin.get(P(c.id))).body)).toEqual([]);
    // A diamond is not a cycle.
    const d = await create("CYC-D");
    expect((await admin.put(P(d.id), { prerequisite_list: [a.id, b.id, c.id] })).status).toBe(200);
  });

  it("keeps the delete rule: a prerequisite cannot be deleted (424) until it is removed from the list", async () => {
    const [a, b] = [await create("DEP-A"), await create("DEP-B")];
    await admin.put(P(a.id), { prerequisite_list: [b.id] });
    expect((await admin.delete(`${C}/${b.id}/`)).status).toBe(424);
    await admin.put(P(a.id), { prerequisite_list: [] });
    expect((await admin.delete(`${C}/${b.id}/`)).status).toBe(204);
  });
});

describe("permission rules and conditions", () => {
  const R = (id: number) => `${C}/${id}/permission/`;

  it("creates rules with the defaults (everyone, view and enrol), lists, updates and deletes them", async () => {
    const course = await create("PRM-1");
    const first = await admin.post(R(course.id), {});
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      mode: 1,
      permission: 2,
      operator: 1,
      criteria_count: 0,
      datetime_create: api.clock.now.toISOString(),
      datetime_update: api.clock.now.toISOString(),
    } satisfies PermissionRuleRow);
    const second = await admin.post(R(course.id), { mode: "2", permission: "1" });
    expect(second.body).toMatchObject({ mode: 2, permission: 1 });
    const list = await admin.get(`${R(course.id)}?format=json`);
    expect(list.body).toMatchObject({ count: 2, page: 1, page_size: 50, next: null });
    expect(list.body.results.map((r: PermissionRuleRow) => r.id)).toEqual([first.body.id, second.body.id]);

    expect((await admin.patch(`${R(course.id)}${first.body.id}/`, { mode: 3 })).body).toMatchObject({
      mode: 3,
      permission: 2,
    });
    expect((await admin.patch(`${R(course.id)}${first.body.id}/`, { mode: 4, permission: 0 })).body).toEqual({
      mode: ["invalid_choice"],
      permission: ["invalid_choice"],
    });
    expect((await admin.post(R(course.id), { mode: 0 })).body).toEqual({ mode: ["invalid_choice"] });
    expect((await rulesOf(course.id)).length).toBe(2);

    expect((await admin.delete(`${R(course.id)}${first.body.id}/`)).status).toBe(204);
    expect((await admin.get(`${R(course.id)}${first.body.id}/`)).status).toBe(404);
    expect((await admin.get(R(course.id))).body.count).toBe(1);
  });

  it("answers 404 for a rule of another course", async () => {
    const [a, b] = [await create("PRM-A"), await create("PRM-B")];
    const rule = (await admin.post(R(a.id), { mode: 2 })).body as PermissionRuleRow;
    expect((await admin.get(`${R(b.id)}${rule.id}/`)).status).toBe(404);
    expect((await admin.patch(`${R(b.id)}${rule.id}/`, { mode: 3 })).status).toBe(404);
    expect((await admin.delete(`${R(b.id)}${rule.id}/`)).status).toBe(404);
    expect((await admin.get(`${R(b.id)}${rule.id}/condition/`)).status).toBe(404);
    expect((await admin.put(`${R(b.id)}${rule.id}/condition/`, { age_gte: 1 })).status).toBe(404);
    expect((await rulesOf(a.id))[0].mode).toBe(2);
  });

  it("saves a condition: department lists (arrays or comma-separated ids) and an age range", async () => {
    const course = await create("PRM-COND");
    const rule = (await admin.post(R(course.id), { mode: 2 })).body as PermissionRuleRow;
    const cond = `${R(course.id)}${rule.id}/condition/`;
    const empty = await admin.get(cond);
    expect(empty.body).toMatchObject({
      id: rule.id,
      operator: 1,
      department: [],
      group: [],
      account: [],
      age_gte: -1,
      age_lte: -1,
      date_account_start_gte: null,
    });
    const [hr, it] = [await idBy("department", "HR"), await idBy("department", "IT")];
    const res = await admin.put(cond, {
      operator: 2,
      department: `${it},${hr}`,
      level: [await idBy("level", "L1")],
      group_account: [await idBy("account_group", "G1")],
      age_gte: "25",
      age_lte: 40,
      service_gte: 2,
      date_account_start_gte: "2020-01-01",
      date_account_start_lte: "2020-01-01",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      operator: 2,
      department: [hr, it].sort((x, y) => x - y),
      level: [await idBy("level", "L1")],
      age_gte: 25,
      age_lte: 40,
      service_gte: 2,
      service_lte: -1,
      date_account_start_gte: "2020-01-01",
      date_account_start_lte: "2020-01-01",
    } satisfies Partial<PermissionCondition>);
    // lists: department, level, group_account; ranges: age, service; dates.
    expect((await admin.get(`${R(course.id)}${rule.id}/`)).body.criteria_count).toBe(6);
    // PUT replaces: a blank range is unset again.
    const cleared = await admin.put(cond, { department: [hr], age_gte: "", age_lte: "" });
    expect(cleared.body).toMatchObject({
      operator: 1,
      department: [hr],
      level: [],
      age_gte: -1,
      age_lte: -1,
      date_account_start_gte: null,
    });
  });

  it("refuses reversed ranges, bad bounds, unknown ids and lists without master data, writing nothing", async () => {
    const course = await create("PRM-BAD");
    const rule = (await admin.post(R(course.id), { mode: 2 })).body as PermissionRuleRow;
    const cond = `${R(course.id)}${rule.id}/condition/`;
    const hr = await idBy("department", "HR");
    await admin.put(cond, { department: [hr], age_gte: 20, age_lte: 30 });
    const before = await admin.get(cond);
    const res = await admin.put(cond, {
      department: [hr],
      age_gte: 40,
      age_lte: 30,
      experience_gte: -5,
      level_year_lte: "ten",
      service_gte: 5,
      service_lte: -1,
      date_account_start_gte: "2021-05-01",
      date_account_start_lte: "2021-04-30",
      operator: 3,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      operator: ["invalid_choice"],
      age_lte: ["range_lte_below_gte"],
      experience_gte: ["invalid"],
      level_year_lte: ["invalid"],
      date_account_start_lte: ["date_end_before_start"],
    });
    const ids = await admin.put(cond, {
      department: [hr, 999999],
      position: [999998],
      level_group: [1],
      group_account_custom1: "1,2",
      account: [await accountId("learner"), 999999],
    });
    expect(ids.body).toEqual({
      department: ["invalid_choice"],
      position: ["invalid_choice"],
      level_group: ["invalid_choice"],
      group_account_custom1: ["invalid_choice"],
      account: ["invalid_choice"],
    });
    expect((await admin.get(cond)).body).toEqual(before.body);
    expect((await admin.put(cond, { date_account_start_gte: "2021-02-30" })).body).toEqual({
      date_account_start_gte: ["invalid"],
    });
  });

  it("takes a user rule's accounts from the active accounts", async () => {
    const course = await create("PRM-USER");
    const rule = (await admin.post(R(course.id), { mode: 3, permission: 1 })).body as PermissionRuleRow;
    const options = await admin.get(`${R(course.id)}account/?search=learner00&page_size=5`);
    expect(options.status).toBe(200);
    expect(options.body.results[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      code: expect.stringMatching(/^learner00/),
      value: expect.any(Number),
    });
    const res = await admin.put(`${R(course.id)}${rule.id}/condition/`, {
      account: options.body.results.map((o: { id: number }) => o.id).join(","),
    });
    expect(res.body.account).toHaveLength(5);
  });

  it("needs the course change flag, and keeps scoped accounts to their courses", async () => {
    const mine = await create("PRM-INS", { instructor_list: [await idBy("instructor", "INS-001")] });
    const other = await create("PRM-OTHER");
    const ins = api.client();
    await ins.login("instructor");
    expect((await ins.post(R(mine.id), { mode: 2 })).status).toBe(201);
    expect((await ins.get(R(other.id))).status).toBe(404);
    expect((await ins.post(R(other.id), {})).status).toBe(404);
    for (const who of ["learner", "manager", "inspector"]) {
      const c = api.client();
      await c.login(who);
      expect((await c.get(R(mine.id))).status, who).toBe(403);
      expect((await c.post(R(mine.id), {})).status, who).toBe(403);
      expect((await c.get(`${R(mine.id)}admin/`)).status, who).toBe(403);
    }
    expect((await api.client().get(R(mine.id))).status).toBe(401);
    expect((await rulesOf(mine.id)).length).toBe(1);
    expect(await rulesOf(other.id)).toEqual([]);
  });
});

describe("course administrators", () => {
  const A = (id: number) => `${C}/${id}/permission/admin/`;

  it("adds staff only, once; removes them; offers the staff not yet listed", async () => {
    const course = await create("ADM-1");
    const [staff1, staff2, learner] = [
      await accountId("staff1"),
      await accountId("staff2"),
      await accountId("learner"),
    ];
    const candidates = async () =>
      (await admin.get(`${A(course.id)}candidate/?page_size=1000`)).body.results.map(
        (o: { id: number }) => o.id,
      ) as number[];
    expect(await candidates()).toEqual(expect.arrayContaining([staff1, staff2]));
    expect(await candidates()).not.toContain(learner);

    const added = await admin.post(A(course.id), { account: String(staff1) });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: staff1,
      username: "staff1",
      first_name: "Sunee",
      last_name: "Staff",
      email: "staff1@demo.lms.local",
      department: { id: await idBy("department", "HQ"), name: "Head Office" },
      datetime_create: api.clock.now.toISOString(),
    });
    expect((await admin.post(A(course.id), { account: staff1 })).body).toEqual({ account: ["already_in_list"] });
    expect((await admin.post(A(course.id), { account: learner })).body).toEqual({ account: ["account_not_staff"] });
    expect((await admin.post(A(course.id), { account: 999999 })).body).toEqual({ account: ["invalid_choice"] });
    expect((await admin.post(A(course.id), {})).body).toEqual({ account: ["required"] });
    expect(await candidates()).not.toContain(staff1);

    const list = await admin.get(`${A(course.id)}?search=sunee`);
    expect(list.body).toMatchObject({ count: 1, results: [{ id: staff1 }] });
    expect((await admin.delete(`${A(course.id)}${staff1}/`)).status).toBe(204);
    expect((await admin.delete(`${A(course.id)}${staff1}/`)).status).toBe(404);
    expect((await admin.get(A(course.id))).body.count).toBe(0);
  });
});

describe("deleting a course", () => {
  it("removes its enrollment settings, identification, rules with their lists and administrators", async () => {
    const course = await create("ACC-DEL");
    await admin.put(`${C}/${course.id}/enrollment/`, settings());
    await admin.put(`${C}/${course.id}/enrollment/identification/`, { is_enabled: true, duration_lock: 600 });
    const rule = (await admin.post(`${C}/${course.id}/permission/`, { mode: 2 })).body as PermissionRuleRow;
    await admin.put(`${C}/${course.id}/permission/${rule.id}/condition/`, {
      department: [await idBy("department", "HR")],
    });
    await admin.post(`${C}/${course.id}/permission/admin/`, { account: await accountId("staff2") });
    expect((await admin.delete(`${C}/${course.id}/`)).status).toBe(204);
    expect(await settingsRow(course.id)).toBeUndefined();
    for (const table of ["content_enrollment_identification", "content_permission", "content_admin"] as const) {
      expect(
        await api.db.selectFrom(table).select("content_id").where("content_id", "=", course.id).execute(),
        table,
      ).toEqual([]);
    }
    expect(
      await api.db
        .selectFrom("content_permission_item")
        .select("permission_id")
        .where("permission_id", "=", rule.id)
        .execute(),
    ).toEqual([]);
  });
});

describe("demo seed", () => {
  it("gives demo courses enrollment settings, identification, rules with conditions and administrators", async () => {
    const count = async (
      table:
        | "content_enrollment_setting"
        | "content_enrollment_identification"
        | "content_permission"
        | "content_permission_item"
        | "content_admin",
    ) =>
      Number(
        (
          await api.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count("content_enrollment_setting")).toBeGreaterThan(50);
    expect(await count("content_enrollment_identification")).toBeGreaterThan(30);
    expect(await count("content_permission")).toBeGreaterThan(40);
    expect(await count("content_permission_item")).toBeGreaterThan(100);
    expect(await count("content_admin")).toBeGreaterThan(20);
    // What the seed wrote reads back as valid settings.
    const seeded = await api.db
      .selectFrom("content_enrollment_setting")
      .select("content_id")
      .where("cancel_type", "=", 7)
      .executeTakeFirstOrThrow();
    const res = await admin.get(`${C}/${seeded.content_id}/enrollment/`);
    expect(res.body.content_period_cancel.duration % DAY).toBe(0);
    expect((await admin.put(`${C}/${seeded.content_id}/enrollment/`, res.body)).status).toBe(200);
  });
});
