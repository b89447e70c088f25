import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BudgetCategory, BudgetListAnswer, BudgetSummary } from "../../contract/schemas/approvals";
import type { Paged } from "../../contract/http";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * The budget pages and budget categories (issue 17 §4, docs/decisions/055): every content with a
 * budget and its totals (the same sums as the content's budget tabs), one content's summary by
 * its budget id, the categories' master data, and the budget module's flags.
 */
let api: TestApi;
let admin: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
});
afterAll(() => api.close());

const firstWithRecords = async () => {
  const row = await api.db
    .selectFrom("content_budget_record as r")
    .innerJoin("content_type as ct", "ct.id", "r.content_type_id")
    .select(["ct.code", "r.content_id"])
    .where("r.kind", "=", "plan")
    .orderBy("r.content_id")
    .executeTakeFirstOrThrow();
  return { type: row.code, id: row.content_id };
};

describe("budget pages", () => {
  it("lists contents with a budget, with totals that match each content's budget tabs", async () => {
    const res = await admin.get("/api/dashboard/budget/?page_size=200");
    expect(res.status).toBe(200);
    const page = res.body as BudgetListAnswer;
    expect(page.count).toBeGreaterThan(0);
    const c = await firstWithRecords();
    const row = page.results.find((r) => r.id === `${c.type}-${c.id}`)!;
    expect(row).toBeTruthy();
    const plan = (await admin.get(`/api/dashboard/${c.type}/${c.id}/budget/`)).body as { total: number };
    const actual = (await admin.get(`/api/dashboard/${c.type}/${c.id}/budget/actual/`)).body as { total: number };
    expect(row.plan).toBe(plan.total);
    expect(row.actual).toBe(actual.total);
    // The totals per category add up to the grand totals.
    const sum = page.totals.by_category.reduce((s, x) => s + x.plan, 0);
    expect(Math.round(sum * 100)).toBe(Math.round(page.totals.plan * 100));
    // The seed's priced approval course is listed with its price.
    expect(page.results.some((r) => r.price === 1500)).toBe(true);
    expect((await admin.get("/api/dashboard/budget/?content_type=nope")).status).toBe(400);
    expect((await admin.get("/api/dashboard/budget/?ordering=nope")).status).toBe(400);
    const filtered = (await admin.get(`/api/dashboard/budget/?search=${encodeURIComponent(row.content.code)}`))
      .body as BudgetListAnswer;
    expect(filtered.results.map((r) => r.id)).toContain(row.id);
  });

  it("summarises one content's budget by its budget id", async () => {
    const c = await firstWithRecords();
    const res = await admin.get(`/api/dashboard/budget/${c.type}-${c.id}/`);
    expect(res.status).toBe(200);
    const s = res.body as BudgetSummary;
    expect(s.content).toMatchObject({ type: c.type, id: c.id });
    expect(s.by_category.length).toBeGreaterThan(0);
    expect(Math.round(s.by_category.reduce((n, x) => n + x.plan, 0) * 100)).toBe(Math.round(s.plan * 100));
    expect((await admin.get("/api/dashboard/budget/course-999999/")).status).toBe(404);
    expect((await admin.get("/api/dashboard/budget/nothing-1/")).status).toBe(404);
  });

  it("needs the budget module's view flag", async () => {
    expect((await (await api.signedIn("viewer")).get("/api/dashboard/budget/")).status).toBe(403);
    expect((await (await api.signedIn("learner")).get("/api/dashboard/budget/")).status).toBe(403);
    expect((await api.client().get("/api/dashboard/budget/")).status).toBe(401);
    // The provider holds the budget view flag only.
    expect((await (await api.signedIn("provider")).get("/api/dashboard/budget/")).status).toBe(200);
  });
});

describe("budget categories", () => {
  const B = "/api/dashboard/budget-category/";
  it("creates, reads, updates and deletes a category; a duplicate code is refused", async () => {
    // Names are unique too (issue 33): the seed's "Travel" is taken.
    expect((await admin.post(B, { name_bp: "travel", name_ac: "Trips", code: "BC-ZZ1" })).body).toEqual({
      name_bp: ["name_already_used"],
    });
    const created = await admin.post(B, { name_bp: "Field travel", name_ac: "Travel cost", code: "BC-ZZT" });
    expect(created.status).toBe(201);
    const cat = created.body as BudgetCategory;
    expect(cat).toMatchObject({ name_bp: "Field travel", name_ac: "Travel cost", code: "BC-ZZT", count_record: 0 });
    expect((await admin.post(B, { name_bp: "Again", name_ac: "Again", code: "bc-zzt" })).body).toEqual({
      code: ["code_already_used"],
    });
    expect((await admin.post(B, { name_bp: "", name_ac: "x" })).status).toBe(400);
    const list = (await admin.get(`${B}?search=travel`)).body as Paged<BudgetCategory>;
    expect(list.results.map((r) => r.id)).toContain(cat.id);
    expect((await admin.patch(`${B}${cat.id}/`, { name_ac: "Travel (actual)" })).body).toMatchObject({
      name_ac: "Travel (actual)",
      code: "BC-ZZT",
    });
    expect((await admin.delete(`${B}${cat.id}/`)).status).toBe(204);
    expect((await admin.get(`${B}${cat.id}/`)).status).toBe(404);
  });

  it("refuses deleting a category a budget record uses (424), and writes only with the budget flags", async () => {
    const used = await api.db
      .selectFrom("content_budget_record")
      .select("budget_category_id")
      .executeTakeFirstOrThrow();
    expect((await admin.delete(`${B}${used.budget_category_id}/`)).status).toBe(424);
    const provider = await api.signedIn("provider");
    expect((await provider.get(B)).status).toBe(200);
    expect((await provider.post(B, { name_bp: "P", name_ac: "P", code: "BC-P" })).status).toBe(403);
    expect((await provider.patch(`${B}${used.budget_category_id}/`, { name_bp: "P" })).status).toBe(403);
    expect(
      await api.db.selectFrom("budget_category").select("id").where("code", "=", "BC-P").executeTakeFirst(),
    ).toBeUndefined();
  });
});
