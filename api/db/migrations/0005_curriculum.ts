import type { CreateTableBuilder, Kysely, Migration } from "kysely";
import type { Dialect } from "../index";

/**
 * The curriculum of a course (spec 001 §3 "Learning material", "Identification"; docs/decisions/008):
 * the sections of 0003 grow their identification settings, and get their materials (slots of seven
 * types, ordered inside their section) and the prerequisites between materials.
 *
 * Identification columns (sections and materials alike): iden_is_enabled, iden_identification
 * (identification method 0 otp, 1 random alert, 2 photo), iden_lock_method (default 1),
 * iden_attempt and iden_duration_lock (seconds; null = the configured minimum); materials add
 * iden_random.
 */
export function curriculum(dialect: Dialect): Migration {
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === "postgres"
      ? t.addColumn("id", "serial", (c) => c.primaryKey())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());

  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      // SQLite takes one ADD COLUMN per statement; the same statements serve PostgreSQL.
      await s
        .alterTable("course_section")
        .addColumn("iden_is_enabled", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await s
        .alterTable("course_section")
        .addColumn("iden_identification", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await s
        .alterTable("course_section")
        .addColumn("iden_lock_method", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      await s.alterTable("course_section").addColumn("iden_attempt", "integer").execute();
      await s.alterTable("course_section").addColumn("iden_duration_lock", "integer").execute();

      await withId(s.createTable("course_material"))
        .addColumn("course_id", "integer", (c) => c.notNull().references("course.id").onDelete("cascade"))
        .addColumn("section_id", "integer", (c) => c.notNull().references("course_section.id").onDelete("cascade"))
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("slot_type", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("is_required", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("is_preview", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_display", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("is_non_skippable", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_paused_inactive", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_allow_download", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("attempt", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("duration", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("url", "text")
        .addColumn("file", "text")
        .addColumn("file_name", "text")
        .addColumn("iden_is_enabled", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("iden_identification", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("iden_lock_method", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("iden_attempt", "integer")
        .addColumn("iden_duration_lock", "integer")
        .addColumn("iden_random", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .execute();
      await s
        .createIndex("course_material_section_idx")
        .on("course_material")
        .columns(["section_id", "sort"])
        .execute();
      await s.createIndex("course_material_course_idx").on("course_material").column("course_id").execute();

      await s
        .createTable("material_dependency")
        .addColumn("material_id", "integer", (c) => c.notNull().references("course_material.id").onDelete("cascade"))
        .addColumn("prerequisite_id", "integer", (c) =>
          c.notNull().references("course_material.id").onDelete("cascade"),
        )
        .addPrimaryKeyConstraint("material_dependency_pk", ["material_id", "prerequisite_id"])
        .execute();
      await s
        .createIndex("material_dependency_prerequisite_idx")
        .on("material_dependency")
        .column("prerequisite_id")
        .execute();
    },
  };
}
