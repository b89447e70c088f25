import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Group, GroupRow } from "../../contract/schemas/group";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * Groups (issue 15 §4, docs/decisions/030): the list with search and type, create, read, update,
 * delete; members of a group of accounts; the condition of a condition group; administrators
 * (admin_list) who may manage their group without the group flags; refusals that write nothing.
 */

let api: TestApi;
let admin: Client;
const clients = new Map<string, Client>();
beforeAll(async () => {
  api = await startTestApi();
  admin = api.client();
  await admin.login("admin");
  for (const username of ["manager", "viewer", "learner", "provider"])
    clients.set(username, await api.signedIn(username));
});
afterAll(() => api.close());

const G = "/api/dashboard/group";
const as = (username: string) => clients.get(username)!;
const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
const groupId = async (code: string) =>
  (await api.db.selectFrom("account_group").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
const groupCount = async () =>
  Number(
    (
      await api.db
        .selectFrom("account_group")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function create(body: Record<string, unknown>): Promise<Group> {
  const res = await admin.post(`${G}/`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Group;
}

describe("groups: list, create, read, update, delete", () => {
  it("lists the groups with search, type and ordering, in the paged shape", async () => {
    const all = await admin.get(`${G}/`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ count: expect.any(Number), page_size: 50, next: null, page: 1 });
    expect((all.body.results as GroupRow[]).map((g) => g.name)).toEqual(
      expect.arrayContaining(["HR team", "Leadership Track", "New Joiners 2026"]),
    );
    const conditions = await admin.get(`${G}/?type=CONDITION`);
    expect((conditions.body.results as GroupRow[]).map((g) => g.name)).toEqual(["HR team", "Senior sales"]);
    expect((await admin.get(`${G}/?search=leader`)).body.results).toEqual([
      { id: await groupId("G2"), name: "Leadership Track", code: "G2", desc: "", type: "ACCOUNT" },
    ]);
    expect((await admin.get(`${G}/?ordering=-code&type=ACCOUNT`)).body.results.map((g: GroupRow) => g.code)).toEqual([
      "G3",
      "G2",
      "G1",
    ]);
    expect((await admin.get(`${G}/?ordering=members`)).body).toEqual({ ordering: ["invalid_choice"] });
    expect((await admin.get(`${G}/?type=TEAM`)).body).toEqual({ type: ["invalid_choice"] });
  });

  it("creates a group of accounts with its administrators, reads and changes it", async () => {
    const group = await create({
      name: "  Mentors  ",
      code: "MENT-1",
      desc: "Line\nbreaks kept",
      admin_list: [await accountId("staff1")],
    });
    expect(group).toMatchObject({
      name: "Mentors",
      code: "MENT-1",
      desc: "Line\nbreaks kept",
      type: "ACCOUNT",
      count_member: 0,
      admin_list: [expect.objectContaining({ username: "staff1", is_in_use: false })],
    });
    const changed = await admin.patch(`${G}/${group.id}/`, {
      name: "Mentors 2026",
      code: "",
      admin_list: [await accountId("staff2")],
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      name: "Mentors 2026",
      code: null,
      admin_list: [expect.objectContaining({ username: "staff2" })],
    });
    expect((await admin.get(`${G}/${group.id}/`)).body).toEqual(changed.body);
  });

  it("refuses bad input with every field's message, writing nothing", async () => {
    const before = await groupCount();
    const res = await admin.post(`${G}/`, { name: " ", code: "bad code!", type: "TEAM", admin_list: "x" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      name: ["required"],
      code: ["invalid_code"],
      type: ["invalid_choice"],
      admin_list: ["invalid"],
    });
    expect((await admin.post(`${G}/`, { name: "Twin", code: "g1" })).body).toEqual({ code: ["code_already_used"] });
    expect(
      (await admin.post(`${G}/`, { name: "Learners as admins", admin_list: [await accountId("learner")] })).body,
    ).toEqual({ admin_list: ["account_not_staff"] });
    expect((await admin.post(`${G}/`, { name: "Nobody", admin_list: [999999] })).body).toEqual({
      admin_list: ["invalid_choice"],
    });
    expect(await groupCount()).toBe(before);
  });

  it("keeps a group's kind: a change of type is refused", async () => {
    const group = await create({ name: "Fixed kind" });
    const res = await admin.patch(`${G}/${group.id}/`, { type: "CONDITION", name: "Renamed" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ type: ["group_type_fixed"] });
    expect((await admin.get(`${G}/${group.id}/`)).body).toMatchObject({ name: "Fixed kind", type: "ACCOUNT" });
  });

  it("deletes a group nobody names, and refuses one a permission rule names (424)", async () => {
    const free = await create({ name: "Short lived", admin_list: [await accountId("staff1")] });
    await admin.post(`${G}/${free.id}/member/`, { account_list: [await accountId("learner")] });
    expect((await admin.delete(`${G}/${free.id}/`)).status).toBe(204);
    expect((await admin.get(`${G}/${free.id}/`)).status).toBe(404);
    expect(
      await api.db
        .selectFrom("account_role_scope")
        .select("ref_id")
        .where("kind", "=", "group")
        .where("ref_id", "=", free.id)
        .execute(),
    ).toEqual([]);

    const named = await create({ name: "Named by a rule" });
    const course = (await api.db.selectFrom("course").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    const rule = await admin.post(`/api/dashboard/course/${course}/permission/`, { mode: 2 });
    await admin.put(`/api/dashboard/course/${course}/permission/${rule.body.id}/condition/`, { group: [named.id] });
    const refused = await admin.delete(`${G}/${named.id}/`);
    expect(refused.status).toBe(424);
    expect(refused.body).toEqual({ detail: "cannot_delete_because_dependency" });
    expect((await admin.get(`${G}/${named.id}/`)).status).toBe(200);
    await admin.delete(`/api/dashboard/course/${course}/permission/${rule.body.id}/`);
  });
});

describe("members", () => {
  it("adds and removes the accounts of a group of accounts", async () => {
    const group = await create({ name: "Cohort A" });
    const [learner, viewer] = [await accountId("learner"), await accountId("viewer")];
    const added = await admin.post(`${G}/${group.id}/member/`, { account_list: `${learner},${viewer}` });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ count: 2, count_member: 2 });
    // Adding again changes nothing.
    expect((await admin.post(`${G}/${group.id}/member/`, { account_list: [learner] })).body).toEqual({
      count: 0,
      count_member: 2,
    });
    const list = await admin.get(`${G}/${group.id}/member/?search=vipa`);
    expect(list.body.results).toEqual([
      expect.objectContaining({
        id: viewer,
        username: "viewer",
        is_active: true,
        department: expect.objectContaining({ name: "Human Resources" }),
      }),
    ]);
    expect((await admin.delete(`${G}/${group.id}/member/${viewer}/`)).status).toBe(204);
    expect((await admin.delete(`${G}/${group.id}/member/${viewer}/`)).status).toBe(404);
    expect((await admin.get(`${G}/${group.id}/`)).body.count_member).toBe(1);
    expect((await admin.post(`${G}/${group.id}/member/`, { account_list: [999999] })).body).toEqual({
      account_list: ["invalid_choice"],
    });
    expect((await admin.post(`${G}/${group.id}/member/`, {})).body).toEqual({ account_list: ["required"] });
  });

  it("a condition group's members come from its condition only", async () => {
    const hrTeam = await groupId("G4");
    const res = await admin.post(`${G}/${hrTeam}/member/`, { account_list: [await accountId("learner")] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ account_list: ["group_members_by_condition"] });
    expect((await admin.delete(`${G}/${hrTeam}/member/${await accountId("viewer")}/`)).body).toEqual({
      detail: "group_members_by_condition",
    });
    expect(
      await api.db.selectFrom("account_group_member").select("account_id").where("group_id", "=", hrTeam).execute(),
    ).toEqual([]);
    // The viewer works in Human Resources: a member by condition.
    expect(
      (await admin.get(`${G}/${hrTeam}/member/?search=viewer`)).body.results.map(
        (m: { username: string }) => m.username,
      ),
    ).toEqual(["viewer"]);
  });

  it("a group of accounts has no condition; a condition names groups of accounts only", async () => {
    expect((await admin.get(`${G}/${await groupId("G1")}/condition/`)).status).toBe(404);
    expect((await admin.put(`${G}/${await groupId("G1")}/condition/`, { level: [] })).status).toBe(404);
    const hrTeam = await groupId("G4");
    const before = (await admin.get(`${G}/${hrTeam}/condition/`)).body;
    const res = await admin.put(`${G}/${hrTeam}/condition/`, {
      group: [await groupId("G5")],
      group_account: [await groupId("G1")],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ group: ["invalid_choice"] });
    expect((await admin.get(`${G}/${hrTeam}/condition/`)).body).toEqual(before);
  });
});

describe("who may", () => {
  it("needs a session and the dashboard: 401 anonymous, 403 for a learner", async () => {
    expect((await api.client().get(`${G}/`)).status).toBe(401);
    for (const path of [`${G}/`, `${G}/${await groupId("G1")}/`, `${G}/${await groupId("G1")}/member/`])
      expect((await as("learner").get(path)).status).toBe(403);
  });

  it("without the group flags and administering no group: 403, nothing written", async () => {
    const before = await groupCount();
    expect((await as("viewer").get(`${G}/`)).status).toBe(403);
    expect((await as("viewer").post(`${G}/`, { name: "Viewer's group" })).status).toBe(403);
    expect((await as("viewer").patch(`${G}/${await groupId("G1")}/`, { name: "Hijacked" })).status).toBe(403);
    expect((await as("provider").delete(`${G}/${await groupId("G1")}/`)).status).toBe(403);
    expect(await groupCount()).toBe(before);
    expect((await admin.get(`${G}/${await groupId("G1")}/`)).body.name).toBe("New Joiners 2026");
  });

  it("a group's administrator manages that group without the flags, and only that one", async () => {
    const manager = as("manager");
    const [own, other] = [await groupId("G2"), await groupId("G1")];
    const list = await manager.get(`${G}/`);
    expect(list.status).toBe(200);
    expect((list.body.results as GroupRow[]).map((g) => g.code)).toEqual(["G2"]);
    expect((await manager.get(`${G}/${own}/`)).body).toMatchObject({
      name: "Leadership Track",
      admin_list: [expect.objectContaining({ username: "manager" })],
    });
    expect((await manager.patch(`${G}/${own}/`, { desc: "Future leaders" })).body.desc).toBe("Future leaders");
    const added = await manager.post(`${G}/${own}/member/`, { account_list: [await accountId("learner")] });
    expect(added.status).toBe(201);
    // Not another group, not the administrators, not a delete, not a new group.
    expect((await manager.get(`${G}/${other}/`)).status).toBe(404);
    expect((await manager.patch(`${G}/${other}/`, { desc: "x" })).status).toBe(404);
    expect((await manager.patch(`${G}/${own}/`, { admin_list: [] })).status).toBe(403);
    expect((await manager.post(`${G}/${own}/admin/`, { account: await accountId("staff1") })).status).toBe(403);
    expect((await manager.delete(`${G}/${own}/`)).status).toBe(403);
    expect((await manager.post(`${G}/`, { name: "Manager's own" })).status).toBe(403);
    expect((await admin.get(`${G}/${own}/`)).body.admin_list.map((a: { username: string }) => a.username)).toEqual([
      "manager",
    ]);
  });

  it("administrators through the admin calls: staff only, once each, removable", async () => {
    const group = await create({ name: "Admin calls" });
    const A = `${G}/${group.id}/admin/`;
    expect((await admin.post(A, { account: await accountId("learner") })).body).toEqual({
      account: ["account_not_staff"],
    });
    const added = await admin.post(A, { account: await accountId("viewer") });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ username: "viewer", is_in_use: true });
    expect((await admin.post(A, { account: await accountId("viewer") })).body).toEqual({
      account: ["already_in_list"],
    });
    const candidates = await admin.get(`${A}candidate/?search=vi&page_size=100`);
    expect(candidates.body.results.map((c: { code: string }) => c.code)).not.toContain("viewer");
    expect((await admin.get(A)).body.count).toBe(1);
    expect((await admin.delete(`${A}${await accountId("viewer")}/`)).status).toBe(204);
    expect((await admin.delete(`${A}${await accountId("viewer")}/`)).status).toBe(404);
    // The viewer administers nothing any more: no group list for it.
    expect((await as("viewer").get(`${G}/`)).status).toBe(403);
  });
});
