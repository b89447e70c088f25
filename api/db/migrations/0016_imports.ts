import type { CreateTableBuilder, Kysely, Migration } from "kysely";
import type { Dialect } from "../index";

/**
 * Imports that run as jobs (issue 15 §2, docs/decisions/032): one import_history row per uploaded
 * file, its status one of spec 001 §4 "Import task" (-1 failed, 2 in progress, 3 succeeded).
 *
 * - module: what is imported ("user"; IMPORT_MODULES in contract/imports.ts), input_filename the
 *   name the browser gave the file, mode all_or_nothing or valid_rows;
 * - percent and the counts (total, created, updated, unchanged, failed) as the job goes; the
 *   final ones are written in the transaction that writes the rows, so "succeeded" and the rows
 *   are committed together or not at all;
 * - message: a message key saying why it failed (import_rows_refused, import_interrupted,
 *   server_error), or null;
 * - error_rows: JSON {columns, rows: [{row, cells, errors}]} of the refused rows, from which the
 *   error file is written in the reader's language when asked (never a file on disk);
 * - datetime_update is the job's heartbeat: a row left at 2 whose heartbeat stopped belongs to a
 *   process that is gone, and is marked failed (import_interrupted).
 */
export function imports(dialect: Dialect): Migration {
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === "postgres"
      ? t.addColumn("id", "serial", (c) => c.primaryKey())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      let table = withId(s.createTable("import_history"))
        .addColumn("module", "text", (c) => c.notNull())
        .addColumn("input_filename", "text", (c) => c.notNull())
        .addColumn("status", "integer", (c) => c.notNull())
        .addColumn("percent", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("mode", "text", (c) => c.notNull());
      for (const count of ["count_total", "count_created", "count_updated", "count_unchanged", "count_failed"]) {
        table = table.addColumn(count, "integer", (c) => c.notNull().defaultTo(0));
      }
      await table
        .addColumn("message", "text")
        .addColumn("error_rows", "text")
        .addColumn("created_by", "integer", (c) => c.references("account.id").onDelete("set null"))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .addColumn("datetime_finish", "text")
        .execute();
      // The history is read newest first, per module and per person; the sweep looks for status 2.
      await s
        .createIndex("import_history_module_idx")
        .on("import_history")
        .columns(["module", "datetime_create"])
        .execute();
      await s
        .createIndex("import_history_created_by_idx")
        .on("import_history")
        .columns(["created_by", "datetime_create"])
        .execute();
      await s.createIndex("import_history_status_idx").on("import_history").column("status").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("import_history").execute();
    },
  };
}
