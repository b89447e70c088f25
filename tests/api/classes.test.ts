import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";

/**
 * Class (issue 16, docs/decisions/040): the derived status and its filter, cancelling for good,
 * publishing needs a session, every session rule (each a field error, nothing written), overlap
 * with confirmation, and who may do what. The clock is 2026-06-01 08:00 UTC (15:00 in the
 * organisation's UTC+7).
 */
const C = "/api/dashboard/class";
let api: TestApi;
let admin: Client;
let viewer: Client;
let instructor: Client;
let refs: { category: number; provider: number };
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  viewer = await api.signedIn("viewer");
  instructor = await api.signedIn("instructor");
  refs = await contentRefs(admin);
});
afterAll(() => api.close());

const newClass = async (code: string, extra: Record<string, unknown> = {}) => {
  const res = await admin.post(`${C}/`, { name: `Class ${code}`, code, ...refs, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
};
const session = (extra: Record<string, unknown> = {}) => ({
  name: "Session",
  date: "2026-06-10",
  start_time: "09:00",
  end_time: "12:00",
  ...extra,
});
const sessionCount = async (classId: number) => (await admin.get(`${C}/${classId}/session/`)).body.count as number;

describe("class status", () => {
  it("derives each seeded class's status and filters the list by it", async () => {
    const list = (await admin.get(`${C}/?search=CLS-&page_size=50`)).body.results as {
      code: string;
      status: number;
      session_count: number;
    }[];
    const of = (code: string) => list.find((r) => r.code === code)!;
    expect(of("CLS-LEAD").status).toBe(0);
    expect(of("CLS-SAFE").status).toBe(1);
    expect(of("CLS-XLS").status).toBe(2);
    expect(of("CLS-SVC").status).toBe(3);
    // Without sessions a class is still being planned: upcoming.
    expect(of("CLS-DATA")).toMatchObject({ status: 1, session_count: 0 });
    for (const status of [0, 1, 2, 3]) {
      const codes = (await admin.get(`${C}/?search=CLS-&status=${status}`)).body.results as {
        code: string;
        status: number;
      }[];
      expect(codes.length, `status ${status}`).toBeGreaterThan(0);
      expect(codes.every((r) => r.status === status)).toBe(true);
    }
    expect((await admin.get(`${C}/?status=7`)).body).toEqual({ status: ["invalid_choice"] });
  });

  it("is ongoing during its sessions and past after the last (15:00 local now)", async () => {
    const status = async (start: string, end: string) => {
      const id = await newClass(`T-CLK-${start.replace(":", "")}`);
      expect(
        (await admin.post(`${C}/${id}/session/`, session({ date: "2026-06-01", start_time: start, end_time: end })))
          .status,
      ).toBe(201);
      return (await admin.get(`${C}/${id}/`)).body.status;
    };
    expect(await status("14:00", "16:00")).toBe(0);
    expect(await status("09:00", "10:00")).toBe(2);
    expect(await status("16:00", "17:00")).toBe(1);
  });
});

describe("cancelling", () => {
  it("is permanent: later writes to the class and its sessions are refused, the item says read-only", async () => {
    const id = await newClass("T-CAN-1");
    const s = (await admin.post(`${C}/${id}/session/`, session())).body.id;
    const cancelled = await admin.post(`${C}/${id}/cancel/`, { reason: "Trainer unavailable" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 3, is_read_only: true });
    const refusals = [
      await admin.post(`${C}/${id}/cancel/`, { reason: "Trainer unavailable" }),
      await admin.patch(`${C}/${id}/`, { name: "Renamed" }),
      await admin.patch(`${C}/${id}/`, { is_display: true }),
      await admin.post(`${C}/${id}/session/`, session({ date: "2026-06-11" })),
      await admin.patch(`${C}/${id}/session/${s}/`, session({ name: "Renamed" })),
      await admin.delete(`${C}/${id}/session/${s}/`),
    ];
    for (const r of refusals) expect(r).toMatchObject({ status: 400, body: { detail: "cls_msg_cancelled" } });
    expect((await admin.get(`${C}/${id}/`)).body).toMatchObject({ name: "Class T-CAN-1", status: 3 });
    expect(await sessionCount(id)).toBe(1);
  });

  it("refuses every write of the engine's shared tabs too, whichever flag they need; reading stays", async () => {
    const id = await newClass("T-CAN-3");
    expect((await admin.post(`${C}/${id}/cancel/`, { reason: "Trainer unavailable" })).status).toBe(200);
    const accountId = (await admin.get(`/api/dashboard/user/?search=staff2`)).body.results[0].id as number;
    const classType = (await admin.get(`${C}/${id}/`)).body.content_type.id as number;
    const writes = {
      competency: await admin.post(`${C}/${id}/competency/`, { competency: 1, level: 1 }),
      gamification: await admin.post(`${C}/${id}/gamification/`, {}),
      survey: await admin.post(`${C}/${id}/survey/`, { survey: 1 }),
      budget: await admin.patch(`${C}/${id}/budget/`, {}),
      budgetActual: await admin.patch(`${C}/${id}/budget/actual/`, {}),
      certificate: await admin.patch(`${C}/${id}/certificate/`, {}),
      permissionAdmin: await admin.post(`${C}/${id}/permission/admin/`, { account: accountId }),
      enrollmentSettings: await admin.put(`${C}/${id}/enrollment/`, {}),
      enroll: await admin.post(`${C}/${id}/enroll/`, { account_list: [accountId] }),
      bulkProgress: await admin.post(`${C}/${id}/progress/bulk/`, {}),
      materialSection: await admin.post(`${C}/${id}/material/section/`, { name: "S" }),
      tags: await admin.post(`/api/dashboard/tag/type/CONTENT_SCHOOL/content-type/${classType}/content/${id}/`, {
        tag_list: [],
      }),
    };
    for (const [name, r] of Object.entries(writes))
      expect({ name, status: r.status, body: r.body }).toEqual({
        name,
        status: 400,
        body: { detail: "cls_msg_cancelled" },
      });
    for (const path of ["competency/", "survey/", "budget/", "certificate/", "enrollment/", "learner/", "material/"]) {
      expect((await admin.get(`${C}/${id}/${path}`)).status, path).toBe(200);
    }
    expect((await admin.get(`${C}/${id}/permission/admin/`)).body.count).toBe(0);
  });

  it("needs the change flag", async () => {
    const id = await newClass("T-CAN-2");
    expect((await viewer.post(`${C}/${id}/cancel/`, { reason: "Trainer unavailable" })).status).toBe(403);
    expect((await admin.get(`${C}/${id}/`)).body.status).toBe(1);
  });
});

describe("publishing", () => {
  it("needs a session (417); removing the last session unpublishes", async () => {
    const id = await newClass("T-PUB-1");
    expect(await admin.patch(`${C}/${id}/`, { is_display: true })).toMatchObject({
      status: 417,
      body: { detail: "cls_msg_publish_no_session" },
    });
    const s = (await admin.post(`${C}/${id}/session/`, session())).body.id;
    expect((await admin.patch(`${C}/${id}/`, { is_display: true })).status).toBe(200);
    expect((await admin.get(`${C}/${id}/`)).body.is_display).toBe(true);
    expect((await admin.delete(`${C}/${id}/session/${s}/`)).status).toBe(204);
    expect((await admin.get(`${C}/${id}/`)).body.is_display).toBe(false);
  });
});

describe("session rules", () => {
  it("saves a session with its defaults (start 06:00, capacity 0) and the moments in UTC", async () => {
    const id = await newClass("T-SES-1");
    const res = await admin.post(`${C}/${id}/session/`, { name: "Morning", date: "2026-06-12", end_time: "08:00" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      start_time: "06:00",
      capacity: 0,
      type: 3,
      datetime_start: "2026-06-11T23:00:00.000Z",
      datetime_end: "2026-06-12T01:00:00.000Z",
    });
  });

  it.each([
    ["end before start", { start_time: "10:00", end_time: "09:00" }, { end_time: ["cls_msg_end_before_start"] }],
    [
      "end time equal to start",
      { start_time: "10:00", end_time: "10:00" },
      { end_time: ["cls_msg_end_time_after_start"] },
    ],
    ["no date", { date: "" }, { date: ["required"] }],
    ["not a day", { date: "2026-02-30" }, { date: ["invalid"] }],
    ["unknown type", { type: 2 }, { type: ["invalid_choice"] }],
    ["past the class's end", { date: "2026-06-21" }, { date: ["cls_msg_after_class_end"] }],
    ["unknown room", { room: 999999 }, { room: ["invalid_choice"] }],
  ])("refuses %s with its own message and writes nothing", async (_what, change, errors) => {
    const id = await newClass(`T-R-${Math.floor(Math.random() * 1e6)}`, { date_end: "2026-06-20" });
    const res = await admin.post(`${C}/${id}/session/`, session(change));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(errors);
    expect(await sessionCount(id)).toBe(0);
  });

  it("accepts a session on the class's last day", async () => {
    const id = await newClass("T-END-1", { date_end: "2026-06-20" });
    expect((await admin.post(`${C}/${id}/session/`, session({ date: "2026-06-20", end_time: "23:59" }))).status).toBe(
      201,
    );
  });

  it("refuses a room of another location", async () => {
    const at = "2026-06-01T00:00:00.000Z";
    const place = async (name: string) => {
      const loc = await api.db
        .insertInto("location")
        .values({
          name,
          code: null,
          latitude: null,
          longitude: null,
          image: null,
          datetime_create: at,
          datetime_update: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const room = await api.db
        .insertInto("room")
        .values({ location_id: loc.id, name: `${name} room`, code: null, datetime_create: at, datetime_update: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { location: loc.id, room: room.id };
    };
    const [a, b] = [await place("T-Loc-A"), await place("T-Loc-B")];
    const id = await newClass("T-ROOM-1");
    expect(await admin.post(`${C}/${id}/session/`, session({ location: a.location, room: b.room }))).toMatchObject({
      status: 400,
      body: { room: ["cls_msg_room_not_in_location"] },
    });
    // A room alone places the session at its location.
    const ok = await admin.post(`${C}/${id}/session/`, session({ room: b.room }));
    expect(ok.body).toMatchObject({ location: { id: b.location }, room: { id: b.room } });
  });
});

describe("overlap", () => {
  it("asks for confirmation (409, nothing written), then saves with confirm_overlap", async () => {
    const id = await newClass("T-OVL-1");
    const first = (await admin.post(`${C}/${id}/session/`, session({ name: "First" }))).body.id;
    // Touching end to start is not an overlap.
    expect(
      (await admin.post(`${C}/${id}/session/`, session({ name: "Second", start_time: "12:00", end_time: "13:00" })))
        .status,
    ).toBe(201);
    const clash = session({ name: "Third", start_time: "11:00", end_time: "12:30" });
    const asked = await admin.post(`${C}/${id}/session/`, clash);
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({
      detail: "cls_msg_overlap",
      overlap: [{ id: first, name: "First" }, { name: "Second" }],
    });
    expect(await sessionCount(id)).toBe(2);
    expect((await admin.post(`${C}/${id}/session/`, { ...clash, confirm_overlap: "true" })).status).toBe(201);
    expect(await sessionCount(id)).toBe(3);
  });

  it("does not count the session being edited against itself", async () => {
    const id = await newClass("T-OVL-2");
    const s = (await admin.post(`${C}/${id}/session/`, session())).body.id;
    const res = await admin.patch(`${C}/${id}/session/${s}/`, session({ end_time: "12:30", instructor_list: [1] }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ end_time: "12:30", instructor_list: [{ id: 1 }] });
  });
});

describe("permissions", () => {
  it("lets the viewer read sessions but not write them; the instructor (change flag) may", async () => {
    const id = await newClass("T-PRM-1");
    expect((await viewer.get(`${C}/${id}/session/`)).status).toBe(200);
    expect((await viewer.post(`${C}/${id}/session/`, session())).status).toBe(403);
    expect(await sessionCount(id)).toBe(0);
    const s = (await admin.post(`${C}/${id}/session/`, session())).body.id;
    expect((await viewer.delete(`${C}/${id}/session/${s}/`)).status).toBe(403);
    expect((await viewer.get(`${C}/${id}/session-options/`)).status).toBe(403);
    // A session of another class is not found under this one.
    const other = await newClass("T-PRM-2");
    expect((await admin.get(`${C}/${other}/session/${s}/`)).status).toBe(404);
    // The instructor role holds the class's change flag: it may add sessions.
    expect((await instructor.post(`${C}/${id}/session/`, session({ date: "2026-06-11" }))).status).toBe(201);
    expect(await sessionCount(id)).toBe(2);
  });
});
