import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentTypeId } from "../../api/content/ref";
import { qrToken } from "../../api/content/class/checkin-qr";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";

/**
 * A session's check-in QR code (issue 16 part 3b, docs/decisions/042 "QR code"): a valid code
 * checks a learner in once (source 0 web, or 1 mobile) and a second scan writes nothing; a
 * tampered signature, another session's id under this signature, the old version after
 * regenerating, and a scan outside the session's hour-wide margins all answer
 * qr_code_expired_or_invalid; an account without a seat gets 403; a check-in-and-out class checks
 * out on the next scan; a cancelled class refuses both; regenerating needs the change flag. Both
 * dialects (TEST_DATABASE_URL). The clock is 2026-06-01 08:00 UTC = 15:00 in the organisation's zone (UTC+7).
 */
const C = "/api/dashboard/class";
const SCAN = "/api/class/checkin/";
const SECRET = "test-secret-not-for-production";
let api: TestApi;
let admin: Client;
let viewer: Client;
let learner: Client;
let student: Client;
let classType: number;
let refs: { category: number; provider: number };
const START = new Date("2026-06-01T08:00:00.000Z");

/** Fresh sessions at the clock's time (a session dies after 15 idle minutes, by the same clock). */
const signInAll = async () =>
  void ([admin, viewer, learner, student] = await Promise.all(
    ["admin", "viewer", "learner", "student0411"].map((u) => api.signedIn(u)),
  ));

beforeAll(async () => {
  api = await startTestApi();
  await signInAll();
  classType = await contentTypeId(api.db, "class");
  refs = await contentRefs(admin);
});
afterAll(() => api.close());

const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
const attendanceOf = (sessionId: number) =>
  api.db.selectFrom("class_attendance").selectAll().where("session_id", "=", sessionId).execute();
const logOf = (classId: number) =>
  api.db.selectFrom("class_checkin_log").selectAll().where("class_id", "=", classId).execute();

/** A class (check-in type `type`) with today's session 09:00–17:00 local and one tomorrow, `learner` enrolled. */
async function setup(code: string, type: 0 | 1 = 0, students = ["learner"]) {
  api.clock.now = START;
  await signInAll();
  const created = await admin.post(`${C}/`, {
    name: `QR ${code}`,
    code,
    ...refs,
    check_in_type: type,
    is_user_check_in: true,
    is_allow_change_qr: true,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as number;
  const sessions: number[] = [];
  for (const date of ["2026-06-01", "2026-06-02"]) {
    const res = await admin.post(`${C}/${id}/session/`, {
      name: `Day ${date}`,
      type: 3,
      date,
      start_time: "09:00",
      end_time: "17:00",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    sessions.push(res.body.id);
  }
  expect(
    (await admin.post(`${C}/${id}/enroll/`, { account_list: await Promise.all(students.map(accountId)) })).status,
  ).toBe(200);
  const sheet = await admin.get(`${C}/${id}/checkin/${sessions[0]}/qr/`);
  expect(sheet.status).toBe(200);
  return { id, sessions, token: sheet.body.token as string };
}
/** The clock set to `iso`, with fresh sessions. */
const at = async (iso: string) => {
  api.clock.now = new Date(iso);
  await signInAll();
};
const invalid = { status: 400, body: { detail: "qr_code_expired_or_invalid" } };

describe("the sheets", () => {
  it("answer each session's token, version and details, one session or all", async () => {
    const { id, sessions, token } = await setup("QR-SHEET");
    const one = await viewer.get(`${C}/${id}/checkin/${sessions[0]}/qr/`);
    expect(one).toMatchObject({
      status: 200,
      body: {
        token,
        qr_version: 1,
        datetime_qr: null,
        class: { id, code: "QR-SHEET", is_cancelled: false },
        session: { id: sessions[0], type: 3, start_time: "09:00" },
      },
    });
    expect(token).toMatch(new RegExp(`^${sessions[0]}\\.1\\.[A-Za-z0-9_-]{22}$`));
    const all = await viewer.get(`${C}/${id}/checkin/qr/`);
    expect(all.body.results.map((s: { session: { id: number } }) => s.session.id)).toEqual(sessions);
    // Another class's session under this class: 404.
    const other = await setup("QR-SHEET-2");
    expect((await admin.get(`${C}/${id}/checkin/${other.sessions[0]}/qr/`)).status).toBe(404);
    // A learner has no dashboard: 403.
    expect((await learner.get(`${C}/${id}/checkin/qr/`)).status).toBe(403);
  });
});

describe("scanning", () => {
  it("checks in once with source 0; the second scan answers already and writes nothing", async () => {
    const { id, sessions, token } = await setup("QR-ONCE");
    const shown = await learner.get(`${SCAN}?code=${encodeURIComponent(token)}`);
    expect(shown).toMatchObject({
      status: 200,
      body: {
        class: { id, name: "QR QR-ONCE" },
        session: { id: sessions[0], start_time: "09:00", end_time: "17:00" },
        attendance: null,
        next_action: "in",
      },
    });
    // Reading never writes.
    expect(await attendanceOf(sessions[0])).toEqual([]);

    const first = await learner.post(SCAN, { code: token });
    expect(first).toMatchObject({
      status: 200,
      body: { action: "in", already: false, attendance: { checkin_source: 0 }, next_action: null },
    });
    const rows = await attendanceOf(sessions[0]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      checkin_source: 0,
      datetime_checkin: START.toISOString(),
      datetime_checkout: null,
    });
    const log = await logOf(id);
    expect(log).toMatchObject([
      { action: "in", source: 0, session_id: sessions[0], created_by: await accountId("learner") },
    ]);
    // Attendance drives progress: one of two sessions → 21.
    const enrollment = await api.db
      .selectFrom("content_enrollment")
      .select("status")
      .where("content_type_id", "=", classType)
      .where("content_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(enrollment.status).toBe(21);

    api.advance(5 * 60_000);
    const again = await learner.post(SCAN, { code: token, source: 1 });
    expect(again).toMatchObject({
      status: 200,
      body: { action: null, already: true, attendance: { datetime_checkin: START.toISOString() } },
    });
    expect(await attendanceOf(sessions[0])).toEqual(rows);
    expect(await logOf(id)).toEqual(log);
  });

  it("writes one check-in when two scans of one learner come at once", async () => {
    const { id, sessions, token } = await setup("QR-RACE");
    const answers = await Promise.all([
      learner.post(SCAN, { code: token }),
      learner.post(SCAN, { code: token, source: 1 }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.already).sort()).toEqual([false, true]);
    expect(await attendanceOf(sessions[0])).toHaveLength(1);
    expect(await logOf(id)).toHaveLength(1);
  });

  it("records source 1 (mobile) and refuses any other source, writing nothing", async () => {
    const { sessions, token } = await setup("QR-MOBILE", 0, ["learner", "student0411"]);
    for (const source of [2, 10, -1, "x", null])
      expect(await student.post(SCAN, { code: token, source })).toMatchObject({
        status: 400,
        body: { source: ["invalid_choice"] },
      });
    expect(await attendanceOf(sessions[0])).toEqual([]);
    expect(await student.post(SCAN, { code: token, source: 1 })).toMatchObject({ status: 200, body: { action: "in" } });
    expect((await attendanceOf(sessions[0]))[0].checkin_source).toBe(1);
  });

  it("answers qr_code_expired_or_invalid to a tampered signature, another session's id and an old version", async () => {
    const { id, sessions, token } = await setup("QR-BAD");
    const other = await setup("QR-BAD-OTHER");
    const [sid, version, sig] = token.split(".");
    const tampered = `${sid}.${version}.${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`;
    const foreign = `${other.sessions[0]}.${version}.${sig}`;
    const unsigned = `${sid}.2.${sig}`;
    for (const code of [tampered, foreign, unsigned, "garbage", "", `${sid}.${version}`, `${token}x`]) {
      expect(await learner.post(SCAN, { code }), code).toMatchObject(code ? invalid : { status: 400 });
      expect(await learner.get(`${SCAN}?code=${encodeURIComponent(code)}`), code).toMatchObject(invalid);
    }
    expect(await learner.get(SCAN)).toMatchObject(invalid);

    // Regenerating: the old token is dead, the new one works.
    const regenerated = await admin.post(`${C}/${id}/checkin/${sessions[0]}/qr/`, {});
    expect(regenerated).toMatchObject({ status: 200, body: { qr_version: 2, datetime_qr: START.toISOString() } });
    expect(regenerated.body.token).not.toBe(token);
    expect(regenerated.body.token).toBe(qrToken(SECRET, sessions[0], 2));
    expect(await learner.post(SCAN, { code: token })).toMatchObject(invalid);
    expect(await attendanceOf(sessions[0])).toEqual([]);
    expect(await learner.post(SCAN, { code: regenerated.body.token })).toMatchObject({
      status: 200,
      body: { action: "in" },
    });
  });

  it("accepts a code from an hour before the session starts to an hour after it ends, not outside", async () => {
    const { sessions, token } = await setup("QR-WINDOW", 0, ["learner", "student0411"]);
    // 09:00 local = 02:00 UTC; 17:00 local = 10:00 UTC. Outside, a good code names its session and
    // the window, so the page can say when to come back (docs/decisions/077).
    const session = {
      id: sessions[0],
      name: "Day 2026-06-01",
      date: "2026-06-01",
      start_time: "09:00",
      end_time: "17:00",
    };
    const window = { session, opens: "2026-06-01T01:00:00.000Z", closes: "2026-06-01T11:00:00.000Z" };
    const early = { status: 400, body: { detail: "cls_msg_checkin_not_open", ...window } };
    await at("2026-06-01T00:59:59.000Z");
    expect(await learner.post(SCAN, { code: token })).toMatchObject(early);
    expect(await learner.get(`${SCAN}?code=${token}`)).toMatchObject(early);
    await at("2026-06-01T11:00:01.000Z");
    expect(await learner.post(SCAN, { code: token })).toMatchObject({
      status: 400,
      body: { detail: "cls_msg_checkin_closed", ...window },
    });
    expect(await attendanceOf(sessions[0])).toEqual([]);
    await at("2026-06-01T01:00:00.000Z");
    expect((await learner.post(SCAN, { code: token })).body.action).toBe("in");
    await at("2026-06-01T11:00:00.000Z");
    expect((await student.post(SCAN, { code: token })).body.action).toBe("in");
    // Tomorrow's session's code is not good today: not open yet.
    const tomorrow = (await admin.get(`/api/dashboard/class/${(await setup("QR-WINDOW-2")).id}/checkin/qr/`)).body
      .results[1].token;
    await at(START.toISOString());
    expect(await learner.post(SCAN, { code: tomorrow })).toMatchObject({
      status: 400,
      body: { detail: "cls_msg_checkin_not_open", session: { name: "Day 2026-06-02" } },
    });
  });

  it("refuses an account without a seat in the class with 403, writing nothing", async () => {
    const { sessions, token } = await setup("QR-SEAT");
    for (const who of [student, admin]) {
      expect(await who.post(SCAN, { code: token })).toMatchObject({
        status: 403,
        body: { detail: "no_permission_to_access_class" },
      });
      expect(await who.get(`${SCAN}?code=${token}`)).toMatchObject({
        status: 403,
        body: { detail: "no_permission_to_access_class" },
      });
    }
    expect(await attendanceOf(sessions[0])).toEqual([]);
    // Signed out: 401.
    expect((await api.client().post(SCAN, { code: token })).status).toBe(401);
  });

  it("checks out on the next scan of a check-in-and-out class, then answers already", async () => {
    const { id, sessions, token } = await setup("QR-OUT", 1);
    expect((await learner.post(SCAN, { code: token })).body).toMatchObject({ action: "in", next_action: "out" });
    await at(new Date(START.getTime() + 3 * 3600_000).toISOString());
    const out = await learner.post(SCAN, { code: token, source: 1 });
    expect(out).toMatchObject({ status: 200, body: { action: "out", already: false, next_action: null } });
    expect(await attendanceOf(sessions[0])).toMatchObject([
      {
        checkin_source: 0,
        checkout_source: 1,
        datetime_checkout: new Date(START.getTime() + 3 * 3600_000).toISOString(),
      },
    ]);
    expect((await learner.post(SCAN, { code: token })).body).toMatchObject({ action: null, already: true });
    expect((await logOf(id)).map((l) => l.action)).toEqual(["in", "out"]);
  });

  it("refuses a cancelled class's code, and its regenerating", async () => {
    const { id, sessions, token } = await setup("QR-CANCEL");
    expect((await admin.post(`${C}/${id}/cancel/`, { reason: "Trainer unavailable" })).status).toBe(200);
    expect(await learner.post(SCAN, { code: token })).toMatchObject(invalid);
    expect(await admin.post(`${C}/${id}/checkin/${sessions[0]}/qr/`, {})).toMatchObject({
      status: 400,
      body: { detail: "cls_msg_cancelled" },
    });
    expect((await admin.get(`${C}/${id}/checkin/${sessions[0]}/qr/`)).body).toMatchObject({
      qr_version: 1,
      class: { is_cancelled: true },
    });
  });
});

describe("regenerating", () => {
  it("needs the class change flag: the viewer is refused and nothing changes", async () => {
    const { id, sessions, token } = await setup("QR-FLAG");
    expect((await viewer.post(`${C}/${id}/checkin/${sessions[0]}/qr/`, {})).status).toBe(403);
    expect((await learner.post(`${C}/${id}/checkin/${sessions[0]}/qr/`, {})).status).toBe(403);
    expect((await viewer.get(`${C}/${id}/checkin/${sessions[0]}/qr/`)).body).toMatchObject({ token, qr_version: 1 });
    expect((await admin.post(`${C}/${id}/checkin/999999/qr/`, {})).status).toBe(404);
  });
});
