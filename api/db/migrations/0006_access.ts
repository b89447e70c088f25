import type { CreateTableBuilder, Kysely, Migration } from "kysely";
import type { Dialect } from "../index";

/**
 * Who may enrol in a content and how, and who may see it (spec 001 §3 "Enrollment settings",
 * "Enrollment and section identification", "Condition forms"; spec 002 §6 "Content access
 * levels"). Keyed by content type and content id like content_tag, so every content type with an
 * enrollment or permission tab uses the same tables (docs/decisions/014); the content's
 * own delete removes its rows. Course prerequisites stay in course_prerequisite (0003).
 */
export function access(dialect: Dialect): Migration {
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === "postgres"
      ? t.addColumn("id", "serial", (c) => c.primaryKey())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  const content = <T extends string>(t: CreateTableBuilder<T, never>) =>
    t
      .addColumn("content_type_id", "integer", (c) => c.notNull().references("content_type.id").onDelete("cascade"))
      .addColumn("content_id", "integer", (c) => c.notNull());

  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      // One row per content once its settings are saved (defaults are answered until then).
      await content(s.createTable("content_enrollment_setting"))
        .addColumn("form_id", "integer")
        .addColumn("capacity", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_overlap_time", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_session_reserved", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_session_enrollment", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("minimum_session_enrollment", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("maximum_session_enrollment", "integer", (c) => c.notNull().defaultTo(10))
        .addColumn("type_access", "integer", (c) => c.notNull().defaultTo(-1))
        .addColumn("enrollment_required", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("type_waiting", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("enroll_datetime_start", "text")
        .addColumn("enroll_datetime_end", "text")
        .addColumn("cancel_type", "integer", (c) => c.notNull())
        // Seconds (type 7: shown in days).
        .addColumn("cancel_duration", "integer")
        .addColumn("cancel_datetime_start", "text")
        .addColumn("cancel_datetime_end", "text")
        .addColumn("is_allow_change_session_enrollment", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_user_canceled", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_rejected_able_re_enroll", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("duration_expire", "integer")
        .addColumn("is_retrain", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("retrain_count", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("retrain_unit", "integer", (c) => c.notNull().defaultTo(3))
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("content_enrollment_setting_pk", ["content_type_id", "content_id"])
        .execute();

      await content(s.createTable("content_enrollment_identification"))
        .addColumn("is_enabled", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("identification", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("lock_method", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("attempt", "integer", (c) => c.notNull())
        // Seconds (shown in minutes); null for lock method 2.
        .addColumn("duration_lock", "integer")
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("content_enrollment_identification_pk", ["content_type_id", "content_id"])
        .execute();

      // Permission rules, each with its condition (operator, ranges, date bounds here; lists below).
      await content(withId(s.createTable("content_permission")))
        .addColumn("mode", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("permission", "integer", (c) => c.notNull().defaultTo(2))
        .addColumn("operator", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("age_gte", "integer", (c) => c.notNull().defaultTo(-1))
        .addColumn("age_lte", "integer", (c) => c.notNull().defaultTo(-1))
        .addColumn("experience_gte", "integer", (c) => c.notNull().defaultTo(-1))
        .addColumn("experience_lte", "integer", (c) => c.notNull().defaultTo(-1))
        .addColumn("level_year_gte", "integer", (c) => c.notNull().defaultTo(-1))
        .addColumn("level_year_lte", "integer", (c) => c.notNull().defaultTo(-1))
        .addColumn("service_gte", "integer", (c) => c.notNull().defaultTo(-1))
        .addColumn("service_lte", "integer", (c) => c.notNull().defaultTo(-1))
        .addColumn("level_group_year_gte", "integer", (c) => c.notNull().defaultTo(-1))
        .addColumn("level_group_year_lte", "integer", (c) => c.notNull().defaultTo(-1))
        .addColumn("date_account_start_gte", "text")
        .addColumn("date_account_start_lte", "text")
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .execute();
      await s
        .createIndex("content_permission_content_idx")
        .on("content_permission")
        .columns(["content_type_id", "content_id"])
        .execute();

      // The condition's id lists: field is department, position, level, group, group_account, account…
      await s
        .createTable("content_permission_item")
        .addColumn("permission_id", "integer", (c) =>
          c.notNull().references("content_permission.id").onDelete("cascade"),
        )
        .addColumn("field", "text", (c) => c.notNull())
        .addColumn("ref_id", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("content_permission_item_pk", ["permission_id", "field", "ref_id"])
        .execute();

      // The content's administrators: staff accounts who may manage it.
      await content(s.createTable("content_admin"))
        .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("content_admin_pk", ["content_type_id", "content_id", "account_id"])
        .execute();
      await s.createIndex("content_admin_account_idx").on("content_admin").column("account_id").execute();
    },
  };
}
