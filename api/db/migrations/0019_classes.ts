import { sql, type Kysely, type Migration } from "kysely";
import type { Dialect } from "../index";
import { contentColumns, idColumn } from "../migration-kit";

/**
 * Class (spec 000 §2.4, spec 001 §3 "Content", "Session and schedule", docs/decisions/040): the
 * class's own row — the engine's common content columns, as course's and activity's, plus its
 * check-in settings and the moment it was cancelled (null: not cancelled; cancelling is
 * permanent) — its sessions, and each session's instructors. Everything else a class has lives
 * in the engine's content_* tables keyed by content type and id.
 *
 * A session's place is a location and one of its rooms (migration 0018's `location` and `room`);
 * removing either leaves the session without it rather than removing the session.
 */
export function classes(dialect: Dialect): Migration {
  const withId = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await contentColumns(withId(s.createTable("class")))
        // The class's own settings (spec 001 §3, §4 check-in and QR holder codes).
        .addColumn("batch", "integer")
        .addColumn("qr_code_holder", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("check_in_group", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_user_check_in", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("check_in_type", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_allow_change_qr", "integer", (c) => c.notNull().defaultTo(0))
        // The class's last day (organisation zone), which no session may pass; null: open-ended.
        .addColumn("date_end", "text")
        .addColumn("datetime_cancel", "text")
        .execute();
      await s
        .createIndex("class_name_idx")
        .on("class")
        .expression(sql`lower(name)`)
        .execute();
      await s
        .createIndex("class_code_lower_idx")
        .on("class")
        .expression(sql`lower(code)`)
        .execute();
      for (const col of ["category_id", "provider_id", "is_display", "datetime_update"]) {
        await s.createIndex(`class_${col}_idx`).on("class").column(col).execute();
      }

      // date YYYY-MM-DD and times HH:MM in the organisation's zone; datetime_start/_end the same
      // moments in UTC (ISO), which the status, the overlap check and the ordering compare.
      await withId(s.createTable("class_session"))
        .addColumn("class_id", "integer", (c) => c.notNull().references("class.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("desc", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("type", "integer", (c) => c.notNull().defaultTo(3))
        .addColumn("date", "text", (c) => c.notNull())
        .addColumn("start_time", "text", (c) => c.notNull().defaultTo("06:00"))
        .addColumn("end_time", "text", (c) => c.notNull())
        .addColumn("datetime_start", "text", (c) => c.notNull())
        .addColumn("datetime_end", "text", (c) => c.notNull())
        .addColumn("location_id", "integer", (c) => c.references("location.id").onDelete("set null"))
        .addColumn("room_id", "integer", (c) => c.references("room.id").onDelete("set null"))
        .addColumn("capacity", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_display", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("is_playback", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("url", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .execute();
      await s
        .createIndex("class_session_class_idx")
        .on("class_session")
        .columns(["class_id", "datetime_start"])
        .execute();

      await s
        .createTable("class_session_instructor")
        .addColumn("session_id", "integer", (c) => c.notNull().references("class_session.id").onDelete("cascade"))
        .addColumn("instructor_id", "integer", (c) => c.notNull().references("instructor.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("class_session_instructor_pk", ["session_id", "instructor_id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ["class_session_instructor", "class_session", "class"]) await db.schema.dropTable(t).execute();
    },
  };
}
