import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentTypeId } from "../../api/content/ref";
import { migrateTo, migrateToLatest } from "../../api/db/migrate";
import { seedReference } from "../../api/db/seed";
import { contentRefs, freshDatabase, startTestApi, type Client, type TestApi } from "./harness";

/**
 * A class's times and cancellation (issue 33 §7, §10, R229; docs/decisions/077), both dialects:
 * - nobody is checked in to a session whose check-in has not opened (an hour before it starts),
 *   by hand either; a late record by hand is still taken;
 * - "force completed" writes only the sessions that have opened, and a learner completed by hand
 *   stays completed whatever they attend later;
 * - a session's `is_qr_code` is stored, answered and honoured: off, it has no sheet, no
 *   regenerating, and no code scans in to it;
 * - cancelling asks why (400 without, nothing written), hides the class, moves its unfinished
 *   learners to -4 with their history and mails each the reason in their language; finished
 *   learners keep their results; migration 0042 does the same to classes cancelled before it.
 * The clock is 2026-06-01 08:00 UTC (15:00 in the organisation's zone, +07:00).
 */
const C = "/api/dashboard/class";
let api: TestApi;
let admin: Client;
let refs: { category: number; provider: number };
let classType: number;
const START = new Date("2026-06-01T08:00:00.000Z");

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  refs = await contentRefs(admin);
  classType = await contentTypeId(api.db, "class");
});
afterAll(() => api.close());

const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
const enrollmentsOf = (classId: number) =>
  api.db
    .selectFrom("content_enrollment")
    .select(["id", "account_id", "status"])
    .where("content_type_id", "=", classType)
    .where("content_id", "=", classId)
    .orderBy("id")
    .execute();
const attendanceOf = (classId: number) =>
  api.db
    .selectFrom("class_attendance as t")
    .innerJoin("class_session as s", "s.id", "t.session_id")
    .select(["t.session_id", "t.enrollment_id", "t.checkin_source"])
    .where("s.class_id", "=", classId)
    .orderBy("t.id")
    .execute();

/** A class with sessions at these local days and times, the students enrolled. */
async function setup(
  code: string,
  sessions: [string, string, string][],
  students: string[],
  extra: Record<string, unknown> = {},
) {
  api.clock.now = START;
  admin = await api.signedIn("admin");
  const created = await admin.post(`${C}/`, {
    name: `Class ${code}`,
    code,
    ...refs,
    check_in_type: 0,
    is_user_check_in: true,
    is_allow_change_qr: true,
    ...extra,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as number;
  const ids: number[] = [];
  for (const [date, start_time, end_time] of sessions) {
    const res = await admin.post(`${C}/${id}/session/`, {
      name: `Session ${date} ${start_time}`,
      date,
      start_time,
      end_time,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.id);
  }
  if (students.length)
    expect(
      (await admin.post(`${C}/${id}/enroll/`, { account_list: await Promise.all(students.map(accountId)) })).status,
    ).toBe(200);
  return { id, sessions: ids, enrollments: (await enrollmentsOf(id)).map((e) => e.id) };
}
const checkIn = (classId: number, sessionId: number, enrollment_list: number[]) =>
  admin.post(`${C}/${classId}/checkin/${sessionId}/`, { enrollment_list, action: "in" });

describe("the check-in window", () => {
  it("refuses checking in by hand before a session's check-in opens, writing nothing; opens an hour before the start", async () => {
    // Today 16:00–18:00 local = 09:00–11:00 UTC: check-in opens at 08:00 UTC, the clock's time.
    const {
      id,
      sessions: [later, future],
      enrollments: [e1],
    } = await setup(
      "T-WIN-1",
      [
        ["2026-06-01", "16:00", "18:00"],
        ["2026-06-08", "09:00", "12:00"],
      ],
      ["student0420"],
    );
    api.clock.now = new Date(START.getTime() - 1000);
    expect(await checkIn(id, later, [e1])).toMatchObject({ status: 400, body: { detail: "cls_msg_checkin_not_open" } });
    expect(await checkIn(id, future, [e1])).toMatchObject({
      status: 400,
      body: { detail: "cls_msg_checkin_not_open" },
    });
    expect(await attendanceOf(id)).toEqual([]);
    expect(await api.db.selectFrom("class_checkin_log").select("id").where("class_id", "=", id).execute()).toEqual([]);
    api.clock.now = START;
    expect((await checkIn(id, later, [e1])).status).toBe(200);
    expect(await attendanceOf(id)).toEqual([{ session_id: later, enrollment_id: e1, checkin_source: 2 }]);
    // The session list answers what the tab shows the window from.
    const points = (await admin.get(`${C}/${id}/checkin/`)).body.results;
    expect(points[0]).toMatchObject({
      id: later,
      datetime_start: "2026-06-01T09:00:00.000Z",
      datetime_end: "2026-06-01T11:00:00.000Z",
      is_qr_code: true,
    });
  });

  it("takes a late record by hand after the session's check-in closed", async () => {
    const {
      id,
      sessions: [past],
      enrollments: [e1],
    } = await setup("T-WIN-2", [["2026-05-20", "09:00", "12:00"]], ["student0421"]);
    expect((await checkIn(id, past, [e1])).status).toBe(200);
  });
});

describe("force completed", () => {
  it("writes only the sessions that have opened, and a learner completed by hand stays completed", async () => {
    const {
      id,
      sessions: [past, ahead],
      enrollments: [e1, e2],
    } = await setup(
      "T-FORCE",
      [
        ["2026-05-25", "09:00", "12:00"],
        ["2026-06-10", "09:00", "12:00"],
      ],
      ["student0422", "student0423"],
    );
    expect((await admin.post(`${C}/${id}/progress/bulk/`, { target: 30, enrollment_list: [e1, e2] })).status).toBe(200);
    // Only last week's session is written as attended: the one nine days ahead has had nobody in it.
    expect((await attendanceOf(id)).map((r) => [r.session_id, r.enrollment_id, r.checkin_source])).toEqual([
      [past, e1, 10],
      [past, e2, 10],
    ]);
    expect((await enrollmentsOf(id)).map((e) => e.status)).toEqual([30, 30]);
    const report = (await admin.get(`${C}/${id}/checkin/report/`)).body;
    expect(report.results.map((r: { attended: number }) => r.attended)).toEqual([1, 1]);
    // Later the learner attends the session ahead: still completed, not back to in progress.
    api.clock.now = new Date("2026-06-10T02:00:00.000Z");
    admin = await api.signedIn("admin");
    expect((await checkIn(id, ahead, [e1])).status).toBe(200);
    expect((await enrollmentsOf(id)).map((e) => e.status)).toEqual([30, 30]);
  });
});

describe("a session's QR switch (is_qr_code)", () => {
  it("is on by default, stored and answered; off, the session has no sheet, no regenerating and takes no code", async () => {
    const {
      id,
      sessions: [s1, s2],
    } = await setup(
      "T-QR-OFF",
      [
        ["2026-06-01", "09:00", "17:00"],
        ["2026-06-02", "09:00", "17:00"],
      ],
      ["learner"],
    );
    expect((await admin.get(`${C}/${id}/session/${s1}/`)).body.is_qr_code).toBe(true);
    const token = (await admin.get(`${C}/${id}/checkin/${s1}/qr/`)).body.token as string;
    const session = (await admin.get(`${C}/${id}/session/${s1}/`)).body;
    const patch = {
      name: session.name,
      date: session.date,
      start_time: session.start_time,
      end_time: session.end_time,
      is_qr_code: false,
    };
    expect((await admin.patch(`${C}/${id}/session/${s1}/`, patch)).status).toBe(200);
    expect((await admin.get(`${C}/${id}/session/${s1}/`)).body.is_qr_code).toBe(false);
    // A PATCH that does not name it keeps it.
    expect(
      (await admin.patch(`${C}/${id}/session/${s1}/`, { ...patch, is_qr_code: undefined, name: "Renamed" })).status,
    ).toBe(200);
    expect((await admin.get(`${C}/${id}/session/${s1}/`)).body.is_qr_code).toBe(false);
    expect(
      (await admin.get(`${C}/${id}/checkin/qr/`)).body.results.map((r: { session: { id: number } }) => r.session.id),
    ).toEqual([s2]);
    expect((await admin.get(`${C}/${id}/checkin/${s1}/qr/`)).status).toBe(404);
    expect((await admin.post(`${C}/${id}/checkin/${s1}/qr/`, {})).status).toBe(404);
    expect(
      (await admin.get(`${C}/${id}/checkin/`)).body.results.map((r: { is_qr_code: boolean }) => r.is_qr_code),
    ).toEqual([false, true]);
    // A code printed before: refused in words, nothing written.
    const learner = await api.signedIn("learner");
    expect(await learner.post("/api/class/checkin/", { code: token })).toMatchObject({
      status: 400,
      body: { detail: "cls_msg_session_no_qr" },
    });
    expect(await attendanceOf(id)).toEqual([]);
    // By hand it is checked in as ever.
    const [e1] = (await enrollmentsOf(id)).map((e) => e.id);
    expect((await checkIn(id, s1, [e1])).status).toBe(200);
  });

  it("refuses a staff scan of a learner's code at a session without QR check-in", async () => {
    const {
      id,
      sessions: [s1],
    } = await setup("T-QR-STAFF", [["2026-06-01", "09:00", "17:00"]], ["learner"], { qr_code_holder: 0 });
    const session = (await admin.get(`${C}/${id}/session/${s1}/`)).body;
    expect(
      (
        await admin.patch(`${C}/${id}/session/${s1}/`, {
          name: session.name,
          date: session.date,
          start_time: "09:00",
          end_time: "17:00",
          is_qr_code: false,
        })
      ).status,
    ).toBe(200);
    const learner = await api.signedIn("learner");
    const code = (await learner.get(`/api/class/checkin/mine/?class=${id}`)).body.token as string;
    expect(await admin.post(`${C}/${id}/checkin/${s1}/scan/`, { code })).toMatchObject({
      status: 400,
      body: { code: ["cls_msg_session_no_qr"] },
    });
    expect(await attendanceOf(id)).toEqual([]);
  });
});

describe("cancelling", () => {
  it("needs a reason: without one 400 and nothing written", async () => {
    const {
      id,
      enrollments: [e1],
    } = await setup("T-CAN-R", [["2026-06-05", "09:00", "12:00"]], ["student0424"], { is_display: true });
    for (const body of [{}, { reason: "" }, { reason: "   " }]) {
      expect(await admin.post(`${C}/${id}/cancel/`, body)).toMatchObject({
        status: 400,
        body: { reason: ["required"] },
      });
    }
    const item = (await admin.get(`${C}/${id}/`)).body;
    expect(item).toMatchObject({ status: 1, datetime_cancel: null, is_read_only: false });
    expect((await enrollmentsOf(id)).map((e) => e.status)).toEqual([0]);
    expect(
      await api.db
        .selectFrom("content_progress_log")
        .select("id")
        .where("enrollment_id", "=", e1)
        .where("action_type", "=", "content_cancel")
        .execute(),
    ).toEqual([]);
  });

  it("hides the class, moves its unfinished learners to content canceled and mails each the reason", async () => {
    const students = ["student0425", "student0426", "student0427", "student0428", "student0429"];
    const { id, enrollments } = await setup("T-CAN-L", [["2026-06-05", "09:00", "12:00"]], students);
    // Shown, with learners not started, in progress, on the waiting list, completed and failed.
    await api.db
      .updateTable("class")
      .set({ is_display: 1, datetime_first_publish: START.toISOString() })
      .where("id", "=", id)
      .execute();
    const statuses = [0, 21, 2, 30, -5];
    for (const [i, e] of enrollments.entries())
      await api.db.updateTable("content_enrollment").set({ status: statuses[i] }).where("id", "=", e).execute();
    await api.db.updateTable("account").set({ language: "th" }).where("username", "=", "student0426").execute();
    const emails = await api.db
      .selectFrom("account")
      .select(["username", "email"])
      .where("username", "in", students)
      .orderBy("username")
      .execute();
    const before =
      (
        await api.db
          .selectFrom("outbox")
          .select((eb) => eb.fn.max("id").as("id"))
          .executeTakeFirst()
      )?.id ?? 0;

    const reason = "The trainer is ill; the class will run again in July.";
    const res = await admin.post(`${C}/${id}/cancel/`, { reason: `  ${reason} ` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: 3,
      is_read_only: true,
      is_display: false,
      publish_label: "publish_label_unpublished",
      cancel_reason: reason,
    });
    expect((await admin.get(`${C}/?search=T-CAN-L`)).body.results[0]).toMatchObject({
      status: 3,
      is_display: false,
      cancel_reason: reason,
    });

    expect((await enrollmentsOf(id)).map((e) => e.status)).toEqual([-4, -4, -4, 30, -5]);
    const history = await api.db
      .selectFrom("content_progress_log")
      .select(["enrollment_id", "from_status", "to_status"])
      .where("action_type", "=", "content_cancel")
      .where("enrollment_id", "in", enrollments)
      .orderBy("enrollment_id")
      .execute();
    expect(history.map((h) => [h.from_status, h.to_status])).toEqual([
      [0, -4],
      [21, -4],
      [2, -4],
    ]);

    const mails = await api.db
      .selectFrom("outbox")
      .select(["recipient", "subject", "body"])
      .where("id", ">", Number(before))
      .orderBy("id")
      .execute();
    expect(mails.map((m) => m.recipient)).toEqual(emails.slice(0, 3).map((e) => e.email));
    expect(mails[0]).toMatchObject({ subject: "Class cancelled: Class T-CAN-L" });
    expect(mails[0].body).toContain(`Reason: ${reason}`);
    expect(mails[1].subject).toBe("ยกเลิกคลาส: Class T-CAN-L");
    expect(mails[1].body).toContain(`เหตุผล: ${reason}`);
    // For good: a second cancel is refused and changes nothing.
    expect(await admin.post(`${C}/${id}/cancel/`, { reason: "again" })).toMatchObject({
      status: 400,
      body: { detail: "cls_msg_cancelled" },
    });
    expect((await admin.get(`${C}/${id}/`)).body.cancel_reason).toBe(reason);
  });
});

describe("migration 0042", () => {
  it("hides the classes cancelled before it and moves their unfinished learners to -4, with history", async () => {
    const { db, drop } = await freshDatabase();
    try {
      await migrateTo(db, process.env.TEST_DATABASE_URL ? "postgres" : "sqlite", "0040_credit_and_assignment_settings");
      await seedReference(db, START);
      const at = "2026-05-01T08:00:00.000Z";
      const put = (table: string, row: Record<string, unknown>) =>
        sql`insert into ${sql.table(table)} (${sql.join(Object.keys(row).map((c) => sql.ref(c)))}) values (${sql.join(Object.values(row).map((v) => sql`${v}`))})`.execute(
          db,
        );
      await put("category", { id: 900, name: "Cat" });
      await put("provider", { id: 900, name: "Prov" });
      for (const [cid, cancelled] of [
        [901, true],
        [902, false],
      ] as const) {
        await put("class", {
          id: cid,
          name: `C${cid}`,
          code: `C${cid}`,
          category_id: 900,
          provider_id: 900,
          is_environmental: 0,
          desc: "",
          is_display: 1,
          datetime_first_publish: at,
          datetime_create: at,
          datetime_update: at,
          datetime_cancel: cancelled ? at : null,
        });
      }
      const ct = (await sql<{ id: number }>`select id from content_type where code = 'class'`.execute(db)).rows[0].id;
      let n = 900;
      for (const [cid, status] of [
        [901, 21],
        [901, 30],
        [902, 21],
      ]) {
        n++;
        await put("account", {
          id: n,
          username: `m${n}`,
          email: `m${n}@x.test`,
          password_hash: "x",
          datetime_create: at,
        });
        await put("content_enrollment", {
          id: n,
          account_id: n,
          content_type_id: ct,
          content_id: cid,
          status,
          add_method: 0,
          added_by: 0,
          datetime_enroll: at,
          datetime_update: at,
        });
      }
      await migrateToLatest(db, process.env.TEST_DATABASE_URL ? "postgres" : "sqlite");
      const classes = (
        await sql<{
          id: number;
          is_display: number;
          cancel_reason: string;
        }>`select id, is_display, cancel_reason from class where id in (901, 902) order by id`.execute(db)
      ).rows;
      expect(classes.map((c) => [Number(c.id), Number(c.is_display), c.cancel_reason])).toEqual([
        [901, 0, ""],
        [902, 1, ""],
      ]);
      const rows = (
        await sql<{
          id: number;
          status: number;
        }>`select id, status from content_enrollment where id > 900 order by id`.execute(db)
      ).rows;
      expect(rows.map((r) => [Number(r.id), Number(r.status)])).toEqual([
        [901, -4],
        [902, 30],
        [903, 21],
      ]);
      const log = (
        await sql<{
          enrollment_id: number;
          from_status: number;
          to_status: number;
          action_type: string;
        }>`select enrollment_id, from_status, to_status, action_type from content_progress_log where enrollment_id > 900`.execute(
          db,
        )
      ).rows;
      expect(
        log.map((l) => [Number(l.enrollment_id), Number(l.from_status), Number(l.to_status), l.action_type]),
      ).toEqual([[901, 21, -4, "content_cancel"]]);
    } finally {
      await db.destroy();
      await drop();
    }
  });
});
