import { type Kysely, type Migration } from "kysely";
import type { Dialect } from "../index";
import { idColumn } from "../migration-kit";

/**
 * Class check-in (spec 001 §4 "Check-in", docs/decisions/042): a check-in point is a session.
 *  - `class_session` gains the version of its QR code (regenerating a code bumps it, so an old
 *    printout stops working) and when that code was made.
 *  - `class_attendance`: one row per learner (enrollment) and session — when they checked in and
 *    out and from where (spec 001 §4 check-in sources: -1, 0 web, 1 mobile, 2 admin, 3 live
 *    session, 10 force completed).
 *  - `class_checkin_log`: every check-in, check-out and check-in-type reset, newest first per
 *    class — the attendance row keeps the first check-in only, the log keeps what happened.
 */
export function classCheckin(dialect: Dialect): Migration {
  const withId = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await s
        .alterTable("class_session")
        .addColumn("qr_version", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      await s.alterTable("class_session").addColumn("datetime_qr", "text").execute();

      await withId(s.createTable("class_attendance"))
        .addColumn("session_id", "integer", (c) => c.notNull().references("class_session.id").onDelete("cascade"))
        .addColumn("enrollment_id", "integer", (c) =>
          c.notNull().references("content_enrollment.id").onDelete("cascade"),
        )
        .addColumn("datetime_checkin", "text")
        .addColumn("checkin_source", "integer", (c) => c.notNull().defaultTo(-1))
        .addColumn("datetime_checkout", "text")
        .addColumn("checkout_source", "integer")
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .addUniqueConstraint("class_attendance_session_enrollment_uq", ["session_id", "enrollment_id"])
        .execute();
      // The report and progress read a learner's rows across sessions.
      await s.createIndex("class_attendance_enrollment_idx").on("class_attendance").column("enrollment_id").execute();

      await withId(s.createTable("class_checkin_log"))
        .addColumn("class_id", "integer", (c) => c.notNull().references("class.id").onDelete("cascade"))
        // Null for a reset entry, which concerns the whole class.
        .addColumn("session_id", "integer", (c) => c.references("class_session.id").onDelete("cascade"))
        .addColumn("enrollment_id", "integer", (c) => c.references("content_enrollment.id").onDelete("cascade"))
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("source", "integer", (c) => c.notNull().defaultTo(-1))
        .addColumn("created_by", "integer", (c) => c.references("account.id").onDelete("set null"))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .execute();
      await s
        .createIndex("class_checkin_log_class_idx")
        .on("class_checkin_log")
        .columns(["class_id", "datetime_create"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ["class_checkin_log", "class_attendance"]) await db.schema.dropTable(t).execute();
      await db.schema.alterTable("class_session").dropColumn("datetime_qr").execute();
      await db.schema.alterTable("class_session").dropColumn("qr_version").execute();
    },
  };
}
