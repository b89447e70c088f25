import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Course, CourseRow } from "../../contract/schemas/course";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * A course's administrator list widens a scoped account's view (docs/decisions/018): the provider
 * and the instructor see and manage, per their flags, a course of another provider or that they do
 * not teach once the list names them, and lose it when they are taken off. The list grants no flag.
 */

let api: TestApi;
let admin: Client;
const clients = new Map<string, Client>();
beforeAll(async () => {
  api = await startTestApi();
  admin = api.client();
  await admin.login("admin");
  for (const username of ["provider", "instructor", "manager", "viewer"]) {
    const c = api.client();
    await c.login(username);
    clients.set(username, c);
  }
});
afterAll(() => api.close());

const C = "/api/dashboard/course";
const as = (username: string) => clients.get(username)!;
const idBy = async (table: "category" | "provider" | "instructor", code: string) =>
  (await api.db.selectFrom(table).select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;

/** A course of the Internal Academy (the demo provider is Bangkok Learning Co.) taught by nobody. */
async function foreignCourse(code: string): Promise<Course> {
  const res = await admin.post(`${C}/`, {
    name: `Course ${code}`,
    code,
    category: await idBy("category", "TECH-DAT"),
    provider: await idBy("provider", "ACAD"),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Course;
}
const addAdmin = async (courseId: number, username: string) => {
  const res = await admin.post(`${C}/${courseId}/permission/admin/`, { account: await accountId(username) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};
const removeAdmin = async (courseId: number, username: string) =>
  expect((await admin.delete(`${C}/${courseId}/permission/admin/${await accountId(username)}/`)).status).toBe(204);
/** Every course id the account lists (all pages). */
async function listed(c: Client, query = ""): Promise<number[]> {
  const res = await c.get(`${C}/?page_size=500${query}`);
  expect(res.status).toBe(200);
  return (res.body.results as CourseRow[]).map((r) => r.id);
}

/** What a scoped account can do on the course: the item, a read tab, a write it holds the flag of. */
async function reach(username: string, courseId: number) {
  const c = as(username);
  return {
    listed: (await listed(c)).includes(courseId),
    searched: (await listed(c, `&search=Course%20ADM`)).includes(courseId),
    item: (await c.get(`${C}/${courseId}/`)).status,
    curriculum: (await c.get(`${C}/${courseId}/curriculum/`)).status,
    competency: (await c.get(`${C}/${courseId}/competency/`)).status,
    learners: (await c.get(`${C}/${courseId}/learner/`)).status,
  };
}
const OUT = { listed: false, searched: false, item: 404, curriculum: 404, competency: 404, learners: 404 };
const IN = { listed: true, searched: true, item: 200, curriculum: 200, competency: 200, learners: 200 };

describe("the administrator list of a course", () => {
  it("lets a listed provider see and manage a course of another provider, until it is taken off", async () => {
    const course = await foreignCourse("ADM-PRV");
    const ownCount = (await listed(as("provider"))).length;
    expect(await reach("provider", course.id)).toEqual(OUT);

    await addAdmin(course.id, "provider");
    expect(await reach("provider", course.id)).toEqual(IN);
    const provider = as("provider");
    expect(await listed(provider)).toHaveLength(ownCount + 1);
    // Its flags apply there: change (and stay listed although the provider is not its own), add a
    // section, manage the course's own administrators; publish too (the provider holds it).
    const renamed = await provider.patch(`${C}/${course.id}/`, { name: "Renamed by its administrator" });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.provider.id).toBe(await idBy("provider", "ACAD"));
    expect(
      (await provider.post(`${C}/${course.id}/curriculum/section/`, { name: "Added by its administrator" })).status,
    ).toBe(201);
    expect((await provider.get(`${C}/${course.id}/permission/admin/`)).status).toBe(200);
    // A flag the provider lacks stays refused (enrollment settings: course_enrollment_course).
    expect((await provider.get(`${C}/${course.id}/enrollment/`)).status).toBe(403);

    await removeAdmin(course.id, "provider");
    expect(await reach("provider", course.id)).toEqual(OUT);
    expect(await listed(provider)).toHaveLength(ownCount);
    expect((await provider.patch(`${C}/${course.id}/`, { name: "Taken back" })).status).toBe(404);
    expect(
      (await api.db.selectFrom("course").select("name").where("id", "=", course.id).executeTakeFirstOrThrow()).name,
    ).toBe("Renamed by its administrator");
  });

  it("lets a listed instructor work on a course it does not teach, with its own flags only", async () => {
    const course = await foreignCourse("ADM-INS");
    const instructor = as("instructor");
    expect(await reach("instructor", course.id)).toEqual(OUT);
    await addAdmin(course.id, "instructor");
    expect(await reach("instructor", course.id)).toEqual(IN);
    // Change and progress: yes; publish and delete: the instructor role has neither.
    expect((await instructor.patch(`${C}/${course.id}/`, { desc: "Edited by its administrator" })).status).toBe(200);
    expect((await instructor.patch(`${C}/${course.id}/`, { is_display: true })).status).toBe(403);
    expect((await instructor.delete(`${C}/${course.id}/`)).status).toBe(403);
    expect((await instructor.get(`${C}/${course.id}/progress/`)).status).toBe(200);
    // The instructor is not added to the course's instructors by being an administrator.
    expect((await instructor.get(`${C}/${course.id}/`)).body.instructor_list).toEqual([]);
    await removeAdmin(course.id, "instructor");
    expect(await reach("instructor", course.id)).toEqual(OUT);
  });

  it("grants no flag: a role without course view stays refused, a read-only one stays read-only", async () => {
    const course = await foreignCourse("ADM-NOF");
    await addAdmin(course.id, "manager");
    await addAdmin(course.id, "viewer");
    // The manager's course_view_course_by_manager is a scope the course does not understand.
    expect((await as("manager").get(`${C}/`)).status).toBe(403);
    expect((await as("manager").get(`${C}/${course.id}/`)).status).toBe(403);
    // The viewer sees every course anyway and still may not change this one.
    const viewer = as("viewer");
    expect((await viewer.get(`${C}/${course.id}/`)).status).toBe(200);
    expect((await viewer.patch(`${C}/${course.id}/`, { name: "Viewer's edit" })).status).toBe(403);
    expect((await viewer.post(`${C}/${course.id}/curriculum/section/`, { name: "x" })).status).toBe(403);
  });

  it("does not let a scoped account create outside its scope by way of another course's list", async () => {
    const course = await foreignCourse("ADM-CRT");
    await addAdmin(course.id, "provider");
    const res = await as("provider").post(`${C}/`, {
      name: "Outside",
      code: "ADM-OUT",
      category: await idBy("category", "TECH-DAT"),
      provider: await idBy("provider", "ACAD"),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ provider: ["invalid_choice"] });
    await removeAdmin(course.id, "provider");
  });

  it("widens only the listed course's type and account", async () => {
    const course = await foreignCourse("ADM-ONE");
    await addAdmin(course.id, "instructor");
    // Another scoped account is not helped by someone else's entry.
    expect((await as("provider").get(`${C}/${course.id}/`)).status).toBe(404);
    // An entry of another content type with the same id widens nothing for courses.
    await removeAdmin(course.id, "instructor");
    const other = await api.db
      .selectFrom("content_type")
      .select("id")
      .where("code", "=", "event")
      .executeTakeFirstOrThrow();
    await api.db
      .insertInto("content_admin")
      .values({
        content_type_id: other.id,
        content_id: course.id,
        account_id: await accountId("provider"),
        datetime_create: new Date().toISOString(),
      })
      .execute();
    expect((await as("provider").get(`${C}/${course.id}/`)).status).toBe(404);
  });
});
