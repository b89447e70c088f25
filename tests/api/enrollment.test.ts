import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PROGRESS_GROUPS,
  PROGRESS_STATUS_CODES,
  allowedTransitions,
  bulkAffected,
  canTransition,
} from "../../contract/codes";
import type { BulkPreview, EnrollAnswer, EnrollmentRow, ImportAnswer } from "../../contract/schemas/enrollment";
import { contentTypeId } from "../../api/content/ref";
import { parseCsv } from "../../api/content/features/enrollment/import-file";
import { startTestApi, type Client, type TestApi } from "./harness";

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
type Row = EnrollmentRow;

const n = (v: unknown) => Number(v);
const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
const idBy = async (table: "category" | "provider" | "department" | "account_group" | "instructor", code: string) =>
  (await api.db.selectFrom(table).select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
const enrollmentCount = async (courseId: number) =>
  n(
    (
      await api.db
        .selectFrom("content_enrollment")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("content_type_id", "=", courseType)
        .where("content_id", "=", courseId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const enrollmentOf = (courseId: number, username: string) =>
  api.db
    .selectFrom("content_enrollment as e")
    .innerJoin("account as a", "a.id", "e.account_id")
    .selectAll("e")
    .where("e.content_type_id", "=", courseType)
    .where("e.content_id", "=", courseId)
    .where("a.username", "=", username)
    .executeTakeFirst();

let seq = 0;
/** A fresh, empty course (the seed enrols learners only in courses that have been shown). */
async function emptyCourse(provider = "ACAD") {
  seq++;
  const at = api.clock.now.toISOString();
  const { id } = await api.db
    .insertInto("course")
    .values({
      name: `Enrolment test ${seq} การทดสอบ`,
      code: `ENR-${seq}`,
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
/** Put the given learners into the course at the given statuses, straight into the table. */
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
/** A busy seeded course: the seeded course with the most learners. */
async function busyCourse() {
  const row = await api.db
    .selectFrom("content_enrollment")
    .innerJoin("course", "course.id", "content_enrollment.content_id")
    .select(["content_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("content_enrollment.content_type_id", "=", courseType)
    .where("course.code", "like", "CRS-%")
    .groupBy("content_id")
    .orderBy("n", "desc")
    .orderBy("content_id")
    .executeTakeFirstOrThrow();
  return { id: row.content_id, count: n(row.n) };
}

/** POST a multipart form with one file in field `file`. */
function upload(client: Client, url: string, filename: string, data: Buffer) {
  const boundary = "----lmsEnrolBoundary7MA4YWxkTrZu0gW";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return client.post(url, body as never, { "content-type": `multipart/form-data; boundary=${boundary}` });
}
async function xlsx(rows: unknown[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Learners");
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}
/** GET a download as raw bytes (the harness client parses JSON). */
async function download(client: Client, url: string) {
  const res = await api.app.inject({
    method: "GET",
    url,
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload };
}

describe("the seed", () => {
  it("gives the shown courses thousands of learners over the statuses, none to drafts", async () => {
    const total = n(
      (
        await api.db
          .selectFrom("content_enrollment")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(total).toBeGreaterThan(5000);
    const by = await api.db
      .selectFrom("content_enrollment")
      .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("status")
      .execute();
    const count = new Map(by.map((r) => [r.status, n(r.n)]));
    for (const s of [0, 21, 30]) expect(count.get(s)! / total, String(s)).toBeGreaterThan(0.15);
    for (const s of [22, -2, -5, 6]) expect(count.get(s) ?? 0, String(s)).toBeGreaterThan(50);
    const drafts = await api.db
      .selectFrom("content_enrollment as e")
      .innerJoin("course as c", "c.id", "e.content_id")
      .select("e.id")
      .where("e.content_type_id", "=", courseType)
      .where("c.datetime_first_publish", "is", null)
      .executeTakeFirst();
    expect(drafts).toBeUndefined();
    const methods = await api.db.selectFrom("content_enrollment").select("add_method").distinct().execute();
    expect(methods.map((m) => m.add_method).sort()).toEqual([0, 1, 2, 3]);
    // Nothing lies in the future; completion only on completed rows.
    const late = await api.db
      .selectFrom("content_enrollment")
      .select("id")
      .where("datetime_update", ">", api.clock.now.toISOString())
      .executeTakeFirst();
    expect(late).toBeUndefined();
    const oddComplete = await api.db
      .selectFrom("content_enrollment")
      .select("id")
      .where("status", "<>", 30)
      .where("datetime_complete", "is not", null)
      .executeTakeFirst();
    expect(oddComplete).toBeUndefined();
    expect(
      await api.db.selectFrom("account").select("id").where("username", "=", "student3000").executeTakeFirst(),
    ).toBeTruthy();
  });
});

describe("learner list", () => {
  it("answers the paged enrollments of the course, 50 a page, with rows of the EnrollmentRow shape", async () => {
    const { id, count } = await busyCourse();
    const res = await admin.get(`${C}/${id}/learner/?format=json`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count, page_size: 50, page: 1 });
    expect(res.body.results).toHaveLength(Math.min(50, count));
    const row = res.body.results[0] as Row;
    expect(Object.keys(row).sort()).toEqual(
      [
        "id",
        "account",
        "status",
        "status_group",
        "add_method",
        "added_by",
        "datetime_enroll",
        "datetime_start",
        "datetime_complete",
        "datetime_update",
        "allowed_status",
      ].sort(),
    );
    expect(Object.keys(row.account).sort()).toEqual(
      ["id", "username", "email", "first_name", "last_name", "department"].sort(),
    );
    for (const r of res.body.results as Row[])
      expect(r.allowed_status).toEqual([...allowedTransitions("course", r.status)]);
    // Default order: most recently enrolled first.
    const dates = (res.body.results as Row[]).map((r) => r.datetime_enroll);
    expect(dates).toEqual([...dates].sort().reverse());
    const pages = Math.ceil(count / 50);
    expect((await admin.get(`${C}/${id}/learner/?page=${pages}`)).body.next).toBeNull();
    expect((await admin.get(`${C}/${id}/learner/?page=${pages + 1}`)).status).toBe(404);
  });

  it("filters by status group, selectable set and status; ignores empty, null and all", async () => {
    const { id, count } = await busyCourse();
    const rows = await api.db
      .selectFrom("content_enrollment")
      .select("status")
      .where("content_type_id", "=", courseType)
      .where("content_id", "=", id)
      .execute();
    const expectCount = (pred: (s: number) => boolean) => rows.filter((r) => pred(r.status)).length;
    for (const [group, codes] of Object.entries(PROGRESS_GROUPS)) {
      const res = await admin.get(`${C}/${id}/learner/?status_group=${group}&page_size=1000`);
      expect(res.body.count, group).toBe(expectCount((s) => (codes as readonly number[]).includes(s)));
      expect((res.body.results as Row[]).every((r) => r.status_group === group)).toBe(true);
    }
    const progress = await admin.get(`${C}/${id}/learner/?status_set=progress&page_size=1000`);
    expect(progress.body.count).toBe(expectCount((s) => [-5, 0, 6, 21, 22, 23, 30, 31].includes(s)));
    const waiting = await admin.get(`${C}/${id}/learner/?status_set=waiting`);
    expect(waiting.body.count).toBe(expectCount((s) => [1, 2, 3, 5].includes(s)));
    const exact = await admin.get(`${C}/${id}/learner/?status=-5`);
    expect(exact.body.count).toBe(expectCount((s) => s === -5));
    // Filters combine; ignored values change nothing.
    const both = await admin.get(`${C}/${id}/learner/?status_group=done&status=30`);
    expect(both.body.count).toBe(expectCount((s) => s === 30));
    for (const v of ["", "null", "all"]) {
      expect((await admin.get(`${C}/${id}/learner/?status_group=${v}&status_set=${v}&status=${v}`)).body.count, v).toBe(
        count,
      );
    }
    expect((await admin.get(`${C}/${id}/learner/?status_group=later&status_set=x&status=7`)).body).toEqual({
      status_group: ["invalid_choice"],
      status_set: ["invalid_choice"],
      status: ["invalid_choice"],
    });
  });

  it("searches username, email and full name (Thai too), literally; orders by the whitelist only", async () => {
    const id = await emptyCourse();
    await seedLearners(id, [
      ["learner001", 0],
      ["learner002", 21],
      ["student0001", 30],
      ["student0002", 22],
    ]);
    const s1 = await api.db
      .selectFrom("account")
      .select(["first_name", "last_name", "email"])
      .where("username", "=", "student0001")
      .executeTakeFirstOrThrow();
    expect((await admin.get(`${C}/${id}/learner/?search=LEARNER00`)).body.count).toBe(2);
    expect(
      (await admin.get(`${C}/${id}/learner/?search=${encodeURIComponent(s1.email.toUpperCase())}`)).body.results[0]
        .account.username,
    ).toBe("student0001");
    const full = await admin.get(
      `${C}/${id}/learner/?search=${encodeURIComponent(`${s1.first_name} ${s1.last_name}`)}`,
    );
    expect(full.body.results.map((r: Row) => r.account.username)).toContain("student0001");
    for (const term of ["%", "_", "' or 1=1 --"])
      expect((await admin.get(`${C}/${id}/learner/?search=${encodeURIComponent(term)}`)).body.count, term).toBe(0);
    const byStatus = (await admin.get(`${C}/${id}/learner/?ordering=status`)).body.results.map((r: Row) => r.status);
    expect(byStatus).toEqual([0, 21, 22, 30]);
    const byUser = (await admin.get(`${C}/${id}/learner/?ordering=-username`)).body.results.map(
      (r: Row) => r.account.username,
    );
    expect(byUser).toEqual(["student0002", "student0001", "learner002", "learner001"]);
    expect((await admin.get(`${C}/${id}/learner/?ordering=name,-datetime_update`)).status).toBe(200);
    for (const bad of ["password_hash", "a.id", "name;drop table account"]) {
      expect((await admin.get(`${C}/${id}/learner/?ordering=${encodeURIComponent(bad)}`)).body, bad).toEqual({
        ordering: ["invalid_choice"],
      });
    }
  });

  it("answers the progress list alike, under the progress flag", async () => {
    const { id, count } = await busyCourse();
    const res = await admin.get(`${C}/${id}/progress/?status_group=doing`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBeLessThan(count);
    expect(res.body.results.every((r: Row) => r.status_group === "doing")).toBe(true);
  });
});

describe("permissions", () => {
  it("needs a session, the learner / progress / export flag, and the course in scope", async () => {
    const { id } = await busyCourse();
    const anonymous = api.client();
    expect((await anonymous.get(`${C}/${id}/learner/`)).status).toBe(401);
    const learner = api.client();
    await learner.login("learner");
    expect((await learner.get(`${C}/${id}/learner/`)).status).toBe(403);
    expect((await learner.post(`${C}/${id}/enroll/`, { account_list: [1] })).status).toBe(403);
    const manager = api.client();
    await manager.login("manager"); // no course flags at all
    expect((await manager.get(`${C}/${id}/learner/`)).status).toBe(403);
    expect((await manager.post(`${C}/${id}/progress/bulk/`, { target: 30, preview: true })).status).toBe(403);
  });

  it("keeps a provider to its own courses, and an instructor without the export flag out of exports", async () => {
    const mine = await emptyCourse("BLC");
    const other = await emptyCourse("ACAD");
    const provider = api.client();
    await provider.login("provider");
    expect((await provider.get(`${C}/${mine}/learner/`)).status).toBe(200);
    expect((await provider.get(`${C}/${other}/learner/`)).status).toBe(404);
    expect(
      (await provider.post(`${C}/${other}/enroll/`, { account_list: [await accountId("learner001")] })).status,
    ).toBe(404);
    expect(await enrollmentCount(other)).toBe(0);
    expect((await download(provider, `${C}/${mine}/learner/export/?format_type=csv`)).status).toBe(200);

    const instructor = api.client();
    await instructor.login("instructor");
    const taught = await api.db
      .selectFrom("course_instructor")
      .select("course_id")
      .where("instructor_id", "=", await idBy("instructor", "INS-001"))
      .executeTakeFirstOrThrow();
    expect((await instructor.get(`${C}/${taught.course_id}/progress/`)).status).toBe(200);
    expect((await download(instructor, `${C}/${taught.course_id}/learner/export/?format_type=csv`)).status).toBe(403);
  });
});

describe("enrolling", () => {
  it("by learner list: each account enrolled once, unknown and inactive ones not found", async () => {
    const id = await emptyCourse();
    const [a, b] = [await accountId("learner010"), await accountId("student0100")];
    const inactive = await accountId("student0101");
    await api.db.updateTable("account").set({ is_active: 0 }).where("id", "=", inactive).execute();
    const res = await admin.post(`${C}/${id}/enroll/`, { account_list: [a, b, a, 999999, inactive] });
    expect(res.status).toBe(200);
    const body = res.body as EnrollAnswer;
    expect(body).toMatchObject({ enrolled: 2, already_enrolled: 0, not_found: 2 });
    expect(body.results).toEqual([
      { account: a, username: "learner010", added_by: 1, result: "enrolled" },
      { account: b, username: "student0100", added_by: 1, result: "enrolled" },
      { account: 999999, username: null, added_by: null, result: "not_found" },
      { account: inactive, username: null, added_by: null, result: "not_found" },
    ]);
    const row = await enrollmentOf(id, "learner010");
    expect(row).toMatchObject({
      status: 0,
      add_method: 0,
      added_by: 1,
      created_by: await accountId("admin"),
      datetime_enroll: api.clock.now.toISOString(),
      datetime_start: null,
      datetime_complete: null,
    });
    // Again: already enrolled, nothing duplicated; a form post of texts works too.
    const again = await admin.post(`${C}/${id}/enroll/`, { account_list: `${a},${b}` });
    expect(again.body).toMatchObject({ enrolled: 0, already_enrolled: 2, not_found: 0 });
    expect(await enrollmentCount(id)).toBe(2);
  });

  it("by department (with or without sub-departments) and by group, added_by set accordingly", async () => {
    const id = await emptyCourse();
    const hr = await idBy("department", "HR");
    const hrTree = [hr, await idBy("department", "HR-REC"), await idBy("department", "HR-TD")];
    const active = async (deps: number[]) =>
      (
        await api.db
          .selectFrom("account")
          .select("id")
          .where("department_id", "in", deps)
          .where("is_active", "=", 1)
          .execute()
      ).map((r) => r.id);
    const only = await admin.post(`${C}/${id}/enroll/`, { department_list: [hr] });
    expect(only.body.enrolled).toBe((await active([hr])).length);
    expect(only.body.results.every((r: EnrollAnswer["results"][number]) => r.added_by === 2)).toBe(true);
    const tree = await admin.post(`${C}/${id}/enroll/`, { department_list: String(hr), include_sub_department: "on" });
    expect(tree.body).toMatchObject({
      already_enrolled: (await active([hr])).length,
      enrolled: (await active(hrTree)).length - (await active([hr])).length,
    });
    const group = await idBy("account_group", "G1");
    const members = (
      await api.db.selectFrom("account_group_member").select("account_id").where("group_id", "=", group).execute()
    ).map((m) => m.account_id);
    const byGroup = await admin.post(`${C}/${id}/enroll/`, { group_list: [group] });
    expect(byGroup.body.results).toHaveLength(members.length);
    const fresh = byGroup.body.results.filter((r: EnrollAnswer["results"][number]) => r.result === "enrolled");
    for (const r of fresh)
      expect(
        (
          await api.db
            .selectFrom("content_enrollment")
            .select("added_by")
            .where("content_type_id", "=", courseType)
            .where("content_id", "=", id)
            .where("account_id", "=", r.account)
            .executeTakeFirstOrThrow()
        ).added_by,
      ).toBe(5);
    // An account found two ways is listed once, with the first way.
    const both = await admin.post(`${C}/${id}/enroll/`, { account_list: [members[0]], group_list: [group] });
    expect(both.body.results.filter((r: EnrollAnswer["results"][number]) => r.account === members[0])).toEqual([
      expect.objectContaining({ added_by: 1, result: "already_enrolled" }),
    ]);
  });

  it("refuses bad input with 400 and writes nothing", async () => {
    const id = await emptyCourse();
    expect((await admin.post(`${C}/${id}/enroll/`, {})).body).toEqual({ detail: ["enroll_method_required"] });
    expect((await admin.post(`${C}/${id}/enroll/`, { account_list: "" })).body).toEqual({
      detail: ["enroll_method_required"],
    });
    expect((await admin.post(`${C}/${id}/enroll/`, { account_list: ["x"] })).body).toEqual({
      account_list: ["invalid"],
    });
    expect(
      (await admin.post(`${C}/${id}/enroll/`, { account_list: Array.from({ length: 1001 }, (_, i) => i + 1) })).body,
    ).toEqual({ account_list: ["too_long"] });
    // A valid learner list with an unknown department: nothing at all is written.
    const res = await admin.post(`${C}/${id}/enroll/`, {
      account_list: [await accountId("learner011")],
      department_list: [999999],
      group_list: [999999],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ department_list: ["invalid_choice"], group_list: ["invalid_choice"] });
    expect(await enrollmentCount(id)).toBe(0);
    expect((await admin.post(`${C}/999999/enroll/`, { account_list: [1] })).status).toBe(404);
  });

  it("lists accounts to pick from, with whether each is enrolled", async () => {
    const id = await emptyCourse();
    await seedLearners(id, [["learner020", 0]]);
    const res = await admin.get(`${C}/${id}/enroll/account/?search=learner02`);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { username: string }) => r.username)).toEqual([
      "learner020",
      ...Array.from({ length: 9 }, (_, i) => `learner02${i + 1}`),
    ]);
    expect(res.body.results.map((r: { is_enrolled: boolean }) => r.is_enrolled)).toEqual([
      true,
      ...Array(9).fill(false),
    ]);
  });
});

describe("enrolling by file", () => {
  const url = (id: number) => `${C}/${id}/enroll/import/`;

  it("reads a csv (BOM, CRLF, quotes): enrols the good rows, refuses the bad ones and says why", async () => {
    const id = await emptyCourse();
    await seedLearners(id, [["learner030", 21]]);
    const csv =
      '\uFEFFno,Username,note\r\n1,learner031,"first, good"\r\n2,nobody-here,bad\r\n3,LEARNER032,case\r\n4,learner031,again\r\n5,,empty\r\n,,\r\n7,learner030,already\r\n';
    const res = await upload(admin, url(id), "learners.csv", Buffer.from(csv, "utf8"));
    expect(res.status).toBe(200);
    const body = res.body as ImportAnswer;
    expect(body.column).toBe("username");
    expect(body.results).toEqual([
      { row: 2, value: "learner031", account: await accountId("learner031"), result: "enrolled", refused: false },
      { row: 3, value: "nobody-here", account: null, result: "not_found", refused: true },
      { row: 4, value: "LEARNER032", account: await accountId("learner032"), result: "enrolled", refused: false },
      { row: 5, value: "learner031", account: await accountId("learner031"), result: "duplicate", refused: true },
      { row: 6, value: "", account: null, result: "missing_value", refused: true },
      {
        row: 8,
        value: "learner030",
        account: await accountId("learner030"),
        result: "already_enrolled",
        refused: false,
      },
    ]);
    expect(body).toMatchObject({ enrolled: 2, already_enrolled: 1, refused: 3 });
    expect(await enrollmentOf(id, "learner031")).toMatchObject({ status: 0, add_method: 0, added_by: 6 });
    expect((await enrollmentOf(id, "learner030"))!.status).toBe(21); // untouched
    expect(await enrollmentCount(id)).toBe(3);
  });

  it("reads an xlsx by email column, links and rich text included", async () => {
    const id = await emptyCourse();
    const file = await xlsx([
      ["ชื่อ", "Email"],
      ["สมชาย", "student0200@demo.lms.local"],
      ["Link", { text: "student0201@demo.lms.local", hyperlink: "mailto:student0201@demo.lms.local" }],
      ["Rich", { richText: [{ text: "STUDENT0202" }, { text: "@demo.lms.local" }] }],
      ["Missing", "nobody@demo.lms.local"],
    ]);
    const res = await upload(admin, url(id), "learners.xlsx", file);
    expect(res.status).toBe(200);
    expect(res.body.column).toBe("email");
    expect(res.body.results.map((r: ImportAnswer["results"][number]) => [r.row, r.result])).toEqual([
      [2, "enrolled"],
      [3, "enrolled"],
      [4, "enrolled"],
      [5, "not_found"],
    ]);
    expect(await enrollmentCount(id)).toBe(3);
  });

  it("refuses a file it cannot use with 400 on file, writing nothing", async () => {
    const id = await emptyCourse();
    const cases: [string, Buffer, string][] = [
      ["learners.csv", Buffer.from("name,phone\r\nA,1\r\n"), "import_no_identifier_column"],
      ["learners.csv", Buffer.from("username\r\n\r\n,\r\n"), "import_no_rows"],
      ["learners.csv", Buffer.from(""), "required"],
      ["learners.xls", Buffer.from("username\r\nlearner040\r\n"), "invalid_file_type"],
      ["learners.txt", Buffer.from("username\r\nlearner040\r\n"), "invalid_file_type"],
      ["learners.xlsx", Buffer.from("username\r\nlearner040\r\n"), "invalid_file_type"],
      ["learners.csv", Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]), "invalid_file_type"],
      ["learners.xlsx", Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]), "invalid_file_type"],
      ["learners.csv", Buffer.from(`username\r\n${"learner040\r\n".repeat(5001)}`), "import_too_many_rows"],
    ];
    for (const [name, data, message] of cases) {
      const res = await upload(admin, url(id), name, data);
      expect([res.status, res.body], `${name}: ${message}`).toEqual([400, { file: [message] }]);
    }
    expect((await admin.post(url(id), { file: "learners.csv" })).body).toEqual({ file: ["required"] });
    await api.db.updateTable("config").set({ value: "100" }).where("key", "=", "file-size-limit").execute();
    try {
      const big = await upload(
        admin,
        url(id),
        "learners.csv",
        Buffer.from(`username\r\n${"learner040\r\n".repeat(20)}`),
      );
      expect(big.body).toEqual({ file: ["file_too_large"] });
    } finally {
      await api.db.updateTable("config").set({ value: "10485760" }).where("key", "=", "file-size-limit").execute();
    }
    expect(await enrollmentCount(id)).toBe(0);
  });

  it("parses csv as RFC 4180", () => {
    expect(parseCsv('a,"b ""q"", c",d\n"multi\nline",,x')).toEqual([
      ["a", 'b "q", c', "d"],
      ["multi\nline", "", "x"],
    ]);
    expect(parseCsv("\uFEFFusername\r\nx\r\n")).toEqual([["username"], ["x"]]);
  });
});

describe("manual progress change", () => {
  it("allows exactly the course row of the transition table, every from × to pair over the API", async () => {
    const id = await emptyCourse();
    await seedLearners(id, [["learner050", 0]]);
    const row = (await enrollmentOf(id, "learner050"))!;
    const path = `${C}/${id}/progress/${row.id}/`;
    let allowed = 0;
    for (const from of PROGRESS_STATUS_CODES) {
      for (const to of PROGRESS_STATUS_CODES) {
        await api.db
          .updateTable("content_enrollment")
          .set({ status: from, datetime_complete: null, datetime_update: "2026-01-01T00:00:00.000Z" })
          .where("id", "=", row.id)
          .execute();
        const res = await admin.patch(path, { status: to });
        const ok = canTransition("course", from, to);
        if (ok) allowed++;
        expect([res.status, ok ? res.body.status : res.body], `${from} → ${to}`).toEqual(
          ok ? [200, to] : [400, { status: ["invalid_transition"] }],
        );
        const after = (await enrollmentOf(id, "learner050"))!;
        expect(after.status, `${from} → ${to} stored`).toBe(ok ? to : from);
        if (!ok) expect(after.datetime_update).toBe("2026-01-01T00:00:00.000Z");
      }
    }
    // 0, 21, 22, -5 have three targets each; 30 and 31 (completed) too.
    expect(allowed).toBe(18);
  });

  it("keeps the dates: started when work begins, completed only while completed", async () => {
    const id = await emptyCourse();
    await seedLearners(id, [["learner051", 0]]);
    const row = (await enrollmentOf(id, "learner051"))!;
    const path = `${C}/${id}/progress/${row.id}/`;
    const t0 = api.clock.now.toISOString();
    const done = await admin.patch(path, { status: "30" });
    expect(done.body).toMatchObject({
      status: 30,
      status_group: "done",
      datetime_start: t0,
      datetime_complete: t0,
      datetime_update: t0,
      allowed_status: [21, 22, -5],
    });
    api.advance(60_000);
    const back = await admin.patch(path, { status: 21 });
    expect(back.body).toMatchObject({
      status: 21,
      datetime_start: t0,
      datetime_complete: null,
      datetime_update: api.clock.now.toISOString(),
    });
  });

  it("answers 400 for a value that is no status, 404 for another course's enrollment, 403 without the progress flag", async () => {
    const id = await emptyCourse();
    const other = await emptyCourse();
    await seedLearners(id, [["learner052", 0]]);
    const row = (await enrollmentOf(id, "learner052"))!;
    for (const bad of [7, "x", null, 2.5])
      expect((await admin.patch(`${C}/${id}/progress/${row.id}/`, { status: bad })).status, String(bad)).toBe(400);
    expect((await admin.patch(`${C}/${id}/progress/${row.id}/`, {})).body).toEqual({ status: ["required"] });
    expect((await admin.patch(`${C}/${other}/progress/${row.id}/`, { status: 30 })).status).toBe(404);
    expect((await admin.patch(`${C}/${id}/progress/99999999/`, { status: 30 })).status).toBe(404);
    const provider = api.client();
    await provider.login("provider");
    expect((await provider.patch(`${C}/${id}/progress/${row.id}/`, { status: 30 })).status).toBe(404); // not its course
    expect((await enrollmentOf(id, "learner052"))!.status).toBe(0);
  });
});

describe("bulk progress change", () => {
  const mix: [string, number][] = [
    ["learner060", 0],
    ["learner059", 0],
    ["learner058", 21],
    ["learner057", 22],
    ["learner056", 30],
    ["learner055", 31],
    ["learner054", -5],
    ["learner053", -2],
    ["learner049", 6],
    ["learner048", 23],
    ["learner047", 1],
    ["learner046", -1],
  ];

  it("previews, per current status and per choice, how many learners each target changes, writing nothing", async () => {
    const id = await emptyCourse();
    await seedLearners(id, mix);
    const before = await api.db
      .selectFrom("content_enrollment")
      .select(["id", "status", "datetime_update"])
      .where("content_type_id", "=", courseType)
      .where("content_id", "=", id)
      .orderBy("id")
      .execute();
    const res = await admin.post(`${C}/${id}/progress/bulk/`, { target: 30, preview: true });
    expect(res.status).toBe(200);
    const body = res.body as BulkPreview;
    expect(body).toMatchObject({ target: 30, preview: true, total: 12, affected: 6, unaffected: 6 });
    expect(body.by_status).toEqual([
      { status: -5, count: 1, affected: false },
      { status: -2, count: 1, affected: true },
      { status: -1, count: 1, affected: false },
      { status: 0, count: 2, affected: true },
      { status: 1, count: 1, affected: false },
      { status: 6, count: 1, affected: true },
      { status: 21, count: 1, affected: true },
      { status: 22, count: 1, affected: true },
      { status: 23, count: 1, affected: false },
      { status: 30, count: 1, affected: false },
      { status: 31, count: 1, affected: false },
    ]);
    expect(body.choices).toEqual([
      { target: 30, affected: 6 },
      { target: 21, affected: 4 },
      { target: -2, affected: 10 },
      { target: 6, affected: 5 },
    ]);
    const after = await api.db
      .selectFrom("content_enrollment")
      .select(["id", "status", "datetime_update"])
      .where("content_type_id", "=", courseType)
      .where("content_id", "=", id)
      .orderBy("id")
      .execute();
    expect(after).toEqual(before);
  });

  for (const target of [30, 21, -2, 6] as const) {
    it(`to ${target}: changes exactly the learners the rule names, in one go`, async () => {
      const id = await emptyCourse();
      await seedLearners(id, mix);
      api.advance(60_000);
      const res = await admin.post(`${C}/${id}/progress/bulk/`, { target: String(target) });
      const expected = mix.filter(([, s]) => bulkAffected(target, [s]).length);
      expect(res.body).toEqual({ target, preview: false, changed: expected.length });
      for (const [username, from] of mix) {
        const row = (await enrollmentOf(id, username))!;
        const hit = bulkAffected(target, [from]).length > 0;
        expect(row.status, `${username} ${from}`).toBe(hit ? target : from);
        if (hit) {
          expect(row.datetime_update).toBe(api.clock.now.toISOString());
          expect(row.datetime_complete !== null).toBe(target === 30);
        }
      }
    });
  }

  it("limits the change to the listed enrollments of the course", async () => {
    const id = await emptyCourse();
    await seedLearners(id, mix);
    const picked = [(await enrollmentOf(id, "learner060"))!.id, (await enrollmentOf(id, "learner056"))!.id];
    const elsewhere = await busyCourse();
    const foreign = (
      await api.db
        .selectFrom("content_enrollment")
        .select(["id", "status"])
        .where("content_type_id", "=", courseType)
        .where("content_id", "=", elsewhere.id)
        .where("status", "=", 0)
        .executeTakeFirstOrThrow()
    ).id;
    const preview = await admin.post(`${C}/${id}/progress/bulk/`, {
      target: 30,
      preview: "on",
      enrollment_list: [...picked, foreign],
    });
    expect(preview.body).toMatchObject({ total: 2, affected: 1, unaffected: 1 });
    const res = await admin.post(`${C}/${id}/progress/bulk/`, {
      target: 30,
      enrollment_list: `${picked.join(",")},${foreign}`,
    });
    expect(res.body.changed).toBe(1);
    expect((await enrollmentOf(id, "learner059"))!.status).toBe(0);
    expect(
      (
        await api.db
          .selectFrom("content_enrollment")
          .select("status")
          .where("id", "=", foreign)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe(0);
  });

  it("refuses a target that is not a bulk choice", async () => {
    const id = await emptyCourse();
    await seedLearners(id, mix);
    for (const bad of [22, 0, "x", null]) {
      expect((await admin.post(`${C}/${id}/progress/bulk/`, { target: bad })).status, String(bad)).toBe(400);
    }
    expect((await admin.post(`${C}/${id}/progress/bulk/`, {})).body).toEqual({ target: ["required"] });
    expect((await admin.post(`${C}/${id}/progress/bulk/`, { target: 22 })).body).toEqual({
      target: ["invalid_choice"],
    });
    const statuses = (
      await api.db
        .selectFrom("content_enrollment")
        .select("status")
        .where("content_type_id", "=", courseType)
        .where("content_id", "=", id)
        .orderBy("id")
        .execute()
    ).map((r) => r.status);
    expect(statuses).toEqual(mix.map(([, s]) => s));
  });
});

describe("exports", () => {
  it("streams the learner list as csv: UTF-8 with BOM, Thai intact, named for the course, filters applied", async () => {
    const id = await emptyCourse();
    await seedLearners(id, [
      ["learner001", 0],
      ["learner002", 30],
    ]);
    await api.db
      .updateTable("account")
      .set({ first_name: "สมศรี", last_name: "=cmd|' /C calc'!A0" })
      .where("username", "=", "learner001")
      .execute();
    const res = await download(admin, `${C}/${id}/learner/export/?format_type=csv&ordering=username`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      new RegExp(`^attachment; filename="ENR-\\d+-learner-20260601\\.csv"`),
    );
    expect([...res.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.raw.toString("utf8").slice(1);
    const lines = parseCsv(text).filter((l) => l.length > 1);
    expect(lines[0]).toEqual([
      "No.",
      "Username",
      "First name",
      "Last name",
      "Email",
      "Department",
      "Status",
      "Status code",
      "Add method",
      "Added by",
      "Enrolled",
      "Started",
      "Completed",
    ]);
    expect(lines[1].slice(0, 4)).toEqual(["1", "learner001", "สมศรี", "'=cmd|' /C calc'!A0"]);
    expect(lines[1][6]).toBe("Not started");
    // Shown in the organisation's zone (UTC+7).
    const local = new Date(api.clock.now.getTime() + 7 * 3600_000).toISOString();
    expect(lines[1][10]).toBe(`${local.slice(0, 10)} ${local.slice(11, 16)}`);
    expect(lines[2].slice(0, 2)).toEqual(["2", "learner002"]);
    const filtered = await download(admin, `${C}/${id}/learner/export/?format_type=csv&status_group=done`);
    expect(parseCsv(filtered.raw.toString("utf8")).filter((l) => l.length > 1)).toHaveLength(2);
  });

  it("streams xlsx readable by a spreadsheet, headings in the requester's language", async () => {
    const { id, count } = await busyCourse();
    await api.db.updateTable("account").set({ language: "th" }).where("username", "=", "staff1").execute();
    const staff = api.client();
    await staff.login("staff1");
    const res = await download(staff, `${C}/${id}/progress/export/?format_type=xlsx`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.raw as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(count + 1);
    expect(sheet.getRow(1).getCell(2).value).toBe("ชื่อผู้ใช้");
    expect(sheet.getRow(2).getCell(1).value).toBe(1);
    const statuses = new Set<string>();
    sheet.eachRow((r, i) => i > 1 && statuses.add(String(r.getCell(5).value)));
    expect(statuses.has("เรียนจบแล้ว")).toBe(true);
  });

  it("refuses an unknown format and bad filters with 400", async () => {
    const { id } = await busyCourse();
    expect((await admin.get(`${C}/${id}/learner/export/?format_type=pdf`)).body).toEqual({
      format_type: ["invalid_choice"],
    });
    expect((await admin.get(`${C}/${id}/progress/export/?status_group=x`)).body).toEqual({
      status_group: ["invalid_choice"],
    });
  });
});
