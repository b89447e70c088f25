import type { FastifyInstance } from "fastify";
import { MSG } from "../../contract/messages";
import { locationSchemas, type Location } from "../../contract/schemas/location";
import type { Db } from "../db/index";
import type { ApiContext } from "../http/context";
import type { Trx } from "../engine/crud";
import { masterRoutes, pickColumns } from "./master-crud";
import { roomRoutes } from "./location-rooms";
import { eventZoneRoutes, isEventZone } from "../content/features/event-zone";

/**
 * Locations (spec 000 §2.11 /location, create, {locationid}, room; spec 001 §3; issue 16 §2,
 * docs/decisions/039) on the master data factory (master-crud.ts): list with search and
 * ordering, create, item, update, delete, image; the location module's flags. Its rooms are
 * location-rooms.ts. A location that still has rooms is not deleted (424 location_has_rooms):
 * its rooms go first, each refused on its own while a class session uses it; nor is one that is
 * a class's event zone (424 cannot_delete_because_dependency; content/features/event-zone.ts).
 */

/** How many rooms each location has. */
async function roomCounts(q: Db | Trx, ids: number[]): Promise<Map<number, number>> {
  const rows = await q
    .selectFrom("room")
    .select(["location_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("location_id", "in", ids)
    .groupBy("location_id")
    .execute();
  return new Map(rows.map((r) => [r.location_id, Number(r.n)]));
}

/** PostgreSQL answers double precision as a number, SQLite a REAL too; null stays null. */
const degrees = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export async function presentLocations(q: Db | Trx, ids: number[]): Promise<Location[]> {
  if (!ids.length) return [];
  const rows = await q.selectFrom("location").selectAll().where("id", "in", ids).execute();
  const rooms = await roomCounts(q, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = byId.get(id)!;
    return {
      id: r.id,
      name: r.name,
      code: r.code,
      address: r.address ?? "",
      latitude: degrees(r.latitude),
      longitude: degrees(r.longitude),
      image: r.image,
      count_room: rooms.get(id) ?? 0,
      datetime_create: r.datetime_create,
      datetime_update: r.datetime_update,
    };
  });
}

export function locationRoutes(app: FastifyInstance, ctx: ApiContext) {
  masterRoutes(app, ctx, {
    path: "location",
    table: "location",
    module: "location",
    // Its pickers are its own filter lists (filters.ts), read afresh: no cached list to refresh.
    filters: [],
    stamped: true,
    schemas: locationSchemas,
    present: presentLocations,
    columns: (input) => pickColumns(input),
    // Rooms go first (decision 039): deleting them is where a class session's use is checked.
    // A class's event zone (decision 043) keeps its location, as a session keeps its room.
    inUse: async (trx, id) =>
      (await trx.selectFrom("room").select("id").where("location_id", "=", id).executeTakeFirst())
        ? MSG.location_has_rooms
        : (await isEventZone(trx, id))
          ? MSG.cannot_delete_because_dependency
          : false,
  });
  roomRoutes(app, ctx);
  // POST location/zone/event/{id}/: a class's event zone (spec 002 §7 "Locations").
  eventZoneRoutes(app, ctx);
}
