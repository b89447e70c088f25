import { sql, type Kysely, type Migration } from "kysely";

/**
 * Issue 35 §2 (docs/decisions/095): the import queue lives in the database, so a job whose API
 * process dies is taken up by another from its stored file instead of failing as interrupted.
 *
 * - import_file: the uploaded table of a job still to run (header and rows as JSON, as read from
 *   the csv or xlsx), written with its history row in one transaction and deleted when the job
 *   ends — the error file is kept in import_history.error_rows, so nothing needs it afterwards;
 * - import_history.job_options: what the job was started with that the table does not say (the
 *   user import's "may change existing accounts", read from the starter's flags at upload);
 * - lease_holder / lease_until: which process runs the job and until when, renewed by its
 *   heartbeat; a row at 2 with no lease or a lapsed one is claimed by the next process that looks;
 * - attempts: claims so far, so a file that kills every process that runs it fails after a few
 *   instead of going round for ever.
 *
 * Rows at 2 when this migrates belong to an older process (a rolling restart) that holds their
 * file in memory: each gets a lease of five minutes from now, so a live one finishes alone; one
 * still at 2 afterwards is claimed, has no stored file, and fails as interrupted, as it did before.
 */
const BEFORE_QUEUE_MS = 5 * 60_000;

export const importJobs: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s
      .createTable("import_file")
      .addColumn("import_id", "integer", (c) => c.primaryKey().references("import_history.id").onDelete("cascade"))
      .addColumn("content", "text", (c) => c.notNull())
      .execute();
    await s.alterTable("import_history").addColumn("job_options", "text").execute();
    await s.alterTable("import_history").addColumn("lease_holder", "text").execute();
    await s.alterTable("import_history").addColumn("lease_until", "text").execute();
    await s
      .alterTable("import_history")
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    const until = new Date(Date.now() + BEFORE_QUEUE_MS).toISOString();
    await sql`update import_history set lease_holder = 'before-0050', lease_until = ${until} where status = 2`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    const s = db.schema;
    for (const column of ["attempts", "lease_until", "lease_holder", "job_options"])
      await s.alterTable("import_history").dropColumn(column).execute();
    await s.dropTable("import_file").execute();
  },
};
