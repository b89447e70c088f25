import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSIGNMENT_RESULT as R } from "../../contract/assignment-codes";
import { contentTypeId } from "../../api/content/ref";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * The overdue learners of assignments (issue 33 item 13; docs/decisions/080): the assignment list's
 * `learners=overdue` keeps the assignments with one, the learner tab's lists exactly them — enrolled
 * by the assignment, expiry passed (a day lasts to its end), still to do, doing or expired.
 */
let api: TestApi;
let admin: Client;
const A = "/api/dashboard/assignment";
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
});
afterAll(() => api.close());

const at = () => api.clock.now.toISOString(); // 2026-06-01T08:00Z

async function newCourse() {
  const seed = await api.db.selectFrom("course").selectAll().orderBy("id").executeTakeFirstOrThrow();
  const code = `OVD${Math.floor(Math.random() * 1e6)}`;
  const row = await api.db
    .insertInto("course")
    .values({
      name: `Overdue ${code}`,
      code,
      category_id: seed.category_id,
      provider_id: seed.provider_id,
      content_level: null,
      program: null,
      is_environmental: 0,
      desc: "",
      is_display: 1,
      datetime_start: null,
      datetime_first_publish: at(),
      datetime_create: at(),
      datetime_update: at(),
      created_by: null,
      image: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, typeId: await contentTypeId(api.db, "course") };
}

/** One learner's result of `assignment` in `course`, with an enrolment at `status` (none when null). */
async function learner(
  assignment: number,
  course: { id: number; typeId: number },
  account: number,
  result: number,
  expire: string | null,
  status: number | null,
) {
  const e =
    status === null
      ? null
      : await api.db
          .insertInto("content_enrollment")
          .values({
            account_id: account,
            content_type_id: course.typeId,
            content_id: course.id,
            status,
            add_method: 1,
            added_by: 1,
            created_by: null,
            datetime_enroll: at(),
            datetime_start: null,
            datetime_complete: null,
            datetime_update: at(),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
  await api.db
    .insertInto("assignment_result")
    .values({
      assignment_id: assignment,
      account_id: account,
      content_type_id: course.typeId,
      content_id: course.id,
      result,
      enrollment_id: e?.id ?? null,
      datetime_expire: expire,
      created_by: null,
      datetime_create: at(),
      datetime_update: at(),
    })
    .execute();
}

describe("overdue learners (docs/decisions/080)", () => {
  it("lists the assignments with an overdue learner, and exactly those learners", async () => {
    const course = await newCourse();
    const students = (
      await api.db
        .selectFrom("account")
        .select("id")
        .where("username", "like", "student%")
        .orderBy("id")
        .limit(8)
        .execute()
    ).map((r) => r.id);
    const late = (await admin.post(`${A}/`, { type: 0, name: "Late one" })).body.id as number;
    const fine = (await admin.post(`${A}/`, { type: 0, name: "On time" })).body.id as number;
    const [s1, s2, s3, s4, s5, s6, s7, s8] = students;
    await learner(late, course, s1, R.assigned, "2026-05-31", 21); // overdue: a day passed, in progress
    await learner(late, course, s2, R.replaced, "2026-06-01T07:00:00.000Z", 0); // overdue: an instant passed, not started
    await learner(late, course, s3, R.assigned, "2026-05-01", -2); // overdue: marked expired
    await learner(late, course, s4, R.assigned, "2026-06-01", 21); // not: today lasts to its end
    await learner(late, course, s5, R.assigned, "2026-05-01", 30); // not: completed
    await learner(late, course, s6, R.canceled, "2026-05-01", -11); // not: its assignment cancelled
    await learner(late, course, s7, R.assigned, null, 21); // not: no expiry
    await learner(fine, course, s8, R.assigned, "2026-07-01", 21); // not: expiry ahead

    const list = await admin.get(`${A}/?learners=overdue&page_size=500`);
    expect(list.status).toBe(200);
    const ids = (list.body.results as { id: number }[]).map((r) => r.id);
    expect(ids).toContain(late);
    expect(ids).not.toContain(fine);
    expect(list.body.count).toBe(ids.length);
    // "all" is no filter; another value is refused on its field.
    expect(
      (await admin.get(`${A}/?learners=all&page_size=500`)).body.results.map((r: { id: number }) => r.id),
    ).toContain(fine);
    const bad = await admin.get(`${A}/?learners=late`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ learners: ["invalid_choice"] });

    const rows = await admin.get(`${A}/${late}/learner/?learners=overdue`);
    expect(rows.status).toBe(200);
    expect((rows.body.results as { account: { id: number } }[]).map((r) => r.account.id).sort((a, b) => a - b)).toEqual(
      [s1, s2, s3].sort((a, b) => a - b),
    );
    expect(rows.body.count).toBe(3);
    expect((await admin.get(`${A}/${fine}/learner/?learners=overdue`)).body.count).toBe(0);
    expect((await admin.get(`${A}/${late}/learner/?learners=1`)).status).toBe(400);
    // The export lists what the page lists.
    const csv = await admin.get(`${A}/${late}/learner/export/?format_type=csv&learners=overdue`);
    expect(csv.status).toBe(200);
  });

  it("is refused without the assignment flag", async () => {
    const viewer = await api.signedIn("viewer");
    expect((await viewer.get(`${A}/?learners=overdue`)).status).toBe(403);
  });
});
