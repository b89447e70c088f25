import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../index";
import { idColumn } from "../migration-kit";

/**
 * Assignment, auto-assignment and suggestions (issue 17 §1–§3; docs/decisions/051–053):
 *  - `assignment`: one row per assignment, auto-assignment or suggestion (`type`), with its
 *    settings (dates, period of doing, extension, what happens to a learner who has the content)
 *    and, for an auto-assignment, its rounds' settings;
 *  - `assignment_content`: the contents it holds (each once);
 *  - `assignment_audience`: who it names — accounts, departments, groups (kind + id);
 *  - `assignment_round`: an auto-assignment's rounds, one per due time (unique), claimed once;
 *  - `assignment_result`: per round (0: the one-off assignment), learner and content, the result
 *    code (spec 001 §4) — unique, so a round run twice adds nobody twice.
 */
export function assignmentTables(dialect: Dialect): Migration {
  const withId = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await withId(s.createTable("assignment"))
        .addColumn("type", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("status", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_assign", "text")
        .addColumn("type_expire", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_expire", "text")
        .addColumn("duration_expire", "integer")
        .addColumn("type_action", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("type_expand", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_expand", "text")
        .addColumn("duration_expand", "integer")
        .addColumn("include_sub_department", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("date_start", "text")
        .addColumn("date_end", "text")
        .addColumn("assign_time", "text", (c) => c.notNull().defaultTo("06:00"))
        .addColumn("assign_day", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("assign_month", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("is_recurring", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("count_recurring", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("recurring_unit", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_next_round", "text")
        .addColumn("datetime_applied", "text")
        .addColumn("created_by", "integer", (c) => c.references("account.id").onDelete("set null"))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .execute();
      await s.createIndex("assignment_type_idx").on("assignment").columns(["type", "datetime_update"]).execute();
      await s
        .createIndex("assignment_next_round_idx")
        .on("assignment")
        .columns(["type", "datetime_next_round"])
        .execute();
      await withId(s.createTable("assignment_content"))
        .addColumn("assignment_id", "integer", (c) => c.notNull().references("assignment.id").onDelete("cascade"))
        .addColumn("content_type_id", "integer", (c) => c.notNull().references("content_type.id").onDelete("cascade"))
        .addColumn("content_id", "integer", (c) => c.notNull())
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addUniqueConstraint("assignment_content_key", ["assignment_id", "content_type_id", "content_id"])
        .execute();
      await s
        .createTable("assignment_audience")
        .addColumn("assignment_id", "integer", (c) => c.notNull().references("assignment.id").onDelete("cascade"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("ref_id", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("assignment_audience_pkey", ["assignment_id", "kind", "ref_id"])
        .execute();
      await withId(s.createTable("assignment_round"))
        .addColumn("assignment_id", "integer", (c) => c.notNull().references("assignment.id").onDelete("cascade"))
        .addColumn("datetime_due", "text", (c) => c.notNull())
        .addColumn("status", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_run", "text")
        .addColumn("count_added", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_refresh", "integer", (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint("assignment_round_key", ["assignment_id", "datetime_due"])
        .execute();
      await withId(s.createTable("assignment_result"))
        .addColumn("assignment_id", "integer", (c) => c.notNull().references("assignment.id").onDelete("cascade"))
        .addColumn("round_id", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
        .addColumn("content_type_id", "integer", (c) => c.notNull().references("content_type.id").onDelete("cascade"))
        .addColumn("content_id", "integer", (c) => c.notNull())
        .addColumn("result", "integer", (c) => c.notNull())
        .addColumn("added_by", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("credit_minor", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("enrollment_id", "integer", (c) => c.references("content_enrollment.id").onDelete("set null"))
        .addColumn("datetime_expire", "text")
        .addColumn("created_by", "integer", (c) => c.references("account.id").onDelete("set null"))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .addUniqueConstraint("assignment_result_key", [
          "assignment_id",
          "round_id",
          "account_id",
          "content_type_id",
          "content_id",
        ])
        .execute();
      await s
        .createIndex("assignment_result_content_idx")
        .on("assignment_result")
        .columns(["assignment_id", "content_type_id", "content_id", "result"])
        .execute();
      await s.createIndex("assignment_result_enrollment_idx").on("assignment_result").column("enrollment_id").execute();
    },
  };
}
