import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HomeLearningAnswer, HomeUsageAnswer } from "../../contract/schemas/home";
import { startTestApi, type TestApi } from "./harness";
import { DEMO_STUDENT_COUNT } from "../../api/db/seed-enrollment";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const LEARNING = "/api/dashboard/home/learning/";
const USAGE = "/api/dashboard/home/usage/";

/** Move the clock to an absolute moment (tests only ever move it forward). */
const setClock = (iso: string) => {
  api.clock.now = new Date(iso);
};

async function signedIn(username: string) {
  const c = api.client();
  await c.login(username);
  return c;
}

let seq = 0;
/** A plain account created at `at`; returns its id. */
async function addAccount(at: string, extra: Record<string, number> = {}) {
  seq += 1;
  const row = await api.db
    .insertInto("account")
    .values({
      username: `home_test_${seq}`,
      email: `home_test_${seq}@example.test`,
      password_hash: "x",
      first_name: "Home",
      last_name: `Test ${seq}`,
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
      datetime_create: at,
      ...extra,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The organisation's zone (config time-zone-offset-minutes, minutes east of UTC): the days the pages count in. */
const setZone = (minutes: number) =>
  api.db
    .insertInto("config")
    .values({
      key: "time-zone-offset-minutes",
      value: JSON.stringify(minutes),
      url: null,
      datetime_update: api.clock.now.toISOString(),
    })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(minutes) }))
    .execute();

const counts = (answer: HomeLearningAnswer) => Object.fromEntries(answer.content.map((c) => [c.key, c.count]));
const series = <T extends { date: string }>(rows: T[], pick: (r: T) => number) =>
  Object.fromEntries(rows.map((r) => [r.date, pick(r)]));

describe("seeded history", () => {
  it("gives both pages figures on a fresh start, nothing after now", async () => {
    const c = await signedIn("admin");
    const learning = (await c.get(`${LEARNING}?days=90`)).body as HomeLearningAnswer;
    // the demo learner, learner001…learner060 and the bulk learners student0001… of the enrolment seed
    expect(counts(learning).learner).toBe(61 + DEMO_STUDENT_COUNT);
    expect(learning.new_accounts_total).toBeGreaterThanOrEqual(60);
    const usage = (await c.get(`${USAGE}?days=90`)).body as HomeUsageAnswer;
    expect(usage.totals.learner).toBeGreaterThan(1000);
    expect(usage.totals.dashboard).toBeGreaterThan(100);
    expect(usage.totals.success).toBeGreaterThan(500);
    expect(usage.totals.failed).toBeGreaterThan(0);
    expect(usage.distinct_users).toBeGreaterThan(30);
    // Every weekday of the period before today has learner visits.
    const weekdays = usage.sessions
      .slice(0, -1)
      .filter((d) => ![0, 6].includes(new Date(`${d.date}T00:00:00Z`).getUTCDay()));
    expect(weekdays.every((d) => d.learner > 0)).toBe(true);
    const now = api.clock.now.toISOString();
    for (const table of ["account", "analytic_session", "login_attempt"] as const) {
      const late = await api.db.selectFrom(table).select("id").where("datetime_create", ">", now).execute();
      expect(late, table).toEqual([]);
    }
  });
});

describe("GET dashboard/home/learning/", () => {
  it("counts the content that exists today, by type", async () => {
    const c = await signedIn("admin");
    const before = counts((await c.get(LEARNING)).body);
    expect(Object.keys(before)).toEqual([
      "learner",
      "staff",
      "department",
      "category",
      "provider",
      "instructor",
      "group",
      "term_document",
    ]);
    // Groups: the three groups of accounts and the two condition groups of the demo (docs/decisions/030).
    expect(before).toMatchObject({
      department: 9,
      category: 9,
      provider: 3,
      instructor: 3,
      group: 5,
      term_document: 3,
    });
    const staff = await api.db
      .selectFrom("account")
      .select("id")
      .where((eb) => eb.or([eb("is_dashboard_permission", "=", 1), eb("is_superuser", "=", 1)]))
      .execute();
    expect(before.staff).toBe(staff.length);

    const at = api.clock.now.toISOString();
    await addAccount(at);
    await addAccount(at, { is_dashboard_permission: 1 });
    await addAccount(at, { is_superuser: 1 }); // a superuser holds every flag: staff
    await api.db.insertInto("department").values({ name: "Home test", code: null, parent_id: null }).execute();
    await api.db
      .insertInto("category")
      .values({ name: "Home test", code: null, parent_id: null, image: null })
      .execute();
    await api.db
      .insertInto("account_group")
      .values({ name: "Home test", code: null, type: "ACCOUNT", desc: null })
      .execute();
    for (const is_publish of [1, 0]) {
      await api.db
        .insertInto("term_document")
        .values({
          kind: "terms",
          topic: "Home test",
          body: "-",
          version: 100 + is_publish,
          is_publish,
          datetime_publish: null,
          datetime_create: at,
        })
        .execute();
    }
    const after = counts((await c.get(LEARNING)).body);
    expect(after).toEqual({
      ...before,
      learner: before.learner + 1,
      staff: before.staff + 2,
      department: before.department + 1,
      category: before.category + 1,
      group: before.group + 1,
      term_document: before.term_document + 1, // the unpublished one is not counted
    });
  });

  it("answers new accounts per day over the period, every day present, zeros included", async () => {
    await setZone(0); // UTC's days: the period's bounds are plain here (the zone's own: below)
    setClock("2027-01-10T05:00:00.000Z"); // far past the seeded history
    await addAccount("2027-01-10T00:00:00.000Z"); // today, first instant
    await addAccount("2027-01-09T23:59:59.999Z");
    await addAccount("2027-01-09T12:00:00.000Z");
    await addAccount("2027-01-04T00:00:00.000Z"); // first day of a 7-day period
    await addAccount("2027-01-03T23:59:59.999Z"); // just before it
    await addAccount("2026-10-13T00:00:00.000Z"); // first day of a 90-day period
    await addAccount("2026-10-12T23:59:59.999Z"); // just before it
    const c = await signedIn("admin");

    const week = (await c.get(`${LEARNING}?days=7`)).body as HomeLearningAnswer;
    expect(week).toMatchObject({ days: 7, date_from: "2027-01-04", date_to: "2027-01-10" });
    expect(week.new_accounts).toEqual([
      { date: "2027-01-04", count: 1 },
      { date: "2027-01-05", count: 0 },
      { date: "2027-01-06", count: 0 },
      { date: "2027-01-07", count: 0 },
      { date: "2027-01-08", count: 0 },
      { date: "2027-01-09", count: 2 },
      { date: "2027-01-10", count: 1 },
    ]);
    expect(week.new_accounts_total).toBe(4);

    const month = (await c.get(LEARNING)).body as HomeLearningAnswer; // default: 30 days
    expect(month).toMatchObject({ days: 30, date_from: "2026-12-12", date_to: "2027-01-10", new_accounts_total: 5 });
    expect(month.new_accounts).toHaveLength(30);
    expect(series(month.new_accounts, (d) => d.count)["2027-01-03"]).toBe(1);

    const quarter = (await c.get(`${LEARNING}?days=90`)).body as HomeLearningAnswer;
    expect(quarter).toMatchObject({ days: 90, date_from: "2026-10-13", date_to: "2027-01-10", new_accounts_total: 6 });
    expect(quarter.new_accounts).toHaveLength(90);
    expect(quarter.new_accounts[0]).toEqual({ date: "2026-10-13", count: 1 });
    // Consecutive days, oldest first, across month ends.
    const dates = quarter.new_accounts.map((d) => d.date);
    expect(dates).toEqual([...dates].sort());
    expect(new Set(dates).size).toBe(90);
  });

  it("counts the organisation's days, not UTC's, whatever its offset (docs/decisions/077)", async () => {
    // +07:00: 2027-01-19T17:00Z is 20 Jan 00:00 there; the clock, 20 Jan 18:00Z, is 21 Jan 01:00.
    await setZone(420);
    setClock("2027-01-20T18:00:00.000Z");
    let c = await signedIn("admin");
    await addAccount("2027-01-19T16:59:59.999Z"); // 19 Jan, 23:59 in the zone
    await addAccount("2027-01-19T17:00:00.000Z"); // 20 Jan, 00:00
    await addAccount("2027-01-20T17:00:00.000Z"); // 21 Jan, 00:00: today
    await addAccount("2027-01-14T16:59:59.999Z"); // 14 Jan, 23:59: before a 7-day period
    await addAccount("2027-01-14T17:00:00.000Z"); // 15 Jan, 00:00: its first instant
    const week = (await c.get(`${LEARNING}?days=7`)).body as HomeLearningAnswer;
    expect(week).toMatchObject({ days: 7, date_from: "2027-01-15", date_to: "2027-01-21", new_accounts_total: 4 });
    expect(series(week.new_accounts, (d) => d.count)).toEqual({
      "2027-01-15": 1,
      "2027-01-16": 0,
      "2027-01-17": 0,
      "2027-01-18": 0,
      "2027-01-19": 1,
      "2027-01-20": 1,
      "2027-01-21": 1,
    });
    // +05:30, a zone whose day begins half past a UTC hour: 18:30Z is midnight there.
    await setZone(330);
    setClock("2027-01-30T18:30:00.000Z"); // 31 Jan, 00:00
    c = await signedIn("admin");
    await addAccount("2027-01-30T18:29:59.999Z"); // 30 Jan, 23:59
    await addAccount("2027-01-30T18:30:00.000Z"); // 31 Jan, 00:00: today
    const half = (await c.get(`${LEARNING}?days=7`)).body as HomeLearningAnswer;
    expect(half).toMatchObject({ date_from: "2027-01-25", date_to: "2027-01-31" });
    expect(series(half.new_accounts, (d) => d.count)).toMatchObject({ "2027-01-30": 1, "2027-01-31": 1 });
    await setZone(0);
  });
});

describe("GET dashboard/home/usage/", () => {
  it("answers visits by source, sign-ins, active sessions and distinct users", async () => {
    await setZone(0); // UTC's days, as the instants below are written
    setClock("2027-03-10T05:00:00.000Z");
    const [a, b, old] = [
      await addAccount("2027-01-01T00:00:00.000Z"),
      await addAccount("2027-01-01T00:00:00.000Z"),
      await addAccount("2027-01-01T00:00:00.000Z"),
    ];
    const visit = (datetime_create: string, source: number, account_id: number | null = null) =>
      api.db
        .insertInto("analytic_session")
        .values({ account_id, source, ip: null, user_agent: null, datetime_create })
        .execute();
    await visit("2027-03-10T01:00:00.000Z", 0, a);
    await visit("2027-03-10T02:00:00.000Z", 0);
    await visit("2027-03-10T03:00:00.000Z", 10, b);
    await visit("2027-03-07T23:59:59.999Z", 0, a);
    await visit("2027-03-04T00:00:00.000Z", 10); // first day of a 7-day period
    await visit("2027-03-03T23:59:59.999Z", 0); // outside it
    const attempt = (datetime_create: string, is_success: number, account_id: number | null) =>
      api.db
        .insertInto("login_attempt")
        .values({ username: "x", account_id, ip: "10.0.0.1", is_success, datetime_create })
        .execute();
    await attempt("2027-03-10T01:00:00.000Z", 1, a);
    await attempt("2027-03-10T01:30:00.000Z", 1, b);
    await attempt("2027-03-10T02:00:00.000Z", 0, null);
    await attempt("2027-03-08T09:00:00.000Z", 1, a);
    await attempt("2027-03-08T09:01:00.000Z", 0, a);
    await attempt("2027-02-28T09:00:00.000Z", 1, old); // 10 days ago
    const session = (key: string, minutesAgo: number) =>
      api.db
        .insertInto("session")
        .values({
          key_hash: key,
          account_id: a,
          ip: null,
          user_agent: null,
          datetime_create: "2027-03-10T00:00:00.000Z",
          datetime_last_seen: new Date(api.clock.now.getTime() - minutesAgo * 60_000).toISOString(),
        })
        .execute();
    await session("home-test-live", 5);
    await session("home-test-idle", 16);

    const c = await signedIn("manager"); // holds usage_dashboard_view_usage_dashboard; signs in now: +1 success, +1 live session
    const manager = await api.db
      .selectFrom("account")
      .select("id")
      .where("username", "=", "manager")
      .executeTakeFirstOrThrow();
    const week = (await c.get(`${USAGE}?days=7`)).body as HomeUsageAnswer;
    expect(week).toMatchObject({ days: 7, date_from: "2027-03-04", date_to: "2027-03-10" });
    expect(week.sessions).toEqual([
      { date: "2027-03-04", learner: 0, dashboard: 1 },
      { date: "2027-03-05", learner: 0, dashboard: 0 },
      { date: "2027-03-06", learner: 0, dashboard: 0 },
      { date: "2027-03-07", learner: 1, dashboard: 0 },
      { date: "2027-03-08", learner: 0, dashboard: 0 },
      { date: "2027-03-09", learner: 0, dashboard: 0 },
      { date: "2027-03-10", learner: 2, dashboard: 1 },
    ]);
    expect(series(week.sign_ins, (d) => d.success)).toEqual({
      "2027-03-04": 0,
      "2027-03-05": 0,
      "2027-03-06": 0,
      "2027-03-07": 0,
      "2027-03-08": 1,
      "2027-03-09": 0,
      "2027-03-10": 3,
    });
    expect(series(week.sign_ins, (d) => d.failed)["2027-03-08"]).toBe(1);
    expect(series(week.sign_ins, (d) => d.failed)["2027-03-10"]).toBe(1);
    expect(week.totals).toEqual({ learner: 3, dashboard: 2, success: 4, failed: 2 });
    expect(week.active_sessions).toBe(2); // the manager's and the one seen 5 minutes ago
    expect(week.distinct_users).toBe(3); // a, b, manager
    expect(manager.id).not.toBe(a);

    const month = (await c.get(USAGE)).body as HomeUsageAnswer;
    expect(month.sessions).toHaveLength(30);
    expect(month.totals).toEqual({ learner: 4, dashboard: 2, success: 5, failed: 2 });
    expect(month.distinct_users).toBe(4); // and `old`

    // Sessions fall idle: 11 minutes later only the manager's (touched by this request) is live.
    api.advance(11 * 60_000);
    expect(((await c.get(`${USAGE}?days=7`)).body as HomeUsageAnswer).active_sessions).toBe(1);
  });
});

describe("permissions and input", () => {
  it("refuses anonymous callers with 401", async () => {
    const c = api.client();
    for (const url of [LEARNING, USAGE]) {
      const res = await c.get(url);
      expect(res.status, url).toBe(401);
      expect(res.body).toEqual({ detail: "not_authenticated" });
    }
  });

  it("refuses a learner without dashboard permission with 403", async () => {
    const c = await signedIn("learner");
    for (const url of [LEARNING, USAGE]) expect((await c.get(url)).status, url).toBe(403);
  });

  it("shows an instructor the learning page but not usage (no usage flag)", async () => {
    const c = await signedIn("instructor");
    expect((await c.get(LEARNING)).status).toBe(200);
    const res = await c.get(USAGE);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: "permission_denied" });
  });

  it("answers 400 {days} for a period other than 7, 30 or 90", async () => {
    const c = await signedIn("admin");
    for (const url of [LEARNING, USAGE]) {
      for (const q of ["days=5", "days=abc", "days=-7", "days=30.0", "days=%207", "days=7&days=30", "days=365"]) {
        const res = await c.get(`${url}?${q}`);
        expect(res.status, `${url}?${q}`).toBe(400);
        expect(res.body).toEqual({ days: ["invalid_choice"] });
      }
      for (const [q, days] of [
        ["days=", 30],
        ["days=90&format=json", 90],
        ["format=json", 30],
      ] as const) {
        const res = await c.get(`${url}?${q}`);
        expect(res.status, `${url}?${q}`).toBe(200);
        expect(res.body.days).toBe(days);
      }
    }
  });
});
