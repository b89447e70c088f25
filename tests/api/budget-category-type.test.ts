import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUDGET_CATEGORY_TYPE } from "../../contract/codes";
import { MSG } from "../../contract/messages";
import type { BudgetCategory } from "../../contract/schemas/approvals";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * Issue 33 R355 (docs/decisions/083): a budget category has a type — both the plan and the actual
 * cost (0, the default), the plan only (1), the actual cost only (2), neither (-1). The API
 * validates it, answers it, and a content's budget pages accept a category only where its type
 * lets it be picked (a record the page already has stays). Names stay unique (spec 001 §5).
 */

let api: TestApi;
let admin: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
});
afterAll(() => api.close());

const B = "/api/dashboard/budget-category/";
const rows = () => api.db.selectFrom("budget_category").selectAll().orderBy("id").execute();
const courseId = async (code: string) =>
  (await api.db.selectFrom("course").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;

describe("the type of a budget category", () => {
  it("defaults to both, is answered, and takes each of the spec's codes", async () => {
    const res = await admin.post(B, { name_bp: "Type default", name_ac: "Type default cost", code: "TY-0" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((res.body as BudgetCategory).type).toBe(BUDGET_CATEGORY_TYPE.both);
    for (const type of [1, 2, -1, 0]) {
      const changed = await admin.patch(`${B}${res.body.id}/`, { type: String(type) });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body.type).toBe(type);
    }
    const planOnly = await admin.post(B, { name_bp: "Type plan", name_ac: "Type plan cost", code: "TY-1", type: 1 });
    expect(planOnly.body.type).toBe(1);
    const listed = (await admin.get(`${B}?search=TY-`)).body.results as BudgetCategory[];
    expect(listed.map((c) => [c.code, c.type])).toEqual([
      ["TY-0", 0],
      ["TY-1", 1],
    ]);
  });

  it("refuses another code with a field error, writing nothing", async () => {
    const before = await rows();
    for (const bad of [3, -2, "both", 1.5]) {
      const res = await admin.post(B, { name_bp: "Type bad", name_ac: "Type bad cost", code: "TY-BAD", type: bad });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual(["type"]);
    }
    const some = before[0];
    const res = await admin.patch(`${B}${some.id}/`, { type: 7 });
    expect(res.body).toEqual({ type: [MSG.invalid_choice] });
    expect(await rows()).toEqual(before);
  });

  it("keeps names unique whatever the type (spec 001 §5)", async () => {
    const res = await admin.post(B, { name_bp: "TYPE DEFAULT", name_ac: "Other", code: "TY-DUP", type: 2 });
    expect(res.body).toEqual({ name_bp: [MSG.name_already_used] });
  });

  it("decides where a category can be picked on a content's budget pages", async () => {
    const id = await courseId("CRS-0002");
    const mk = async (code: string, type: number) =>
      (await admin.post(B, { name_bp: `Pick ${code}`, name_ac: `Pick ${code} cost`, code, type })).body.id as number;
    const [both, plan, actual, none] = [
      await mk("PK-0", 0),
      await mk("PK-1", 1),
      await mk("PK-2", 2),
      await mk("PK-N", -1),
    ];
    const record = (budget_type: number) => ({ budget_type, unit: 1, cost: "100" });

    const okPlan = await admin.patch(`/api/dashboard/course/${id}/budget/`, {
      record_list: [record(both), record(plan)],
    });
    expect(okPlan.status, JSON.stringify(okPlan.body)).toBe(200);
    const badPlan = await admin.patch(`/api/dashboard/course/${id}/budget/`, {
      record_list: [record(both), record(actual), record(none)],
    });
    expect(badPlan.body).toEqual({
      "record_list[1].budget_type": [MSG.invalid_choice],
      "record_list[2].budget_type": [MSG.invalid_choice],
    });

    const okActual = await admin.patch(`/api/dashboard/course/${id}/budget/actual/`, { record_list: [record(actual)] });
    expect(okActual.status, JSON.stringify(okActual.body)).toBe(200);
    expect(
      (await admin.patch(`/api/dashboard/course/${id}/budget/actual/`, { record_list: [record(plan)] })).status,
    ).toBe(400);

    // Retyped later: the page that has it still saves; another page cannot pick it.
    await admin.patch(`${B}${plan}/`, { type: -1 });
    expect((await admin.patch(`/api/dashboard/course/${id}/budget/`, { record_list: [record(plan)] })).status).toBe(
      200,
    );
    expect(
      (
        await admin.patch(`/api/dashboard/course/${await courseId("CRS-0003")}/budget/`, {
          record_list: [record(plan)],
        })
      ).status,
    ).toBe(400);

    // The filter list the pages pick from says each type.
    const options = (await admin.get("/api/dashboard/filter/budget-category/?search=PK-")).body.results as {
      code: string;
      type: number;
    }[];
    expect(options.map((o) => [o.code, o.type]).sort()).toEqual([
      ["PK-0", 0],
      ["PK-1", -1],
      ["PK-2", 2],
      ["PK-N", -1],
    ]);
  });
});
