import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROGRESS_STATUS } from "../../contract/codes";
import type { ApprovalRow, DecisionAnswer } from "../../contract/schemas/approvals";
import type { Paged } from "../../contract/http";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * Enrollment approvals (issue 17 §3, docs/decisions/054): the waiting, approved and rejected
 * lists; approving (seats, credit), rejecting, cancelling a rejection, closing enrollment, the
 * re-enrolment rule and the enrollment module's flags. The demo seed's approval contents
 * (api/db/seed-approvals.ts): the first shown course (1,500 baht) and the first shown class.
 */
let api: TestApi;
let admin: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
});
afterAll(() => api.close());

const E = "/api/dashboard/enrollment/";
const ids = async (sqlStatus: number, content: { type: number; id: number }) =>
  await api.db
    .selectFrom("content_enrollment")
    .select(["id", "account_id"])
    .where("content_type_id", "=", content.type)
    .where("content_id", "=", content.id)
    .where("status", "=", sqlStatus)
    .orderBy("id")
    .execute();
const typeId = async (code: string) =>
  (await api.db.selectFrom("content_type").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
const course = async () => ({
  type: await typeId("course"),
  id: (
    await api.db.selectFrom("course").select("id").where("is_display", "=", 1).orderBy("id").executeTakeFirstOrThrow()
  ).id,
});
const klass = async () => ({
  type: await typeId("class"),
  id: (
    await api.db
      .selectFrom("class")
      .select("id")
      .where("is_display", "=", 1)
      .where("datetime_cancel", "is", null)
      .orderBy("id")
      .executeTakeFirstOrThrow()
  ).id,
});
const statusOf = async (id: number) =>
  (await api.db.selectFrom("content_enrollment").select("status").where("id", "=", id).executeTakeFirstOrThrow())
    .status;
/** The waiting enrolments of the content whose learner can pay `cost` (the seed's), and the others. */
const payers = async (content: { type: number; id: number }, cost: number) => {
  const waiting = await ids(PROGRESS_STATUS.waiting_approve, content);
  const can = await Promise.all(waiting.map(async (w) => (await balance(w.account_id)) >= cost));
  return { rich: waiting.filter((_, i) => can[i]), poor: waiting.filter((_, i) => !can[i]) };
};
const balance = async (account: number) =>
  (
    await api.db
      .selectFrom("account_credit")
      .select("balance_minor")
      .where("account_id", "=", account)
      .executeTakeFirst()
  )?.balance_minor ?? 0;
const list = async (query: string) => {
  const res = await admin.get(`${E}?${query}`);
  expect(res.status).toBe(200);
  return res.body as Paged<ApprovalRow>;
};
// A rejection says why (issue 33 item 12): the learner is shown the reason.
const decide = async (action: string, enrollment_list: number[], who: Client = admin) =>
  who.post(`${E}${action}/`, { enrollment_list, ...(action === "reject" ? { note: "Not this term." } : {}) });

describe("approval lists", () => {
  it("lists the waiting enrolments of approval contents with cost, balance and seats", async () => {
    const c = await course();
    const page = await list(`state=waiting&content_type=course&content=${c.id}`);
    // The seed's eight, and any the demo's random enrolments left waiting there.
    expect(page.count).toBeGreaterThanOrEqual(8);
    const row = page.results[0];
    expect(row.status).toBe(PROGRESS_STATUS.waiting_approve);
    expect(row.content).toMatchObject({ type: "course", id: c.id });
    expect(row.cost).toBe(1500);
    expect(page.results.filter((r) => r.enough_credit).length).toBeGreaterThanOrEqual(7);
    expect(page.results.some((r) => !r.enough_credit && r.balance === 200)).toBe(true);
    // Across types: the class's and the onboarding plan's waiting ones too, and filters are checked.
    const all = await list("state=waiting&page_size=200");
    expect(new Set(all.results.map((r) => r.content.type))).toEqual(
      new Set(["course", "class", "onboard"].filter((t) => all.results.some((r) => r.content.type === t))),
    );
    expect(all.results.some((r) => r.content.type === "class")).toBe(true);
    expect((await admin.get(`${E}?state=nope`)).status).toBe(400);
    expect((await admin.get(`${E}?content_type=nope`)).status).toBe(400);
    expect((await admin.get(`${E}?content=3`)).status).toBe(400);
  });

  it("lists decided ones with who decided and when", async () => {
    const approved = await list("state=approved&content_type=course");
    expect(approved.count).toBeGreaterThanOrEqual(3);
    expect(approved.results[0].decision).toMatchObject({ decision: "approved", by: { username: "staff1" } });
    const rejected = await list("state=rejected");
    expect(
      rejected.results.every((r) => r.status === PROGRESS_STATUS.rejected && r.decision?.decision === "rejected"),
    ).toBe(true);
    const old = await list("state=any&page_size=200");
    expect(old.count).toBeGreaterThan(approved.count);
  });
});

describe("deciding", () => {
  it("approves one: a seat, the cost spent, the history and the decision written", async () => {
    const c = await course();
    const [first] = (await payers(c, 150_000)).rich;
    const before = await balance(first.account_id);
    const res = await decide("approve", [first.id]);
    expect(res.status).toBe(200);
    expect((res.body as DecisionAnswer).results).toEqual([{ enrollment: first.id, result: "approved" }]);
    expect(await statusOf(first.id)).toBe(PROGRESS_STATUS.not_start);
    expect(await balance(first.account_id)).toBe(before - 150_000);
    const log = await api.db
      .selectFrom("content_progress_log")
      .select(["from_status", "to_status", "action_type"])
      .where("enrollment_id", "=", first.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ from_status: 1, to_status: 0, action_type: "approve" });
    const spent = await api.db
      .selectFrom("credit_transaction")
      .select(["reason", "amount_minor"])
      .where("account_id", "=", first.account_id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(spent).toEqual({ reason: "enrollment", amount_minor: -150_000 });
    // Deciding again: no longer waiting.
    expect(((await decide("approve", [first.id])).body as DecisionAnswer).results[0].result).toBe("not_decidable");
  });

  it("approves many, refusing the learner without enough credit for that row only", async () => {
    const c = await course();
    const {
      rich,
      poor: [poor],
    } = await payers(c, 150_000);
    const res = await decide("approve", [rich[0].id, poor.id, rich[1].id, 999_999]);
    const body = res.body as DecisionAnswer;
    expect(body.results.map((r) => r.result)).toEqual(["approved", "not_enough_credit", "approved", "not_found"]);
    expect(body.counts).toMatchObject({ approved: 2, not_enough_credit: 1, not_found: 1 });
    expect(await statusOf(poor.id)).toBe(PROGRESS_STATUS.waiting_approve);
    expect(
      await api.db
        .selectFrom("content_enrollment_decision")
        .select("enrollment_id")
        .where("enrollment_id", "=", poor.id)
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it("hands out the class's seats, then the waiting list, or refuses when it closes when full", async () => {
    const k = await klass();
    const waiting = await ids(PROGRESS_STATUS.waiting_approve, k);
    expect(waiting.length).toBeGreaterThanOrEqual(6);
    // The seed left 4 seats; approve 5: four seats and one on the waiting list.
    const body = (
      await decide(
        "approve",
        waiting.slice(0, 5).map((w) => w.id),
      )
    ).body as DecisionAnswer;
    expect(body.results.map((r) => r.result)).toEqual(["approved", "approved", "approved", "approved", "waiting_list"]);
    expect(await statusOf(waiting[4].id)).toBe(PROGRESS_STATUS.waiting_list);
    await api.db
      .updateTable("content_enrollment_setting")
      .set({ type_waiting: 1 })
      .where("content_type_id", "=", k.type)
      .where("content_id", "=", k.id)
      .execute();
    expect(((await decide("approve", [waiting[5].id])).body as DecisionAnswer).results[0].result).toBe("full");
    expect(await statusOf(waiting[5].id)).toBe(PROGRESS_STATUS.waiting_approve);
  });

  it("rejects, lists it as rejected, and a rejection can be cancelled back to waiting", async () => {
    const c = await course();
    const [w] = await ids(PROGRESS_STATUS.waiting_approve, c);
    expect(((await decide("reject", [w.id])).body as DecisionAnswer).results[0].result).toBe("rejected");
    expect(await statusOf(w.id)).toBe(PROGRESS_STATUS.rejected);
    const rejected = await list(`state=rejected&id_list=${w.id}`);
    expect(rejected.results[0].decision).toMatchObject({
      decision: "rejected",
      reason: "admin",
      by: { username: "admin" },
    });
    expect(((await decide("cancel-reject", [w.id])).body as DecisionAnswer).results[0].result).toBe("reject_cancelled");
    expect(await statusOf(w.id)).toBe(PROGRESS_STATUS.waiting_approve);
    expect((await list(`state=waiting&id_list=${w.id}`)).count).toBe(1);
    // Only a rejection by a decision can be cancelled.
    expect(((await decide("cancel-reject", [w.id])).body as DecisionAnswer).results[0].result).toBe("not_decidable");
    expect((await admin.post(`${E}approve/`, { enrollment_list: [] })).status).toBe(400);
    expect((await admin.post(`${E}nothing/`, { enrollment_list: [1] })).status).toBe(404);
  });

  it("closing enrollment rejects the learners still at form required; so does the period's end", async () => {
    const k = await klass();
    const form = await ids(PROGRESS_STATUS.waiting_form, k);
    expect(form.length).toBe(3);
    const res = await admin.post(`${E}close/`, { content_type: "class", content: k.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rejected: 3 });
    expect(await statusOf(form[0].id)).toBe(PROGRESS_STATUS.rejected);
    const decision = await api.db
      .selectFrom("content_enrollment_decision")
      .select(["reason", "decided_by"])
      .where("enrollment_id", "=", form[0].id)
      .executeTakeFirstOrThrow();
    expect(decision.reason).toBe("enrollment_closed");
    expect((await admin.post(`${E}close/`, { content_type: "class", content: 999_999 })).status).toBe(400);

    // The period's end: a form-required learner of a content whose period ended is rejected by nobody.
    const c = await course();
    const learner = await api.db
      .selectFrom("account")
      .select("id")
      .where("username", "=", "student0001")
      .executeTakeFirstOrThrow();
    await api.db
      .deleteFrom("content_enrollment")
      .where("account_id", "=", learner.id)
      .where("content_type_id", "=", c.type)
      .where("content_id", "=", c.id)
      .execute();
    const { id } = await api.db
      .insertInto("content_enrollment")
      .values({
        account_id: learner.id,
        content_type_id: c.type,
        content_id: c.id,
        status: 3,
        add_method: 0,
        added_by: 0,
        created_by: null,
        datetime_enroll: api.clock.now.toISOString(),
        datetime_start: null,
        datetime_complete: null,
        datetime_update: api.clock.now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await api.db
      .updateTable("content_enrollment_setting")
      .set({ enroll_datetime_end: new Date(api.clock.now.getTime() + 3_600_000).toISOString() })
      .where("content_type_id", "=", c.type)
      .where("content_id", "=", c.id)
      .execute();
    await list("state=waiting");
    expect(await statusOf(id)).toBe(3);
    api.advance(2 * 3_600_000);
    admin = await api.signedIn("admin");
    await list("state=waiting");
    expect(await statusOf(id)).toBe(PROGRESS_STATUS.rejected);
    expect(
      await api.db
        .selectFrom("content_enrollment_decision")
        .select(["reason", "decided_by"])
        .where("enrollment_id", "=", id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ reason: "enrollment_closed", decided_by: null });
  });

  it("re-enrols a rejected learner only when the content allows it", async () => {
    const c = await course();
    const [r] = await ids(PROGRESS_STATUS.rejected, c);
    const setting = (flag: number) =>
      api.db
        .updateTable("content_enrollment_setting")
        .set({ is_rejected_able_re_enroll: flag })
        .where("content_type_id", "=", c.type)
        .where("content_id", "=", c.id)
        .execute();
    await setting(0);
    const refused = await admin.post(`/api/dashboard/course/${c.id}/enroll/`, { account_list: [r.account_id] });
    expect(refused.status).toBe(200);
    expect(refused.body.results[0].result).toBe("already_enrolled");
    expect(await statusOf(r.id)).toBe(PROGRESS_STATUS.rejected);
    await setting(1);
    const again = await admin.post(`/api/dashboard/course/${c.id}/enroll/`, { account_list: [r.account_id] });
    expect(again.body.results[0].result).toBe("enrolled");
    expect(await statusOf(r.id)).toBe(PROGRESS_STATUS.not_start);
    const log = await api.db
      .selectFrom("content_progress_log")
      .select(["from_status", "to_status", "action_type"])
      .where("enrollment_id", "=", r.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ from_status: -3, to_status: 0, action_type: "enroll" });
  });
});

describe("permissions", () => {
  it("needs the enrollment module's flags: view to list, change to decide; a refusal writes nothing", async () => {
    const c = await course();
    const [w] = await ids(PROGRESS_STATUS.waiting_approve, c);
    const viewer = await api.signedIn("viewer");
    expect((await viewer.get(E)).status).toBe(403);
    expect((await decide("approve", [w.id], viewer)).status).toBe(403);
    expect((await decide("reject", [w.id], await api.signedIn("provider"))).status).toBe(403);
    expect((await decide("approve", [w.id], await api.signedIn("learner"))).status).toBe(403);
    expect((await api.client().get(E)).status).toBe(401);
    expect(await statusOf(w.id)).toBe(PROGRESS_STATUS.waiting_approve);
    // The manager holds the enrollment flags.
    const manager = await api.signedIn("manager");
    expect((await manager.get(E)).status).toBe(200);
    expect(((await decide("reject", [w.id], manager)).body as DecisionAnswer).results[0].result).toBe("rejected");
  });
});
