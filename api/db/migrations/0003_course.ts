import { sql, type CreateTableBuilder, type Kysely, type Migration } from "kysely";
import type { Dialect } from "../index";

/**
 * Courses (spec 001 §3 "Content", §4 "Publish status"), their instructors, the content tags of
 * every content type, the minimal sections the publish rule needs (the curriculum grows them) and
 * course prerequisites (a prerequisite cannot be deleted: 424).
 */
export function course(dialect: Dialect): Migration {
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === "postgres"
      ? t.addColumn("id", "serial", (c) => c.primaryKey())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());

  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await withId(s.createTable("course"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("code", "text", (c) => c.notNull().unique())
        .addColumn("content_level", "integer", (c) => c.references("level.id").onDelete("set null"))
        .addColumn("program", "integer")
        .addColumn("category_id", "integer", (c) => c.notNull().references("category.id").onDelete("restrict"))
        .addColumn("provider_id", "integer", (c) => c.notNull().references("provider.id").onDelete("restrict"))
        .addColumn("is_environmental", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("desc", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("image", "text")
        .addColumn("is_display", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_start", "text")
        .addColumn("datetime_first_publish", "text")
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .addColumn("created_by", "integer", (c) => c.references("account.id").onDelete("set null"))
        .execute();
      await s
        .createIndex("course_name_idx")
        .on("course")
        .expression(sql`lower(name)`)
        .execute();
      await s
        .createIndex("course_code_lower_idx")
        .on("course")
        .expression(sql`lower(code)`)
        .execute();
      for (const col of ["category_id", "provider_id", "is_display", "datetime_update"]) {
        await s.createIndex(`course_${col}_idx`).on("course").column(col).execute();
      }

      await s
        .createTable("course_instructor")
        .addColumn("course_id", "integer", (c) => c.notNull().references("course.id").onDelete("cascade"))
        .addColumn("instructor_id", "integer", (c) => c.notNull().references("instructor.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("course_instructor_pk", ["course_id", "instructor_id"])
        .execute();
      await s.createIndex("course_instructor_instructor_idx").on("course_instructor").column("instructor_id").execute();

      // Tags of any content: content_id names a row of the table its content type stands for.
      await s
        .createTable("content_tag")
        .addColumn("content_type_id", "integer", (c) => c.notNull().references("content_type.id").onDelete("cascade"))
        .addColumn("content_id", "integer", (c) => c.notNull())
        .addColumn("tag_id", "integer", (c) => c.notNull().references("tag.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("content_tag_pk", ["content_type_id", "content_id", "tag_id"])
        .execute();
      await s.createIndex("content_tag_tag_idx").on("content_tag").column("tag_id").execute();

      await withId(s.createTable("course_section"))
        .addColumn("course_id", "integer", (c) => c.notNull().references("course.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_display", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      await s.createIndex("course_section_course_idx").on("course_section").columns(["course_id", "sort"]).execute();

      await s
        .createTable("course_prerequisite")
        .addColumn("course_id", "integer", (c) => c.notNull().references("course.id").onDelete("cascade"))
        .addColumn("prerequisite_course_id", "integer", (c) => c.notNull().references("course.id").onDelete("restrict"))
        .addPrimaryKeyConstraint("course_prerequisite_pk", ["course_id", "prerequisite_course_id"])
        .execute();
      await s
        .createIndex("course_prerequisite_prerequisite_idx")
        .on("course_prerequisite")
        .column("prerequisite_course_id")
        .execute();
    },
  };
}
