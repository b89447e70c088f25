import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentTypeId } from "../../api/content/ref";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";

/**
 * Class check-in (issue 16 part 3, docs/decisions/042): by hand in and out (source 2 admin), the
 * rules of "out", attendance driving progress (21, then 30), the check-in type reset with its
 * confirmation, force completed (source 10), a cancelled class, the log and report answers, and
 * who may check in. Both dialects (TEST_DATABASE_URL). The clock is 2026-06-01 08:00 UTC; the
 * sessions are days before it (the check-in window and its rules: class-time.test.ts).
 */
const C = "/api/dashboard/class";
let api: TestApi;
let admin: Client;
let viewer: Client;
let classType: number;
let refs: { category: number; provider: number };
let adminId: number;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  viewer = await api.signedIn("viewer");
  classType = await contentTypeId(api.db, "class");
  refs = await contentRefs(admin);
  adminId = (await api.db.selectFrom("account").select("id").where("username", "=", "admin").executeTakeFirstOrThrow())
    .id;
});
afterAll(() => api.close());

const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
const statusOf = async (enrollmentId: number) =>
  (
    await api.db
      .selectFrom("content_enrollment")
      .select("status")
      .where("id", "=", enrollmentId)
      .executeTakeFirstOrThrow()
  ).status;
const attendanceOf = (classId: number) =>
  api.db
    .selectFrom("class_attendance as t")
    .innerJoin("class_session as s", "s.id", "t.session_id")
    .select([
      "t.session_id",
      "t.enrollment_id",
      "t.datetime_checkin",
      "t.checkin_source",
      "t.datetime_checkout",
      "t.checkout_source",
    ])
    .where("s.class_id", "=", classId)
    .orderBy("t.id")
    .execute();
const logOf = (classId: number) =>
  api.db.selectFrom("class_checkin_log").selectAll().where("class_id", "=", classId).orderBy("id").execute();

/** A class with `sessions` sessions and the students enrolled: its id, session ids and enrollment ids. */
async function setup(code: string, o: { type: 0 | 1; sessions: number; students: string[] }) {
  const created = await admin.post(`${C}/`, { name: `Class ${code}`, code, ...refs, check_in_type: o.type });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as number;
  const sessions: number[] = [];
  for (let i = 0; i < o.sessions; i++) {
    // Days before the clock: their check-in has opened (docs/decisions/077), and staff may still check in by hand.
    const res = await admin.post(`${C}/${id}/session/`, {
      name: `Day ${i + 1}`,
      date: `2026-05-${String(20 + i).padStart(2, "0")}`,
      start_time: "09:00",
      end_time: "12:00",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    sessions.push(res.body.id);
  }
  const ids = await Promise.all(o.students.map(accountId));
  expect((await admin.post(`${C}/${id}/enroll/`, { account_list: ids })).status).toBe(200);
  const rows = await api.db
    .selectFrom("content_enrollment")
    .select(["id", "account_id"])
    .where("content_type_id", "=", classType)
    .where("content_id", "=", id)
    .execute();
  return { id, sessions, enrollments: ids.map((a) => rows.find((r) => r.account_id === a)!.id) };
}
const check = (
  classId: number,
  sessionId: number,
  enrollment_list: number[],
  action: "in" | "out",
  as: Client = admin,
) => as.post(`${C}/${classId}/checkin/${sessionId}/`, { enrollment_list, action });

describe("checking in by hand", () => {
  it("checks in and out with source 2, keeps the first check-in, and drives progress 21 then 30", async () => {
    const {
      id,
      sessions: [s1, s2],
      enrollments: [e1, e2],
    } = await setup("T-CHK-1", { type: 1, sessions: 2, students: ["student0401", "student0402"] });
    expect(await check(id, s1, [e1], "in")).toMatchObject({ status: 200, body: { count: 1 } });
    const first = (await attendanceOf(id))[0];
    expect(first).toMatchObject({ session_id: s1, enrollment_id: e1, checkin_source: 2, datetime_checkout: null });
    expect(await statusOf(e1)).toBe(21);

    // Again: the first time stands, nothing logged.
    expect((await check(id, s1, [e1], "in")).status).toBe(200);
    expect((await attendanceOf(id))[0].datetime_checkin).toBe(first.datetime_checkin);
    expect((await logOf(id)).length).toBe(1);

    // Out without in: refused, nothing written.
    expect(await check(id, s1, [e1, e2], "out")).toMatchObject({
      status: 400,
      body: { enrollment_list: ["cls_msg_not_checked_in"] },
    });
    expect((await attendanceOf(id)).length).toBe(1);

    expect((await check(id, s1, [e1], "out")).status).toBe(200);
    expect(await statusOf(e1)).toBe(21);
    expect((await check(id, s2, [e1], "in")).status).toBe(200);
    expect(await statusOf(e1)).toBe(21);
    expect((await check(id, s2, [e1], "out")).status).toBe(200);
    expect(await statusOf(e1)).toBe(30);
    const history = await api.db
      .selectFrom("content_progress_log")
      .select(["from_status", "to_status", "action_type"])
      .where("enrollment_id", "=", e1)
      .orderBy("id")
      .execute();
    expect(history.filter((h) => h.action_type === "check_in").map((h) => [h.from_status, h.to_status])).toEqual([
      [0, 21],
      [21, 30],
    ]);
    expect((await logOf(id)).map((l) => [l.session_id, l.action, l.source, l.created_by])).toEqual([
      [s1, "in", 2, adminId],
      [s1, "out", 2, adminId],
      [s2, "in", 2, adminId],
      [s2, "out", 2, adminId],
    ]);

    // The session's learner list shows the attendance.
    const list = await admin.get(`${C}/${id}/checkin/${s1}/`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      count: 2,
      check_in_type: 1,
      session: { id: s1, enrolled: 2, checked_in: 1, checked_out: 1 },
    });
    const row = list.body.results.find((r: { enrollment_id: number }) => r.enrollment_id === e1);
    expect(row).toMatchObject({ checkin_source: 2, checkout_source: 2, account: { username: "student0401" } });
    expect((await admin.get(`${C}/${id}/checkin/${s1}/?search=0402`)).body.count).toBe(1);
    expect((await admin.get(`${C}/${id}/checkin/${s1}/?ordering=bogus`)).body).toEqual({
      ordering: ["invalid_choice"],
    });
    const points = (await admin.get(`${C}/${id}/checkin/`)).body.results;
    expect(
      points.map((p: { id: number; checked_in: number; checked_out: number }) => [p.id, p.checked_in, p.checked_out]),
    ).toEqual([
      [s1, 1, 1],
      [s2, 1, 1],
    ]);
  });

  it("refuses check-out on a check-in-only class; one check-in completes a one-session class", async () => {
    const {
      id,
      sessions: [s1],
      enrollments: [e1],
    } = await setup("T-CHK-2", { type: 0, sessions: 1, students: ["student0403"] });
    expect((await check(id, s1, [e1], "in")).status).toBe(200);
    expect(await check(id, s1, [e1], "out")).toMatchObject({ status: 400, body: { action: ["cls_msg_no_check_out"] } });
    expect(await statusOf(e1)).toBe(30);
  });

  it("refuses learners not of the class, an unknown session and a bad action", async () => {
    const {
      id,
      sessions: [s1],
    } = await setup("T-CHK-3", { type: 0, sessions: 1, students: ["student0404"] });
    const other = await setup("T-CHK-3B", { type: 0, sessions: 1, students: ["student0405"] });
    expect(await check(id, s1, other.enrollments, "in")).toMatchObject({
      status: 400,
      body: { enrollment_list: ["invalid_choice"] },
    });
    expect((await check(id, other.sessions[0], other.enrollments, "in")).status).toBe(404);
    expect((await admin.post(`${C}/${id}/checkin/${s1}/`, { enrollment_list: [1], action: "sideways" })).status).toBe(
      400,
    );
    expect((await attendanceOf(id)).length).toBe(0);
  });
});

describe("check-in type change", () => {
  it("is refused without the confirmation and resets attendance and progress with it", async () => {
    const {
      id,
      sessions: [s1],
      enrollments: [e1, e2],
    } = await setup("T-CHK-4", { type: 1, sessions: 1, students: ["student0406", "student0407"] });
    expect((await check(id, s1, [e1, e2], "in")).status).toBe(200);
    expect((await check(id, s1, [e1], "out")).status).toBe(200);
    expect([await statusOf(e1), await statusOf(e2)]).toEqual([30, 21]);

    expect(await admin.patch(`${C}/${id}/`, { check_in_type: 0 })).toMatchObject({
      status: 400,
      body: { check_in_type: ["cls_msg_check_in_type_reset"] },
    });
    expect((await admin.get(`${C}/${id}/`)).body.check_in_type).toBe(1);
    expect((await attendanceOf(id)).length).toBe(2);
    // The same type again is no change: no confirmation needed.
    expect((await admin.patch(`${C}/${id}/`, { check_in_type: 1, name: "Renamed" })).status).toBe(200);

    const done = await admin.patch(`${C}/${id}/`, { check_in_type: 0, confirm_check_in_reset: true });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.check_in_type).toBe(0);
    expect(await attendanceOf(id)).toEqual([]);
    expect([await statusOf(e1), await statusOf(e2)]).toEqual([0, 0]);
    const last = (await logOf(id)).at(-1)!;
    expect(last).toMatchObject({ action: "reset", session_id: null, enrollment_id: null, created_by: adminId });
    const history = await api.db
      .selectFrom("content_progress_log")
      .select(["from_status", "to_status"])
      .where("enrollment_id", "=", e1)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(history).toEqual({ from_status: 30, to_status: 0 });
  });
});

describe("force completed", () => {
  it("writes the missed sessions with source 10 when an administrator sets 30 by hand", async () => {
    const {
      id,
      sessions: [s1, s2],
      enrollments: [e1, e2],
    } = await setup("T-CHK-5", { type: 1, sessions: 2, students: ["student0408", "student0409"] });
    expect((await check(id, s1, [e1], "in")).status).toBe(200);
    expect((await admin.patch(`${C}/${id}/progress/${e1}/`, { status: 30 })).status).toBe(200);
    const rows = await attendanceOf(id);
    expect(rows.map((r) => [r.session_id, r.checkin_source, r.checkout_source])).toEqual([
      [s1, 2, 10],
      [s2, 10, 10],
    ]);
    expect(await statusOf(e1)).toBe(30);
    const forced = (await logOf(id)).filter((l) => l.source === 10).map((l) => [l.session_id, l.action]);
    expect(forced).toEqual([
      [s1, "out"],
      [s2, "in"],
      [s2, "out"],
    ]);
    // Bulk to 30 too.
    expect((await admin.post(`${C}/${id}/progress/bulk/`, { target: 30, enrollment_list: [e2] })).status).toBe(200);
    expect((await attendanceOf(id)).filter((r) => r.enrollment_id === e2).map((r) => r.checkin_source)).toEqual([
      10, 10,
    ]);
    // The log and the report show it.
    const log = await admin.get(`${C}/${id}/checkin/log/?source=10`);
    expect(log.status).toBe(200);
    expect(log.body.count).toBe(7);
    expect(log.body.results[0]).toMatchObject({ source: 10, created_by: { id: adminId } });
    expect((await admin.get(`${C}/${id}/checkin/log/?source=7`)).body).toEqual({ source: ["invalid_choice"] });
    expect((await admin.get(`${C}/${id}/checkin/log/?session=${s1}&action=in`)).body.count).toBe(2);
    const report = await admin.get(`${C}/${id}/checkin/report/`);
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ count: 2, session_count: 2, check_in_type: 1 });
    expect(report.body.session_list.map((s: { id: number }) => s.id)).toEqual([s1, s2]);
    expect(
      report.body.results.map((r: { attended: number; sessions: unknown[] }) => [r.attended, r.sessions.length]),
    ).toEqual([
      [2, 2],
      [2, 2],
    ]);
    // Its download: one line per learner, each session's times and sources.
    const csv = await admin.get(`${C}/${id}/checkin/report/export/?format_type=csv`);
    expect(csv.status).toBe(200);
    const lines = String(csv.body).trim().split("\r\n");
    expect(lines.length).toBe(3);
    expect(lines[0]).toContain("Day 1 · Checked in");
    expect(
      lines
        .slice(1)
        .map((l) => l.split(",")[1])
        .sort(),
    ).toEqual(["student0408", "student0409"]);
    expect(lines[1]).toContain("Force completed");
    expect((await viewer.get(`${C}/${id}/checkin/report/export/?format_type=csv`)).status).toBe(403);
  });
});

describe("refusals", () => {
  it("a cancelled class refuses check-in", async () => {
    const {
      id,
      sessions: [s1],
      enrollments: [e1],
    } = await setup("T-CHK-6", { type: 0, sessions: 1, students: ["student0410"] });
    expect((await admin.post(`${C}/${id}/cancel/`, { reason: "Trainer unavailable" })).status).toBe(200);
    expect(await check(id, s1, [e1], "in")).toMatchObject({ status: 400, body: { detail: "cls_msg_cancelled" } });
    expect((await attendanceOf(id)).length).toBe(0);
  });

  it("a viewer without the progress flag reads the pages but may not check in (403)", async () => {
    const {
      id,
      sessions: [s1],
      enrollments: [e1],
    } = await setup("T-CHK-7", { type: 0, sessions: 1, students: ["student0411"] });
    expect((await viewer.get(`${C}/${id}/checkin/`)).status).toBe(200);
    expect((await viewer.get(`${C}/${id}/checkin/${s1}/`)).status).toBe(200);
    expect((await check(id, s1, [e1], "in", viewer)).status).toBe(403);
    expect((await attendanceOf(id)).length).toBe(0);
  });
});

describe("the seed", () => {
  it("writes attendance from every source, progress agreeing with it", async () => {
    const sources = new Set<number>();
    for (const code of ["CLS-LEAD", "CLS-XLS"]) {
      const klass = (await admin.get(`${C}/?search=${code}`)).body.results[0];
      const log = (await admin.get(`${C}/${klass.id}/checkin/log/?page_size=200`)).body.results as { source: number }[];
      for (const l of log) sources.add(l.source);
      const report = (await admin.get(`${C}/${klass.id}/checkin/report/?page_size=200`)).body;
      for (const r of report.results as {
        attended: number;
        enrollment_status: number;
        sessions: { datetime_checkin: string | null; checkin_source: number | null }[];
      }[]) {
        // Completed by hand (force completed, source 10) stands whatever is still ahead (docs/decisions/077).
        const byHand = r.sessions.some((s) => s.checkin_source === 10);
        const expected =
          byHand || r.attended === report.session_count ? 30 : r.sessions.some((s) => s.datetime_checkin) ? 21 : 0;
        expect(r.enrollment_status).toBe(expected);
      }
    }
    expect([...sources].sort((a, b) => a - b)).toEqual([-1, 0, 1, 2, 3, 10]);
  });
});
