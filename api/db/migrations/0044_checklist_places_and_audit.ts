import { sql, type Kysely, type Migration } from "kysely";

/**
 * Issue 33's smaller things that keep data (docs/decisions/079):
 *
 * - **A checklist's place** (spec 001 §3 "Checklist: … location, room"): rows of `location` and
 *   `room` instead of free text. A text that names a location (and a room of it) by name,
 *   case-insensitively, becomes that row; any other text is dropped.
 * - **What a write while acting changed** (issue 33 §15: the login-as log showed only
 *   `POST /api/dashboard/department/ 201`): the name of the row the answer named, and the fields
 *   the request sent (their names, never their values).
 */
export const checklistPlacesAndAudit: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s
      .alterTable("activity_checklist")
      .addColumn("location_id", "integer", (c) => c.references("location.id").onDelete("set null"))
      .execute();
    await s
      .alterTable("activity_checklist")
      .addColumn("room_id", "integer", (c) => c.references("room.id").onDelete("set null"))
      .execute();
    await sql`update activity_checklist set location_id = (select min(l.id) from location l where lower(l.name) = lower(trim(activity_checklist.location)))
      where trim(location) <> ''`.execute(db);
    await sql`update activity_checklist set room_id = (select min(r.id) from room r where r.location_id = activity_checklist.location_id and lower(r.name) = lower(trim(activity_checklist.room)))
      where trim(room) <> '' and location_id is not null`.execute(db);
    await s.alterTable("activity_checklist").dropColumn("location").execute();
    await s.alterTable("activity_checklist").dropColumn("room").execute();
    await s.createIndex("activity_checklist_room_idx").on("activity_checklist").column("room_id").execute();
    await s.createIndex("activity_checklist_location_idx").on("activity_checklist").column("location_id").execute();

    await s.alterTable("login_as_write").addColumn("target_name", "text").execute();
    await s.alterTable("login_as_write").addColumn("fields", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    const s = db.schema;
    await s.alterTable("login_as_write").dropColumn("fields").execute();
    await s.alterTable("login_as_write").dropColumn("target_name").execute();
    await s.dropIndex("activity_checklist_location_idx").execute();
    await s.dropIndex("activity_checklist_room_idx").execute();
    await s
      .alterTable("activity_checklist")
      .addColumn("location", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await s
      .alterTable("activity_checklist")
      .addColumn("room", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await s.alterTable("activity_checklist").dropColumn("room_id").execute();
    await s.alterTable("activity_checklist").dropColumn("location_id").execute();
  },
};
