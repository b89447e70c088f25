import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { flag } from "../../contract/permissions";
import type { DepartmentNode } from "../../contract/schemas/organisation";
import { startTestApi, type Client, type TestApi } from "./harness";
import { accountId, changedRows, departmentId, signedInWithout, snapshot } from "./people-kit";

/** Departments as a tree: list, tree, create, update, move (people move along, no cycles), delete (issue 15 §3). */

let api: TestApi;
let admin: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
});
afterAll(() => api.close());

const D = "/api/dashboard/department/";
const U = "/api/dashboard/user/";
const filterTime = async () =>
  (await api.client().get("/api/config/check-update/")).body.filter_update["department-cascade"];

/** PATCH or POST refused with `status` and `body`, writing nothing. */
async function refused(send: () => Promise<{ status: number; body: unknown }>, status: number, body: unknown) {
  const before = await snapshot(api);
  const res = await send();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual(body);
  expect(changedRows(before, await snapshot(api))).toEqual([]);
}

describe("reading", () => {
  it("lists departments with their parent and counts, the roots with parent=0, searchable", async () => {
    const res = await admin.get(`${D}?search=branch`);
    expect(res.status).toBe(200);
    const sales = await departmentId(api, "Sales");
    expect(res.body.results.map((r: { name: string }) => r.name)).toEqual(["Bangkok Branch", "Chiang Mai Branch"]);
    expect(res.body.results[0]).toMatchObject({ parent: { id: sales, name: "Sales" }, count_children: 0 });
    const roots = await admin.get(`${D}?parent=0`);
    expect(roots.body.results.map((r: { name: string }) => r.name)).toEqual(["Head Office", "Sales"]);
    const hq = roots.body.results[0];
    const all = await api.db.selectFrom("account").select("id").where("department_id", "is not", null).execute();
    expect(hq.count_account_total + roots.body.results[1].count_account_total).toBe(all.length);
    expect((await admin.get(`${D}?parent=abc`)).body).toEqual({ parent: [MSG.invalid] });
  });

  it("answers the whole tree, at least three deep, and one department with its path and children", async () => {
    const tree = (await admin.get(`${D}tree/`)).body.results as DepartmentNode[];
    const depth = (nodes: DepartmentNode[]): number =>
      nodes.length ? 1 + Math.max(...nodes.map((n) => depth(n.children))) : 0;
    expect(depth(tree)).toBeGreaterThanOrEqual(3);
    const rec = await departmentId(api, "Recruitment");
    const one = await admin.get(`${D}${rec}/`);
    expect(one.body).toMatchObject({
      name: "Recruitment",
      path: [{ name: "Head Office" }, { name: "Human Resources" }, { id: rec, name: "Recruitment" }],
      children: [],
    });
    expect((await admin.get(`${D}99999999/`)).status).toBe(404);
  });

  it("refuses staff without the department flags", async () => {
    const { client } = await signedInWithout(api, flag("department", "view"));
    expect((await client.get(D)).status).toBe(403);
    expect((await client.get(`${D}tree/`)).status).toBe(403);
    await refused(() => client.post(D, { name: "Nope" }), 403, { detail: MSG.permission_denied });
  });
});

describe("writing", () => {
  it("creates and renames, refusing a blank name, a used code and a parent that does not exist", async () => {
    const before = await filterTime();
    api.advance(1000);
    const hr = await departmentId(api, "Human Resources");
    const res = await admin.post(D, { name: "Payroll", code: "HR-PAY", parent: hr });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ name: "Payroll", code: "HR-PAY", parent: { id: hr }, count_account: 0 });
    expect(await filterTime()).not.toBe(before); // the cascade filter's cache is told
    expect((await admin.patch(`${D}${res.body.id}/`, { name: "Payroll and Benefits" })).body.name).toBe(
      "Payroll and Benefits",
    );
    await refused(() => admin.post(D, { name: " ", code: "hr" }), 400, { name: [MSG.required] });
    await refused(() => admin.post(D, { name: "Copy", code: "hr" }), 400, { code: [MSG.code_already_used] });
    await refused(() => admin.post(D, { name: "Orphan", parent: 99999999 }), 400, { parent: [MSG.invalid_choice] });
    await refused(() => admin.post(D, { name: "Bad code", code: "has space" }), 400, { code: [MSG.invalid_code] });
  });

  it("moves a department with its people: they stay in it and count under the new parent", async () => {
    const it = await departmentId(api, "Information Technology");
    const sales = await departmentId(api, "Sales");
    const inIt = (await admin.get(`${U}?department=${it}&page_size=1000`)).body.count;
    const salesBefore = (await admin.get(`${U}?department=${sales}&page_size=1000`)).body.count;
    const people = await api.db.selectFrom("account").select(["id", "department_id"]).orderBy("id").execute();
    const moved = await admin.patch(`${D}${it}/`, { parent: sales });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({
      parent: { id: sales, name: "Sales" },
      path: [{ name: "Sales" }, { name: "Information Technology" }],
    });
    expect(await api.db.selectFrom("account").select(["id", "department_id"]).orderBy("id").execute()).toEqual(people);
    expect((await admin.get(`${U}?department=${sales}&page_size=1000`)).body.count).toBe(salesBefore + inIt);
    expect((await admin.patch(`${D}${it}/`, { parent: null })).body.parent).toBeNull(); // to the roots
  });

  it("refuses a move under itself or under one of its own sub-departments", async () => {
    const hq = await departmentId(api, "Head Office");
    const rec = await departmentId(api, "Recruitment");
    await refused(() => admin.patch(`${D}${hq}/`, { parent: hq }), 400, { parent: [MSG.department_cycle] });
    await refused(() => admin.patch(`${D}${hq}/`, { parent: rec }), 400, { parent: [MSG.department_cycle] });
  });

  it("records a person's move to another department in their history", async () => {
    const id = await accountId(api, "learner050");
    const from = (
      await api.db.selectFrom("account").select("department_id").where("id", "=", id).executeTakeFirstOrThrow()
    ).department_id;
    const to = await departmentId(api, from === (await departmentId(api, "Sales")) ? "Human Resources" : "Sales");
    await admin.patch(`${U}${id}/`, { department: to });
    const history = await admin.get(`${U}history/?action=department&account=${id}`);
    expect(history.body.results).toHaveLength(1);
    expect(history.body.results[0].changes).toEqual({ department: [from, to] });
    expect(history.body.results[0].department_to.id).toBe(to);
  });

  it("deletes an empty department, and refuses one with sub-departments, people or rules naming it (424)", async () => {
    const hq = await departmentId(api, "Head Office");
    await refused(() => admin.delete(`${D}${hq}/`), 424, { detail: MSG.department_has_children });
    const bangkok = await departmentId(api, "Bangkok Branch");
    await refused(() => admin.delete(`${D}${bangkok}/`), 424, { detail: MSG.in_use_by_users });
    const empty = (await admin.post(D, { name: "Empty team" })).body.id;
    await api.db
      .insertInto("account_role_scope")
      .values({ account_id: await accountId(api, "manager"), kind: "department", ref_id: empty, is_in_use: 0 })
      .execute();
    await refused(() => admin.delete(`${D}${empty}/`), 424, { detail: MSG.cannot_delete_because_dependency });
    await api.db
      .deleteFrom("account_role_scope")
      .where("kind", "=", "department")
      .where("ref_id", "=", empty)
      .execute();
    // A group's condition naming it keeps it too (the same refusal as a content rule).
    const group = (await admin.post("/api/dashboard/group/", { name: "Empty team's group", type: "CONDITION" })).body;
    expect(group.id, JSON.stringify(group)).toBeDefined();
    const put = await admin.put(`/api/dashboard/group/${group.id}/condition/`, { operator: 1, department: [empty] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await refused(() => admin.delete(`${D}${empty}/`), 424, { detail: MSG.cannot_delete_because_dependency });
    expect((await admin.delete(`/api/dashboard/group/${group.id}/`)).status).toBe(204);
    expect((await admin.delete(`${D}${empty}/`)).status).toBe(204);
    expect((await admin.get(`${D}${empty}/`)).status).toBe(404);
    expect((await admin.delete(`${D}${empty}/`)).status).toBe(404);
  });
});
