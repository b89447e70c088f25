import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../index";

/**
 * A class's event zone (spec 001 §3 "Config-switched optional extras: … event_zone", spec 002 §7
 * `POST dashboard/location/zone/event/{id}/` with `zone`; docs/decisions/043): one location chosen
 * for the class, or none. A column of the class, as a class names one zone; the location delete
 * refuses a location that is some class's zone (api/system/locations.ts), so `set null` only
 * matters for a direct database change.
 */
export function classEventZone(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("class")
        .addColumn("event_zone_id", "integer", (c) => c.references("location.id").onDelete("set null"))
        .execute();
      // The location delete asks whether any class names it.
      await db.schema.createIndex("class_event_zone_idx").on("class").column("event_zone_id").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("class_event_zone_idx").execute();
      await db.schema.alterTable("class").dropColumn("event_zone_id").execute();
    },
  };
}
