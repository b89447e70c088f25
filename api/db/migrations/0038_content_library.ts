import type { Kysely, Migration } from "kysely";

/**
 * The content library (`/coniclex…`, issue 19 §6, docs/decisions/071): the library's courses,
 * class programs and media items are rows of the same tables as the organisation's, told apart
 * by `is_library` (1: the library's), so every feature (enrolment, permission rules, progress,
 * gamification, the curriculum) serves both collections unchanged. `library_source_id` names, on
 * an organisation's item, the library item it was taken from (a copy; null: made here), so the
 * library item can say where it was taken. No foreign key: SQLite cannot add one to an existing
 * table; deleting a library item leaves its copies (they are the organisation's own).
 */
const TABLES = ["course", "class_program", "media"] as const;

export const contentLibrary: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of TABLES) {
      await db.schema
        .alterTable(table)
        .addColumn("is_library", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable(table).addColumn("library_source_id", "integer").execute();
      await db.schema
        .createIndex(`${table}_library_idx`)
        .on(table)
        .columns(["is_library", "datetime_update"])
        .execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const table of TABLES) {
      await db.schema.dropIndex(`${table}_library_idx`).execute();
      await db.schema.alterTable(table).dropColumn("library_source_id").execute();
      await db.schema.alterTable(table).dropColumn("is_library").execute();
    }
  },
};
