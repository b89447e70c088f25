import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Group, GroupCondition, GroupMember } from "../../contract/schemas/group";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * The one condition evaluator (docs/decisions/030), through condition groups: membership is
 * computed when read, so a user who moves department leaves and joins groups with nobody editing
 * them; departments with or without their sub-departments; levels, positions, groups, ranges in
 * whole years; operator all / any; an empty condition matches nobody; the preview counts what
 * the saved condition will match and writes nothing.
 */

let api: TestApi;
let admin: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = api.client();
  await admin.login("admin");
});
afterAll(() => api.close());

const G = "/api/dashboard/group";
const idBy = async (table: "department" | "level" | "position" | "account_group", code: string) =>
  (await api.db.selectFrom(table).select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;

let made = 0;
/** A new condition group with `condition` saved. */
async function conditionGroup(condition: Record<string, unknown>): Promise<number> {
  const res = await admin.post(`${G}/`, { name: `Condition ${++made}`, type: "CONDITION" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = (res.body as Group).id;
  const saved = await admin.put(`${G}/${id}/condition/`, condition);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return id;
}
/** Every member of a group (all pages). */
async function members(groupId: number, client = admin): Promise<number[]> {
  const out: number[] = [];
  for (let next: string | null = `${G}/${groupId}/member/?page_size=1000`; next;) {
    const res = await client.get(next);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    out.push(...(res.body.results as GroupMember[]).map((m) => m.id));
    next = res.body.next as string | null;
  }
  return out.sort((a, b) => a - b);
}
/** The active accounts the database says match `where` (the expected answer, computed independently). */
async function activeWhere(filter: (q: ReturnType<typeof accounts>) => ReturnType<typeof accounts>): Promise<number[]> {
  return (await filter(accounts()).execute()).map((r) => r.id).sort((a, b) => a - b);
}
const accounts = () => api.db.selectFrom("account").select("id").where("is_active", "=", 1);

describe("departments", () => {
  it("matches the listed departments only, or with their sub-departments when asked", async () => {
    const hr = await idBy("department", "HR");
    const below = [await idBy("department", "HR-REC"), await idBy("department", "HR-TD")];
    const exact = await conditionGroup({ department: [hr] });
    const withSub = await conditionGroup({ department: [hr], is_include_sub_department: true });
    expect(await members(exact)).toEqual(await activeWhere((q) => q.where("department_id", "=", hr)));
    const tree = await activeWhere((q) => q.where("department_id", "in", [hr, ...below]));
    expect(await members(withSub)).toEqual(tree);
    expect(tree.length).toBeGreaterThan((await members(exact)).length);
    expect((await admin.get(`${G}/${withSub}/condition/`)).body).toMatchObject({
      id: withSub,
      department: [hr],
      is_include_sub_department: true,
      operator: 1,
    } satisfies Partial<GroupCondition>);
  });

  it("a user who moves department leaves and joins condition groups, nobody editing them", async () => {
    const [sales, it, infra] = [
      await idBy("department", "SAL"),
      await idBy("department", "IT"),
      await idBy("department", "IT-INF"),
    ];
    const salesGroup = await conditionGroup({ department: [sales] });
    const itTree = await conditionGroup({ department: [it], is_include_sub_department: true });
    const learner = await accountId("learner");
    expect(await members(salesGroup)).toContain(learner);
    expect(await members(itTree)).not.toContain(learner);
    const countBefore = (await admin.get(`${G}/${itTree}/`)).body.count_member as number;

    // Moved into a sub-department of IT (as the users API or a department move would).
    await api.db.updateTable("account").set({ department_id: infra }).where("id", "=", learner).execute();
    expect(await members(salesGroup)).not.toContain(learner);
    expect(await members(itTree)).toContain(learner);
    expect((await admin.get(`${G}/${itTree}/`)).body.count_member).toBe(countBefore + 1);

    await api.db.updateTable("account").set({ department_id: sales }).where("id", "=", learner).execute();
    expect(await members(salesGroup)).toContain(learner);
    expect(await members(itTree)).not.toContain(learner);
  });

  it("follows the tree as it is: a department moved under another brings its people along", async () => {
    const [hq, sales, bkk] = [
      await idBy("department", "HQ"),
      await idBy("department", "SAL"),
      await idBy("department", "SAL-BKK"),
    ];
    const hqTree = await conditionGroup({ department: [hq], is_include_sub_department: true });
    const inBkk = await activeWhere((q) => q.where("department_id", "=", bkk));
    expect(inBkk.length).toBeGreaterThan(0);
    expect(await members(hqTree)).not.toContain(inBkk[0]);
    await api.db.updateTable("department").set({ parent_id: hq }).where("id", "=", bkk).execute();
    expect(await members(hqTree)).toEqual(expect.arrayContaining(inBkk));
    await api.db.updateTable("department").set({ parent_id: sales }).where("id", "=", bkk).execute();
    expect(await members(hqTree)).not.toContain(inBkk[0]);
  });
});

describe("criteria and operators", () => {
  it("every filled criterion (operator 1) or any one (operator 2): level and position", async () => {
    const [l1, p1] = [await idBy("level", "L1"), await idBy("position", "P1")];
    const both = await conditionGroup({ level: [l1], position: [p1] });
    const either = await conditionGroup({ level: [l1], position: [p1], operator: 2 });
    expect(await members(both)).toEqual(
      await activeWhere((q) => q.where("level_id", "=", l1).where("position_id", "=", p1)),
    );
    expect(await members(either)).toEqual(
      await activeWhere((q) => q.where((eb) => eb.or([eb("level_id", "=", l1), eb("position_id", "=", p1)]))),
    );
  });

  it("a group of accounts in the condition: its listed members", async () => {
    const g1 = await idBy("account_group", "G1");
    const listed = (
      await api.db
        .selectFrom("account_group_member")
        .innerJoin("account", "account.id", "account_group_member.account_id")
        .select("account.id")
        .where("group_id", "=", g1)
        .where("account.is_active", "=", 1)
        .execute()
    ).map((r) => r.id);
    const byGroup = await conditionGroup({ group: [g1] });
    expect(await members(byGroup)).toEqual(listed.sort((a, b) => a - b));
  });

  it("ranges count whole years to today: age from the birth date, service from the start date", async () => {
    // The test clock says 2026-06-01.
    const [a, b, c] = ["learner001", "learner002", "learner003"];
    const set = (username: string, values: Record<string, string | null>) =>
      api.db.updateTable("account").set(values).where("username", "=", username).execute();
    await set(a, { date_birth: "1996-06-01", date_start: "2016-06-02" }); // 30 today; 9 years of service (10 tomorrow)
    await set(b, { date_birth: "1996-06-02", date_start: "2016-06-01" }); // 29 until tomorrow; 10 years of service
    await set(c, { date_birth: null, date_start: null });
    const thirties = await conditionGroup({ age_gte: 30, age_lte: 39 });
    const tenYears = await conditionGroup({ service_gte: 10 });
    const thirtiesIds = await members(thirties);
    expect(thirtiesIds).toContain(await accountId(a));
    expect(thirtiesIds).not.toContain(await accountId(b));
    expect(thirtiesIds).not.toContain(await accountId(c));
    const serviceIds = await members(tenYears);
    expect(serviceIds).toContain(await accountId(b));
    expect(serviceIds).not.toContain(await accountId(a));
    // A day later the birthday and the anniversary have come (a fresh sign-in: a day idle ends a session).
    api.advance(24 * 3600 * 1000);
    const tomorrow = await api.signedIn("admin");
    expect(await members(thirties, tomorrow)).toContain(await accountId(b));
    expect(await members(tenYears, tomorrow)).toContain(await accountId(a));
    api.advance(-24 * 3600 * 1000);
  });

  it("years at the level since its last recorded change (else the start date); experience as recorded", async () => {
    const [changed, started, neither] = [
      await accountId("learner005"),
      await accountId("learner006"),
      await accountId("learner007"),
    ];
    await api.db
      .insertInto("account_history")
      .values({
        account_id: changed,
        action: "update",
        changes: JSON.stringify({ level: [1, 2] }),
        created_by: null,
        datetime_create: "2023-05-01T03:00:00.000Z",
      })
      .execute();
    await api.db.updateTable("account").set({ date_start: "2010-01-01" }).where("id", "=", changed).execute();
    await api.db
      .updateTable("account")
      .set({ date_start: "2020-01-01", count_experience_year: 5, count_experience_month: 14 })
      .where("id", "=", started)
      .execute();
    await api.db.updateTable("account").set({ date_start: null }).where("id", "=", neither).execute();
    const threeYears = await members(await conditionGroup({ level_year_gte: 3, level_year_lte: 3 }));
    expect(threeYears).toContain(changed);
    expect(threeYears).not.toContain(started);
    expect(threeYears).not.toContain(neither);
    expect(await members(await conditionGroup({ level_year_gte: 6, level_year_lte: 6 }))).toContain(started);
    // 5 years and 14 months: 6 whole years.
    expect(await members(await conditionGroup({ experience_gte: 6, experience_lte: 6 }))).toContain(started);
  });

  it("account start dates bound date_start, both ends included", async () => {
    await api.db
      .updateTable("account")
      .set({ date_start: "2024-03-15" })
      .where("username", "=", "learner004")
      .execute();
    const group = await conditionGroup({ date_account_start_gte: "2024-03-15", date_account_start_lte: "2024-03-15" });
    expect(await members(group)).toEqual([await accountId("learner004")]);
  });

  it("an empty condition matches nobody, whatever its operator", async () => {
    const none = await conditionGroup({});
    const noneAny = await conditionGroup({ operator: 2 });
    expect(await members(none)).toEqual([]);
    expect(await members(noneAny)).toEqual([]);
    // Before its condition is first saved, too.
    const fresh = (await admin.post(`${G}/`, { name: "Fresh condition", type: "CONDITION" })).body as Group;
    expect(fresh.count_member).toBe(0);
    expect((await admin.get(`${G}/${fresh.id}/condition/`)).body).toMatchObject({
      id: fresh.id,
      department: [],
      age_gte: -1,
      operator: 1,
    });
  });

  it("leaves inactive accounts out of a condition group", async () => {
    const rec = await idBy("department", "HR-REC");
    const group = await conditionGroup({ department: [rec] });
    const before = await members(group);
    expect(before.length).toBeGreaterThan(0);
    await api.db.updateTable("account").set({ is_active: 0 }).where("id", "=", before[0]).execute();
    expect(await members(group)).toEqual(before.slice(1));
    await api.db.updateTable("account").set({ is_active: 1 }).where("id", "=", before[0]).execute();
  });
});

describe("preview", () => {
  it("answers how many the condition would match, saving nothing", async () => {
    const group = await conditionGroup({ level: [await idBy("level", "L2")] });
    const saved = (await admin.get(`${G}/${group}/condition/`)).body;
    const it = await idBy("department", "IT");
    const preview = await admin.post(`${G}/${group}/condition/preview/`, {
      department: [it],
      is_include_sub_department: "on",
    });
    expect(preview.status).toBe(200);
    const expected = await activeWhere((q) =>
      q.where("department_id", "in", [it, api.db.selectFrom("department").select("id").where("parent_id", "=", it)]),
    );
    expect(preview.body).toEqual({ count: expected.length });
    expect((await admin.get(`${G}/${group}/condition/`)).body).toEqual(saved);
    // Saved, the condition matches what the preview said.
    await admin.put(`${G}/${group}/condition/`, { department: [it], is_include_sub_department: "on" });
    expect((await admin.get(`${G}/${group}/`)).body.count_member).toBe(expected.length);
  });

  it("refuses what saving would refuse, with the same field errors", async () => {
    const group = await conditionGroup({});
    const res = await admin.post(`${G}/${group}/condition/preview/`, {
      department: [999999],
      age_gte: 40,
      age_lte: 30,
      level_group_year_gte: 3,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ age_lte: ["range_lte_below_gte"], level_group_year_gte: ["invalid_choice"] });
    const ids = await admin.post(`${G}/${group}/condition/preview/`, { department: [999999] });
    expect(ids.body).toEqual({ department: ["invalid_choice"] });
  });
});
