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

const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
const at = "2026-06-01T08:00:00.000Z";

describe("credit", () => {
  it("costs a content its discounted price, else its price, else nothing", async () => {
    const course = await api.db.selectFrom("course").select("id").orderBy("id").executeTakeFirstOrThrow();
    const ref = await contentRef(api.db, courseResource, course.id);
    await api.db
      .deleteFrom("content_budget")
      .where("content_type_id", "=", ref.contentTypeId)
      .where("content_id", "=", ref.contentId)
      .execute();
    expect(await contentCost(api.db, ref)).toBe(0);
    await api.db
      .insertInto("content_budget")
      .values({
        content_type_id: ref.contentTypeId,
        content_id: ref.contentId,
        price_minor: 50_000,
        price_discount_minor: null,
        price_app_store_minor: null,
        price_android_minor: null,
      })
      .execute();
    expect(await contentCost(api.db, ref)).toBe(50_000);
    await api.db
      .updateTable("content_budget")
      .set({ price_discount_minor: 30_000 })
      .where("content_type_id", "=", ref.contentTypeId)
      .where("content_id", "=", ref.contentId)
      .execute();
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
    const rows = await api.db
      .selectFrom("credit_transaction")
      .select(["amount_minor", "reason"])
      .where("account_id", "=", id)
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { amount_minor: 1_000, reason: "top_up" },
      { amount_minor: -600, reason: "assignment" },
    ]);
  });
});

/** The credit page's calls (issue 33 §3, docs/decisions/075): balance and history, a top-up with its reason. */
describe("a learner's credit, as administrators see and give it", () => {
  const path = (id: number) => `/api/dashboard/user/${id}/credit/`;

  it("tops up with a reason, takes back, and lists each change with the balance after it", async () => {
    const admin = await api.signedIn("admin");
    const id = await accountId("learner002");
    await api.db.deleteFrom("credit_transaction").where("account_id", "=", id).execute();
    await api.db.deleteFrom("account_credit").where("account_id", "=", id).execute();
    const up = await admin.post(path(id), { amount: "1,500.50", note: "Training budget 2027", reference: "PO-1" });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body).toEqual({ balance_minor: 150_050 });
    expect((await admin.post(path(id), { amount: -500, note: "Correction" })).body).toEqual({ balance_minor: 100_050 });
    const page = await admin.get(path(id));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ balance_minor: 100_050, count: 2, account: { id, username: "learner002" } });
    expect(page.body.results).toEqual([
      expect.objectContaining({
        amount_minor: -50_000,
        reason: "deduction",
        note: "Correction",
        reference: null,
        balance_after_minor: 100_050,
        by: expect.objectContaining({ username: "admin" }),
      }),
      expect.objectContaining({
        amount_minor: 150_050,
        reason: "top_up",
        note: "Training budget 2027",
        reference: "PO-1",
        balance_after_minor: 150_050,
      }),
    ]);
  });

  it("refuses, on its field and writing nothing: more than the balance, a reference used before, no reason, 0, too many decimals", async () => {
    const admin = await api.signedIn("admin");
    const id = await accountId("learner003");
    await api.db.deleteFrom("credit_transaction").where("account_id", "=", id).execute();
    await api.db.deleteFrom("account_credit").where("account_id", "=", id).execute();
    expect((await admin.post(path(id), { amount: 100, note: "First", reference: "R-1" })).status).toBe(201);
    const rows = async () =>
      Number(
        (
          await api.db
            .selectFrom("credit_transaction")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("account_id", "=", id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await rows()).toBe(1);
    expect((await admin.post(path(id), { amount: -100.01, note: "Too much" })).body).toEqual({
      amount: ["credit_not_enough"],
    });
    expect((await admin.post(path(id), { amount: 5, note: "Again", reference: "R-1" })).body).toEqual({
      reference: ["credit_reference_used"],
    });
    expect((await admin.post(path(id), { amount: 5, note: " " })).body).toEqual({ note: ["required"] });
    expect((await admin.post(path(id), { amount: 0, note: "Nothing" })).body).toEqual({ amount: ["value_not_zero"] });
    expect((await admin.post(path(id), { amount: "1.005", note: "Cents" })).body).toEqual({
      amount: ["amount_decimals"],
    });
    expect((await admin.post(path(id), { amount: 10_000_001, note: "Huge" })).body).toEqual({
      amount: ["credit_amount_range"],
    });
    expect(await rows()).toBe(1);
    expect((await admin.get(path(id))).body.balance_minor).toBe(10_000);
  });

  it("is the account module's: view to read, transaction to change; nobody else", async () => {
    const id = await accountId("learner004");
    for (const username of ["viewer", "manager", "instructor", "learner"]) {
      const who = await api.signedIn(username);
      expect((await who.get(path(id))).status, username).toBe(403);
      expect((await who.post(path(id), { amount: 10, note: "x" })).status, username).toBe(403);
    }
    expect((await (await api.signedIn("admin")).get(path(999_999))).status).toBe(404);
  });
});
