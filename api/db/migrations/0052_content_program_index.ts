import type { Kysely, Migration } from "kysely";

/**
 * A learning program's contents and its list's content counts (api/system/learning-programs.ts)
 * look contents up by their `program` column, in every content table: without an index each
 * reading scanned all of them (issue 36, the learning programs' review). The tables as they are
 * at this migration; a content table added later indexes its own `program`.
 */
const CONTENT_TABLES = ["course", "activity", "class", "class_program", "survey", "testbank", "live", "test", "media"];

export function contentProgramIndex(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of CONTENT_TABLES)
        await db.schema.createIndex(`${table}_program_idx`).on(table).column("program").execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of CONTENT_TABLES) await db.schema.dropIndex(`${table}_program_idx`).execute();
    },
  };
}
