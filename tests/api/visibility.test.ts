import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Course } from "../../contract/schemas/course";
import type { PermissionRuleRow } from "../../contract/schemas/content-permission";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * The permission rules' conditions decide who sees a content (docs/decisions/014, 030), through
 * the same evaluator as the groups: a course visible to a group is visible to exactly its members
 * (the audience call and each learner's own view agree), a user who moves department gains or
 * loses it, and a category's rules close what lies in it.
 */

let api: TestApi;
let admin: Client;
const clients = new Map<string, Client>();
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  for (const username of ["learner", "viewer", "learner001", "instructor"])
    clients.set(username, await api.signedIn(username));
});
afterAll(() => api.close());

const C = "/api/dashboard/course";
const as = (username: string) => clients.get(username)!;
const idBy = async (table: "category" | "provider" | "department" | "account_group", code: string) =>
  (await api.db.selectFrom(table).select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;

/** A published course (shown directly: the publish rules are not this test's subject). */
async function publishedCourse(code: string, category = "TECH-DAT"): Promise<number> {
  const res = await admin.post(`${C}/`, {
    name: `Course ${code}`,
    code,
    category: await idBy("category", category),
    provider: await idBy("provider", "ACAD"),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = (res.body as Course).id;
  await api.db.updateTable("course").set({ is_display: 1, datetime_start: null }).where("id", "=", id).execute();
  return id;
}
async function rule(courseId: number, mode: number, permission: number, condition: Record<string, unknown>) {
  const created = await admin.post(`${C}/${courseId}/permission/`, { mode, permission });
  expect(created.status).toBe(201);
  const saved = await admin.put(
    `${C}/${courseId}/permission/${(created.body as PermissionRuleRow).id}/condition/`,
    condition,
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}
/** Every id of a paged list (all pages). */
async function allIds(client: Client, first: string): Promise<number[]> {
  const out: number[] = [];
  for (let next: string | null = first; next;) {
    const res = await client.get(next);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    out.push(...(res.body.results as { id: number }[]).map((r) => r.id));
    next = res.body.next;
  }
  return out.sort((a, b) => a - b);
}
const audience = (courseId: number) => allIds(admin, `${C}/${courseId}/permission/audience/?page_size=1000`);
const sees = async (username: string, courseId: number) =>
  (await as(username).get(`/api/course/${courseId}/`)).status === 200;

describe("a course visible to a group", () => {
  it("is visible to exactly the group's members, and a move of department changes that", async () => {
    const course = await publishedCourse("VIS-GRP");
    const hrTeam = await idBy("account_group", "G4");
    await rule(course, 2, 2, { group: [hrTeam] });
    const members = await allIds(admin, `/api/dashboard/group/${hrTeam}/member/?page_size=1000`);
    expect(members.length).toBeGreaterThan(1);
    expect(await audience(course)).toEqual(members);
    expect(await sees("viewer", course)).toBe(true);
    expect((await as("viewer").get(`/api/course/${course}/`)).body).toMatchObject({
      id: course,
      code: "VIS-GRP",
      permission: 2,
      category: { name: "Data" },
    });
    expect(await sees("learner", course)).toBe(false);
    expect((await as("learner").get("/api/course/?search=VIS-GRP")).body).toMatchObject({ count: 0, results: [] });

    // The learner moves to Recruitment (under Human Resources): one of the HR team, so the course is theirs.
    const learner = await accountId("learner");
    await api.db
      .updateTable("account")
      .set({ department_id: await idBy("department", "HR-REC") })
      .where("id", "=", learner)
      .execute();
    expect(await sees("learner", course)).toBe(true);
    expect(
      (await as("learner").get("/api/course/?search=VIS-GRP")).body.results.map((c: { id: number }) => c.id),
    ).toEqual([course]);
    expect(await audience(course)).toEqual([...members, learner].sort((a, b) => a - b));
    // And back to Sales: gone again.
    await api.db
      .updateTable("account")
      .set({ department_id: await idBy("department", "SAL") })
      .where("id", "=", learner)
      .execute();
    expect(await sees("learner", course)).toBe(false);
    expect(await audience(course)).toEqual(members);
  });

  it("a group of accounts: its listed members, as they are added", async () => {
    const course = await publishedCourse("VIS-LIST");
    const group = await admin.post("/api/dashboard/group/", { name: "Visibility cohort" });
    await rule(course, 2, 1, { group: [group.body.id] });
    expect(await audience(course)).toEqual([]);
    await admin.post(`/api/dashboard/group/${group.body.id}/member/`, {
      account_list: [await accountId("learner001")],
    });
    expect(await audience(course)).toEqual([await accountId("learner001")]);
    expect((await as("learner001").get(`/api/course/${course}/`)).body.permission).toBe(1);
  });
});

describe("rules and levels", () => {
  it("no rules: everyone sees it and may enrol; an unpublished one nobody", async () => {
    const open = await publishedCourse("VIS-OPEN");
    expect((await as("learner").get(`/api/course/${open}/`)).body.permission).toBe(2);
    await api.db.updateTable("course").set({ is_display: 0 }).where("id", "=", open).execute();
    expect(await sees("learner", open)).toBe(false);
  });

  it("the highest level of the rules a learner passes; a user rule names accounts", async () => {
    const course = await publishedCourse("VIS-LEVEL");
    await rule(course, 3, 1, { account: [await accountId("learner"), await accountId("viewer")] });
    await rule(course, 2, 2, { department: [await idBy("department", "HR")] });
    expect((await as("learner").get(`/api/course/${course}/`)).body.permission).toBe(1);
    expect((await as("viewer").get(`/api/course/${course}/`)).body.permission).toBe(2);
    expect(await sees("learner001", course)).toBe(await inDepartment("learner001", "HR"));
    // A user rule reads its accounts only: organisation criteria stored beside them do not count.
    const everyone = await publishedCourse("VIS-ALL");
    await rule(everyone, 1, 1, {});
    expect((await as("learner001").get(`/api/course/${everyone}/`)).body.permission).toBe(1);
  });
});

const inDepartment = async (username: string, code: string) =>
  (
    await api.db
      .selectFrom("account")
      .select("department_id")
      .where("username", "=", username)
      .executeTakeFirstOrThrow()
  ).department_id === (await idBy("department", code));

describe("category rules", () => {
  it("close what lies in a category and its sub-categories, and cap the level", async () => {
    const course = await publishedCourse("VIS-CAT", "SOFT-COM");
    const soft = await idBy("category", "SOFT");
    const R = `/api/dashboard/category/${soft}/permission/`;
    const created = await admin.post(R, { mode: 2, permission: 1 });
    expect(created.status).toBe(201);
    await admin.put(`${R}${created.body.id}/condition/`, {
      department: [await idBy("department", "HR")],
      is_include_sub_department: true,
    });
    expect(await sees("learner", course)).toBe(false);
    expect((await as("viewer").get(`/api/course/${course}/`)).body.permission).toBe(1);
    expect(await audience(course)).toEqual(
      await allIds(admin, `/api/dashboard/group/${await idBy("account_group", "G4")}/member/?page_size=1000`),
    );
    expect((await admin.delete(`${R}${created.body.id}/`)).status).toBe(204);
    expect(await sees("learner", course)).toBe(true);
  });
});

describe("who may ask", () => {
  it("the audience needs the course change flag; the catalogue a session", async () => {
    const course = await publishedCourse("VIS-WHO");
    expect((await as("viewer").get(`${C}/${course}/permission/audience/`)).status).toBe(403);
    expect((await as("learner").get(`${C}/${course}/permission/audience/`)).status).toBe(403);
    expect((await api.client().get("/api/course/")).status).toBe(401);
    expect((await as("learner").get("/api/course/999999/")).status).toBe(404);
  });
});
