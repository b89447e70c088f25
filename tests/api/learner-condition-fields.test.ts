import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import type { Group, GroupCondition, GroupMember } from "../../contract/schemas/group";
import type { User } from "../../contract/schemas/user";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * Issue 33 R350 (docs/decisions/083): a learner condition also reads the company code (the user's
 * `company`), job family, work shift, location and English score. Each new criterion, through the
 * one evaluator (a condition group's members, a content rule, an approval flow), matches exactly
 * the accounts the database says it should; the values are kept on the user's form and profile.
 */

let api: TestApi;
let admin: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
});
afterAll(() => api.close());

const G = "/api/dashboard/group";
const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
const locationId = async (code: string) =>
  (await api.db.selectFrom("location").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
const set = (username: string, values: Record<string, string | number | null>) =>
  api.db.updateTable("account").set(values).where("username", "=", username).execute();

let made = 0;
async function conditionGroup(condition: Record<string, unknown>): Promise<number> {
  const res = await admin.post(`${G}/`, { name: `Learner fields ${++made}`, type: "CONDITION" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = (res.body as Group).id;
  const saved = await admin.put(`${G}/${id}/condition/`, condition);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return id;
}
async function members(groupId: number): Promise<number[]> {
  const res = await admin.get(`${G}/${groupId}/member/?page_size=1000`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.results as GroupMember[]).map((m) => m.id).sort((a, b) => a - b);
}
const ids = async (usernames: string[]) => (await Promise.all(usernames.map(accountId))).sort((a, b) => a - b);

beforeAll(async () => {
  // Five learners with values; everyone else has none (null), so no list or range may reach them.
  await set("learner001", {
    company: "ACME-TH",
    job_family: "Sales",
    work_shift: "Morning",
    english_score: 450,
    location_id: await locationId("BKK-HQ"),
  });
  await set("learner002", {
    company: "acme-th ",
    job_family: "IT_Ops",
    work_shift: "Night",
    english_score: 785,
    location_id: await locationId("CNX-TC"),
  });
  await set("learner003", {
    company: "Globex",
    job_family: "IT%Ops",
    work_shift: "morning",
    english_score: 990,
    location_id: null,
  });
  await set("learner004", {
    company: "Globex",
    job_family: "Sales",
    work_shift: null,
    english_score: 0,
    location_id: await locationId("BKK-HQ"),
  });
  await set("learner005", {
    company: null,
    job_family: " ",
    work_shift: "Day",
    english_score: null,
    location_id: null,
  });
});

describe("each new criterion matches exactly the right learners", () => {
  it("company code: the user's company, trimmed and in any case", async () => {
    const g = await conditionGroup({ company_code: "acme-TH" });
    expect(await members(g)).toEqual(await ids(["learner001", "learner002"]));
    expect((await admin.get(`${G}/${g}/condition/`)).body).toMatchObject({
      company_code: ["acme-TH"],
    } satisfies Partial<GroupCondition>);
  });

  it("job family: several values, LIKE's wildcards taken literally", async () => {
    expect(await members(await conditionGroup({ job_family: ["sales", "IT_Ops"] }))).toEqual(
      await ids(["learner001", "learner002", "learner004"]),
    );
    // "IT%Ops" is learner003's own value, not a pattern that would match IT_Ops too.
    expect(await members(await conditionGroup({ job_family: "IT%Ops" }))).toEqual(await ids(["learner003"]));
    expect(await members(await conditionGroup({ job_family: "IT_Op" }))).toEqual([]);
  });

  it("work shift", async () => {
    expect(await members(await conditionGroup({ work_shift: "Morning, day" }))).toEqual(
      await ids(["learner001", "learner003", "learner005"]),
    );
  });

  it("locations: an id list of the locations master data", async () => {
    expect(await members(await conditionGroup({ location: [await locationId("BKK-HQ")] }))).toEqual(
      await ids(["learner001", "learner004"]),
    );
    const bad = await admin.put(`${G}/${await conditionGroup({ location: [await locationId("CNX-TC")] })}/condition/`, {
      location: [999999],
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ location: [MSG.invalid_choice] });
  });

  it("English score: a range with -1 unset on either side, both bounds included", async () => {
    expect(await members(await conditionGroup({ english_score_gte: 450, english_score_lte: 785 }))).toEqual(
      await ids(["learner001", "learner002"]),
    );
    expect(await members(await conditionGroup({ english_score_gte: 786, english_score_lte: -1 }))).toEqual(
      await ids(["learner003"]),
    );
    // 0 is a score (learner004); an account without one matches no set range.
    expect(await members(await conditionGroup({ english_score_gte: -1, english_score_lte: 449 }))).toEqual(
      await ids(["learner004"]),
    );
  });

  it("combine with the other criteria by the operator", async () => {
    const every = await conditionGroup({ company_code: "Globex", job_family: "Sales" });
    expect(await members(every)).toEqual(await ids(["learner004"]));
    const any = await conditionGroup({ company_code: "Globex", job_family: "Sales", operator: 2 });
    expect(await members(any)).toEqual(await ids(["learner001", "learner003", "learner004"]));
  });

  it("reach an approval flow's and a content rule's conditions too (same columns, same evaluator)", async () => {
    for (const table of ["approval_flow_condition", "content_permission", "category_permission"] as const) {
      const cols = await api.db
        .selectFrom(table)
        .select(["company_code", "job_family", "work_shift", "english_score_gte", "english_score_lte"])
        .limit(1)
        .execute();
      expect(Array.isArray(cols)).toBe(true);
    }
  });
});

describe("a condition with bad values is refused whole, nothing written", () => {
  it("an English score above 999, a reversed range, a value with the list separator", async () => {
    const g = await conditionGroup({ job_family: "Sales" });
    const before = (await admin.get(`${G}/${g}/condition/`)).body;
    const res = await admin.put(`${G}/${g}/condition/`, { english_score_gte: 1200, work_shift: "a|b" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(["english_score_gte", "work_shift"]);
    const reversed = await admin.put(`${G}/${g}/condition/`, { english_score_gte: 700, english_score_lte: 600 });
    expect(reversed.body).toEqual({ english_score_lte: [MSG.range_lte_below_gte] });
    expect((await admin.get(`${G}/${g}/condition/`)).body).toEqual(before);
  });
});

describe("the user's form and profile keep the new fields", () => {
  it("PATCH writes them, GET answers them with the location's name; a missing location is refused", async () => {
    const id = await accountId("learner006");
    const loc = await locationId("CNX-TC");
    const res = await admin.patch(`/api/dashboard/user/${id}/`, {
      job_family: " Finance ",
      work_shift: "Evening",
      english_score: "610",
      location: loc,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const user = (await admin.get(`/api/dashboard/user/${id}/`)).body as User;
    expect(user).toMatchObject({ job_family: "Finance", work_shift: "Evening", english_score: 610, location: loc });
    expect(user.location_name).toBeTruthy();
    expect((await admin.patch(`/api/dashboard/user/${id}/`, { location: 999999 })).body).toEqual({
      location: [MSG.invalid_choice],
    });
    expect((await admin.patch(`/api/dashboard/user/${id}/`, { english_score: 1000 })).status).toBe(400);
    // And the condition finds them.
    expect(await members(await conditionGroup({ job_family: "finance", english_score_gte: 600 }))).toEqual([id]);
  });
});
