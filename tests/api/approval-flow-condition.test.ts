import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyBaseLogger } from "fastify";
import type { ApprovalFlow, FlowCondition, LearningRequest } from "../../contract/schemas/requests";
import { deliver } from "../../api/requests/notify";
import { startTestApi, type Client, type TestApi } from "./harness";
import { changedRows } from "./people-kit";

/**
 * An approval flow's learner condition and the step notices (issue 17 §4, docs/decisions/060):
 * the condition is one more given rule of the flow, evaluated for the requesting learner in SQL
 * (a flow whose condition the learner meets is chosen over a later one, one they do not meet is
 * skipped, type_rule 2 with a price range); the condition call's refusals write nothing; a step
 * that notifies writes one outbox mail per decider with an email, one that does not writes none,
 * and the requester hears of the end when the deciding step notifies.
 */

let api: TestApi;
let admin: Client;
let learner: Client;
let inspector: Client;
let instructor: Client;
let viewer: Client;
let staff1: Client;
beforeAll(async () => {
  api = await startTestApi();
  [admin, learner, inspector, instructor, viewer, staff1] = await Promise.all(
    ["admin", "learner", "inspector", "instructor", "viewer", "staff1"].map((u) => api.signedIn(u)),
  );
});
afterAll(() => api.close());

const D = "/api/dashboard/approval-flow";
const department = async (code: string) =>
  (await api.db.selectFrom("department").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
const accountId = async (u: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", u).executeTakeFirstOrThrow()).id;
const ask = (who: Client, cost: number, name = "Facilitation skills") =>
  who.post("/api/learning-request/", { kind: 1, name, provider: "NIDA", cost });
const flowOf = (res: { body: LearningRequest }) => res.body.flow?.name ?? null;

/** A learning flow with one step decided by staff1, and (if given) a condition; answers its id. */
async function flow(body: Record<string, unknown>, condition?: Record<string, unknown>) {
  const made = await admin.post(`${D}/`, { type_request: 1, ...body });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.id as number;
  expect(
    (await admin.post(`${D}/${id}/step/`, { is_approver: "on", approvers: String(await accountId("staff1")) })).status,
  ).toBe(201);
  if (condition) expect((await admin.put(`${D}/${id}/condition/`, condition)).status).toBe(200);
  return id;
}
/** Out of the way of the later tests: an enrollment flow no learning request reaches. */
const retire = async (id: number) => expect((await admin.patch(`${D}/${id}/`, { type_request: 3 })).status).toBe(200);

describe("choosing a flow by the learner's condition", () => {
  it("skips the seeded HR flow for a Sales learner and takes it for an HR one (sub-departments included)", async () => {
    const seeded = (await admin.get(`${D}/?search=AF-HR`)).body.results[0] as ApprovalFlow;
    expect(seeded).toMatchObject({ sort: 7, has_condition: true });
    expect((await admin.get(`${D}/${seeded.id}/condition/`)).body).toMatchObject({
      department: [await department("HR")],
      is_include_sub_department: true,
      operator: 1,
    });
    expect(flowOf(await ask(learner, 9000))).toBe("Outside training (two steps)");
    expect(flowOf(await ask(inspector, 9000))).toBe("Human Resources outside training");
  });

  it("chooses a flow whose condition the learner meets over a later-sorted flow, skips one they do not meet", async () => {
    const sales = await flow(
      { name: "Sales training", code: "AF-T-SALES", sort: 8 },
      { department: [await department("SAL")], is_include_sub_department: "on" },
    );
    expect(flowOf(await ask(learner, 9000))).toBe("Sales training");
    // An IT account does not meet it: on to the next flow by sort.
    expect(flowOf(await ask(instructor, 9000))).toBe("Outside training (two steps)");
    // A condition the learner no longer meets: skipped.
    expect(
      (await admin.put(`${D}/${sales}/condition/`, { department: [await department("IT")], age_gte: 18 })).status,
    ).toBe(200);
    expect(flowOf(await ask(learner, 9000))).toBe("Outside training (two steps)");
    // Operator 2: one of the criteria is enough (the learner's level).
    const level = (
      await api.db.selectFrom("account").select("level_id").where("username", "=", "learner").executeTakeFirstOrThrow()
    ).level_id!;
    await admin.put(`${D}/${sales}/condition/`, { operator: 2, department: [await department("IT")], level: [level] });
    expect(flowOf(await ask(learner, 9000))).toBe("Sales training");
    // Saved without any criterion: the flow has no condition, and applies to everyone again.
    const cleared = await admin.put(`${D}/${sales}/condition/`, {});
    expect(cleared.body).toMatchObject({ department: [], level: [], age_gte: -1 });
    expect((await admin.get(`${D}/${sales}/`)).body.has_condition).toBe(false);
    expect(
      await api.db.selectFrom("approval_flow_condition_item").select("ref_id").where("flow_id", "=", sales).execute(),
    ).toEqual([]);
    expect(flowOf(await ask(instructor, 9000))).toBe("Sales training");
    await retire(sales);
  });

  it("type_rule 2 with a price range and a condition: one of them is enough; type_rule 1: both", async () => {
    const id = await flow(
      { name: "Big or IT", code: "AF-T-ANY", sort: 9, type_rule: 2, price_gte: 50000 },
      { department: [await department("IT")] },
    );
    expect(flowOf(await ask(learner, 60000))).toBe("Big or IT");
    expect(flowOf(await ask(learner, 9000))).toBe("Outside training (two steps)");
    expect(flowOf(await ask(instructor, 9000))).toBe("Big or IT");
    await admin.patch(`${D}/${id}/`, { type_rule: 1 });
    expect(flowOf(await ask(instructor, 9000))).toBe("Outside training (two steps)");
    expect(flowOf(await ask(learner, 60000))).toBe("Outside training (two steps)");
    expect(flowOf(await ask(instructor, 60000))).toBe("Big or IT");
    await retire(id);
  });
});

describe("the condition call", () => {
  async function rows(): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const t of ["approval_flow", "approval_flow_condition", "approval_flow_condition_item"] as const) {
      for (const r of await api.db.selectFrom(t).selectAll().execute()) out.set(`${t}:${JSON.stringify(r)}`, "");
    }
    return out;
  }

  it("refuses bad input with field errors and writes nothing; flags: view to read, change to write", async () => {
    const id = (await admin.get(`${D}/?search=AF-HR`)).body.results[0].id as number;
    const before = await rows();
    const bad = await admin.put(`${D}/${id}/condition/`, {
      operator: 7,
      department: [99999],
      age_gte: 40,
      age_lte: 30,
      level_group: [1],
      date_account_start_gte: "2024-02-01",
      date_account_start_lte: "2024-01-01",
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      operator: ["invalid_choice"],
      age_lte: ["range_lte_below_gte"],
      date_account_start_lte: ["date_end_before_start"],
    });
    // Ids that name nothing: refused by the API after the shape passed.
    expect((await admin.put(`${D}/${id}/condition/`, { department: [99999], group: [99999] })).body).toEqual({
      department: ["invalid_choice"],
      group: ["invalid_choice"],
    });
    expect((await admin.put(`${D}/${id}/condition/`, { level_group: [1] })).body).toEqual({
      level_group: ["invalid_choice"],
    });
    expect((await viewer.get(`${D}/${id}/condition/`)).status).toBe(200);
    expect((await viewer.put(`${D}/${id}/condition/`, { department: [await department("IT")] })).status).toBe(403);
    expect((await learner.get(`${D}/${id}/condition/`)).status).toBe(403);
    expect((await admin.get(`${D}/999999/condition/`)).status).toBe(404);
    expect(changedRows(before, await rows())).toEqual([]);
  });

  it("keeps a department or group a flow condition names from being deleted", async () => {
    const made = await admin.post("/api/dashboard/group/", { name: "Flow audience", type: "ACCOUNT" });
    expect(made.status).toBe(201);
    const group = made.body.id as number;
    const id = await flow({ name: "Group flow", code: "AF-T-GRP", sort: 950 }, { group: [group] });
    expect((await admin.get(`${D}/${id}/condition/`)).body as FlowCondition).toMatchObject({ group: [group] });
    expect((await admin.delete(`/api/dashboard/group/${group}/`)).status).toBe(424);
    // The flow goes with its condition; then nothing names the group.
    expect((await admin.delete(`${D}/${id}/`)).status).toBe(204);
    expect(
      await api.db.selectFrom("approval_flow_condition").select("flow_id").where("flow_id", "=", id).execute(),
    ).toEqual([]);
    expect((await admin.delete(`/api/dashboard/group/${group}/`)).status).toBe(204);
  });
});

describe("step notices", () => {
  const outbox = () => api.db.selectFrom("outbox").selectAll().orderBy("id").execute();
  const since = async (n: number) => (await outbox()).slice(n);

  it("a notified step mails each decider with an email; a step without notification none", async () => {
    // AF-TRAIN: step 1 (the learner's supervisor, manager, or staff1) notifies, step 2 (staff2) does not.
    await api.db.updateTable("account").set({ language: "th" }).where("username", "=", "manager").execute();
    const start = (await outbox()).length;
    const made = await ask(learner, 9000, "Negotiation for buyers");
    expect(made.body).toMatchObject({ step: 1, flow: { name: "Outside training (two steps)" } });
    const mails = await since(start);
    expect(mails.map((m) => m.recipient).sort()).toEqual(["manager@demo.lms.local", "staff1@demo.lms.local"]);
    const en = mails.find((m) => m.recipient.startsWith("staff1"))!;
    expect(en).toMatchObject({
      channel: "email",
      datetime_sent: null,
      subject: "A request waits for your approval: Negotiation for buyers",
    });
    expect(en.body).toContain(`/dashboard/learning-request/${made.body.id}`);
    expect(en.body).toContain("step 1 of 2");
    const th = mails.find((m) => m.recipient.startsWith("manager"))!;
    expect(th.subject).toBe("คำขอรอการอนุมัติ: Negotiation for buyers");
    // On to step 2, which does not notify; approving the last step (no notification) tells nobody.
    const mid = (await outbox()).length;
    expect(
      (await staff1.post(`/api/dashboard/learning-request/${made.body.id}/decision/`, { decision: "approve" })).body,
    ).toMatchObject({ step: 2 });
    expect(await since(mid)).toEqual([]);
    expect(
      (await admin.post(`/api/dashboard/learning-request/${made.body.id}/decision/`, { decision: "approve" })).body,
    ).toMatchObject({ status: 30 });
    expect(await since(mid)).toEqual([]);
  });

  it("leaves out deciders without an email, and tells the requester when a notifying step rejects", async () => {
    await api.db.updateTable("account").set({ email: "" }).where("username", "=", "manager").execute();
    const start = (await outbox()).length;
    const made = await ask(learner, 9000, "Wine pairing");
    expect((await since(start)).map((m) => m.recipient)).toEqual(["staff1@demo.lms.local"]);
    const mid = (await outbox()).length;
    await staff1.post(`/api/dashboard/learning-request/${made.body.id}/decision/`, {
      decision: "reject",
      note: "Not this year.",
    });
    const told = await since(mid);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      recipient: "learner@demo.lms.local",
      subject: "Your request was not approved: Wine pairing",
    });
    expect(told[0].body).toContain("Not this year.");
  });

  it("tells the requester of an approval when the last step notifies, and sends rows once committed", async () => {
    const id = await flow({ name: "One notifying step", code: "AF-T-NOTE", sort: 6 });
    const steps = (await admin.get(`${D}/${id}/step/`)).body.results as { id: number }[];
    await admin.patch(`${D}/${id}/step/${steps[0].id}/`, {
      approvers: String(await accountId("staff1")),
      is_notification: "on",
    });
    const start = (await outbox()).length;
    // Above the low-cost flow's 2,000 baht (sort 5), so this flow (sort 6) is the first that holds.
    const made = await ask(learner, 3000, "Short course");
    expect(made.body.flow.name).toBe("One notifying step");
    expect((await since(start)).map((m) => m.recipient)).toEqual(["staff1@demo.lms.local"]);
    const mid = (await outbox()).length;
    await staff1.post(`/api/dashboard/learning-request/${made.body.id}/decision/`, { decision: "approve" });
    const told = await since(mid);
    expect(told.map((m) => [m.recipient, m.subject])).toEqual([
      ["learner@demo.lms.local", "Your request was approved: Short course"],
    ]);
    await retire(id);

    // The mail path: each row sent once, then marked sent; a failure leaves it waiting.
    const sent: string[] = [];
    const log = { error: () => undefined } as unknown as FastifyBaseLogger;
    const ctx = {
      db: api.db,
      now: () => api.clock.now,
      secret: "",
      mediaDir: "",
      sendMail: async (to: string) => {
        sent.push(to);
        return true;
      },
    };
    await deliver(ctx, [told[0].id], log);
    await deliver(ctx, [told[0].id], log);
    expect(sent).toEqual(["learner@demo.lms.local"]);
    expect(
      (await api.db.selectFrom("outbox").select("datetime_sent").where("id", "=", told[0].id).executeTakeFirstOrThrow())
        .datetime_sent,
    ).not.toBeNull();
  });
});
