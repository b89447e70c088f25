import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Location, Room } from "../../contract/schemas/location";
import { startTestApi, type Client, type TestApi } from "./harness";
import { changedRows, signedInWithout } from "./people-kit";

/**
 * Locations and their rooms (issue 16 §2, docs/decisions/039): the calls, every validation rule
 * with nothing written on a refusal, the delete rule (a location with rooms is kept: 424
 * location_has_rooms), the location flags, and the two filter lists of the session pickers.
 */

let api: TestApi;
let admin: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
});
afterAll(() => api.close());

const D = "/api/dashboard";
const locationId = async (code: string) =>
  (await api.db.selectFrom("location").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
const roomId = async (code: string) =>
  (await api.db.selectFrom("room").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
/** Every location and room row, one text each: a refusal must leave it as it was. */
async function places(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const r of await api.db.selectFrom("location").selectAll().orderBy("id").execute())
    out.set(`location:${r.id}`, JSON.stringify(r));
  for (const r of await api.db.selectFrom("room").selectAll().orderBy("id").execute())
    out.set(`room:${r.id}`, JSON.stringify(r));
  return out;
}
/** Runs the refusals, then checks that no location or room row changed. */
async function writesNothing(refusals: () => Promise<void>) {
  const before = await places();
  await refusals();
  expect(changedRows(before, await places())).toEqual([]);
}
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

describe("locations", () => {
  it("lists the seeded places with their room counts, searched and ordered", async () => {
    const all = await admin.get(`${D}/location/?ordering=code`);
    expect(all.status).toBe(200);
    expect(all.body.results.map((l: Location) => l.code)).toEqual(["BKK-HQ", "CNX-TC", "HKT-LH", "KKC-RO", "LCB-PL"]);
    const found = await admin.get(`${D}/location/?search=chiang`);
    expect(found.body).toMatchObject({
      count: 1,
      results: [
        { code: "CNX-TC", name: "Chiang Mai Training Centre", count_room: 3, latitude: 18.7965, longitude: 98.968 },
      ],
    });
    expect((await admin.get(`${D}/location/?ordering=-name&page_size=2`)).body).toMatchObject({
      count: 5,
      page_size: 2,
      results: [{ code: "HKT-LH" }, { code: "LCB-PL" }],
    });
    expect((await admin.get(`${D}/location/?ordering=latitude`)).body).toEqual({ ordering: ["invalid_choice"] });
  });

  it("creates, reads, changes, takes an image and deletes a location without rooms", async () => {
    const created = await admin.post(`${D}/location/`, {
      name: " Hat Yai Office ",
      code: "HDY",
      address: "Niphat Uthit 3 Road, Hat Yai, Songkhla 90110",
      latitude: "7.0086",
      longitude: 100.4747,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: "Hat Yai Office",
      code: "HDY",
      address: "Niphat Uthit 3 Road, Hat Yai, Songkhla 90110",
      latitude: 7.0086,
      longitude: 100.4747,
      image: null,
      count_room: 0,
      datetime_create: api.clock.now.toISOString(),
      datetime_update: api.clock.now.toISOString(),
    } satisfies Location);
    const id = created.body.id;
    api.advance(60_000);
    // Blank coordinates clear them; the code may change case on its own row.
    const changed = await admin.patch(`${D}/location/${id}/`, { latitude: "", longitude: null, code: "hdy" });
    expect(changed.body).toMatchObject({
      latitude: null,
      longitude: null,
      code: "hdy",
      datetime_update: api.clock.now.toISOString(),
    });
    expect((await admin.get(`${D}/location/${id}/`)).body).toMatchObject({
      name: "Hat Yai Office",
      address: "Niphat Uthit 3 Road, Hat Yai, Songkhla 90110",
    });

    const boundary = "----lmsTestBoundary";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="site.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const image = await admin.post(`${D}/location/${id}/image/`, body as never, {
      "content-type": `multipart/form-data; boundary=${boundary}`,
    });
    expect(image.status, JSON.stringify(image.body)).toBe(200);
    expect(image.body.image).toMatch(/^\/api\/media\/location\/[0-9a-f]{40}\.png$/);
    expect((await admin.delete(`${D}/location/${id}/image/`)).body.image).toBeNull();

    expect((await admin.delete(`${D}/location/${id}/`)).status).toBe(204);
    expect((await admin.get(`${D}/location/${id}/`)).status).toBe(404);
  });

  it("refuses every bad field with its message, writing nothing", async () => {
    const hq = await locationId("BKK-HQ");
    await writesNothing(async () => {
      const bad = await admin.post(`${D}/location/`, {
        name: "  ",
        code: "THIRTEEN-CHAR",
        latitude: 90.5,
        longitude: -180.01,
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({
        name: ["required"],
        code: ["too_long"],
        latitude: ["latitude_out_of_range"],
        longitude: ["longitude_out_of_range"],
      });
      expect((await admin.post(`${D}/location/`, { code: "X" })).body).toEqual({ name: ["required"] });
      expect((await admin.post(`${D}/location/`, { name: "Spaces", code: "no spaces" })).body).toEqual({
        code: ["invalid_code"],
      });
      expect((await admin.post(`${D}/location/`, { name: "Twin", code: "bkk-hq" })).body).toEqual({
        code: ["code_already_used"],
      });
      expect(
        (await admin.post(`${D}/location/`, { name: "Words", latitude: "north", longitude: "13,5" })).body,
      ).toEqual({ latitude: ["invalid"], longitude: ["invalid"] });
      expect((await admin.post(`${D}/location/`, { name: "Fine", latitude: 13.123456789 })).body).toEqual({
        latitude: ["too_many_decimals"],
      });
      expect((await admin.patch(`${D}/location/${hq}/`, { code: "CNX-TC" })).body).toEqual({
        code: ["code_already_used"],
      });
      expect((await admin.patch(`${D}/location/${hq}/`, { name: "", latitude: -91 })).body).toEqual({
        name: ["required"],
        latitude: ["latitude_out_of_range"],
      });
    });
    // The bounds themselves are places.
    const edge = await admin.post(`${D}/location/`, { name: "Edge of the map", latitude: -90, longitude: 180 });
    expect(edge.body).toMatchObject({ latitude: -90, longitude: 180, code: null, address: "" });
    expect((await admin.delete(`${D}/location/${edge.body.id}/`)).status).toBe(204);
  });

  it("keeps a location that still has rooms (424 location_has_rooms) until its rooms are gone", async () => {
    const kkc = (await admin.post(`${D}/location/`, { name: "Pop-up site", code: "POP" })).body.id as number;
    for (const name of ["Tent A", "Tent B"])
      expect((await admin.post(`${D}/location/${kkc}/room/`, { name })).status).toBe(201);
    await writesNothing(async () => {
      const refused = await admin.delete(`${D}/location/${kkc}/`);
      expect(refused.status).toBe(424);
      expect(refused.body).toEqual({ detail: "location_has_rooms" });
    });
    for (const room of (await admin.get(`${D}/location/${kkc}/room/`)).body.results as Room[])
      expect((await admin.delete(`${D}/location/${kkc}/room/${room.id}/`)).status).toBe(204);
    expect((await admin.delete(`${D}/location/${kkc}/`)).status).toBe(204);
  });
});

describe("rooms", () => {
  it("lists, creates, changes and deletes the rooms of one location", async () => {
    const cnx = await locationId("CNX-TC");
    const R = `${D}/location/${cnx}/room/`;
    const list = await admin.get(`${R}?ordering=-capacity`);
    expect(list.body.results.map((r: Room) => [r.code, r.capacity])).toEqual([
      ["CNX-101", 30],
      ["CNX-WS", 20],
      ["CNX-102", 12],
    ]);
    expect((await admin.get(`${R}?search=studio`)).body).toMatchObject({
      count: 1,
      results: [{ name: "Workshop Studio", location: { id: cnx, name: "Chiang Mai Training Centre" } }],
    });
    expect((await admin.get(`${R}?ordering=desc`)).status).toBe(400);

    // A code another location uses is free here; blank capacity is unlimited (0).
    const created = await admin.post(R, { name: "Lanna Room", code: "HQ-LAB", capacity: "", desc: "Second floor." });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: "Lanna Room",
      code: "HQ-LAB",
      capacity: 0,
      desc: "Second floor.",
      location: { id: cnx },
    });
    const id = created.body.id;
    expect((await admin.patch(`${R}${id}/`, { capacity: "18", code: "" })).body).toMatchObject({
      capacity: 18,
      code: null,
      name: "Lanna Room",
    });
    expect((await admin.get(`${R}${id}/`)).body.capacity).toBe(18);
    expect((await admin.get(`${D}/location/${cnx}/`)).body.count_room).toBe(4);
    // A room is reached through its own location only.
    expect((await admin.get(`${D}/location/${await locationId("BKK-HQ")}/room/${id}/`)).status).toBe(404);
    expect((await admin.delete(`${R}${id}/`)).status).toBe(204);
    expect((await admin.get(`${R}${id}/`)).status).toBe(404);
    expect((await admin.get(`${D}/location/999999/room/`)).status).toBe(404);
  });

  it("keeps a room a class session takes place in (424)", async () => {
    const used = await api.db
      .selectFrom("class_session")
      .select("room_id")
      .where("room_id", "is not", null)
      .executeTakeFirstOrThrow();
    const room = await api.db
      .selectFrom("room")
      .select(["id", "location_id"])
      .where("id", "=", used.room_id!)
      .executeTakeFirstOrThrow();
    await writesNothing(async () => {
      const refused = await admin.delete(`${D}/location/${room.location_id}/room/${room.id}/`);
      expect(refused.status).toBe(424);
      expect(refused.body).toEqual({ detail: "cannot_delete_because_dependency" });
    });
  });

  it("refuses a bad room, writing nothing", async () => {
    const hq = await locationId("BKK-HQ");
    const R = `${D}/location/${hq}/room/`;
    const lab = await roomId("HQ-LAB");
    await writesNothing(async () => {
      expect((await admin.post(R, { name: "", code: "HQ-2101-EXTRA", capacity: -1 })).body).toEqual({
        name: ["required"],
        code: ["too_long"],
        capacity: ["number_out_of_range"],
      });
      expect((await admin.post(R, { name: "Half seat", capacity: "1.5" })).body).toEqual({ capacity: ["invalid"] });
      expect((await admin.post(R, { name: "Many", capacity: 100_001 })).body).toEqual({
        capacity: ["number_out_of_range"],
      });
      expect((await admin.post(R, { name: "Twin", code: "hq-2101" })).body).toEqual({ code: ["code_already_used"] });
      expect((await admin.patch(`${R}${lab}/`, { code: "HQ-HALL" })).body).toEqual({ code: ["code_already_used"] });
      expect((await admin.patch(`${R}${lab}/`, { name: " ", capacity: "lots" })).body).toEqual({
        name: ["required"],
        capacity: ["invalid"],
      });
    });
  });
});

describe("permissions", () => {
  it("needs the location flags on every call; a refusal writes nothing", async () => {
    const { client } = await signedInWithout(api, "location_view_location");
    const learner = await api.signedIn("learner");
    const hq = await locationId("BKK-HQ");
    const lab = await roomId("HQ-LAB");
    await writesNothing(async () => {
      for (const c of [client, learner]) {
        expect((await c.get(`${D}/location/`)).status).toBe(403);
        expect((await c.get(`${D}/location/${hq}/`)).status).toBe(403);
        expect((await c.post(`${D}/location/`, { name: "Mine" })).status).toBe(403);
        expect((await c.patch(`${D}/location/${hq}/`, { name: "Renamed" })).status).toBe(403);
        expect((await c.delete(`${D}/location/${hq}/`)).status).toBe(403);
        expect((await c.delete(`${D}/location/${hq}/image/`)).status).toBe(403);
        expect((await c.get(`${D}/location/${hq}/room/`)).status).toBe(403);
        expect((await c.post(`${D}/location/${hq}/room/`, { name: "Mine" })).status).toBe(403);
        expect((await c.patch(`${D}/location/${hq}/room/${lab}/`, { name: "Mine" })).status).toBe(403);
        expect((await c.delete(`${D}/location/${hq}/room/${lab}/`)).status).toBe(403);
      }
      expect((await api.client().get(`${D}/location/`)).status).toBe(401);
      expect((await api.client().post(`${D}/location/${hq}/room/`, { name: "Anon" })).status).toBe(401);
    });
  });
});

describe("filter lists (spec 002 §7)", () => {
  it("offers the locations by search, id and id_list", async () => {
    const hq = await locationId("BKK-HQ");
    const cnx = await locationId("CNX-TC");
    const list = await admin.get(`${D}/location/filter/?search=office`);
    expect(list.body).toMatchObject({ count: 2, next: null, page_size: 50 });
    expect(list.body.results[0]).toEqual({ id: hq, name: "Bangkok Head Office", code: "BKK-HQ", value: hq });
    expect((await admin.get(`${D}/location/filter/?id=${cnx}`)).body.results.map((r: { id: number }) => r.id)).toEqual([
      cnx,
    ]);
    expect((await admin.get(`${D}/location/filter/?id_list=${cnx},${hq}`)).body.count).toBe(2);
    // A session's picker is for any dashboard user (as the other filter lists), not a learner.
    expect((await (await api.signedIn("instructor")).get(`${D}/location/filter/`)).status).toBe(200);
    expect((await (await api.signedIn("learner")).get(`${D}/location/filter/`)).status).toBe(403);
  });

  it("offers the rooms of one location", async () => {
    const cnx = await locationId("CNX-TC");
    const rooms = await admin.get(`${D}/location/room/filter/?location=${cnx}&page_size=2`);
    expect(rooms.body).toMatchObject({ count: 3, page_size: 2 });
    expect(rooms.body.next).toEqual(expect.any(String));
    expect(rooms.body.results[0]).toEqual({
      id: await roomId("CNX-WS"),
      name: "Workshop Studio",
      code: "CNX-WS",
      value: await roomId("CNX-WS"),
      location_id: cnx,
    });
    expect(
      (
        await admin.get(`${D}/location/room/filter/?location=${cnx}&search=${encodeURIComponent("ปิง")}`)
      ).body.results.map((r: { code: string }) => r.code),
    ).toEqual(["CNX-102"]);
    expect((await admin.get(`${D}/location/room/filter/?location=abc`)).body).toEqual({ location: ["invalid"] });
  });
});
