import type { Kysely, Migration } from "kysely";
import { sql } from "kysely";
import type { Dialect } from "../index";
import { contentColumns, idColumn } from "../migration-kit";

/**
 * Class programs (spec 000 §2.4 `/class-program…`, spec 001 §3 "A class program has image, desc,
 * competency_list"; docs/decisions/044): a content type of its own on the engine's common columns,
 * and the class's `class_program_id` — a class belongs to at most one program, and removing the
 * program leaves its classes standing on their own (they are still classes someone may run).
 */
export function classPrograms(dialect: Dialect): Migration {
  const withId = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await contentColumns(withId(s.createTable("class_program")))
        .addColumn("image", "text")
        .execute();
      await s
        .createIndex("class_program_name_idx")
        .on("class_program")
        .expression(sql`lower(name)`)
        .execute();
      await s
        .createIndex("class_program_code_lower_idx")
        .on("class_program")
        .expression(sql`lower(code)`)
        .execute();
      for (const col of ["category_id", "provider_id", "is_display", "datetime_update"]) {
        await s.createIndex(`class_program_${col}_idx`).on("class_program").column(col).execute();
      }
      await s
        .alterTable("class")
        .addColumn("class_program_id", "integer", (c) => c.references("class_program.id").onDelete("set null"))
        .execute();
      await s.createIndex("class_class_program_idx").on("class").column("class_program_id").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("class_class_program_idx").execute();
      await db.schema.alterTable("class").dropColumn("class_program_id").execute();
      await db.schema.dropTable("class_program").execute();
    },
  };
}
