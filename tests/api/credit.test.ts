import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeCredit, contentCost, creditBalances } from "../../api/credit/credit";
import { contentRef } from "../../api/content/ref";
import { courseResource } from "../../api/content/course/resource";
import { startTestApi, type TestApi } from "./harness";

/** Learners' credit (docs/decisions/050): a content's cost, balances, spending never below zero. */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const accountId = async (username: string) => (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
const at = "2026-06-01T08:00:00.000Z";

describe("credit", () => {
  it("costs a content its discounted price, else its price, else nothing", async () => {
    const course = await api.db.selectFrom("course").select("id").orderBy("id").executeTakeFirstOrThrow();
    const ref = await contentRef(api.db, courseResource, course.id);
    await api.db.deleteFrom("content_budget").where("content_type_id", "=", ref.contentTypeId).where("content_id", "=", ref.contentId).execute();
    expect(await contentCost(api.db, ref)).toBe(0);
    await api.db.insertInto("content_budget").values({ content_type_id: ref.contentTypeId, content_id: ref.contentId, price_minor: 50_000, price_discount_minor: null, price_app_store_minor: null, price_android_minor: null }).execute();
    expect(await contentCost(api.db, ref)).toBe(50_000);
    await api.db.updateTable("content_budget").set({ price_discount_minor: 30_000 }).where("content_type_id", "=", ref.contentTypeId).where("content_id", "=", ref.contentId).execute();
    expect(await contentCost(api.db, ref)).toBe(30_000);
  });

  it("spends only what the balance covers, and records each change", async () => {
    const id = await accountId("learner001");
    await api.db.deleteFrom("account_credit").where("account_id", "=", id).execute();
    expect((await creditBalances(api.db, [id])).get(id)).toBe(0);
    const by = { accountId: null, at };
    await api.db.transaction().execute(async (trx) => {
      expect(await changeCredit(trx, { accountId: id, amount: -100, reason: "assignment", ref: null }, by)).toBe(false);
      expect(await changeCredit(trx, { accountId: id, amount: 1_000, reason: "top_up", ref: null }, by)).toBe(true);
      expect(await changeCredit(trx, { accountId: id, amount: -600, reason: "assignment", ref: null }, by)).toBe(true);
      expect(await changeCredit(trx, { accountId: id, amount: -600, reason: "assignment", ref: null }, by)).toBe(false);
    });
    expect((await creditBalances(api.db, [id])).get(id)).toBe(400);
    const rows = await api.db.selectFrom("credit_transaction").select(["amount_minor", "reason"]).where("account_id", "=", id).orderBy("id").execute();
    expect(rows).toEqual([
      { amount_minor: 1_000, reason: "top_up" },
      { amount_minor: -600, reason: "assignment" },
    ]);
  });
});
