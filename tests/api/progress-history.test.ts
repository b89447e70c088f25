import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bulkAffected } from "../../contract/codes";
import type { ProgressHistoryAnswer, ProgressLogRow } from "../../contract/schemas/enrollment";
import { contentTypeId } from "../../api/content/ref";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * The progress history (docs/decisions/017): every manual change, every learner a bulk change
 * moves and every enrolment writes a row in the same transaction; GET …/progress/{id}/history/
 * lists them newest first under the progress flag; deleting the enrollment, its course or its
 * learner deletes them, deleting their author keeps them without one.
 */

let api: TestApi;
let admin: Client;
/** The course's content_type id (the content_* tables name a course by type and id). */
let courseType: number;
beforeAll(async () => {
  api = await startTestApi();
  admin = api.client();
  await admin.login("admin");
  courseType = await contentTypeId(api.db, "course");
});
afterAll(() => api.close());

const C = "/api/dashboard/course";
const MINUTE = 60_000;

const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
const idBy = async (table: "category" | "provider", code: string) =>
  (await api.db.selectFrom(table).select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
const enrollmentOf = async (courseId: number, username: string) =>
  await api.db
    .selectFrom("content_enrollment as e")
    .innerJoin("account as a", "a.id", "e.account_id")
    .selectAll("e")
    .where("e.content_type_id", "=", courseType)
    .where("e.content_id", "=", courseId)
    .where("a.username", "=", username)
    .executeTakeFirstOrThrow();
const logOf = (enrollmentId: number) =>
  api.db
    .selectFrom("content_progress_log")
    .selectAll()
    .where("enrollment_id", "=", enrollmentId)
    .orderBy("id")
    .execute();
const logCount = async () =>
  Number(
    (
      await api.db
        .selectFrom("content_progress_log")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

let seq = 0;
async function emptyCourse(provider = "ACAD") {
  seq++;
  const at = api.clock.now.toISOString();
  const { id } = await api.db
    .insertInto("course")
    .values({
      name: `History test ${seq}`,
      code: `HIS-${seq}`,
      content_level: null,
      program: null,
      category_id: await idBy("category", "TECH-DAT"),
      provider_id: await idBy("provider", provider),
      is_environmental: 0,
      desc: "",
      image: null,
      is_display: 0,
      datetime_start: null,
      datetime_first_publish: null,
      datetime_create: at,
      datetime_update: at,
      created_by: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}
/** Learners straight into the table (no history: as the seed and records older than the history). */
async function seedLearners(courseId: number, entries: [string, number][]) {
  const at = api.clock.now.toISOString();
  for (const [username, status] of entries) {
    await api.db
      .insertInto("content_enrollment")
      .values({
        account_id: await accountId(username),
        content_type_id: courseType,
        content_id: courseId,
        status,
        add_method: 0,
        added_by: 0,
        created_by: null,
        datetime_enroll: at,
        datetime_start: null,
        datetime_complete: null,
        datetime_update: at,
      })
      .execute();
  }
}

describe("writing the history", () => {
  it("logs the enrolment and each manual change, by whom and when; a refused change logs nothing", async () => {
    const id = await emptyCourse();
    const learner = await accountId("student0101");
    const t0 = api.clock.now.toISOString();
    expect((await admin.post(`${C}/${id}/enroll/`, { account_list: [learner] })).body.enrolled).toBe(1);
    const row = await enrollmentOf(id, "student0101");
    api.advance(MINUTE);
    const t1 = api.clock.now.toISOString();
    expect((await admin.patch(`${C}/${id}/progress/${row.id}/`, { status: 22 })).status).toBe(200);
    api.advance(MINUTE);
    const t2 = api.clock.now.toISOString();
    expect((await admin.patch(`${C}/${id}/progress/${row.id}/`, { status: "30" })).status).toBe(200);
    // Not along the table (30 → 0), and no status at all: refused, nothing logged.
    expect((await admin.patch(`${C}/${id}/progress/${row.id}/`, { status: 0 })).body).toEqual({
      status: ["invalid_transition"],
    });
    expect((await admin.patch(`${C}/${id}/progress/${row.id}/`, { status: "x" })).status).toBe(400);

    const adminId = await accountId("admin");
    expect(
      (await logOf(row.id)).map((l) => [
        l.from_status,
        l.to_status,
        l.action_type,
        l.is_bulk,
        l.created_by,
        l.datetime_create,
      ]),
    ).toEqual([
      [null, 0, "enroll", 0, adminId, t0],
      [0, 22, "override", 0, adminId, t1],
      [22, 30, "override", 0, adminId, t2],
    ]);

    const res = await admin.get(`${C}/${id}/progress/${row.id}/history/`);
    expect(res.status).toBe(200);
    const body = res.body as ProgressHistoryAnswer;
    expect(body).toMatchObject({ count: 3, page: 1, page_size: 50, next: null });
    const by = { id: adminId, username: "admin", first_name: expect.any(String), last_name: expect.any(String) };
    expect(body.results).toEqual([
      {
        id: expect.any(Number),
        from_status: 22,
        to_status: 30,
        action_type: "override",
        is_bulk: false,
        by,
        datetime_create: t2,
      },
      {
        id: expect.any(Number),
        from_status: 0,
        to_status: 22,
        action_type: "override",
        is_bulk: false,
        by,
        datetime_create: t1,
      },
      {
        id: expect.any(Number),
        from_status: null,
        to_status: 0,
        action_type: "enroll",
        is_bulk: false,
        by,
        datetime_create: t0,
      },
    ]);
    expect(body.enrollment).toMatchObject({
      id: row.id,
      status: 30,
      account: { id: learner, username: "student0101" },
    });
  });

  it("logs one row per learner a bulk change moves, from their own status; none for the others", async () => {
    const id = await emptyCourse();
    const mix: [string, number][] = [
      ["student0111", 0],
      ["student0112", 21],
      ["student0113", 22],
      ["student0114", -5],
      ["student0115", 30],
      ["student0116", 2],
      ["student0117", -2],
    ];
    await seedLearners(id, mix);
    const before = await logCount();
    // A preview writes nothing.
    expect((await admin.post(`${C}/${id}/progress/bulk/`, { target: 30, preview: true })).body.affected).toBe(4);
    expect(await logCount()).toBe(before);

    api.advance(MINUTE);
    const at = api.clock.now.toISOString();
    const res = await admin.post(`${C}/${id}/progress/bulk/`, { target: 30 });
    expect(res.body).toEqual({ target: 30, preview: false, changed: 4 });
    const adminId = await accountId("admin");
    for (const [username, status] of mix) {
      const e = await enrollmentOf(id, username);
      const hit = bulkAffected(30, [status]).length > 0;
      expect(
        (await logOf(e.id)).map((l) => [
          l.from_status,
          l.to_status,
          l.action_type,
          l.is_bulk,
          l.created_by,
          l.datetime_create,
        ]),
        username,
      ).toEqual(hit ? [[status, 30, "override", 1, adminId, at]] : []);
    }
    expect(await logCount()).toBe(before + 4);

    // Limited to ticked learners: only those of them the rule affects.
    api.advance(MINUTE);
    const picked = [await enrollmentOf(id, "student0111"), await enrollmentOf(id, "student0114")];
    const limited = await admin.post(`${C}/${id}/progress/bulk/`, {
      target: 21,
      enrollment_list: picked.map((e) => e.id),
    });
    expect(limited.body.changed).toBe(2);
    expect(await logCount()).toBe(before + 6);
    const history = (await admin.get(`${C}/${id}/progress/${picked[1].id}/history/`)).body as ProgressHistoryAnswer;
    expect(history.results.map((r: ProgressLogRow) => [r.from_status, r.to_status, r.is_bulk])).toEqual([
      [-5, 21, true],
    ]);
  });

  it("logs enrolment by file, each new record from none, and nothing for one already enrolled", async () => {
    const id = await emptyCourse();
    const boundary = "----historyBoundary";
    const file = Buffer.from("username\r\nstudent0121\r\nstudent0122\r\n");
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="l.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await admin.post(`${C}/${id}/enroll/import/`, body as never, {
      "content-type": `multipart/form-data; boundary=${boundary}`,
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ enrolled: 2 });
    for (const u of ["student0121", "student0122"]) {
      expect(
        (await logOf((await enrollmentOf(id, u)).id)).map((l) => [l.from_status, l.to_status, l.action_type]),
      ).toEqual([[null, 0, "enroll"]]);
    }
    // Already enrolled: no second row.
    await admin.post(`${C}/${id}/enroll/`, { account_list: [await accountId("student0121")] });
    expect(await logOf((await enrollmentOf(id, "student0121")).id)).toHaveLength(1);
  });
});

describe("reading the history", () => {
  it("pages newest first; 404 for another course's or an unknown enrollment; 400 for a bad page", async () => {
    const id = await emptyCourse();
    const other = await emptyCourse();
    await seedLearners(id, [["student0131", 0]]);
    const row = await enrollmentOf(id, "student0131");
    for (const to of [22, 21, 30, 21, 22]) {
      api.advance(MINUTE);
      expect((await admin.patch(`${C}/${id}/progress/${row.id}/`, { status: to })).status, String(to)).toBe(200);
    }
    const first = await admin.get(`${C}/${id}/progress/${row.id}/history/?page_size=2`);
    expect(first.body).toMatchObject({ count: 5, page_size: 2, page: 1 });
    expect(first.body.next).toContain("page=2");
    expect(first.body.results.map((r: ProgressLogRow) => r.to_status)).toEqual([22, 21]);
    const last = await admin.get(`${C}/${id}/progress/${row.id}/history/?page_size=2&page=3`);
    expect(last.body.results.map((r: ProgressLogRow) => [r.from_status, r.to_status])).toEqual([[0, 22]]);
    expect(last.body.next).toBeNull();
    expect((await admin.get(`${C}/${id}/progress/${row.id}/history/?page_size=2&page=4`)).status).toBe(404);
    expect((await admin.get(`${C}/${id}/progress/${row.id}/history/?page=x`)).status).toBe(400);
    expect((await admin.get(`${C}/${other}/progress/${row.id}/history/`)).status).toBe(404);
    expect((await admin.get(`${C}/${id}/progress/99999999/history/`)).status).toBe(404);
    expect((await admin.get(`${C}/${id}/progress/999999999999999/history/`)).status).toBe(404);
    // A record older than the history: an empty list, not an error.
    await seedLearners(id, [["student0132", 21]]);
    const old = await admin.get(`${C}/${id}/progress/${(await enrollmentOf(id, "student0132")).id}/history/`);
    expect(old.body).toMatchObject({ count: 0, results: [] });
  });

  it("needs a session, the progress flag and the course in scope", async () => {
    const id = await emptyCourse();
    await seedLearners(id, [["student0141", 0]]);
    const row = await enrollmentOf(id, "student0141");
    const url = `${C}/${id}/progress/${row.id}/history/`;
    expect((await api.client().get(url)).status).toBe(401);
    const learner = api.client();
    await learner.login("learner");
    expect((await learner.get(url)).status).toBe(403);
    const manager = api.client();
    await manager.login("manager");
    expect((await manager.get(url)).status).toBe(403);
    const provider = api.client();
    await provider.login("provider"); // ACAD is not its provider
    expect((await provider.get(url)).status).toBe(404);
  });
});

describe("deleting", () => {
  it("removes the history with the enrollment, its course or its learner; keeps it without a deleted author", async () => {
    const a = await emptyCourse();
    const b = await emptyCourse();
    const c = await emptyCourse();
    // An author that can be deleted: a staff account made for this test, with admin's role.
    const adminRow = await api.db
      .selectFrom("account")
      .selectAll()
      .where("username", "=", "admin")
      .executeTakeFirstOrThrow();
    const { id: author, ...rest } = adminRow;
    void author;
    const made = await api.db
      .insertInto("account")
      .values({ ...rest, username: "history-author", email: "history-author@example.com" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await api.db
      .insertInto("content_enrollment")
      .values({
        account_id: await accountId("student0151"),
        content_type_id: courseType,
        content_id: a,
        status: 0,
        add_method: 0,
        added_by: 0,
        created_by: null,
        datetime_enroll: "2026-01-01T00:00:00.000Z",
        datetime_start: null,
        datetime_complete: null,
        datetime_update: "2026-01-01T00:00:00.000Z",
      })
      .execute();
    for (const course of [a, b, c])
      await admin.post(`${C}/${course}/enroll/`, { account_list: [await accountId("student0152")] });
    const e = await enrollmentOf(a, "student0151");
    await api.db
      .insertInto("content_progress_log")
      .values({
        enrollment_id: e.id,
        from_status: 0,
        to_status: 22,
        action_type: "override",
        created_by: made.id,
        datetime_create: "2026-01-02T00:00:00.000Z",
      })
      .execute();

    // The author goes: the row stays, without its author.
    await api.db.deleteFrom("account").where("id", "=", made.id).execute();
    expect((await logOf(e.id)).map((l) => l.created_by)).toEqual([null]);
    expect((await admin.get(`${C}/${a}/progress/${e.id}/history/`)).body.results[0].by).toBeNull();

    // The enrollment goes: its history goes.
    await api.db.deleteFrom("content_enrollment").where("id", "=", e.id).execute();
    expect(await logOf(e.id)).toEqual([]);
    // The course goes: the histories of its enrollments go.
    const inB = await enrollmentOf(b, "student0152");
    expect(await logOf(inB.id)).toHaveLength(1);
    // (Deleted through the API: no foreign key ties the content_* rows to the course row any more.)
    expect((await admin.delete(`${C}/${b}/`)).status).toBe(204);
    expect(await logOf(inB.id)).toEqual([]);
    // The learner goes: every history of theirs goes.
    const inC = await enrollmentOf(c, "student0152");
    const learner = await accountId("student0152");
    await api.db.deleteFrom("account").where("id", "=", learner).execute();
    expect(await logOf(inC.id)).toEqual([]);
    const left = await api.db
      .selectFrom("content_progress_log")
      .select("id")
      .where("enrollment_id", "not in", api.db.selectFrom("content_enrollment").select("id"))
      .execute();
    expect(left).toEqual([]);
  });
});
