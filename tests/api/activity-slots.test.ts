import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityUsage, SlotRow } from "../../contract/schemas/activity";
import { startTestApi, type Client, type TestApi } from "./harness";
import { A, activityKit, checklistBody } from "./activity-kit";

/**
 * An activity's slots (issue 13 §6): the learners of a checklist as an administrator and as an
 * inspector see them, check-in and check-out, verification with the enrollment status it
 * recomputes and logs, and the usage counts.
 *
 * The set-up: activity T-SLOT with checklist c1 (verified by administrators and inspectors; the
 * direct manager inspects) and c2 (verified by inspectors only; nobody named yet), six students
 * enrolled; the inspector account is the direct manager of the first two.
 */

let api: TestApi;
let admin: Client;
let inspector: Client;
let kit: ReturnType<typeof activityKit>;
let id: number;
let c1: number;
let c2: number;
let e: number[];
const STUDENTS = ["student2701", "student2702", "student2703", "student2704", "student2705", "student2706"];

beforeAll(async () => {
  api = await startTestApi();
  kit = activityKit(api);
  admin = await api.signedIn("admin");
  inspector = await api.signedIn("inspector");
  id = await kit.newActivity(admin, "T-SLOT", "Safety walk (test)");
  c1 = await kit.newChecklist(admin, id, { name: "Hazard spotting", full_score: 10, pass_score: 6 });
  c2 = await kit.newChecklist(admin, id, {
    name: "Report of findings",
    full_score: 20,
    pass_score: 15,
    is_verify_by_admin: false,
  });
  expect((await admin.post(`${A}/${id}/checklist/${c1}/inspector/`, { kind: 1 })).status).toBe(201);
  e = await kit.enroll(admin, id, STUDENTS);
  await api.db
    .updateTable("account")
    .set({ supervisor_id: await kit.accountId("inspector") })
    .where("username", "in", STUDENTS.slice(0, 2))
    .execute();
});
afterAll(() => api.close());

const slotUrl = (checklist: number, query = "") => `${A}/${id}/checklist/${checklist}/slot/${query}`;
const usernames = (body: { results: SlotRow[] }) => body.results.map((r) => r.account.username);

describe("the slot list", () => {
  it("answers every enrolled learner, with no slot yet: id null, status 0", async () => {
    const res = await admin.get(slotUrl(c1, "?ordering=username"));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 6, page: 1, page_size: 50, next: null });
    expect(usernames(res.body)).toEqual(STUDENTS);
    expect(res.body.results[0]).toEqual({
      id: null,
      checklist_id: c1,
      enrollment_id: e[0],
      account: { id: await kit.accountId("student2701"), username: "student2701", name: expect.any(String) },
      enrollment_status: 0,
      status: 0,
      score: null,
      note: "",
      answer: "",
      file: null,
      datetime_checkin: null,
      datetime_checkout: null,
      checkin_source: null,
      datetime_submit: null,
      verified_by: null,
      datetime_verify: null,
      can_verify: false,
    } satisfies SlotRow);
  });

  it("leaves out learners who gave up their seat", async () => {
    const [gone] = await kit.enroll(admin, id, ["student2707"]);
    expect((await admin.get(slotUrl(c1))).body.count).toBe(7);
    await api.db.updateTable("content_enrollment").set({ status: -1 }).where("id", "=", gone).execute();
    expect((await admin.get(slotUrl(c1))).body.count).toBe(6);
  });

  it("filters by status, waiting and search, pages, and refuses unknown values", async () => {
    expect((await admin.get(slotUrl(c1, "?status=0"))).body.count).toBe(6);
    expect((await admin.get(slotUrl(c1, "?status=21,22"))).body.count).toBe(0);
    expect((await admin.get(slotUrl(c1, "?status=all"))).body.count).toBe(6);
    expect((await admin.get(slotUrl(c1, "?waiting=1"))).body.count).toBe(0);
    expect(usernames((await admin.get(slotUrl(c1, "?search=STUDENT2703"))).body)).toEqual(["student2703"]);
    const paged = await admin.get(slotUrl(c1, "?page_size=4&page=2&ordering=-username"));
    expect(usernames(paged.body)).toEqual(["student2702", "student2701"]);
    const bad = await admin.get(slotUrl(c1, "?status=23,x&waiting=maybe&ordering=score"));
    expect(bad).toMatchObject({
      status: 400,
      body: { status: ["invalid_choice"], waiting: ["invalid_choice"], ordering: ["invalid_choice"] },
    });
    expect((await admin.get(`${A}/${id}/checklist/999999/slot/`)).status).toBe(404);
  });

  it("shows an inspector only the learners they inspect, on the checklists naming them", async () => {
    const mine = await inspector.get(slotUrl(c1, "?ordering=username"));
    expect(mine.status).toBe(200);
    expect(usernames(mine.body)).toEqual(STUDENTS.slice(0, 2));
    expect((await inspector.get(slotUrl(c2))).body.count).toBe(0);
    // Named by account on c2, they see every learner there.
    await admin.post(`${A}/${id}/checklist/${c2}/inspector/`, { kind: 3, account: await kit.accountId("inspector") });
    expect((await inspector.get(slotUrl(c2))).body.count).toBe(6);
  });
});

describe("check-in", () => {
  it("checks learners in (creating their slots) and out; the enrollment moves to 21 and is logged", async () => {
    const at = `${A}/${id}/checklist/${c1}/checkin/`;
    const res = await admin.post(at, { enrollment_list: [e[2], e[3]], action: "in" });
    expect(res).toMatchObject({ status: 200, body: { count: 2 } });
    const slots = await kit.slotsOf(c1);
    expect(
      slots.map((s) => [s.enrollment_id, s.status, s.checkin_source, s.datetime_checkin, s.datetime_checkout]),
    ).toEqual([
      [e[2], 21, 2, api.clock.now.toISOString(), null],
      [e[3], 21, 2, api.clock.now.toISOString(), null],
    ]);
    expect(await kit.enrollmentStatus(e[2])).toBe(21);
    const admin1 = await kit.accountId("admin");
    expect(await kit.logOf(e[2])).toEqual([
      { from_status: null, to_status: 0, action_type: "enroll", created_by: admin1 },
      { from_status: 0, to_status: 21, action_type: "check_in", created_by: admin1 },
    ]);

    api.advance(5 * 60_000);
    // One of them never checked in: refused, nothing written.
    const refused = await admin.post(at, { enrollment_list: `${e[2]},${e[4]}`, action: "out" });
    expect(refused).toMatchObject({ status: 400, body: { enrollment_list: ["invalid_choice"] } });
    expect((await kit.slotsOf(c1)).every((s) => s.datetime_checkout === null)).toBe(true);
    expect((await admin.post(at, { enrollment_list: [e[2]], action: "out" })).status).toBe(200);
    const out = (await admin.get(slotUrl(c1, "?status=21&ordering=username"))).body.results as SlotRow[];
    expect(out.map((r) => [r.enrollment_id, r.datetime_checkout])).toEqual([
      [e[2], api.clock.now.toISOString()],
      [e[3], null],
    ]);
    // Checking in again logs nothing more: the status did not move.
    expect((await admin.post(at, { enrollment_list: [e[2]], action: "in" })).status).toBe(200);
    expect((await kit.logOf(e[2])).length).toBe(2);
  });

  it("refuses enrollments of another content and bad input, writing nothing", async () => {
    const at = `${A}/${id}/checklist/${c1}/checkin/`;
    const other = await kit.newActivity(admin, "T-SLOT-OTHER");
    const [foreign] = await kit.enroll(admin, other, ["student2701"]);
    const before = await kit.slotsOf(c1);
    expect((await admin.post(at, { enrollment_list: [e[4], foreign], action: "in" })).body).toEqual({
      enrollment_list: ["invalid_choice"],
    });
    expect((await admin.post(at, { enrollment_list: [e[4], 999_999], action: "in" })).body).toEqual({
      enrollment_list: ["invalid_choice"],
    });
    const bad = await admin.post(at, { enrollment_list: [], action: "sideways" });
    expect(bad).toMatchObject({ status: 400, body: { enrollment_list: ["required"], action: ["invalid_choice"] } });
    expect(await kit.slotsOf(c1)).toEqual(before);
  });

  it("lets an inspector check in only the learners they inspect", async () => {
    const at = `${A}/${id}/checklist/${c1}/checkin/`;
    expect((await inspector.post(at, { enrollment_list: [e[0], e[4]], action: "in" })).body).toEqual({
      detail: "not_inspector",
    });
    expect((await kit.slotsOf(c1)).some((s) => s.enrollment_id === e[0])).toBe(false);
    expect((await inspector.post(at, { enrollment_list: [e[0]], action: "in" })).status).toBe(200);
    expect(await kit.enrollmentStatus(e[0])).toBe(21);
  });
});

describe("verification", () => {
  let waiting: { e0c1: number; e1c1: number; e4c1: number; e5c1: number; e5c2: number };
  beforeAll(async () => {
    // As the learner site leaves them: submitted (22). e[5] has submitted both checklists.
    await api.db
      .updateTable("activity_slot")
      .set({ status: 22, answer: "Done.", datetime_submit: "2026-05-30T02:00:00.000Z" })
      .where("checklist_id", "=", c1)
      .where("enrollment_id", "=", e[0])
      .execute();
    const e0c1 = (await kit.slotsOf(c1)).find((s) => s.enrollment_id === e[0])!.id;
    waiting = {
      e0c1,
      e1c1: await kit.putSlot(c1, e[1], 22),
      e4c1: await kit.putSlot(c1, e[4], 22),
      e5c1: await kit.putSlot(c1, e[5], 22),
      e5c2: await kit.putSlot(c2, e[5], 22),
    };
    await api.db
      .updateTable("content_enrollment")
      .set({ status: 22 })
      .where("id", "in", [e[0], e[1], e[4], e[5]])
      .execute();
  });
  const verify = (c: Client, checklist: number, slot: number, body: Record<string, unknown>) =>
    c.post(`${A}/${id}/checklist/${checklist}/slot/${slot}/verify/`, body);

  it("lists the waiting slots with who may verify them", async () => {
    const byAdmin = (await admin.get(slotUrl(c1, "?waiting=1&ordering=username"))).body.results as SlotRow[];
    expect(byAdmin.map((r) => [r.account.username, r.status, r.answer, r.can_verify])).toEqual([
      ["student2701", 22, "Done.", true],
      ["student2702", 22, "Done, photos attached.", true],
      ["student2705", 22, "Done, photos attached.", true],
      ["student2706", 22, "Done, photos attached.", true],
    ]);
    // c2: inspectors only, and the admin inspects nobody there.
    expect(((await admin.get(slotUrl(c2, "?waiting=1"))).body.results as SlotRow[]).map((r) => r.can_verify)).toEqual([
      false,
    ]);
    const byInspector = (await inspector.get(slotUrl(c1, "?waiting=1&ordering=username"))).body.results as SlotRow[];
    expect(byInspector.map((r) => [r.account.username, r.can_verify])).toEqual([
      ["student2701", true],
      ["student2702", true],
    ]);
    const one = await inspector.get(`${slotUrl(c1)}${waiting.e0c1}/`);
    expect(one.body).toMatchObject({ id: waiting.e0c1, status: 22, can_verify: true });
    expect((await inspector.get(`${slotUrl(c1)}${waiting.e4c1}/`)).status).toBe(404);
    expect((await admin.get(`${slotUrl(c2)}${waiting.e4c1}/`)).status).toBe(404);
  });

  it("refuses a score above the full score and a missing score, writing nothing", async () => {
    expect((await verify(admin, c1, waiting.e4c1, { score: 11 })).body).toEqual({ score: ["score_above_full"] });
    expect((await verify(admin, c1, waiting.e4c1, { score: "", note: "?" })).body).toEqual({ score: ["required"] });
    expect((await verify(admin, c1, waiting.e4c1, { score: -1 })).status).toBe(400);
    expect((await kit.slotsOf(c1)).find((s) => s.id === waiting.e4c1)).toMatchObject({
      status: 22,
      score: null,
      verified_by: null,
    });
  });

  it("passes at the pass score, recomputes the enrollment (all passed: 30) and logs it", async () => {
    const res = await verify(admin, c1, waiting.e4c1, { score: 6, note: "Good eye." });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: waiting.e4c1,
      status: 30,
      score: 6,
      note: "Good eye.",
      verified_by: { id: await kit.accountId("admin"), name: "Ada Admin" },
      datetime_verify: api.clock.now.toISOString(),
      can_verify: false,
    });
    // e[4] has no slot of c2 yet: one of two passed is still "doing".
    expect(res.body.enrollment_status).toBe(21);
    expect((await kit.logOf(e[4])).at(-1)).toMatchObject({ from_status: 22, to_status: 21, action_type: "verify" });
    expect((await verify(admin, c1, waiting.e4c1, { score: 9 })).body).toEqual({ detail: "slot_not_waiting" });
  });

  it("fails below the pass score; an inspector-only checklist refuses the administrator", async () => {
    expect((await verify(admin, c2, waiting.e5c2, { score: 20 })).body).toEqual({ detail: "not_inspector" });
    expect((await verify(admin, c1, waiting.e5c1, { score: 5 })).body).toMatchObject({
      status: -5,
      score: 5,
      enrollment_status: 22,
    });
    // Named by account on c2, the inspector decides it: every checklist decided, one failed → -5.
    const passed = await verify(inspector, c2, waiting.e5c2, { score: "15", note: "ครบถ้วน" });
    expect(passed.body).toMatchObject({
      status: 30,
      score: 15,
      note: "ครบถ้วน",
      enrollment_status: -5,
      verified_by: { id: await kit.accountId("inspector") },
    });
    expect((await kit.logOf(e[5])).at(-1)).toMatchObject({
      from_status: 22,
      to_status: -5,
      action_type: "verify",
      created_by: await kit.accountId("inspector"),
    });
  });

  it("sends back for re-submission (6, no score), by the direct manager", async () => {
    const res = await verify(inspector, c1, waiting.e1c1, { score: 8, note: "Photo missing", is_resubmit: "on" });
    expect(res.body).toMatchObject({ status: 6, score: null, note: "Photo missing", enrollment_status: 6 });
    expect((await kit.logOf(e[1])).at(-1)).toMatchObject({ from_status: 22, to_status: 6, action_type: "verify" });
  });

  it("refuses an account that may not verify: the checklist does not let inspectors, or the learner is not theirs", async () => {
    const c1Body = checklistBody({ name: "Hazard spotting", full_score: 10, pass_score: 6 });
    expect(
      (await admin.patch(`${A}/${id}/checklist/${c1}/`, { ...c1Body, is_verify_by_inspector: false })).status,
    ).toBe(200);
    expect((await inspector.get(`${slotUrl(c1)}${waiting.e0c1}/`)).body).toMatchObject({
      status: 22,
      can_verify: false,
    });
    expect(await verify(inspector, c1, waiting.e0c1, { score: 10 })).toMatchObject({
      status: 403,
      body: { detail: "not_inspector" },
    });
    await admin.patch(`${A}/${id}/checklist/${c1}/`, c1Body);
    // Without c1's direct-manager rule the learner is out of their sight altogether (they still inspect c2).
    const rule = (await admin.get(`${A}/${id}/inspector/`)).body.find(
      (r: { kind: number; checklist_id: number }) => r.kind === 1 && r.checklist_id === c1,
    );
    expect((await admin.delete(`${A}/${id}/checklist/${c1}/inspector/${rule.id}/`)).status).toBe(204);
    expect((await inspector.get(`${slotUrl(c1)}${waiting.e0c1}/`)).status).toBe(404);
    expect((await verify(inspector, c1, waiting.e0c1, { score: 10 })).status).toBe(404);
    expect((await kit.slotsOf(c1)).find((s) => s.id === waiting.e0c1)).toMatchObject({ status: 22, verified_by: null });
    await admin.post(`${A}/${id}/checklist/${c1}/inspector/`, { kind: 1 });
    expect((await verify(inspector, c1, waiting.e0c1, { score: 10 })).body).toMatchObject({ status: 30, score: 10 });
  });
});

describe("usage", () => {
  it("counts check-ins, submissions and verifications per day and per checklist", async () => {
    const checkin = await admin.get(`${A}/${id}/usage/`);
    expect(checkin.status).toBe(200);
    const body = checkin.body as ActivityUsage;
    expect(body.usage_type).toBe("checkin");
    expect(body.total).toBe(7);
    expect(body.days).toEqual([
      { date: "2026-05-20", count: 4 },
      { date: "2026-06-01", count: 3 },
    ]);
    expect(body.checklists.map((c) => c.count)).toEqual([6, 1]);
    const submit = (await admin.get(`${A}/${id}/usage/?usage_type=submit`)).body as ActivityUsage;
    expect(submit).toMatchObject({
      usage_type: "submit",
      total: 5,
      days: [
        { date: "2026-05-21", count: 4 },
        { date: "2026-05-30", count: 1 },
      ],
    });
    const verified = (await admin.get(`${A}/${id}/usage/?usage_type=verify`)).body as ActivityUsage;
    expect(verified.total).toBe(5);
    expect((await admin.get(`${A}/${id}/usage/?usage_type=all`)).body.usage_type).toBe("checkin");
    expect((await admin.get(`${A}/${id}/usage/?usage_type=weekly`)).body).toEqual({ usage_type: ["invalid_choice"] });
    expect((await inspector.get(`${A}/${id}/usage/?usage_type=verify`)).status).toBe(200);
  });
});
