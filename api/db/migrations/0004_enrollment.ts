import type { CreateTableBuilder, Kysely, Migration } from "kysely";
import type { Dialect } from "../index";

/**
 * Course enrollment records (spec 001 §4 "Progress status codes", "Assignment" add methods and
 * added-by): one row per learner and course with the progress status, how the learner came in and
 * the dates of enrolment, start, completion and last change. Indexed for the learner list (by
 * course, filtered by status, ordered by date) and for a learner's own courses.
 */
export function enrollment(dialect: Dialect): Migration {
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === "postgres"
      ? t.addColumn("id", "serial", (c) => c.primaryKey())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());

  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await withId(s.createTable("course_enrollment"))
        .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
        .addColumn("course_id", "integer", (c) => c.notNull().references("course.id").onDelete("cascade"))
        .addColumn("status", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("add_method", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("added_by", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_by", "integer", (c) => c.references("account.id").onDelete("set null"))
        .addColumn("datetime_enroll", "text", (c) => c.notNull())
        .addColumn("datetime_start", "text")
        .addColumn("datetime_complete", "text")
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .addUniqueConstraint("course_enrollment_account_course_key", ["account_id", "course_id"])
        .execute();
      await s
        .createIndex("course_enrollment_course_status_idx")
        .on("course_enrollment")
        .columns(["course_id", "status"])
        .execute();
      await s
        .createIndex("course_enrollment_course_enroll_idx")
        .on("course_enrollment")
        .columns(["course_id", "datetime_enroll"])
        .execute();
      await s
        .createIndex("course_enrollment_course_update_idx")
        .on("course_enrollment")
        .columns(["course_id", "datetime_update"])
        .execute();
    },
  };
}
