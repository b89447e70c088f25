import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChecklistRow, InspectorRow } from "../../contract/schemas/activity";
import { startTestApi, type Client, type TestApi } from "./harness";
import { A, activityKit, checklistBody } from "./activity-kit";

/**
 * Activity (issue 13 §6): the engine's calls for it, its checklists and their inspectors, and the
 * inspector's narrower view of activities. Slots, check-in, verification and usage are in
 * activity-slots.test.ts.
 */

let api: TestApi;
let admin: Client;
let viewer: Client;
let inspector: Client;
let kit: ReturnType<typeof activityKit>;
beforeAll(async () => {
  api = await startTestApi();
  kit = activityKit(api);
  admin = await api.signedIn("admin");
  viewer = await api.signedIn("viewer");
  inspector = await api.signedIn("inspector");
});
afterAll(() => api.close());

const checklistCount = async (activityId: number) =>
  Number(
    (
      await api.db
        .selectFrom("activity_checklist")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("activity_id", "=", activityId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("activity through the engine", () => {
  it("lists the seeded activities with their checklist counts", async () => {
    const res = await admin.get(`${A}/?search=act-0&ordering=code`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(12);
    expect(res.body.results[0]).toMatchObject({
      code: "ACT-001",
      name: "Fire drill",
      checklist_count: 3,
      publish_status: "publish",
    });
    expect(res.body.results.find((r: { code: string }) => r.code === "ACT-011")).toMatchObject({
      checklist_count: 0,
      publish_status: "unpublish",
    });
    expect(res.body.results.find((r: { code: string }) => r.code === "ACT-010")).toMatchObject({
      publish_status: "schedule",
    });
  });

  it("creates with translated field errors, and has no instructors", async () => {
    const bad = await admin.post(`${A}/`, { name: "", code: "bad code!" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      name: ["required"],
      code: ["invalid_code"],
      category: expect.any(Array),
      provider: expect.any(Array),
    });
    const id = await kit.newActivity(admin, "T-ENG-1");
    const item = await admin.get(`${A}/${id}/`);
    expect(item.status).toBe(200);
    expect(item.body).toMatchObject({
      code: "T-ENG-1",
      is_display: false,
      checklist_count: 0,
      content_type: { code: "activity" },
    });
    expect(item.body).not.toHaveProperty("instructor_list");
    const dup = await admin.post(`${A}/`, {
      name: "Again",
      code: "t-eng-1",
      category: item.body.category.id,
      provider: item.body.provider.id,
    });
    expect(dup.body).toEqual({ code: ["code_already_used"] });
  });

  it("refuses to publish without a checklist (417), then publishes; the last checklist removed hides it", async () => {
    const id = await kit.newActivity(admin, "T-PUB-1");
    const refused = await admin.patch(`${A}/${id}/`, { is_display: true });
    expect(refused).toMatchObject({ status: 417, body: { detail: "publish_no_checklist" } });
    expect((await admin.get(`${A}/${id}/`)).body.is_display).toBe(false);
    const first = await kit.newChecklist(admin, id);
    const second = await kit.newChecklist(admin, id, { name: "Head count" });
    const shown = await admin.patch(`${A}/${id}/`, { is_display: true });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ is_display: true, publish_status: "publish", checklist_count: 2 });
    expect((await admin.delete(`${A}/${id}/checklist/${first}/`)).status).toBe(204);
    expect((await admin.get(`${A}/${id}/`)).body.is_display).toBe(true);
    expect((await admin.delete(`${A}/${id}/checklist/${second}/`)).status).toBe(204);
    const hidden = (await admin.get(`${A}/${id}/`)).body;
    expect(hidden).toMatchObject({ is_display: false, checklist_count: 0, publish_status: "unpublish" });
    // It had been shown: it stays "unpublished", not a draft again.
    expect(hidden.datetime_first_publish).not.toBeNull();
  });

  it("deletes an activity with everything hanging on it: checklists, inspectors, learners, slots", async () => {
    const id = (
      await api.db.selectFrom("activity").select("id").where("code", "=", "ACT-009").executeTakeFirstOrThrow()
    ).id;
    const checklists = (
      await api.db.selectFrom("activity_checklist").select("id").where("activity_id", "=", id).execute()
    ).map((c) => c.id);
    const slots = () =>
      api.db.selectFrom("activity_slot").select("id").where("checklist_id", "in", checklists).execute();
    expect((await slots()).length).toBeGreaterThan(0);
    expect((await viewer.delete(`${A}/${id}/`)).status).toBe(403);
    expect((await admin.delete(`${A}/${id}/`)).status).toBe(204);
    expect(await slots()).toEqual([]);
    expect(await checklistCount(id)).toBe(0);
    expect(
      await api.db
        .selectFrom("content_enrollment")
        .select("id")
        .where("content_type_id", "=", await kit.activityType())
        .where("content_id", "=", id)
        .execute(),
    ).toEqual([]);
    expect((await admin.get(`${A}/${id}/checklist/`)).status).toBe(404);
  });

  it("accepts cancel type 7 in its enrollment settings and refuses 2", async () => {
    const id = await kit.newActivity(admin, "T-ENR-1");
    expect((await admin.get(`${A}/${id}/enrollment/`)).body.cancel_type_choices).toEqual([7]);
    const ok = await admin.put(`${A}/${id}/enrollment/`, { content_period_cancel: { type: 7, duration: 86_400 } });
    expect(ok.status).toBe(200);
    expect(ok.body.content_period_cancel).toMatchObject({ type: 7, duration: 86_400 });
    const refused = await admin.put(`${A}/${id}/enrollment/`, { content_period_cancel: { type: 2 } });
    expect(refused).toMatchObject({ status: 400, body: { "content_period_cancel.type": ["cancel_type_not_allowed"] } });
    expect((await admin.get(`${A}/${id}/enrollment/`)).body.content_period_cancel.type).toBe(7);
  });

  it("lets an administrator set 6 by hand (the activity's transition row), one by one and in bulk", async () => {
    const id = await kit.newActivity(admin, "T-PRG-1");
    await kit.newChecklist(admin, id);
    const [e1, e2] = await kit.enroll(admin, id, ["student2901", "student2902"]);
    const one = await admin.patch(`${A}/${id}/progress/${e1}/`, { status: 6 });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(await kit.enrollmentStatus(e1)).toBe(6);
    // A bulk re-submit moves the decided learners (spec 001 §4 bulk rules): pass e2 first.
    expect((await admin.patch(`${A}/${id}/progress/${e2}/`, { status: 30 })).status).toBe(200);
    const bulk = await admin.post(`${A}/${id}/progress/bulk/`, { target: 6, enrollment_list: [e2] });
    expect(bulk.body).toEqual({ target: 6, preview: false, changed: 1 });
    expect(await kit.enrollmentStatus(e2)).toBe(6);
  });
});

describe("checklists", () => {
  it("add at the end, list by sort, read, change whole, remove", async () => {
    const id = await kit.newActivity(admin, "T-CHK-1");
    const created = await admin.post(`${A}/${id}/checklist/`, checklistBody());
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      ...checklistBody(),
      id: expect.any(Number),
      sort: 1,
      inspector_list: [],
      count: { checked_in: 0, waiting: 0, passed: 0, failed: 0, resubmit: 0 },
      datetime_create: api.clock.now.toISOString(),
      datetime_update: api.clock.now.toISOString(),
    } satisfies ChecklistRow);
    const second = await kit.newChecklist(admin, id, {
      name: "Fire extinguisher practice",
      full_score: "20",
      pass_score: "14",
      is_attach_file: "on",
    });
    const list = await admin.get(`${A}/${id}/checklist/`);
    expect(list.body.map((c: ChecklistRow) => [c.name, c.sort])).toEqual([
      ["Evacuation route walk-through", 1],
      ["Fire extinguisher practice", 2],
    ]);
    expect(list.body[1]).toMatchObject({ full_score: 20, pass_score: 14, is_attach_file: true });
    const changed = await admin.patch(
      `${A}/${id}/checklist/${second}/`,
      checklistBody({ name: "Extinguisher (PASS)", is_verify_by_admin: false }),
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      name: "Extinguisher (PASS)",
      is_verify_by_admin: false,
      is_verify_by_inspector: true,
      sort: 2,
      full_score: 10,
    });
    expect((await admin.get(`${A}/${id}/checklist/${second}/`)).body).toEqual(changed.body);
    expect((await admin.delete(`${A}/${id}/checklist/${second}/`)).status).toBe(204);
    expect((await admin.get(`${A}/${id}/checklist/${second}/`)).status).toBe(404);
  });

  it("place it at a location and one of its rooms of the locations list, answered with their names; refuse others, writing nothing", async () => {
    const id = await kit.newActivity(admin, "T-CHK-P");
    const rooms = await api.db.selectFrom("room").select(["id", "name", "location_id"]).orderBy("id").execute();
    const room = rooms[0];
    const elsewhere = rooms.find((r) => r.location_id !== room.location_id)!;
    const location = await api.db
      .selectFrom("location")
      .select(["id", "name"])
      .where("id", "=", room.location_id)
      .executeTakeFirstOrThrow();
    const placed = await admin.post(
      `${A}/${id}/checklist/`,
      checklistBody({ location: String(location.id), room: String(room.id) }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body).toMatchObject({
      location: { id: location.id, name: location.name },
      room: { id: room.id, name: room.name },
    });
    const before = await checklistCount(id);
    const wrongRoom = await admin.post(
      `${A}/${id}/checklist/`,
      checklistBody({ location: location.id, room: elsewhere.id }),
    );
    expect(wrongRoom).toMatchObject({ status: 400, body: { room: ["room_not_in_location"] } });
    const missing = await admin.post(`${A}/${id}/checklist/`, checklistBody({ location: 999999, room: 999998 }));
    expect(missing).toMatchObject({ status: 400, body: { location: ["invalid_choice"], room: ["invalid_choice"] } });
    expect(await checklistCount(id)).toBe(before);
    const moved = await admin.patch(
      `${A}/${id}/checklist/${placed.body.id}/`,
      checklistBody({ location: location.id, room: elsewhere.id }),
    );
    expect(moved.status).toBe(400);
    expect((await admin.get(`${A}/${id}/checklist/${placed.body.id}/`)).body).toMatchObject({ room: { id: room.id } });
    const cleared = await admin.patch(`${A}/${id}/checklist/${placed.body.id}/`, checklistBody());
    expect(cleared.body).toMatchObject({ location: null, room: null });
  });

  it("refuse a pass score above the full score, no verifier, and bad numbers; nothing is written", async () => {
    const id = await kit.newActivity(admin, "T-CHK-2");
    const above = await admin.post(`${A}/${id}/checklist/`, checklistBody({ full_score: 10, pass_score: 11 }));
    expect(above).toMatchObject({ status: 400, body: { pass_score: ["pass_score_above_full"] } });
    const nobody = await admin.post(
      `${A}/${id}/checklist/`,
      checklistBody({ is_verify_by_admin: false, is_verify_by_inspector: "" }),
    );
    expect(nobody).toMatchObject({ status: 400, body: { is_verify_by_admin: ["verify_by_required"] } });
    const numbers = await admin.post(
      `${A}/${id}/checklist/`,
      checklistBody({ name: " ", full_score: 0, pass_score: "x" }),
    );
    expect(numbers.status).toBe(400);
    expect(Object.keys(numbers.body).sort()).toEqual(["full_score", "name", "pass_score"]);
    expect(await checklistCount(id)).toBe(0);
    const kept = await kit.newChecklist(admin, id);
    const patch = await admin.patch(`${A}/${id}/checklist/${kept}/`, checklistBody({ pass_score: 50 }));
    expect(patch.body).toEqual({ pass_score: ["pass_score_above_full"] });
    expect((await admin.get(`${A}/${id}/checklist/${kept}/`)).body.pass_score).toBe(6);
  });

  it("of another activity are not found", async () => {
    const one = await kit.newActivity(admin, "T-CHK-3");
    const other = await kit.newActivity(admin, "T-CHK-4");
    const theirs = await kit.newChecklist(admin, other);
    expect((await admin.get(`${A}/${one}/checklist/${theirs}/`)).status).toBe(404);
    expect((await admin.patch(`${A}/${one}/checklist/${theirs}/`, checklistBody())).status).toBe(404);
    expect((await admin.delete(`${A}/${one}/checklist/${theirs}/`)).status).toBe(404);
    expect((await admin.post(`${A}/${one}/checklist/${theirs}/inspector/`, { kind: 1 })).status).toBe(404);
    expect((await admin.get(`${A}/${one}/checklist/abc/`)).status).toBe(404);
    expect((await admin.get(`${A}/999999/checklist/`)).status).toBe(404);
    expect(await checklistCount(other)).toBe(1);
  });
});

describe("inspectors", () => {
  it("of the three kinds: added once each, listed, removed", async () => {
    const id = await kit.newActivity(admin, "T-INS-1");
    const checklist = await kit.newChecklist(admin, id);
    const group = await api.db
      .selectFrom("account_group")
      .select(["id", "name"])
      .where("code", "=", "G3")
      .executeTakeFirstOrThrow();
    const inspectorId = await kit.accountId("inspector");
    const at = `${A}/${id}/checklist/${checklist}/inspector/`;
    const manager = await admin.post(at, { kind: 1, group: "", account: "" });
    expect(manager.status).toBe(201);
    expect(manager.body).toEqual({
      id: expect.any(Number),
      checklist_id: checklist,
      kind: 1,
      group: null,
      account: null,
      datetime_create: api.clock.now.toISOString(),
    } satisfies InspectorRow);
    const byGroup = await admin.post(at, { kind: "2", group: String(group.id) });
    expect(byGroup.body).toMatchObject({ kind: 2, group: { id: group.id, name: group.name }, account: null });
    const byAccount = await admin.post(at, { kind: 3, account: inspectorId });
    expect(byAccount.body).toMatchObject({
      kind: 3,
      group: null,
      account: { id: inspectorId, username: "inspector", name: "Ian Inspector" },
    });

    expect((await admin.post(at, { kind: 1 })).body).toEqual({ kind: ["already_added"] });
    expect((await admin.post(at, { kind: 2, group: group.id })).body).toEqual({ group: ["already_added"] });
    expect((await admin.post(at, { kind: 3, account: inspectorId })).body).toEqual({ account: ["already_added"] });

    const list = await admin.get(`${A}/${id}/inspector/`);
    expect(list.body.map((r: InspectorRow) => r.kind)).toEqual([1, 2, 3]);
    expect((await admin.get(`${A}/${id}/checklist/${checklist}/`)).body.inspector_list).toEqual(list.body);

    expect((await admin.delete(`${at}${byGroup.body.id}/`)).status).toBe(204);
    expect((await admin.delete(`${at}${byGroup.body.id}/`)).status).toBe(404);
    expect((await admin.get(`${A}/${id}/inspector/`)).body.map((r: InspectorRow) => r.kind)).toEqual([1, 3]);
  });

  it("refuse a missing or unknown target and an unknown kind; nothing is written", async () => {
    const id = await kit.newActivity(admin, "T-INS-2");
    const checklist = await kit.newChecklist(admin, id);
    const at = `${A}/${id}/checklist/${checklist}/inspector/`;
    expect((await admin.post(at, { kind: 2 })).body).toEqual({ group: ["required"] });
    expect((await admin.post(at, { kind: 3, account: "" })).body).toEqual({ account: ["required"] });
    expect((await admin.post(at, { kind: 2, group: 999_999 })).body).toEqual({ group: ["invalid_choice"] });
    expect((await admin.post(at, { kind: 3, account: 999_999 })).body).toEqual({ account: ["invalid_choice"] });
    expect((await admin.post(at, { kind: 4 })).body).toEqual({ kind: ["invalid_choice"] });
    const learner = await kit.accountId("student0500");
    await api.db.updateTable("account").set({ is_active: 0 }).where("id", "=", learner).execute();
    expect((await admin.post(at, { kind: 3, account: learner })).body).toEqual({ account: ["invalid_choice"] });
    await api.db.updateTable("account").set({ is_active: 1 }).where("id", "=", learner).execute();
    expect((await admin.get(`${A}/${id}/inspector/`)).body).toEqual([]);
  });
});

describe("the inspector's view", () => {
  const codes = async (c: Client) =>
    (await c.get(`${A}/?page_size=100&ordering=code`)).body.results.map((r: { code: string }) => r.code);

  it("lists only the seeded activities the inspector inspects, by account or as direct manager", async () => {
    expect((await codes(inspector)).filter((c: string) => c.startsWith("ACT-"))).toEqual([
      "ACT-001",
      "ACT-003",
      "ACT-004",
      "ACT-006",
    ]);
    const other = (
      await api.db.selectFrom("activity").select("id").where("code", "=", "ACT-005").executeTakeFirstOrThrow()
    ).id;
    expect((await inspector.get(`${A}/${other}/`)).status).toBe(404);
    expect((await inspector.get(`${A}/${other}/checklist/`)).status).toBe(404);
  });

  it("follows the rules: by account, by group membership, by direct manager of an enrolled learner", async () => {
    const [byAccount, byGroup, byManager] = [
      await kit.newActivity(admin, "T-SCO-1"),
      await kit.newActivity(admin, "T-SCO-2"),
      await kit.newActivity(admin, "T-SCO-3"),
    ];
    const seen = async () => (await codes(inspector)).filter((c: string) => c.startsWith("T-SCO"));
    expect(await seen()).toEqual([]);

    const c1 = await kit.newChecklist(admin, byAccount);
    await admin.post(`${A}/${byAccount}/checklist/${c1}/inspector/`, {
      kind: 3,
      account: await kit.accountId("inspector"),
    });
    expect(await seen()).toEqual(["T-SCO-1"]);

    const c2 = await kit.newChecklist(admin, byGroup);
    const group = await api.db
      .insertInto("account_group")
      .values({ name: "Floor wardens", code: "T-FW", type: "ACCOUNT", desc: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await admin.post(`${A}/${byGroup}/checklist/${c2}/inspector/`, { kind: 2, group: group.id });
    expect(await seen()).toEqual(["T-SCO-1"]);
    await api.db
      .insertInto("account_group_member")
      .values({ group_id: group.id, account_id: await kit.accountId("inspector") })
      .execute();
    expect(await seen()).toEqual(["T-SCO-1", "T-SCO-2"]);

    const c3 = await kit.newChecklist(admin, byManager);
    await admin.post(`${A}/${byManager}/checklist/${c3}/inspector/`, { kind: 1 });
    await kit.enroll(admin, byManager, ["student2801"]);
    expect(await seen()).toEqual(["T-SCO-1", "T-SCO-2"]);
    await api.db
      .updateTable("account")
      .set({ supervisor_id: await kit.accountId("inspector") })
      .where("username", "=", "student2801")
      .execute();
    expect(await seen()).toEqual(["T-SCO-1", "T-SCO-2", "T-SCO-3"]);
    expect((await inspector.get(`${A}/${byManager}/checklist/`)).body.map((c: ChecklistRow) => c.id)).toEqual([c3]);
  });

  it("changes nothing: no change flag", async () => {
    const seeded = (
      await api.db.selectFrom("activity").select("id").where("code", "=", "ACT-001").executeTakeFirstOrThrow()
    ).id;
    const [checklist] = (await inspector.get(`${A}/${seeded}/checklist/`)).body as ChecklistRow[];
    expect((await inspector.post(`${A}/${seeded}/checklist/`, checklistBody())).status).toBe(403);
    expect((await inspector.patch(`${A}/${seeded}/checklist/${checklist.id}/`, checklistBody())).status).toBe(403);
    expect((await inspector.post(`${A}/${seeded}/checklist/${checklist.id}/inspector/`, { kind: 1 })).status).toBe(403);
  });
});

describe("a read-only account", () => {
  it("sees the checklists and usage, and is refused every write", async () => {
    const id = (
      await api.db.selectFrom("activity").select("id").where("code", "=", "ACT-002").executeTakeFirstOrThrow()
    ).id;
    const list = await viewer.get(`${A}/${id}/checklist/`);
    expect(list.status).toBe(200);
    const [checklist] = list.body as ChecklistRow[];
    expect((await viewer.get(`${A}/${id}/inspector/`)).status).toBe(200);
    expect((await viewer.get(`${A}/${id}/usage/`)).status).toBe(200);
    const refused = [
      await viewer.post(`${A}/`, { name: "x", code: "T-VIEW" }),
      await viewer.post(`${A}/${id}/checklist/`, checklistBody()),
      await viewer.patch(`${A}/${id}/checklist/${checklist.id}/`, checklistBody()),
      await viewer.delete(`${A}/${id}/checklist/${checklist.id}/`),
      await viewer.post(`${A}/${id}/checklist/${checklist.id}/inspector/`, { kind: 1 }),
      await viewer.delete(`${A}/${id}/checklist/${checklist.id}/inspector/${checklist.inspector_list[0].id}/`),
      await viewer.get(`${A}/${id}/checklist/${checklist.id}/slot/`),
      await viewer.post(`${A}/${id}/checklist/${checklist.id}/checkin/`, { enrollment_list: [1], action: "in" }),
      await viewer.post(`${A}/${id}/checklist/${checklist.id}/slot/1/verify/`, { score: 5 }),
    ];
    expect(refused.map((r) => r.status)).toEqual(Array(refused.length).fill(403));
    expect(await checklistCount(id)).toBe(2);
  });
});
