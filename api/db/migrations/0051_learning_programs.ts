import { sql, type Kysely, type Migration, type SqlBool } from "kysely";
import type { Dialect } from "../index";
import { idColumn } from "../migration-kit";

/**
 * Learning programs (spec 000 §2.6 /learning-program, create, {programid} with its contents;
 * issue 36 §3, docs/decisions/097): a program groups contents, and each content names its program
 * in the `program` column every content table has had since 0003 (null: none). A code unique
 * case-insensitively when given, as the master data's.
 */
export function learningPrograms(dialect: Dialect): Migration {
  const withId = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await withId(s.createTable("learning_program"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("code", "text")
        .addColumn("desc", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("image", "text")
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .execute();
      await s
        .createIndex("learning_program_code_lower_uq")
        .unique()
        .on("learning_program")
        .expression(sql`lower(code)`)
        .where(sql<SqlBool>`code is not null and code <> ''`)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("learning_program").execute();
    },
  };
}
