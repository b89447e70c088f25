import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PeriodAnswer } from "../../contract/schemas/enrollment-period";
import type { HomeLearningAnswer } from "../../contract/schemas/home";
import { startTestApi, type TestApi } from "./harness";

/**
 * GET dashboard/enrollment/period/ (issue 33 item 13; docs/decisions/086): enrolments made and
 * learning completed in a period of the organisation's days, across contents — the edges of the
 * period in the organisation's zone (UTC+7 here), which statuses count, filters, refusals and
 * 400s for bad input, and the export.
 */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  await api.db
    .insertInto("config")
    .values({
      key: "time-zone-offset-minutes",
      value: JSON.stringify(420),
      url: null,
      datetime_update: api.clock.now.toISOString(),
    })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(420) }))
    .execute();
});
afterAll(() => api.close());

const LIST = "/api/dashboard/enrollment/period/";
// A March far from the seed's dates: only this file's rows fall in it. In UTC+7 its first day begins
// at 2031-02-28T17:00Z and its last ends at 2031-03-31T17:00Z.
const MARCH = "date_from=2031-03-01&date_to=2031-03-31";
const FIRST_IN = "2031-02-28T17:00:00.000Z";
const BEFORE = "2031-02-28T16:59:59.999Z";
const LAST_IN = "2031-03-31T16:59:59.999Z";
const AFTER = "2031-03-31T17:00:00.000Z";

let seq = 0;
/** A learner enrolled in a content (`type` code, its first item) with a status and dates; returns its username. */
async function enrolment(
  type: "course" | "activity",
  status: number,
  enrolled: string,
  completed: string | null = null,
) {
  seq += 1;
  const username = `period_${seq}`;
  const account = await api.db
    .insertInto("account")
    .values({
      username,
      email: `${username}@example.test`,
      password_hash: "x",
      first_name: "Period",
      last_name: `Learner ${seq}`,
      language: "en",
      department_id: null,
      position_id: null,
      level_id: null,
      is_active: 1,
      is_superuser: 0,
      is_system_user: 0,
      is_dashboard_permission: 0,
      is_store_permission: 0,
      is_verified_email: 1,
      failed_login_count: 0,
      datetime_create: enrolled,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const typeId = (
    await api.db.selectFrom("content_type").select("id").where("code", "=", type).executeTakeFirstOrThrow()
  ).id;
  const content = (await api.db.selectFrom(type).select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  await api.db
    .insertInto("content_enrollment")
    .values({
      account_id: account.id,
      content_type_id: typeId,
      content_id: content,
      status,
      add_method: 1,
      added_by: 1,
      created_by: null,
      datetime_enroll: enrolled,
      datetime_start: null,
      datetime_complete: completed,
      datetime_update: enrolled,
    })
    .execute();
  return username;
}

const usernames = (a: PeriodAnswer) => a.results.map((r) => r.account.username).sort();
const rows: Record<string, string> = {};

beforeAll(async () => {
  rows.firstIn = await enrolment("course", 21, FIRST_IN);
  rows.before = await enrolment("course", 21, BEFORE);
  rows.lastIn = await enrolment("activity", 0, LAST_IN);
  rows.after = await enrolment("course", 21, AFTER);
  rows.cancelled = await enrolment("course", -1, "2031-03-10T03:00:00.000Z");
  rows.rejected = await enrolment("course", -3, "2031-03-10T03:00:00.000Z");
  rows.waiting = await enrolment("course", 1, "2031-03-10T03:00:00.000Z");
  // Completed in the period (30 and 31, at both edges), or not, or completed-looking without a completed status.
  rows.doneFirst = await enrolment("course", 30, "2030-01-01T00:00:00.000Z", FIRST_IN);
  rows.doneLast = await enrolment("activity", 31, "2030-01-01T00:00:00.000Z", LAST_IN);
  rows.doneAfter = await enrolment("course", 30, "2030-01-01T00:00:00.000Z", AFTER);
  rows.doneBefore = await enrolment("course", 31, "2030-01-01T00:00:00.000Z", BEFORE);
  rows.notDone = await enrolment("course", -5, "2030-01-01T00:00:00.000Z", "2031-03-10T03:00:00.000Z");
});

describe("GET dashboard/enrollment/period/", () => {
  it("lists the enrolments made on the period's days in the organisation's zone, first and last day included", async () => {
    const c = await api.signedIn("admin");
    const res = await c.get(`${LIST}?event=enrolled&${MARCH}`);
    expect(res.status).toBe(200);
    const body = res.body as PeriodAnswer;
    // Cancelled since: still an enrolment made then. Rejected and still waiting: never became one.
    expect(usernames(body)).toEqual([rows.firstIn, rows.lastIn, rows.cancelled].sort());
    expect(body.count).toBe(3);
    expect(body).toMatchObject({ event: "enrolled", date_from: "2031-03-01", date_to: "2031-03-31" });
    const row = body.results.find((r) => r.account.username === rows.lastIn)!;
    expect(row).toMatchObject({
      status: 0,
      datetime_enroll: LAST_IN,
      datetime_complete: null,
      content: { type: "activity" },
    });
    expect(row.content.name).toBeTruthy();
  });

  it("lists the completions (30, 31) completed on the period's days", async () => {
    const c = await api.signedIn("admin");
    const body = (await c.get(`${LIST}?event=completed&${MARCH}`)).body as PeriodAnswer;
    expect(usernames(body)).toEqual([rows.doneFirst, rows.doneLast].sort());
    // Newest completion first by default.
    expect(body.results[0].account.username).toBe(rows.doneLast);
  });

  it("a single day: its own 24 hours of the zone", async () => {
    const c = await api.signedIn("admin");
    const first = (await c.get(`${LIST}?date_from=2031-03-01&date_to=2031-03-01`)).body as PeriodAnswer;
    expect(usernames(first)).toEqual([rows.firstIn]);
    const dayBefore = (await c.get(`${LIST}?date_from=2031-02-28&date_to=2031-02-28`)).body as PeriodAnswer;
    expect(usernames(dayBefore)).toEqual([rows.before]);
    const dayAfter = (await c.get(`${LIST}?date_from=2031-04-01`)).body as PeriodAnswer;
    expect(usernames(dayAfter)).toEqual([rows.after]);
  });

  it("filters by content type and searches the learner and the content, and orders", async () => {
    const c = await api.signedIn("admin");
    const courses = (await c.get(`${LIST}?${MARCH}&content_type=course`)).body as PeriodAnswer;
    expect(usernames(courses)).toEqual([rows.firstIn, rows.cancelled].sort());
    const found = (await c.get(`${LIST}?${MARCH}&search=${rows.lastIn}`)).body as PeriodAnswer;
    expect(usernames(found)).toEqual([rows.lastIn]);
    const oldest = (await c.get(`${LIST}?${MARCH}&ordering=datetime_enroll`)).body as PeriodAnswer;
    expect(oldest.results[0].account.username).toBe(rows.firstIn);
    const paged = (await c.get(`${LIST}?${MARCH}&page_size=1`)).body as PeriodAnswer;
    expect(paged).toMatchObject({ count: 3, page_size: 1 });
    expect(paged.results).toHaveLength(1);
  });

  it("without days: the home's period, the same days the learning home counts", async () => {
    const c = await api.signedIn("admin");
    const home = (await c.get("/api/dashboard/home/learning/")).body as HomeLearningAnswer;
    const body = (await c.get(LIST)).body as PeriodAnswer;
    expect(body).toMatchObject({ event: "enrolled", date_from: home.date_from, date_to: home.date_to });
  });

  it("answers 400 field errors for a bad event, day, order of days, type or ordering — never a 500", async () => {
    const c = await api.signedIn("admin");
    const cases: [string, Record<string, string[]>][] = [
      ["event=started", { event: ["invalid_choice"] }],
      ["date_from=2031-02-30", { date_from: ["invalid_date"] }],
      ["date_from=yesterday&date_to=31/03/2031", { date_from: ["invalid_date"], date_to: ["invalid_date"] }],
      ["date_from=2031-03-31&date_to=2031-03-01", { date_to: ["date_end_before_start"] }],
      ["content_type=spaceship", { content_type: ["invalid_choice"] }],
      ["content_type=DROP%20TABLE", { content_type: ["invalid_choice"] }],
      ["ordering=password_hash", { ordering: ["invalid_choice"] }],
    ];
    for (const [query, errors] of cases) {
      const res = await c.get(`${LIST}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject(errors);
    }
    // The far edges of the calendar are days like any other.
    expect((await c.get(`${LIST}?date_from=1900-01-01&date_to=9999-12-31&page_size=1`)).status).toBe(200);
    // "all" is no filter.
    expect((await c.get(`${LIST}?${MARCH}&content_type=all`)).status).toBe(200);
  });

  it("is refused without the enrollment view flag: the viewer, a learner, a visitor", async () => {
    for (const username of ["viewer", "inspector"]) {
      const c = await api.signedIn(username);
      expect((await c.get(`${LIST}?${MARCH}`)).status, username).toBe(403);
      expect((await c.get(`${LIST}export/?${MARCH}&format_type=csv`)).status, username).toBe(403);
    }
    const learner = api.client();
    await learner.login("learner").catch(() => undefined);
    expect([401, 403]).toContain((await learner.get(LIST)).status);
    expect([401, 403]).toContain((await api.client().get(LIST)).status);
    // The manager holds the flag.
    const manager = await api.signedIn("manager");
    expect((await manager.get(`${LIST}?${MARCH}`)).status).toBe(200);
  });
});

describe("GET dashboard/enrollment/period/export/", () => {
  it("exports the same rows as csv, dates in the organisation's zone", async () => {
    const c = await api.signedIn("admin");
    const res = await c.get(`${LIST}export/?event=enrolled&${MARCH}&format_type=csv`);
    expect(res.status).toBe(200);
    expect(String(res.headers["content-type"])).toMatch(/csv/);
    expect(String(res.headers["content-disposition"])).toContain("enrollment-enrolled-2031-03-01-2031-03-31");
    const lines = String(res.body)
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r\n/);
    expect(lines).toHaveLength(4);
    const last = lines.find((l) => l.includes(rows.lastIn))!;
    // 2031-03-31T16:59:59Z is 23:59 on the 31st in UTC+7.
    expect(last).toContain("2031-03-31 23:59");
    expect((await c.get(`${LIST}export/?event=nope&format_type=csv`)).status).toBe(400);
    expect((await c.get(`${LIST}export/?format_type=pdf`)).status).toBe(400);
  });
});
