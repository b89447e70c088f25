import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApprovalFlow, LearningRequest, LearningResult } from "../../contract/schemas/requests";
import { startTestApi, type Client, type TestApi } from "./harness";
import { writesNothingIn } from "./people-kit";

/**
 * Approval flows and learning / material requests (issue 17 §4, docs/decisions/056, 058): flow
 * validation (sort unique, price range, step deciders), flow selection (type, sort, price range,
 * content types), a request walked through two steps by its two approvers, reject, expiry of a
 * step, learning-result progress by the spec's row, and the refusals (flags, not a decider).
 */

let api: TestApi;
let admin: Client;
let staff1: Client;
let staff2: Client;
let learner: Client;
let viewer: Client;
beforeAll(async () => {
  api = await startTestApi();
  [admin, staff1, staff2, learner, viewer] = await Promise.all(
    ["admin", "staff1", "staff2", "learner", "viewer"].map((u) => api.signedIn(u)),
  );
});
afterAll(() => api.close());

const D = "/api/dashboard";
const flowId = async (code: string) =>
  (await api.db.selectFrom("approval_flow").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
const accountId = async (u: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", u).executeTakeFirstOrThrow()).id;
/** A refusal writes no flow, step, request, decision or result row. */
const writesNothing = (refusals: () => Promise<void>) =>
  writesNothingIn(
    api,
    [
      "approval_flow",
      "approval_step",
      "approval_step_approver",
      "learning_request",
      "request_decision",
      "learning_result",
    ],
    refusals,
  );
const request = (body: Record<string, unknown>) =>
  learner.post("/api/learning-request/", { kind: 1, name: "Public speaking", provider: "Toastmasters", ...body });

describe("approval flows", () => {
  it("lists the seeded flows by sort with their steps", async () => {
    const res = await admin.get(`${D}/approval-flow/`);
    expect(res.status).toBe(200);
    expect(res.body.results.map((f: ApprovalFlow) => [f.code, f.sort, f.count_step])).toEqual([
      ["AF-LOW", 5, 1],
      ["AF-HR", 7, 1],
      ["AF-TRAIN", 10, 2],
      ["AF-MAT", 20, 1],
      ["AF-ENR", 30, 2],
    ]);
    const two = res.body.results[2] as ApprovalFlow;
    expect(two.steps[0]).toMatchObject({
      sort: 1,
      step_supervisor: 1,
      is_approver: true,
      approvers: [{ username: "staff1" }],
    });
    expect(two.steps[1]).toMatchObject({
      sort: 2,
      step_supervisor: 0,
      approvers: [{ username: "staff2" }],
      duration_expire: 14,
    });
    expect((await admin.get(`${D}/approval-flow/?type_request=2`)).body.count).toBe(1);
    expect((await admin.get(`${D}/approval-flow/?type_request=9`)).status).toBe(400);
    expect((await admin.get(`${D}/approval-flow/?ordering=nope`)).status).toBe(400);
  });

  it("refuses a used sort, a reversed price range and a step nobody decides, writing nothing", async () => {
    await writesNothing(async () => {
      expect((await admin.post(`${D}/approval-flow/`, { name: "Dup", type_request: 1, sort: 10 })).body).toEqual({
        sort: ["req_msg_sort_used"],
      });
      expect(
        (
          await admin.post(`${D}/approval-flow/`, {
            name: "Range",
            type_request: 1,
            sort: 11,
            price_gte: 500,
            price_lte: 100,
          })
        ).body,
      ).toEqual({ price_lte: ["req_msg_price_range"] });
      expect((await admin.post(`${D}/approval-flow/`, { name: "", type_request: 7 })).body).toMatchObject({
        name: ["required"],
        type_request: ["invalid_choice"],
      });
      const id = await flowId("AF-MAT");
      expect(
        (await admin.post(`${D}/approval-flow/${id}/step/`, { step_supervisor: 0, is_approver: false })).body,
      ).toEqual({ approvers: ["req_msg_step_no_decider"] });
      expect((await admin.patch(`${D}/approval-flow/${id}/`, { price_gte: 10, price_lte: 5 })).status).toBe(400);
    });
  });

  it("creates a flow with the default sort, adds, moves and deletes steps", async () => {
    const created = await admin.post(`${D}/approval-flow/`, {
      name: "Video purchases",
      code: "AF-VID",
      type_request: 2,
      price_gte: "0",
      price_lte: "1,500.50",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ sort: 999, type_rule: 1, price_gte: 0, price_lte: 1500.5, count_step: 0 });
    const id = created.body.id as number;
    const staff2Id = await accountId("staff2");
    expect((await admin.post(`${D}/approval-flow/${id}/step/`, { step_supervisor: 1 })).status).toBe(201);
    const two = await admin.post(`${D}/approval-flow/${id}/step/`, {
      is_approver: "on",
      approvers: String(staff2Id),
      duration_expire: 3,
    });
    expect(two.body.steps.map((s: { step_supervisor: number }) => s.step_supervisor)).toEqual([1, 0]);
    const moved = await admin.post(`${D}/approval-flow/${id}/step/${two.body.steps[1].id}/move/`, { direction: "up" });
    expect(moved.body.steps.map((s: { step_supervisor: number; sort: number }) => [s.sort, s.step_supervisor])).toEqual(
      [
        [1, 0],
        [2, 1],
      ],
    );
    expect((await admin.delete(`${D}/approval-flow/${id}/step/${moved.body.steps[0].id}/`)).body.count_step).toBe(1);
    expect((await admin.post(`${D}/approval-flow/`, { name: "Another", type_request: 2 })).body).toEqual({
      sort: ["req_msg_sort_used"],
    });
    expect((await admin.delete(`${D}/approval-flow/${id}/`)).status).toBe(204);
  });

  it("keeps a flow its requests went through, and its steps while requests wait", async () => {
    const id = await flowId("AF-TRAIN");
    expect((await admin.delete(`${D}/approval-flow/${id}/`)).body).toEqual({ detail: "req_msg_flow_in_use" });
    expect((await admin.post(`${D}/approval-flow/${id}/step/`, { step_supervisor: 2 })).status).toBe(424);
  });

  it("answers the flags: view for reading, add/change/delete for writing", async () => {
    expect((await viewer.get(`${D}/approval-flow/`)).status).toBe(200);
    expect((await viewer.post(`${D}/approval-flow/`, { name: "X", type_request: 1, sort: 77 })).status).toBe(403);
    expect((await learner.get(`${D}/approval-flow/`)).status).toBe(403);
  });
});

describe("requests through the flows", () => {
  it("chooses the lowest sort that matches: type, price range, content types", async () => {
    const cheap = await request({ cost: 1500 });
    expect(cheap.status, JSON.stringify(cheap.body)).toBe(201);
    expect(cheap.body).toMatchObject({
      status: 1,
      step: 1,
      count_step: 1,
      flow: { name: "Low-cost outside training" },
    });
    const dear = await request({ cost: "2000.01" });
    expect(dear.body).toMatchObject({
      status: 1,
      step: 1,
      count_step: 2,
      flow: { name: "Outside training (two steps)" },
    });
    // A flow limited to other content types does not apply (type_rule 1: every rule holds).
    const video = (
      await api.db.selectFrom("content_type").select("id").where("code", "=", "video").executeTakeFirstOrThrow()
    ).id;
    await admin.patch(`${D}/approval-flow/${await flowId("AF-MAT")}/`, { content_type_list: [video] });
    const doc = (
      await api.db.selectFrom("content_type").select("id").where("code", "=", "document").executeTakeFirstOrThrow()
    ).id;
    const none = await learner.post("/api/learning-request/", { kind: 2, name: "Style guide", material_type: doc });
    expect(none.body).toMatchObject({ status: 30, flow: null });
    const matched = await learner.post("/api/learning-request/", {
      kind: 2,
      name: "Excel videos",
      material_type: video,
    });
    expect(matched.body).toMatchObject({ status: 1, flow: { name: "Learning material purchase" } });
    await admin.patch(`${D}/approval-flow/${await flowId("AF-MAT")}/`, { content_type_list: [] });
    expect((await learner.post("/api/learning-request/", { kind: 2, name: "No type" })).body).toEqual({
      material_type: ["req_msg_material_type_required"],
    });
  });

  it("walks a request through two steps, each decided by its own approver", async () => {
    const made = await request({ cost: 9000 });
    const id = made.body.id as number;
    // staff2 decides step 2 only: not on its waiting tab yet, and refused.
    expect(
      (await staff2.get(`${D}/learning-request/?tab=waiting`)).body.results.map((r: LearningRequest) => r.id),
    ).not.toContain(id);
    await writesNothing(async () => {
      expect((await staff2.post(`${D}/learning-request/${id}/decision/`, { decision: "approve" })).body).toEqual({
        detail: "req_msg_not_decider",
      });
      expect((await viewer.post(`${D}/learning-request/${id}/decision/`, { decision: "approve" })).status).toBe(403);
      expect((await staff1.post(`${D}/learning-request/${id}/decision/`, { decision: "maybe" })).status).toBe(400);
    });
    const waiting1 = (await staff1.get(`${D}/learning-request/?tab=waiting`)).body.results as LearningRequest[];
    expect(waiting1.find((r) => r.id === id)).toMatchObject({
      can_decide: true,
      step: 1,
      waiting_for: expect.arrayContaining([
        expect.objectContaining({ username: "staff1" }),
        expect.objectContaining({ username: "manager" }),
      ]),
    });
    const step2 = await staff1.post(`${D}/learning-request/${id}/decision/`, {
      decision: "approve",
      note: "Fits the plan.",
    });
    expect(step2.body).toMatchObject({ status: 1, step: 2, can_decide: false, waiting_for: [{ username: "staff2" }] });
    const done = await staff2.post(`${D}/learning-request/${id}/decision/`, { decision: "approve" });
    expect(done.body).toMatchObject({
      status: 30,
      step: 2,
      decisions: [
        { step: 1, decision: 30, by: { username: "staff1" }, note: "Fits the plan." },
        { step: 2, decision: 30, by: { username: "staff2" } },
      ],
      learning_result: { status: 0 },
    });
    expect(
      (await staff2.post(`${D}/learning-request/${id}/decision/`, { decision: "reject", note: "Too late." })).body,
    ).toEqual({ detail: "req_msg_not_waiting" });
    const results = (await admin.get(`${D}/learning-request/?tab=approval-result`)).body.results as LearningRequest[];
    expect(results.map((r) => r.id)).toContain(id);
  });

  it("rejects at any step (-3) with the reason the learner is shown, and the superuser decides any step", async () => {
    const id = (await request({ cost: 5000 })).body.id as number;
    await writesNothing(async () => {
      expect((await admin.post(`${D}/learning-request/${id}/decision/`, { decision: "reject" })).body).toEqual({
        note: ["reason_required"],
      });
      expect(
        (await admin.post(`${D}/learning-request/${id}/decision/`, { decision: "reject", note: "   " })).body,
      ).toEqual({ note: ["reason_required"] });
    });
    expect(
      (await admin.post(`${D}/learning-request/${id}/decision/`, { decision: "reject", note: "No budget." })).body,
    ).toMatchObject({ status: -3, learning_result: null });
    const mine = (await learner.get("/api/learning-request/")).body.results as LearningRequest[];
    expect(mine.find((r) => r.id === id)?.decisions).toEqual([
      expect.objectContaining({ decision: -3, note: "No budget." }),
    ]);
  });

  it("keeps material requests apart, on their own flag", async () => {
    const list = await admin.get(`${D}/material-request/`);
    expect(list.body.results.every((r: LearningRequest) => r.kind === 2)).toBe(true);
    const learningId = (
      await api.db.selectFrom("learning_request").select("id").where("kind", "=", 1).executeTakeFirstOrThrow()
    ).id;
    expect((await admin.get(`${D}/material-request/${learningId}/`)).status).toBe(404);
    expect((await viewer.get(`${D}/material-request/`)).status).toBe(200);
    expect((await learner.get(`${D}/material-request/`)).status).toBe(403);
  });

  it("changes a learning result only along the spec's row", async () => {
    const list = (await admin.get(`${D}/learning-result/`)).body.results as LearningResult[];
    const seeded = list.find((r) => r.status === 22)!;
    expect(seeded.allowed).toEqual([21, 30, -5, 6]);
    expect(
      (
        await admin.post(`${D}/learning-result/${seeded.id}/progress/`, {
          status: 6,
          note: "Please attach the certificate.",
        })
      ).body,
    ).toMatchObject({ status: 6, allowed: [21, 22, 30, -5] });
    expect((await admin.post(`${D}/learning-result/${seeded.id}/progress/`, { status: 0 })).body).toEqual({
      status: ["req_msg_transition"],
    });
    expect((await viewer.post(`${D}/learning-result/${seeded.id}/progress/`, { status: 30 })).status).toBe(403);
    const done = await admin.post(`${D}/learning-result/${seeded.id}/progress/`, { status: 30 });
    expect(done.body.log.map((l: { from: number; to: number }) => [l.from, l.to])).toEqual([
      [0, 22],
      [22, 6],
      [6, 30],
    ]);
  });

  it("expires a step waited past its duration_expire (-6)", async () => {
    const id = (await request({ cost: 5000 })).body.id as number;
    await staff1.post(`${D}/learning-request/${id}/decision/`, { decision: "approve" });
    const at2 = (await admin.get(`${D}/learning-request/${id}/`)).body as LearningRequest;
    expect(at2.datetime_expire).toBe(new Date(api.clock.now.getTime() + 14 * 86_400_000).toISOString());
    api.advance(14 * 86_400_000 + 1000);
    // Sessions end long before; the expiry is what the next call of anyone sees.
    [admin, staff2] = await Promise.all([api.signedIn("admin"), api.signedIn("staff2")]);
    const expired = (await admin.get(`${D}/learning-request/${id}/`)).body as LearningRequest;
    expect(expired).toMatchObject({ status: -6, decisions: [{ decision: 30 }, { decision: -6, by: null }] });
    expect((await staff2.post(`${D}/learning-request/${id}/decision/`, { decision: "approve" })).status).toBe(409);
  });
});

describe("the people a flow names decide without the kind's flags (issue 33 item 1)", () => {
  let manager: Client;
  let inspector: Client;
  let instructor: Client;
  beforeAll(async () => {
    // Afresh: the expiry test above moved the clock past every session.
    [admin, staff1, learner, viewer, manager, inspector, instructor] = await Promise.all(
      ["admin", "staff1", "learner", "viewer", "manager", "inspector", "instructor"].map((u) => api.signedIn(u)),
    );
  });

  it("says in the permission answer which requests an account decides", async () => {
    const decides = async (c: Client) => (await c.get(`${D}/account/permission/`)).body.decides;
    // manager: the learner's supervisor (a step at level 1); staff1: named; inspector: named on the enrolment flow, and a supervisor.
    expect(await decides(manager)).toEqual(["learning_request", "enrollment"]);
    expect(await decides(staff1)).toEqual(["learning_request", "material_request"]);
    expect(await decides(inspector)).toEqual(["learning_request", "enrollment"]);
    expect(await decides(viewer)).toEqual([]);
    expect(await decides(instructor)).toEqual([]);
  });

  it("lets the learner's supervisor see and decide the step it waits at, and nothing else", async () => {
    const id = (await request({ cost: 9000 })).body.id as number;
    // Before: the manager holds no request_form flag.
    expect(
      (await manager.get(`${D}/learning-request/?tab=waiting`)).body.results.map((r: LearningRequest) => r.id),
    ).toContain(id);
    expect((await manager.get(`${D}/learning-request/${id}/`)).body).toMatchObject({ can_decide: true, step: 1 });
    expect((await manager.get(`${D}/learning-request/${id}/answer/`)).status).toBe(200);
    const moved = await manager.post(`${D}/learning-request/${id}/decision/`, {
      decision: "approve",
      note: "Good for the team.",
    });
    expect(moved.body).toMatchObject({
      status: 1,
      step: 2,
      can_decide: false,
      decisions: [{ by: { username: "manager" }, note: "Good for the team." }],
    });
    // Decided: still theirs to read, listed with all their requests; no longer on the waiting tab.
    expect((await manager.get(`${D}/learning-request/${id}/`)).status).toBe(200);
    expect(
      (await manager.get(`${D}/learning-request/?tab=waiting`)).body.results.map((r: LearningRequest) => r.id),
    ).not.toContain(id);
    expect(
      (await manager.get(`${D}/learning-request/?tab=all`)).body.results.map((r: LearningRequest) => r.id),
    ).toContain(id);
    // A request of another learner whose step it does not decide: not found; another kind: refused.
    const other = (
      await api.db
        .selectFrom("learning_request")
        .select("id")
        .where("kind", "=", 1)
        .where("account_id", "<>", await accountId("learner"))
        .orderBy("id")
        .executeTakeFirstOrThrow()
    ).id;
    expect((await manager.get(`${D}/learning-request/${other}/`)).status).toBe(404);
    expect((await manager.get(`${D}/material-request/`)).status).toBe(403);
    // Neither a decider nor holding the flag: refused outright.
    expect((await instructor.get(`${D}/learning-request/`)).status).toBe(403);
    expect((await instructor.post(`${D}/learning-request/${id}/decision/`, { decision: "approve" })).status).toBe(403);
  });

  it("offers and takes as approvers only accounts that may decide, kept without a second tick box", async () => {
    const choices = (await admin.get(`${D}/approval-flow/approver/?page_size=200`)).body.results.map(
      (r: { code: string }) => r.code,
    );
    expect(choices).toEqual(expect.arrayContaining(["admin", "staff1", "inspector", "manager"]));
    expect(choices).not.toContain("viewer");
    expect(choices).not.toContain("learner");
    const id = (await admin.post(`${D}/approval-flow/`, { name: "Named only", type_request: 2, sort: 41 })).body
      .id as number;
    await writesNothing(async () => {
      expect(
        (await admin.post(`${D}/approval-flow/${id}/step/`, { approvers: [await accountId("viewer")] })).body,
      ).toEqual({ approvers: ["invalid"] });
    });
    const made = await admin.post(`${D}/approval-flow/${id}/step/`, {
      approvers: String(await accountId("inspector")),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const step = (made.body as ApprovalFlow).steps.at(-1)!;
    expect(step).toMatchObject({ is_approver: true, approvers: [{ username: "inspector" }] });
    expect((await admin.delete(`${D}/approval-flow/${id}/`)).status).toBe(204);
  });
});
