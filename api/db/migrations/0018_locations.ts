import { sql, type Kysely, type Migration, type SqlBool } from "kysely";
import type { Dialect } from "../index";
import { idColumn } from "../migration-kit";

/**
 * Locations and their rooms (spec 000 §2.11 /location, spec 001 §3 "Location: name, code,
 * address, latitude, longitude, image; room"; issue 16 §2, docs/decisions/039): where a class
 * session takes place (0019's class_session.location_id / room_id reference these by exactly
 * these names).
 *
 * - location: a code unique case-insensitively when given (as the other master data's, 0015);
 *   latitude and longitude in degrees (WGS 84), null when not given. `double precision` in both
 *   dialects: PostgreSQL's `real` keeps ~7 digits, which moves a point by metres.
 * - room: belongs to one location (no cascade: a location with rooms is not deleted, decision
 *   039); a code unique within its location when given; capacity 0 = unlimited (as a session's).
 */
export function locations(dialect: Dialect): Migration {
  const withId = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await withId(s.createTable("location"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("code", "text")
        .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("latitude", "double precision")
        .addColumn("longitude", "double precision")
        .addColumn("image", "text")
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .execute();
      await s
        .createIndex("location_code_lower_uq")
        .unique()
        .on("location")
        .expression(sql`lower(code)`)
        .where(sql<SqlBool>`code is not null and code <> ''`)
        .execute();

      await withId(s.createTable("room"))
        .addColumn("location_id", "integer", (c) => c.notNull().references("location.id"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("code", "text")
        .addColumn("capacity", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("desc", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .execute();
      await s.createIndex("room_location_idx").on("room").column("location_id").execute();
      await s
        .createIndex("room_code_lower_uq")
        .unique()
        .on("room")
        .expression(sql`location_id, lower(code)`)
        .where(sql<SqlBool>`code is not null and code <> ''`)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      const s = db.schema;
      await s.dropTable("room").execute();
      await s.dropTable("location").execute();
    },
  };
}
