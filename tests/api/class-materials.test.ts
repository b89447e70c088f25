import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";

/**
 * A class's material tab and its sessions' own pages (spec 000 §2.4; docs/decisions/045):
 * the engine's curriculum mounted at class/{id}/material/, a session's materials picked among the
 * class's, its surveys (the content survey feature scoped to the session), its live details, and
 * the activities created from the class's curriculum. Both dialects (TEST_DATABASE_URL).
 */
const C = "/api/dashboard/class";
let api: TestApi;
let admin: Client;
let viewer: Client;
let instructor: Client;
let refs: { category: number; provider: number };
let surveys: number[];
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  viewer = await api.signedIn("viewer");
  instructor = await api.signedIn("instructor");
  refs = await contentRefs(admin);
  surveys = (await api.db.selectFrom("survey").select("id").orderBy("id").execute()).map((s) => Number(s.id));
});
afterAll(() => api.close());

let codes = 0;
const newClass = async () => {
  const res = await admin.post(`${C}/`, { name: "Materials class", code: `T-MAT-${++codes}`, ...refs });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
};
const newSession = async (id: number, extra: Record<string, unknown> = {}) => {
  const res = await admin.post(`${C}/${id}/session/`, {
    name: "Day one",
    date: "2026-06-10",
    start_time: "09:00",
    end_time: "12:00",
    confirm_overlap: true,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
};
const newMaterial = async (id: number, name = "Reading") => {
  const section = await admin.post(`${C}/${id}/material/section/`, { name: "Handouts" });
  expect(section.status, JSON.stringify(section.body)).toBe(201);
  const m = await admin.post(`${C}/${id}/material/section/${section.body.id}/material/`, {
    slot_type: "weblink",
    name,
    url: "https://example.com/read",
  });
  expect(m.status, JSON.stringify(m.body)).toBe(201);
  return { section: section.body.id as number, material: m.body.id as number };
};
const cancel = async (id: number) =>
  expect((await admin.post(`${C}/${id}/cancel/`, { reason: "Trainer unavailable" })).status).toBe(200);

describe("the class's material tab is the engine's curriculum at material/", () => {
  it("sections and materials of every slot form, read with the view flag, written with change", async () => {
    const id = await newClass();
    expect((await admin.get(`${C}/${id}/material/`)).body).toEqual({ count: 0, results: [] });
    const { material } = await newMaterial(id);
    const read = await viewer.get(`${C}/${id}/material/`);
    expect(read.status).toBe(200);
    expect(read.body.results[0].material_list[0]).toMatchObject({
      id: material,
      name: "Reading",
      slot_type: "weblink",
      is_required: true,
    });
    expect((await viewer.post(`${C}/${id}/material/section/`, { name: "No" })).status).toBe(403);
    // The course path is not the class's.
    expect((await admin.get(`${C}/${id}/curriculum/`)).status).toBe(404);
    // A link must be http(s): the engine's rules.
    const bad = await admin.post(`${C}/${id}/material/section/${read.body.results[0].id}/material/`, {
      slot_type: "weblink",
      name: "x",
      url: "www.example.com",
    });
    expect(bad).toMatchObject({ status: 400, body: { url: ["url_must_start_with_http"] } });
  });

  it("removing the last section does not unpublish the class (its precondition is a session)", async () => {
    const id = await newClass();
    await newSession(id);
    expect((await admin.patch(`${C}/${id}/`, { is_display: true })).status).toBe(200);
    const { section } = await newMaterial(id);
    expect((await admin.delete(`${C}/${id}/material/section/${section}/`)).status).toBe(204);
    expect((await admin.get(`${C}/${id}/`)).body.is_display).toBe(true);
  });
});

describe("a cancelled class's materials are read-only", () => {
  it("refuses every write (cls_msg_cancelled), nothing written; reading still works", async () => {
    const id = await newClass();
    const { section, material } = await newMaterial(id);
    await cancel(id);
    const refused = { status: 400, body: { detail: "cls_msg_cancelled" } };
    expect(await admin.post(`${C}/${id}/material/section/`, { name: "Late" })).toMatchObject(refused);
    expect(await admin.patch(`${C}/${id}/material/section/${section}/`, { name: "Renamed" })).toMatchObject(refused);
    expect(await admin.delete(`${C}/${id}/material/material/${material}/`)).toMatchObject(refused);
    expect(await admin.post(`${C}/${id}/material/material/${material}/move/`, { direction: "up" })).toMatchObject(
      refused,
    );
    const read = await admin.get(`${C}/${id}/material/`);
    expect(read.body.results).toHaveLength(1);
    expect(read.body.results[0]).toMatchObject({ name: "Handouts", material_list: [{ id: material }] });
  });
});

describe("a session's materials: picked among the class's", () => {
  it("attaches once, lists in order, unlinks; the material stays in the class", async () => {
    const id = await newClass();
    const s = await newSession(id);
    const { material } = await newMaterial(id);
    const add = await admin.post(`${C}/${id}/session/${s}/material/`, { material });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    expect(add.body).toMatchObject({
      sort: 1,
      material: { id: material, name: "Reading", slot_type: "weblink", section: { name: "Handouts" } },
    });
    expect((await admin.post(`${C}/${id}/session/${s}/material/`, { material })).body).toEqual({
      material: ["already_added"],
    });
    const list = await viewer.get(`${C}/${id}/session/${s}/material/`);
    expect(list.body.count).toBe(1);
    expect((await viewer.delete(`${C}/${id}/session/${s}/material/${add.body.id}/`)).status).toBe(403);
    expect((await admin.delete(`${C}/${id}/session/${s}/material/${add.body.id}/`)).status).toBe(204);
    expect((await admin.get(`${C}/${id}/session/${s}/material/`)).body.count).toBe(0);
    expect((await admin.get(`${C}/${id}/material/`)).body.results[0].material_list).toHaveLength(1);
  });

  it("refuses another class's material and another class's session; deleting the material unlinks it", async () => {
    const id = await newClass();
    const other = await newClass();
    const s = await newSession(id);
    const foreign = await newMaterial(other);
    expect((await admin.post(`${C}/${id}/session/${s}/material/`, { material: foreign.material })).body).toEqual({
      material: ["invalid_choice"],
    });
    expect((await admin.post(`${C}/${id}/session/${s}/material/`, { material: "x" })).status).toBe(400);
    expect((await admin.get(`${C}/${other}/session/${s}/material/`)).status).toBe(404);
    const { material } = await newMaterial(id, "Slides");
    await admin.post(`${C}/${id}/session/${s}/material/`, { material });
    expect((await admin.delete(`${C}/${id}/material/material/${material}/`)).status).toBe(204);
    expect((await admin.get(`${C}/${id}/session/${s}/material/`)).body.count).toBe(0);
  });
});

describe("a session's surveys: the content survey feature with a session scope", () => {
  it("attaches, marks required, detaches; apart from the class's own surveys", async () => {
    const id = await newClass();
    const s1 = await newSession(id);
    const s2 = await newSession(id, { date: "2026-06-11" });
    // The class's own survey does not keep the session from having the same one.
    expect((await admin.post(`${C}/${id}/survey/`, { survey: surveys[0] })).status).toBe(201);
    const add = await admin.post(`${C}/${id}/session/${s1}/survey/`, { survey: surveys[0], is_required: true });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    expect(add.body).toMatchObject({ is_required: true, sort: 1, survey: { id: surveys[0] } });
    expect((await admin.post(`${C}/${id}/session/${s1}/survey/`, { survey: surveys[0] })).body).toEqual({
      survey: ["already_added"],
    });
    expect((await admin.post(`${C}/${id}/session/${s2}/survey/`, { survey: surveys[0] })).status).toBe(201);
    expect((await admin.get(`${C}/${id}/session/${s1}/survey/`)).body.count).toBe(1);
    expect((await admin.get(`${C}/${id}/survey/`)).body.count).toBe(1);
    // A row of another session is 404 under this one.
    const row = add.body.id;
    expect((await admin.patch(`${C}/${id}/session/${s2}/survey/${row}/`, { is_required: false })).status).toBe(404);
    expect(
      (await admin.patch(`${C}/${id}/session/${s1}/survey/${row}/`, { is_required: false })).body.is_required,
    ).toBe(false);
    expect((await viewer.post(`${C}/${id}/session/${s1}/survey/`, { survey: surveys[1] })).status).toBe(403);
    expect((await viewer.get(`${C}/${id}/session/${s1}/survey/`)).status).toBe(200);
    expect((await admin.delete(`${C}/${id}/session/${s1}/survey/${row}/`)).status).toBe(204);
    expect((await admin.get(`${C}/${id}/session/${s1}/survey/`)).body.count).toBe(0);
  });

  it("404 for a session of another class; a cancelled class refuses the write", async () => {
    const id = await newClass();
    const other = await newClass();
    const s = await newSession(other);
    expect((await admin.get(`${C}/${id}/session/${s}/survey/`)).status).toBe(404);
    expect((await admin.post(`${C}/${id}/session/${s}/survey/`, { survey: surveys[0] })).status).toBe(404);
    await cancel(other);
    expect((await admin.post(`${C}/${other}/session/${s}/survey/`, { survey: surveys[0] })).body).toEqual({
      detail: "cls_msg_cancelled",
    });
    expect((await admin.post(`${C}/${other}/session/${s}/material/`, { material: 1 })).body).toEqual({
      detail: "cls_msg_cancelled",
    });
  });
});

describe("a session's live details", () => {
  it("a live rerun or a conference: link (http(s), url-limit) and playback", async () => {
    const id = await newClass();
    const s = await newSession(id, { type: 1 });
    expect((await viewer.get(`${C}/${id}/session/${s}/live/`)).body).toEqual({
      id: s,
      name: "Day one",
      type: 1,
      is_online: true,
      url: "",
      is_playback: false,
      live_id: null,
      live: null,
    });
    const put = await admin.put(`${C}/${id}/session/${s}/live/`, {
      url: "https://meet.example.com/r/1",
      is_playback: "on",
      live_id: 5,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ url: "https://meet.example.com/r/1", is_playback: true, live_id: null });
    expect((await admin.get(`${C}/${id}/session/${s}/`)).body).toMatchObject({
      url: "https://meet.example.com/r/1",
      is_playback: true,
    });
    expect((await admin.put(`${C}/${id}/session/${s}/live/`, { url: "meet.example.com" })).body).toEqual({
      url: ["url_must_start_with_http"],
    });
    expect(
      (await admin.put(`${C}/${id}/session/${s}/live/`, { url: `https://example.com/${"a".repeat(260)}` })).body,
    ).toEqual({ url: ["too_long"] });
    // A rerun may have no link; a conference needs one.
    expect((await admin.put(`${C}/${id}/session/${s}/live/`, { url: "" })).body).toMatchObject({
      url: "",
      is_playback: false,
    });
    const conf = await newSession(id, { type: 5, date: "2026-06-12" });
    expect((await admin.put(`${C}/${id}/session/${conf}/live/`, { url: "" })).body).toEqual({
      url: ["cls_msg_conference_needs_url"],
    });
    expect((await viewer.put(`${C}/${id}/session/${conf}/live/`, { url: "https://x.example.com" })).status).toBe(403);
  });

  it("information and classroom sessions have no live details; a cancelled class refuses", async () => {
    const id = await newClass();
    const room = await newSession(id, { type: 3 });
    expect((await admin.get(`${C}/${id}/session/${room}/live/`)).body.is_online).toBe(false);
    expect((await admin.put(`${C}/${id}/session/${room}/live/`, { url: "https://x.example.com" })).body).toEqual({
      detail: "cls_msg_session_not_online",
    });
    const live = await newSession(id, { type: 1, date: "2026-06-13" });
    await cancel(id);
    expect((await admin.put(`${C}/${id}/session/${live}/live/`, { url: "https://x.example.com" })).body).toEqual({
      detail: "cls_msg_cancelled",
    });
  });
});

describe("a session's live item (live_id, docs/decisions/070)", () => {
  const newLive = async (extra: Record<string, unknown> = {}) => {
    const res = await admin.post("/api/dashboard/live/", {
      name: "Replayed live",
      code: `LV${++codes}`,
      ...refs,
      datetime_live_start: "2026-05-01T09:00:00Z",
      datetime_live_end: "2026-05-01T10:00:00Z",
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };

  it("a live rerun chooses a live the account may see (PATCH), clears it, and shows a deleted one as gone", async () => {
    const ins = (
      await api.db.selectFrom("instructor").select("id").where("code", "=", "INS-001").executeTakeFirstOrThrow()
    ).id;
    const id = await newClass();
    const rerun = await newSession(id, { type: 1, instructor_list: [ins] });
    const conf = await newSession(id, { type: 5, date: "2026-06-12" });
    const room = await newSession(id, { type: 3, date: "2026-06-13" });
    const taught = await newLive({ instructor_list: [ins] });
    const other = await newLive();
    const path = (s: number) => `${C}/${id}/session/${s}/live/`;
    const chosen = await admin.patch(path(rerun), { live_id: String(taught) });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body).toMatchObject({ live_id: taught, live: { id: taught, name: "Replayed live" } });
    // Refused on the field, nothing written: no such live, a conference (it has its own link), not a number.
    expect(await admin.patch(path(rerun), { live_id: 999999 })).toMatchObject({
      status: 400,
      body: { live_id: ["invalid_choice"] },
    });
    expect((await admin.patch(path(rerun), { live_id: "abc" })).body).toEqual({ live_id: ["invalid"] });
    expect((await admin.patch(path(conf), { live_id: taught })).body).toEqual({
      live_id: ["cls_msg_live_needs_rerun"],
    });
    expect((await admin.patch(path(room), { live_id: taught })).body).toEqual({ detail: "cls_msg_session_not_online" });
    expect((await admin.get(path(rerun))).body.live_id).toBe(taught);
    // The instructor (scoped to what they teach) may choose only a live they teach.
    expect((await instructor.patch(path(rerun), { live_id: other })).body).toEqual({ live_id: ["invalid_choice"] });
    expect((await instructor.patch(path(rerun), { live_id: taught })).status).toBe(200);
    expect((await viewer.patch(path(rerun), { live_id: "" })).status).toBe(403);
    // Cleared with a blank; a deleted live is shown as gone until the next save.
    expect((await admin.patch(path(rerun), { live_id: "" })).body).toMatchObject({ live_id: null, live: null });
    await admin.patch(path(rerun), { live_id: other });
    expect((await admin.delete(`/api/dashboard/live/${other}/`)).status).toBe(204);
    expect((await admin.get(path(rerun))).body).toMatchObject({ live_id: other, live: null });
    await cancel(id);
    expect((await admin.patch(path(rerun), { live_id: taught })).body).toEqual({ detail: "cls_msg_cancelled" });
  });
});

describe("create-activity: an Activity made from the class's curriculum", () => {
  it("creates the activity with the class's category and provider, lists it, unlinks it", async () => {
    const id = await newClass();
    const add = await admin.post(`${C}/${id}/activity/`, { name: "Site visit", code: `T-ACT-${id}` });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    expect(add.body).toMatchObject({
      sort: 1,
      activity: { name: "Site visit", is_display: false, checklist_count: 0 },
    });
    const activity = (await admin.get(`/api/dashboard/activity/${add.body.activity.id}/`)).body;
    expect(activity).toMatchObject({
      name: "Site visit",
      category: { id: refs.category },
      provider: { id: refs.provider },
    });
    expect((await viewer.get(`${C}/${id}/activity/`)).body.count).toBe(1);
    expect((await admin.post(`${C}/${id}/activity/`, { name: "", code: "T-ACT-NEW" })).body).toEqual({
      name: ["required"],
    });
    const taken = await admin.post(`${C}/${id}/activity/`, { name: "Again", code: `T-ACT-${id}` });
    expect(taken.status).toBe(400);
    expect(Object.keys(taken.body)).toEqual(["code"]);
    expect((await admin.get(`${C}/${id}/activity/`)).body.count).toBe(1);
    expect((await admin.delete(`${C}/${id}/activity/${add.body.id}/`)).status).toBe(204);
    expect((await admin.get(`${C}/${id}/activity/`)).body.count).toBe(0);
    expect((await admin.get(`/api/dashboard/activity/${add.body.activity.id}/`)).status).toBe(200);
  });

  it("needs the class's change flag and the activity add flag", async () => {
    const id = await newClass();
    const before = await api.db
      .selectFrom("activity")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect((await viewer.post(`${C}/${id}/activity/`, { name: "No", code: "T-ACT-NO1" })).status).toBe(403);
    // The instructor changes classes but may not add activities.
    expect((await instructor.post(`${C}/${id}/activity/`, { name: "No", code: "T-ACT-NO2" })).status).toBe(403);
    const after = await api.db
      .selectFrom("activity")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
