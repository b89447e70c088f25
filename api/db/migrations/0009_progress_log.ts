import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../index";

/**
 * The progress history of course enrollments (spec 001 §4 "Progress action types";
 * docs/decisions/017): one row per status change of one enrollment — from (null when the record
 * was created), to, the action type (PROGRESS_ACTIONS), whether it came from a bulk change, who
 * made it and when. Written in the transaction of the change. Deleting the enrollment (and so its
 * course or its learner's account) deletes its history; deleting the account that made a change
 * keeps the row without its author. Read per enrollment, newest first.
 */
export function progressLog(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      const table = s.createTable("course_progress_log");
      await (
        dialect === "postgres"
          ? table.addColumn("id", "serial", (c) => c.primaryKey())
          : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      )
        .addColumn("enrollment_id", "integer", (c) =>
          c.notNull().references("course_enrollment.id").onDelete("cascade"),
        )
        .addColumn("from_status", "integer")
        .addColumn("to_status", "integer", (c) => c.notNull())
        .addColumn("action_type", "text", (c) => c.notNull())
        .addColumn("is_bulk", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_by", "integer", (c) => c.references("account.id").onDelete("set null"))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .execute();
      await s
        .createIndex("course_progress_log_enrollment_idx")
        .on("course_progress_log")
        .columns(["enrollment_id", "datetime_create"])
        .execute();
      // The author's foreign key: without an index, deleting an account scans the whole history.
      await s
        .createIndex("course_progress_log_created_by_idx")
        .on("course_progress_log")
        .column("created_by")
        .execute();
    },
  };
}
