import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";

/**
 * A class's event zone (spec 002 §7 `POST dashboard/location/zone/event/{id}/` with `zone`, the
 * switch `location-is-event-zone`; docs/decisions/043): a location chosen for the class, or none.
 * The call exists by its switch (404 while off, nothing written), needs the class's change flag,
 * a class that is not cancelled and a real location; null clears it. The item answers it, and a
 * location that is a zone is not deleted.
 */
const C = "/api/dashboard/class";
const ZONE = "/api/dashboard/location/zone/event";
let api: TestApi;
let admin: Client;
let viewer: Client;
let refs: { category: number; provider: number };
let locations: { id: number; name: string }[];
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  viewer = await api.signedIn("viewer");
  refs = await contentRefs(admin);
  locations = (await api.db.selectFrom("location").select(["id", "name"]).orderBy("id").execute()).map((l) => ({
    id: Number(l.id),
    name: l.name,
  }));
});
afterAll(() => api.close());

const setSwitch = (on: boolean) =>
  api.db
    .updateTable("config")
    .set({ value: JSON.stringify(on) })
    .where("key", "=", "location-is-event-zone")
    .execute();
const newClass = async (code: string) => {
  const res = await admin.post(`${C}/`, { name: `Class ${code}`, code, ...refs });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
};
const zoneOf = async (id: number) =>
  (await api.db.selectFrom("class").select("event_zone_id").where("id", "=", id).executeTakeFirstOrThrow())
    .event_zone_id;

describe("the event zone call", () => {
  it("is off by default: 404 with the contract's body, nothing written", async () => {
    const id = await newClass("T-ZON-OFF");
    const res = await admin.post(`${ZONE}/${id}/`, { zone: locations[0].id });
    expect(res).toMatchObject({ status: 404, body: { detail: "not_found" } });
    expect(await zoneOf(id)).toBeNull();
    expect((await admin.get(`${C}/${id}/`)).body.event_zone).toBeNull();
  });

  it("switched on: sets a location, answers it and the item carries it; null and blank clear it", async () => {
    await setSwitch(true);
    try {
      const id = await newClass("T-ZON-SET");
      const before = (await admin.get(`${C}/${id}/`)).body.datetime_update;
      api.clock.now = new Date(api.clock.now.getTime() + 60_000);
      const res = await admin.post(`${ZONE}/${id}/`, { zone: locations[1].id });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ event_zone: { id: locations[1].id, name: locations[1].name } });
      const item = (await admin.get(`${C}/${id}/`)).body;
      expect(item.event_zone).toEqual({ id: locations[1].id, name: locations[1].name });
      expect(item.datetime_update > before).toBe(true);
      // Numbers as text are read as ids (a form posts text).
      expect((await admin.post(`${ZONE}/${id}/`, { zone: String(locations[0].id) })).body.event_zone.id).toBe(
        locations[0].id,
      );
      expect((await admin.post(`${ZONE}/${id}/`, { zone: null })).body).toEqual({ event_zone: null });
      expect(await zoneOf(id)).toBeNull();
      await admin.post(`${ZONE}/${id}/`, { zone: locations[0].id });
      expect((await admin.post(`${ZONE}/${id}/`, { zone: "" })).body).toEqual({ event_zone: null });
      expect(await zoneOf(id)).toBeNull();
    } finally {
      await setSwitch(false);
    }
  });

  it("refuses a zone that is no location, and a cancelled class; nothing written", async () => {
    await setSwitch(true);
    try {
      const id = await newClass("T-ZON-BAD");
      for (const zone of [999_999, "abc", 0, -1]) {
        const res = await admin.post(`${ZONE}/${id}/`, { zone });
        expect(res.status, String(zone)).toBe(400);
        expect(Object.keys(res.body)).toEqual(["zone"]);
      }
      expect((await admin.post(`${ZONE}/${id}/`, { zone: 999_999 })).body).toEqual({ zone: ["invalid_choice"] });
      expect(await zoneOf(id)).toBeNull();

      await admin.post(`${ZONE}/${id}/`, { zone: locations[0].id });
      expect((await admin.post(`${C}/${id}/cancel/`, { reason: "Trainer unavailable" })).status).toBe(200);
      expect(await admin.post(`${ZONE}/${id}/`, { zone: locations[1].id })).toMatchObject({
        status: 400,
        body: { detail: "cls_msg_cancelled" },
      });
      expect(await admin.post(`${ZONE}/${id}/`, { zone: null })).toMatchObject({
        status: 400,
        body: { detail: "cls_msg_cancelled" },
      });
      expect(await zoneOf(id)).toBe(locations[0].id);
    } finally {
      await setSwitch(false);
    }
  });

  it("needs the class's change flag and a class that exists", async () => {
    await setSwitch(true);
    try {
      const id = await newClass("T-ZON-PRM");
      expect((await viewer.post(`${ZONE}/${id}/`, { zone: locations[0].id })).status).toBe(403);
      expect(await zoneOf(id)).toBeNull();
      expect((await admin.post(`${ZONE}/99999999/`, { zone: locations[0].id })).status).toBe(404);
      expect((await admin.post(`${ZONE}/abc/`, { zone: locations[0].id })).status).toBe(404);
    } finally {
      await setSwitch(false);
    }
  });
});

describe("a location that is a class's event zone", () => {
  it("is not deleted (424) while a class names it; once cleared it is", async () => {
    await setSwitch(true);
    try {
      const created = await admin.post("/api/dashboard/location/", { name: "Zone only site" });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const location = created.body.id as number;
      const id = await newClass("T-ZON-DEL");
      await admin.post(`${ZONE}/${id}/`, { zone: location });
      expect(await admin.delete(`/api/dashboard/location/${location}/`)).toMatchObject({
        status: 424,
        body: { detail: "cannot_delete_because_dependency" },
      });
      await admin.post(`${ZONE}/${id}/`, { zone: null });
      expect((await admin.delete(`/api/dashboard/location/${location}/`)).status).toBe(204);
    } finally {
      await setSwitch(false);
    }
  });
});
