import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { whenFull } from "../../contract/codes";
import type { EnrollAnswer, EnrollCandidate, EnrollCandidates, ImportAnswer } from "../../contract/schemas/enrollment";
import { contentTypeId } from "../../api/content/ref";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * An administrator's enrolment and the course's capacity (docs/decisions/017): seats are held by
 * every record but the waiting and canceled ones; once full, the access type (or, for the others,
 * the waiting type) puts the rest on the waiting list (2) or refuses them (full, nothing
 * written) — by list, department, group and file alike, in the order given. And the learner
 * picker's accounts, paged past the first page, or named by id.
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
const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
const idBy = async (table: "category" | "provider" | "department", code: string) =>
  (await api.db.selectFrom(table).select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
const recordsOf = async (courseId: number) =>
  (
    await api.db
      .selectFrom("content_enrollment as e")
      .innerJoin("account as a", "a.id", "e.account_id")
      .select(["a.username", "e.status"])
      .where("e.content_type_id", "=", courseType)
      .where("e.content_id", "=", courseId)
      .orderBy("a.username")
      .execute()
  ).map((r) => [r.username, r.status]);
const students = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `student${String(from + i).padStart(4, "0")}`);
const ids = (usernames: string[]) => Promise.all(usernames.map(accountId));

let seq = 0;
async function emptyCourse() {
  seq++;
  const at = api.clock.now.toISOString();
  const { id } = await api.db
    .insertInto("course")
    .values({
      name: `Capacity test ${seq}`,
      code: `CAP-${seq}`,
      content_level: null,
      program: null,
      category_id: await idBy("category", "TECH-DAT"),
      provider_id: await idBy("provider", "ACAD"),
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
/** Save the course's enrollment settings through the API (the rest at their defaults). */
async function settle(courseId: number, settings: { capacity: number; type_access: number; type_waiting?: number }) {
  const res = await admin.put(`${C}/${courseId}/enrollment/`, {
    type_waiting: 0,
    content_period_cancel: { type: 2 },
    ...settings,
  });
  if (res.status !== 200) throw new Error(`settings: ${res.status} ${JSON.stringify(res.body)}`);
}
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
function upload(url: string, csv: string) {
  const boundary = "----capacityBoundary";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="learners.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return admin.post(url, body as never, { "content-type": `multipart/form-data; boundary=${boundary}` });
}

describe("what a full course does", () => {
  it("follows the access type, else the waiting type", () => {
    expect(whenFull(0, 1)).toBe("waiting_list");
    expect(whenFull(1, 0)).toBe("closed");
    for (const access of [-1, 2, 3]) {
      expect(whenFull(access, 0), String(access)).toBe("waiting_list");
      expect(whenFull(access, 1), String(access)).toBe("closed");
    }
  });
});

describe("enrolling by list into a course with a capacity", () => {
  it("without a capacity (no settings, or 0) enrols everyone", async () => {
    const id = await emptyCourse();
    const res = await admin.post(`${C}/${id}/enroll/`, { account_list: await ids(students(201, 5)) });
    expect(res.body).toMatchObject({ enrolled: 5, waiting_list: 0, full: 0, seats: null });
    await settle(id, { capacity: 0, type_access: 1 });
    expect((await admin.post(`${C}/${id}/enroll/`, { account_list: await ids(students(206, 3)) })).body).toMatchObject({
      enrolled: 3,
      seats: null,
    });
  });

  it("closed when full: the first ones get the free seats, the rest are full and nothing is written for them", async () => {
    const id = await emptyCourse();
    await settle(id, { capacity: 3, type_access: 1 });
    // Held seats: not started and expired; free: waiting list and canceled records.
    await seedLearners(id, [
      ["student0211", 0],
      ["student0212", -2],
      ["student0213", 2],
      ["student0214", -1],
    ]);
    const picked = students(221, 3);
    const res = await admin.post(`${C}/${id}/enroll/`, {
      account_list: [...(await ids(picked)), await accountId("student0213")],
    });
    expect(res.status).toBe(200);
    const body = res.body as EnrollAnswer;
    expect(body).toMatchObject({
      enrolled: 1,
      waiting_list: 0,
      already_enrolled: 1,
      full: 2,
      not_found: 0,
      seats: { capacity: 3, taken: 3, when_full: "closed" },
    });
    expect(body.results.map((r) => [r.username, r.result])).toEqual([
      ["student0221", "enrolled"],
      ["student0222", "full"],
      ["student0223", "full"],
      ["student0213", "already_enrolled"],
    ]);
    expect(await recordsOf(id)).toEqual([
      ["student0211", 0],
      ["student0212", -2],
      ["student0213", 2],
      ["student0214", -1],
      ["student0221", 0],
    ]);
    // Nothing in the history for the refused ones either.
    const logged = await api.db
      .selectFrom("content_progress_log as l")
      .innerJoin("content_enrollment as e", "e.id", "l.enrollment_id")
      .select("e.account_id")
      .where("e.content_type_id", "=", courseType)
      .where("e.content_id", "=", id)
      .execute();
    expect(logged.map((l) => l.account_id)).toEqual([await accountId("student0221")]);
    // Full now: anyone else is refused.
    expect((await admin.post(`${C}/${id}/enroll/`, { account_list: await ids(students(230, 1)) })).body).toMatchObject({
      enrolled: 0,
      full: 1,
    });
  });

  it("waiting list when full: the rest go on the waiting list (2), which holds no seat", async () => {
    const id = await emptyCourse();
    await settle(id, { capacity: 2, type_access: 0, type_waiting: 1 });
    const res = await admin.post(`${C}/${id}/enroll/`, { account_list: await ids(students(241, 4)) });
    expect(res.body).toMatchObject({
      enrolled: 2,
      waiting_list: 2,
      full: 0,
      seats: { capacity: 2, taken: 2, when_full: "waiting_list" },
    });
    expect(await recordsOf(id)).toEqual([
      ["student0241", 0],
      ["student0242", 0],
      ["student0243", 2],
      ["student0244", 2],
    ]);
    const history = await api.db
      .selectFrom("content_progress_log as l")
      .innerJoin("content_enrollment as e", "e.id", "l.enrollment_id")
      .select(["l.from_status", "l.to_status", "l.action_type"])
      .where("e.content_type_id", "=", courseType)
      .where("e.content_id", "=", id)
      .orderBy("l.id")
      .execute();
    expect(history.map((h) => [h.from_status, h.to_status, h.action_type])).toEqual([
      [null, 0, "enroll"],
      [null, 0, "enroll"],
      [null, 2, "enroll"],
      [null, 2, "enroll"],
    ]);
  });

  it("no condition and approval access follow the waiting type; an administrator's enrolment needs no approval", async () => {
    const closed = await emptyCourse();
    await settle(closed, { capacity: 1, type_access: -1, type_waiting: 1 });
    expect(
      (await admin.post(`${C}/${closed}/enroll/`, { account_list: await ids(students(251, 2)) })).body,
    ).toMatchObject({ enrolled: 1, full: 1 });
    const approval = await emptyCourse();
    await settle(approval, { capacity: 1, type_access: 2, type_waiting: 0 });
    expect(
      (await admin.post(`${C}/${approval}/enroll/`, { account_list: await ids(students(253, 2)) })).body,
    ).toMatchObject({ enrolled: 1, waiting_list: 1 });
    expect(await recordsOf(approval)).toEqual([
      ["student0253", 0],
      ["student0254", 2],
    ]);
  });

  it("applies to department enrolment too, in the order the accounts are found", async () => {
    const id = await emptyCourse();
    await settle(id, { capacity: 2, type_access: 1 });
    const hr = await idBy("department", "HR");
    const members = (
      await api.db
        .selectFrom("account")
        .select("id")
        .where("department_id", "=", hr)
        .where("is_active", "=", 1)
        .orderBy("id")
        .execute()
    ).map((r) => r.id);
    expect(members.length).toBeGreaterThan(2);
    const res = await admin.post(`${C}/${id}/enroll/`, { department_list: [hr] });
    expect(res.body).toMatchObject({ enrolled: 2, full: members.length - 2 });
    expect((res.body as EnrollAnswer).results.filter((r) => r.result === "enrolled").map((r) => r.account)).toEqual(
      members.slice(0, 2),
    );
  });
});

describe("enrolling by file into a course with a capacity", () => {
  it("closed: rows past the capacity are refused as full, the rest in file order", async () => {
    const id = await emptyCourse();
    await settle(id, { capacity: 2, type_access: 1 });
    await seedLearners(id, [["student0261", 30]]);
    const res = await upload(
      `${C}/${id}/enroll/import/`,
      "username\r\nstudent0262\r\nstudent0261\r\nstudent0263\r\nnobody\r\nstudent0264\r\n",
    );
    expect(res.status).toBe(200);
    const body = res.body as ImportAnswer;
    expect(body.results.map((r) => [r.row, r.value, r.result, r.refused])).toEqual([
      [2, "student0262", "enrolled", false],
      [3, "student0261", "already_enrolled", false],
      [4, "student0263", "full", true],
      [5, "nobody", "not_found", true],
      [6, "student0264", "full", true],
    ]);
    expect(body).toMatchObject({
      enrolled: 1,
      waiting_list: 0,
      already_enrolled: 1,
      refused: 3,
      seats: { capacity: 2, taken: 2, when_full: "closed" },
    });
    expect(await recordsOf(id)).toEqual([
      ["student0261", 30],
      ["student0262", 0],
    ]);
  });

  it("waiting list: rows past the capacity are written at the waiting list, not refused", async () => {
    const id = await emptyCourse();
    await settle(id, { capacity: 1, type_access: 0 });
    const res = await upload(`${C}/${id}/enroll/import/`, "username\r\nstudent0271\r\nstudent0272\r\n");
    expect((res.body as ImportAnswer).results.map((r) => [r.result, r.refused])).toEqual([
      ["enrolled", false],
      ["waiting_list", false],
    ]);
    expect(res.body).toMatchObject({ enrolled: 1, waiting_list: 1, refused: 0 });
    expect(await recordsOf(id)).toEqual([
      ["student0271", 0],
      ["student0272", 2],
    ]);
  });
});

describe("the learner picker's accounts", () => {
  it("pages every active account, 50 a page, without overlap; a page past the end is 404", async () => {
    const id = await emptyCourse();
    const active = Number(
      (
        await api.db
          .selectFrom("account")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("is_active", "=", 1)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const first = (await admin.get(`${C}/${id}/enroll/account/`)).body as EnrollCandidates;
    expect(first).toMatchObject({ count: active, page: 1, page_size: 50, seats: null });
    expect(first.next).toContain("page=2");
    const second = (await admin.get(`${C}/${id}/enroll/account/?page=2`)).body as EnrollCandidates;
    expect(second.results).toHaveLength(50);
    const seen = new Set(first.results.map((r) => r.id));
    expect(second.results.some((r) => seen.has(r.id))).toBe(false);
    const last = Math.ceil(active / 50);
    const end = await admin.get(`${C}/${id}/enroll/account/?page=${last}`);
    expect(end.body.next).toBeNull();
    expect((await admin.get(`${C}/${id}/enroll/account/?page=${last + 1}`)).status).toBe(404);
    expect((await admin.get(`${C}/${id}/enroll/account/?page=0`)).status).toBe(400);
  });

  it("reaches an account past the first page of a search, and lists picked ones by id", async () => {
    const id = await emptyCourse();
    await seedLearners(id, [["student0399", 0]]);
    const search = await admin.get(`${C}/${id}/enroll/account/?search=student03&page=2`);
    expect(search.status).toBe(200);
    expect(search.body.count).toBe(100);
    const names = (search.body.results as EnrollCandidate[]).map((r) => r.username);
    expect(names[0]).toBe("student0350");
    expect(names.at(-1)).toBe("student0399");
    expect((search.body.results as EnrollCandidate[]).find((r) => r.username === "student0399")?.is_enrolled).toBe(
      true,
    );
    const picked = await ids(["student2999", "learner001"]);
    const byId = await admin.get(`${C}/${id}/enroll/account/?id_list=${picked.join(",")},99999999999`);
    expect((byId.body.results as EnrollCandidate[]).map((r) => r.username).sort()).toEqual([
      "learner001",
      "student2999",
    ]);
    expect((await admin.get(`${C}/${id}/enroll/account/?id_list=1,x`)).status).toBe(400);
  });

  it("answers the course's seats", async () => {
    const id = await emptyCourse();
    await settle(id, { capacity: 5, type_access: -1, type_waiting: 1 });
    await seedLearners(id, [
      ["student0281", 21],
      ["student0282", 2],
    ]);
    expect((await admin.get(`${C}/${id}/enroll/account/?search=student028`)).body.seats).toEqual({
      capacity: 5,
      taken: 1,
      when_full: "closed",
    });
  });
});
