import type { FastifyRequest } from "fastify";
import type { Selectable } from "kysely";
import type { FieldErrors } from "../../contract/http";
import {
  IMPORT_MODULES,
  type ImportHistoryItem,
  type ImportMode,
  type ImportModule,
  type ImportStatus,
} from "../../contract/imports";
import { flag } from "../../contract/permissions";
import type { AccountRef } from "../../contract/schemas/user";
import { requestFlags } from "../auth/permissions";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import type { TableFile } from "../content/features/enrollment/import-file";
import type { Trx } from "../engine/crud";
import { forbidden } from "../http/errors";

/**
 * The import_history table (0016_imports, docs/decisions/032): who may see which rows, and the
 * rows as the contract's items (spec 001 §3 "Import history item" and our counts).
 */

export type HistoryRow = Selectable<Database["import_history"]>;
/** The refused rows of a job, kept for the error file: the file's header and each row's cells and errors. */
export type ErrorRows = { columns: string[]; rows: { row: number; cells: string[]; errors: FieldErrors }[] };

/** A job's refused rows (those with errors) as the error file keeps them, whatever the module. */
export const errorRowsOf = (
  header: string[],
  rows: readonly { line: number; cells: readonly (string | undefined)[]; errors: FieldErrors }[],
): ErrorRows => ({
  columns: header,
  rows: rows
    .filter((r) => Object.keys(r.errors).length > 0)
    .map((r) => ({ row: r.line, cells: Array.from(r.cells, (c) => c ?? ""), errors: r.errors })),
});

export const IMPORT_FLAGS = { add: flag("import", "add"), history: flag("import_history", "view") } as const;

/**
 * Who reads the history: the import history flag sees every row; whoever may import sees the
 * rows they started (their jobs' progress); anyone else is refused.
 */
export type Viewer = { accountId: number; all: boolean; language: string };
export async function importViewer(req: FastifyRequest, db: Db): Promise<Viewer> {
  const { account, flags } = await requestFlags(req, db);
  const all = flags.has(IMPORT_FLAGS.history);
  if (!all && !flags.has(IMPORT_FLAGS.add)) throw forbidden();
  return { accountId: account.id, all, language: account.language };
}

export const isImportModule = (m: unknown): m is ImportModule => (IMPORT_MODULES as readonly unknown[]).includes(m);

/** The rows of the table `viewer` may see (of one module when given), as a query to narrow further. */
export function visibleHistory(db: Db, viewer: Viewer, module: ImportModule | null) {
  let q = db.selectFrom("import_history").selectAll();
  if (!viewer.all) q = q.where("created_by", "=", viewer.accountId);
  if (module) q = q.where("module", "=", module);
  return q;
}

/** Whether a row (live or stored) is one `viewer` may see on a socket of `module`. */
export const canSee = (
  viewer: Viewer,
  module: ImportModule | null,
  row: { module: string; created_by: AccountRef | null },
) => (module === null || row.module === module) && (viewer.all || row.created_by?.id === viewer.accountId);

/** Stored rows as items, with who started each. */
export async function presentHistory(db: Db | Trx, rows: HistoryRow[]): Promise<ImportHistoryItem[]> {
  const ids = [...new Set(rows.map((r) => r.created_by).filter((id): id is number => id !== null))];
  const accounts = ids.length
    ? await db
        .selectFrom("account")
        .select(["id", "username", "first_name", "last_name"])
        .where("id", "in", ids)
        .execute()
    : [];
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return rows.map((r) => ({
    id: r.id,
    module: r.module as ImportModule,
    input_filename: r.input_filename,
    status: r.status as ImportStatus,
    percent: r.percent,
    mode: r.mode as ImportMode,
    count_total: r.count_total,
    count_success: r.count_created + r.count_updated + r.count_unchanged,
    count_failed: r.count_failed,
    count_created: r.count_created,
    count_updated: r.count_updated,
    count_unchanged: r.count_unchanged,
    message: r.message,
    has_error_file: r.error_rows !== null,
    created_by: r.created_by === null ? null : (byId.get(r.created_by) ?? null),
    datetime_create: r.datetime_create,
    datetime_update: r.datetime_update,
    datetime_finish: r.datetime_finish,
  }));
}

/**
 * A new job: its row at status 2 (in progress, 0 %, no lease yet) and its table, in one
 * transaction, so a process that claims the row always finds the file (api/imports/queue.ts).
 */
export async function startJob(
  db: Db,
  job: {
    module: ImportModule;
    filename: string;
    mode: ImportMode;
    file: TableFile;
    options: Record<string, unknown>;
    by: number;
    now: Date;
  },
): Promise<ImportHistoryItem> {
  const at = job.now.toISOString();
  const stored = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("import_history")
      .values({
        module: job.module,
        input_filename: job.filename,
        status: 2,
        percent: 0,
        mode: job.mode,
        count_total: job.file.rows.length,
        job_options: JSON.stringify(job.options),
        created_by: job.by,
        datetime_create: at,
        datetime_update: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("import_file")
      .values({ import_id: row.id, content: JSON.stringify(job.file) })
      .execute();
    return row;
  });
  return (await presentHistory(db, [stored]))[0];
}

/** What a job's end writes: its status and counts, the refused rows and why it failed. */
export type Finish = {
  status: -1 | 3;
  message: string | null;
  counts: { count_created: number; count_updated: number; count_unchanged: number; count_failed: number };
  errorRows: ErrorRows | null;
};

/**
 * End a job's row, only while it is at 2 and (given a holder) still that claim's: false when it
 * ended or was taken over meanwhile. The succeeded end runs in the transaction that writes the
 * imported rows, so both commit together; the stored table goes with it.
 */
export async function finishHistory(
  q: Db | Trx,
  id: number,
  end: Finish,
  now: Date,
  holder?: string,
): Promise<boolean> {
  const at = now.toISOString();
  const result = await q
    .updateTable("import_history")
    .set({
      status: end.status,
      ...(end.status === 3 ? { percent: 100 } : {}),
      ...end.counts,
      message: end.message,
      error_rows: end.errorRows && end.errorRows.rows.length ? JSON.stringify(end.errorRows) : null,
      datetime_update: at,
      datetime_finish: at,
    })
    .where("id", "=", id)
    .where("status", "=", 2)
    .$if(holder !== undefined, (w) => w.where("lease_holder", "=", holder!))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await q.deleteFrom("import_file").where("import_id", "=", id).execute();
  return true;
}
