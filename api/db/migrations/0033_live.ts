import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../index";
import { contentColumns, idColumn } from "../migration-kit";

/**
 * Live sessions (issue 18 §5; spec 000 §2.7, spec 001 §3 "Live", §4 "Live status" and "Live
 * download video"; docs/decisions/066):
 *
 * - live: the engine's content columns plus live_type (0 live only, 1 convert, 2 playback:
 *   contract/live-codes.ts), status (the stream's, 0 offline … 6 online), the stream's start and end
 *   (datetime_live_start / _end: the engine's datetime_start is the publish schedule), the stream
 *   details the API makes on create (key, URL, user, password; never written by a form), the
 *   recording's download state (-1…4, 3 "live not started" until it runs) and its URL, and whether
 *   it is kept as a recording (is_backup, with its own shown flag and when it was kept: the
 *   /live_backup pages).
 * - live_instructor: its instructors (as course_instructor).
 * - live_question: what learners asked during the stream: asker (kept null when the account goes),
 *   text, time, answered (when, by whom) and hidden by an administrator.
 */
export function liveTables(dialect: Dialect): Migration {
  const withId = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await contentColumns(withId(s.createTable("live")))
        .addColumn("live_type", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("status", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_live_start", "text", (c) => c.notNull())
        .addColumn("datetime_live_end", "text", (c) => c.notNull())
        .addColumn("stream_key", "text", (c) => c.notNull())
        .addColumn("stream_url", "text", (c) => c.notNull())
        .addColumn("stream_user", "text", (c) => c.notNull())
        .addColumn("stream_password", "text", (c) => c.notNull())
        .addColumn("download_status", "integer", (c) => c.notNull().defaultTo(3))
        .addColumn("video_url", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("is_backup", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_backup_display", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_backup", "text")
        .execute();
      for (const col of ["datetime_update", "status", "datetime_live_start"])
        await s.createIndex(`live_${col}_idx`).on("live").column(col).execute();

      await s
        .createTable("live_instructor")
        .addColumn("live_id", "integer", (c) => c.notNull().references("live.id").onDelete("cascade"))
        .addColumn("instructor_id", "integer", (c) => c.notNull().references("instructor.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("live_instructor_pk", ["live_id", "instructor_id"])
        .execute();

      await withId(s.createTable("live_question"))
        .addColumn("live_id", "integer", (c) => c.notNull().references("live.id").onDelete("cascade"))
        .addColumn("account_id", "integer", (c) => c.references("account.id").onDelete("set null"))
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addColumn("is_answered", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_answer", "text")
        .addColumn("answered_by", "integer", (c) => c.references("account.id").onDelete("set null"))
        .addColumn("is_hidden", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await s
        .createIndex("live_question_live_idx")
        .on("live_question")
        .columns(["live_id", "datetime_create"])
        .execute();
    },
  };
}
