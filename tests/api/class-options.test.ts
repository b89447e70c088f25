import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { learnerQrToken } from "../../api/content/class/checkin-options";
import { contentRefs, postFile, startTestApi, type Client, type TestApi } from "./harness";

/**
 * The class's check-in options and session enrollment take effect (issue 16, docs/decisions/046):
 * QR holder 0/1, learners' self check-in, "allow change QR", check-in by day; a learner's sessions
 * within the minimum and maximum, changes, overlap and capacity; the enrolment overview. Both
 * dialects (TEST_DATABASE_URL). The clock is 2026-06-01 08:00 UTC = 15:00 in the organisation's zone.
 */
const C = "/api/dashboard/class";
const SCAN = "/api/class/checkin/";
const SECRET = "test-secret-not-for-production";
let api: TestApi;
let admin: Client;
let viewer: Client;
let learner: Client;
let refs: { category: number; provider: number };
const START = new Date("2026-06-01T08:00:00.000Z");

beforeAll(async () => {
  api = await startTestApi();
  api.clock.now = START;
  [admin, viewer, learner] = await Promise.all(["admin", "viewer", "learner"].map((u) => api.signedIn(u)));
  refs = await contentRefs(admin);
});
afterAll(() => api.close());

const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
const enrollmentOf = async (classId: number, username: string) =>
  (
    await api.db
      .selectFrom("content_enrollment")
      .select("id")
      .where("content_id", "=", classId)
      .where("account_id", "=", await accountId(username))
      .executeTakeFirstOrThrow()
  ).id;

/** A class with `sessions` ([date, start, end, capacity?]) and `students` enrolled; its own fields `own`. */
async function setup(
  code: string,
  own: Record<string, unknown>,
  sessions: [string, string, string, number?][],
  students = ["learner"],
) {
  const created = await admin.post(`${C}/`, { name: `Options ${code}`, code, ...refs, ...own });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as number;
  const ids: number[] = [];
  for (const [date, start_time, end_time, capacity] of sessions) {
    const res = await admin.post(`${C}/${id}/session/`, {
      name: `S ${date} ${start_time}`,
      type: 3,
      date,
      start_time,
      end_time,
      capacity: capacity ?? 0,
      confirm_overlap: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.id);
  }
  expect(
    (await admin.post(`${C}/${id}/enroll/`, { account_list: await Promise.all(students.map(accountId)) })).status,
  ).toBe(200);
  return { id, sessions: ids };
}
const TODAY: [string, string, string][] = [
  ["2026-06-01", "14:00", "16:00"],
  ["2026-06-01", "16:00", "17:00"],
  ["2026-06-02", "09:00", "17:00"],
];
const tokenOf = async (id: number, session: number) =>
  (await admin.get(`${C}/${id}/checkin/${session}/qr/`)).body.token as string;

describe("self check-in and the QR holder", () => {
  it("a learner scans the session's code only when the administrator holds it and self check-in is on", async () => {
    const off = await setup("OS1", { qr_code_holder: 1, is_user_check_in: false }, TODAY);
    const token = await tokenOf(off.id, off.sessions[0]);
    expect(await learner.get(`${SCAN}?code=${encodeURIComponent(token)}`)).toMatchObject({
      status: 400,
      body: { detail: "cls_msg_user_check_in_off" },
    });
    expect(await learner.post(SCAN, { code: token })).toMatchObject({
      status: 400,
      body: { detail: "cls_msg_user_check_in_off" },
    });
    const held = await setup("OS2", { qr_code_holder: 0, is_user_check_in: true }, TODAY);
    expect(await learner.post(SCAN, { code: await tokenOf(held.id, held.sessions[0]) })).toMatchObject({
      status: 400,
      body: { detail: "cls_msg_qr_holder_learner" },
    });
    expect(
      await api.db
        .selectFrom("class_attendance")
        .selectAll()
        .where("session_id", "in", [...off.sessions, ...held.sessions])
        .execute(),
    ).toHaveLength(0);
    const on = await setup("OS3", { qr_code_holder: 1, is_user_check_in: true }, TODAY);
    expect(await learner.post(SCAN, { code: await tokenOf(on.id, on.sessions[0]) })).toMatchObject({
      status: 200,
      body: { action: "in" },
    });
  });

  it("with the learner holding the code, staff scan a learner's personal code (source 0 or 1), once", async () => {
    const c = await setup("OS4", { qr_code_holder: 0, check_in_type: 1 }, TODAY, ["learner", "student0411"]);
    const mine = await learner.get(`/api/class/checkin/mine/?class=${c.id}`);
    const enrollment = await enrollmentOf(c.id, "learner");
    expect(mine).toMatchObject({
      status: 200,
      body: { enrollment_id: enrollment, token: learnerQrToken(SECRET, enrollment) },
    });
    const codes = await viewer.get(`${C}/${c.id}/checkin/learner-qr/`);
    expect(codes.status).toBe(200);
    expect(codes.body.results).toHaveLength(2);
    expect(codes.body.class.qr_code_holder).toBe(0);
    const scan = `${C}/${c.id}/checkin/${c.sessions[0]}/scan/`;
    // The viewer may not check in (progress flag).
    expect((await viewer.post(scan, { code: mine.body.token })).status).toBe(403);
    expect(await admin.post(scan, { code: mine.body.token, source: 1 })).toMatchObject({
      status: 200,
      body: { action: "in", already: false, enrollment_id: enrollment },
    });
    expect(await admin.post(scan, { code: mine.body.token })).toMatchObject({ status: 200, body: { action: "out" } });
    expect(await admin.post(scan, { code: mine.body.token })).toMatchObject({
      status: 200,
      body: { action: null, already: true },
    });
    const row = await api.db
      .selectFrom("class_attendance")
      .selectAll()
      .where("session_id", "=", c.sessions[0])
      .where("enrollment_id", "=", enrollment)
      .executeTakeFirstOrThrow();
    expect([row.checkin_source, row.checkout_source]).toEqual([1, 0]);
    // A forged code, a session's code, another class's learner: invalid; nothing written.
    for (const code of [
      "P1.AAAAAAAAAAAAAAAAAAAAAA",
      await tokenOf(c.id, c.sessions[0]),
      learnerQrToken(SECRET, 999_999),
    ]) {
      expect(await admin.post(scan, { code })).toMatchObject({
        status: 400,
        body: { code: ["qr_code_expired_or_invalid"] },
      });
    }
    expect((await admin.post(scan, {})).body).toEqual({ code: ["required"] });
    expect((await admin.post(scan, { code: mine.body.token, source: 2 })).body).toEqual({ source: ["invalid_choice"] });
    // The administrator holding the code: no personal codes, no staff scan.
    const adminHeld = await setup("OS5", { qr_code_holder: 1 }, TODAY);
    expect(await learner.get(`/api/class/checkin/mine/?class=${adminHeld.id}`)).toMatchObject({
      status: 400,
      body: { detail: "cls_msg_qr_holder_admin" },
    });
    const token = learnerQrToken(SECRET, await enrollmentOf(adminHeld.id, "learner"));
    expect(
      await admin.post(`${C}/${adminHeld.id}/checkin/${adminHeld.sessions[0]}/scan/`, { code: token }),
    ).toMatchObject({ status: 400, body: { code: ["cls_msg_qr_holder_admin"] } });
  });
});

describe("allow change QR", () => {
  it("refuses to regenerate a code unless the class allows it", async () => {
    const no = await setup("OQ1", { is_allow_change_qr: false }, TODAY);
    expect(await admin.post(`${C}/${no.id}/checkin/${no.sessions[0]}/qr/`, {})).toMatchObject({
      status: 400,
      body: { detail: "cls_msg_qr_change_off" },
    });
    expect((await admin.get(`${C}/${no.id}/checkin/${no.sessions[0]}/qr/`)).body).toMatchObject({
      qr_version: 1,
      class: { is_allow_change_qr: false },
    });
    const yes = await setup("OQ2", { is_allow_change_qr: true }, TODAY);
    expect(await admin.post(`${C}/${yes.id}/checkin/${yes.sessions[0]}/qr/`, {})).toMatchObject({
      status: 200,
      body: { qr_version: 2 },
    });
  });
});

describe("check-in group", () => {
  it("by day: one check-in covers the day's sessions, a check-out those checked in", async () => {
    const c = await setup("OG1", { check_in_group: 1, check_in_type: 1 }, TODAY);
    const enrollment = await enrollmentOf(c.id, "learner");
    expect(
      (await admin.post(`${C}/${c.id}/checkin/${c.sessions[1]}/`, { enrollment_list: [enrollment], action: "in" }))
        .status,
    ).toBe(200);
    const rows = async () =>
      api.db
        .selectFrom("class_attendance")
        .select(["session_id", "datetime_checkin", "datetime_checkout"])
        .where("enrollment_id", "=", enrollment)
        .orderBy("session_id")
        .execute();
    expect((await rows()).map((r) => r.session_id)).toEqual([c.sessions[0], c.sessions[1]]);
    expect(
      (await admin.post(`${C}/${c.id}/checkin/${c.sessions[0]}/`, { enrollment_list: [enrollment], action: "out" }))
        .status,
    ).toBe(200);
    expect((await rows()).every((r) => r.datetime_checkout)).toBe(true);
    // Each session on its own: the default.
    const own = await setup("OG2", {}, TODAY);
    const e2 = await enrollmentOf(own.id, "learner");
    await admin.post(`${C}/${own.id}/checkin/${own.sessions[0]}/`, { enrollment_list: [e2], action: "in" });
    expect(
      await api.db.selectFrom("class_attendance").selectAll().where("enrollment_id", "=", e2).execute(),
    ).toHaveLength(1);
    expect((await admin.post(`${C}/`, { name: "Bad group", code: "OG3", ...refs, check_in_group: 2 })).body).toEqual({
      check_in_group: ["invalid_choice"],
    });
  });
});

describe("session enrollment", () => {
  const rules = (over: Record<string, unknown>) => ({
    is_session_enrollment: true,
    minimum_session_enrollment: 1,
    maximum_session_enrollment: 2,
    content_period_cancel: { type: 5, duration: 86_400 },
    ...over,
  });
  const path = (id: number, enrollment: number) => `${C}/${id}/learner/${enrollment}/session/`;

  it("refuses below the minimum, above the maximum, unknown sessions and overlaps; saves within them", async () => {
    const c = await setup("OE1", {}, [
      ["2026-06-10", "09:00", "12:00"],
      ["2026-06-10", "11:00", "13:00"],
      ["2026-06-11", "09:00", "12:00"],
    ]);
    const e = await enrollmentOf(c.id, "learner");
    expect(await admin.put(path(c.id, e), { session_list: [c.sessions[0]] })).toMatchObject({
      status: 400,
      body: { detail: "cls_msg_session_enrollment_off" },
    });
    const saved = await admin.put(`${C}/${c.id}/enrollment/`, rules({}));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const refused = async (list: number[], msg: string) =>
      expect(await admin.put(path(c.id, e), { session_list: list })).toMatchObject({
        status: 400,
        body: { session_list: [msg] },
      });
    await refused([], "cls_msg_sessions_below_minimum");
    await refused(c.sessions, "cls_msg_sessions_above_maximum");
    await refused([c.sessions[0], c.sessions[1]], "cls_msg_sessions_overlap");
    await refused([c.sessions[0], 999_999], "invalid_choice");
    expect(
      await api.db.selectFrom("class_session_enrollment").selectAll().where("enrollment_id", "=", e).execute(),
    ).toHaveLength(0);
    const ok = await admin.put(path(c.id, e), { session_list: [c.sessions[0], c.sessions[2]] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.results.filter((s: { chosen: boolean }) => s.chosen).map((s: { id: number }) => s.id)).toEqual([
      c.sessions[0],
      c.sessions[2],
    ]);
    // Changing is not allowed once chosen; the same choice again is no change.
    await refused([c.sessions[2]], "cls_msg_session_change_off");
    expect((await admin.put(path(c.id, e), { session_list: [c.sessions[2], c.sessions[0]] })).status).toBe(200);
    expect((await viewer.get(path(c.id, e))).body).toMatchObject({
      is_locked: true,
      settings: { minimum: 1, maximum: 2 },
    });
    // The viewer may read, not choose; a form post is the same as a PUT.
    expect((await viewer.put(path(c.id, e), { session_list: [c.sessions[0]] })).status).toBe(403);
    expect(
      (
        await admin.put(
          `${C}/${c.id}/enrollment/`,
          rules({ is_allow_change_session_enrollment: true, is_overlap_time: true }),
        )
      ).status,
    ).toBe(200);
    expect((await admin.post(path(c.id, e), { session_list: `${c.sessions[0]},${c.sessions[1]}` })).status).toBe(200);
    // Not a learner of the class: 404.
    expect((await admin.get(path(c.id, 999_999))).status).toBe(404);
  });

  it("refuses a full session, keeps the seat a learner holds, and shows the overview", async () => {
    const c = await setup(
      "OE2",
      {},
      [
        ["2026-06-12", "09:00", "12:00", 1],
        ["2026-06-13", "09:00", "12:00"],
      ],
      ["learner", "student0411"],
    );
    expect(
      (await admin.put(`${C}/${c.id}/enrollment/`, rules({ is_allow_change_session_enrollment: true }))).status,
    ).toBe(200);
    const [a, b] = [await enrollmentOf(c.id, "learner"), await enrollmentOf(c.id, "student0411")];
    expect((await admin.put(path(c.id, a), { session_list: [c.sessions[0]] })).status).toBe(200);
    expect(await admin.put(path(c.id, b), { session_list: [c.sessions[0]] })).toMatchObject({
      status: 400,
      body: { session_list: ["cls_msg_session_full"] },
    });
    expect((await admin.put(path(c.id, a), { session_list: [c.sessions[0], c.sessions[1]] })).status).toBe(200);
    const o = await viewer.get(`${C}/${c.id}/session-enrollment/`);
    expect(o.status).toBe(200);
    expect(o.body).toMatchObject({ enrolled: 2, settings: { is_session_enrollment: true } });
    expect(o.body.sessions[0]).toMatchObject({ capacity: 1, taken: 1, learners: [{ enrollment_id: a }] });
    expect(o.body.unassigned.map((l: { enrollment_id: number }) => l.enrollment_id)).toEqual([b]);
  });

  it("a learner who chose sessions completes the class by attending those; one who did not, by attending all", async () => {
    // Days before the clock: their check-in has opened (docs/decisions/077).
    const c = await setup(
      "OE4",
      {},
      [
        ["2026-05-14", "09:00", "12:00"],
        ["2026-05-15", "09:00", "12:00"],
        ["2026-05-16", "09:00", "12:00"],
      ],
      ["learner", "student0411"],
    );
    expect(
      (await admin.put(`${C}/${c.id}/enrollment/`, rules({ is_allow_change_session_enrollment: true }))).status,
    ).toBe(200);
    const [a, b] = [await enrollmentOf(c.id, "learner"), await enrollmentOf(c.id, "student0411")];
    const status = async (e: number) =>
      (await api.db.selectFrom("content_enrollment").select("status").where("id", "=", e).executeTakeFirstOrThrow())
        .status;
    const checkIn = (session: number, list: number[]) =>
      admin.post(`${C}/${c.id}/checkin/${session}/`, { enrollment_list: list, action: "in" });
    expect((await admin.put(path(c.id, a), { session_list: [c.sessions[0], c.sessions[2]] })).status).toBe(200);
    expect((await checkIn(c.sessions[0], [a, b])).status).toBe(200);
    expect(await status(a)).toBe(21);
    // A session the learner did not choose does not count toward their completion.
    expect((await checkIn(c.sessions[1], [a, b])).status).toBe(200);
    expect(await status(a)).toBe(21);
    expect((await checkIn(c.sessions[2], [a])).status).toBe(200);
    expect(await status(a)).toBe(30);
    // Without a choice: every session (b has attended two of three).
    expect(await status(b)).toBe(21);
    // Choosing the two sessions b attended completes b at once.
    expect((await admin.put(path(c.id, b), { session_list: [c.sessions[0], c.sessions[1]] })).status).toBe(200);
    expect(await status(b)).toBe(30);
  });

  it("refuses a minimum above the maximum on the enrollment form", async () => {
    const c = await setup("OE3", {}, []);
    expect(
      await admin.put(
        `${C}/${c.id}/enrollment/`,
        rules({ minimum_session_enrollment: 5, maximum_session_enrollment: 2 }),
      ),
    ).toMatchObject({ status: 400 });
  });
});

describe("a program class's terms", () => {
  it("are kept for a class inside a program only, and a learner accepts them once", async () => {
    const program = await admin.post("/api/dashboard/class_program/", { name: "Terms program", code: "OP1", ...refs });
    expect(program.status, JSON.stringify(program.body)).toBe(201);
    const alone = await setup("OT1", {}, []);
    expect((await admin.get(`${C}/${alone.id}/terms/`)).body).toMatchObject({ terms: "", class_program: null });
    expect((await admin.put(`${C}/${alone.id}/terms/`, { terms: "x" })).status).toBe(404);
    const c = await setup("OT2", { class_program: program.body.id }, []);
    expect((await admin.get(`${C}/${c.id}/terms/`)).body).toMatchObject({
      terms: "",
      is_terms_required: false,
      accepted_count: 0,
      class_program: { id: program.body.id },
    });
    expect(await admin.put(`${C}/${c.id}/terms/`, { terms: " ", is_terms_required: true })).toMatchObject({
      status: 400,
      body: { terms: ["cls_msg_terms_required"] },
    });
    expect((await viewer.put(`${C}/${c.id}/terms/`, { terms: "x" })).status).toBe(403);
    expect(
      await admin.put(`${C}/${c.id}/terms/`, { terms: "Bring your badge.", is_terms_required: true }),
    ).toMatchObject({ status: 200, body: { terms: "Bring your badge.", is_terms_required: true } });
    expect((await learner.get(`/api/class/${c.id}/terms/`)).body).toMatchObject({
      terms: "Bring your badge.",
      datetime_accept: null,
    });
    expect((await learner.post(`/api/class/${c.id}/terms/accept/`, {})).status).toBe(200);
    expect((await learner.post(`/api/class/${c.id}/terms/accept/`, {})).status).toBe(200);
    expect((await admin.get(`${C}/${c.id}/terms/`)).body.accepted_count).toBe(1);
    expect((await viewer.get(`/api/class/${c.id}/terms/`)).status).toBe(403);
  });
});

describe("a class program's cover image", () => {
  const PNG = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  );
  it("is uploaded and removed with the change flag; removing it keeps the program published", async () => {
    const program = await admin.post("/api/dashboard/class_program/", { name: "Image program", code: "OI1", ...refs });
    const P = `/api/dashboard/class_program/${program.body.id}`;
    expect((await admin.patch(`${P}/`, { is_display: true })).status).toBe(200);
    expect((await postFile(viewer, `${P}/image/`, "cover.png", PNG, "image")).status).toBe(403);
    expect((await postFile(admin, `${P}/image/`, "cover.txt", Buffer.from("not an image"), "image")).status).toBe(400);
    const up = await postFile(admin, `${P}/image/`, "cover.png", PNG, "image");
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.image).toMatch(/^\/api\/media\/class-program\//);
    expect((await admin.get(`${P}/`)).body.image).toBe(up.body.image);
    const removed = await admin.delete(`${P}/image/`);
    expect(removed.body).toMatchObject({ image: null, is_display: true });
  });
});
