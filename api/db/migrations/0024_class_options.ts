import { sql, type Kysely, type Migration } from "kysely";
import type { Dialect } from "../index";
import { idColumn } from "../migration-kit";

/**
 * Class options that now take effect (docs/decisions/046, 047):
 *  - `class_session_enrollment`: which sessions of a class a learner (enrollment) attends, when
 *    the class's enrollment settings turn session enrollment on (spec 001 §3 "Enrollment settings").
 *  - `class` gains the terms a learner accepts for a class inside a program (`terms`, empty: none;
 *    `is_terms_required`) and `class_terms_acceptance`, one row per learner who accepted them.
 *  - Existing classes get `is_user_check_in` and `is_allow_change_qr` set: until now the flags
 *    changed nothing, so every class let learners scan and let staff regenerate a code; keeping
 *    that is what those classes did. New classes say what they want on the form.
 *  - `check_in_group` becomes 0 (each session) or 1 (the day's sessions together): any larger
 *    value, which meant nothing, is read as 1.
 */
export function classOptions(dialect: Dialect): Migration {
  const withId = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await withId(s.createTable("class_session_enrollment"))
        .addColumn("session_id", "integer", (c) => c.notNull().references("class_session.id").onDelete("cascade"))
        .addColumn("enrollment_id", "integer", (c) =>
          c.notNull().references("content_enrollment.id").onDelete("cascade"),
        )
        .addColumn("created_by", "integer", (c) => c.references("account.id").onDelete("set null"))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addUniqueConstraint("class_session_enrollment_uq", ["session_id", "enrollment_id"])
        .execute();
      // A learner's choice is read by enrollment; a session's seats by session (the unique index).
      await s
        .createIndex("class_session_enrollment_enrollment_idx")
        .on("class_session_enrollment")
        .column("enrollment_id")
        .execute();

      await s
        .alterTable("class")
        .addColumn("terms", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await s
        .alterTable("class")
        .addColumn("is_terms_required", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await withId(s.createTable("class_terms_acceptance"))
        .addColumn("class_id", "integer", (c) => c.notNull().references("class.id").onDelete("cascade"))
        .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
        .addColumn("datetime_accept", "text", (c) => c.notNull())
        .addUniqueConstraint("class_terms_acceptance_uq", ["class_id", "account_id"])
        .execute();

      await sql`update class set is_user_check_in = 1, is_allow_change_qr = 1`.execute(db);
      await sql`update class set check_in_group = 1 where check_in_group > 1`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("class_terms_acceptance").execute();
      await db.schema.alterTable("class").dropColumn("is_terms_required").execute();
      await db.schema.alterTable("class").dropColumn("terms").execute();
      await db.schema.dropTable("class_session_enrollment").execute();
    },
  };
}
