import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import {
  CREDIT_BALANCE_MAX_MINOR,
  CREDIT_IMPORT_COLUMNS,
  CREDIT_MSG,
  MAX_CREDIT_IMPORT_ROWS,
  type CreditImportColumn,
} from "../../contract/credit";
import type { FieldErrors } from "../../contract/http";
import { MSG } from "../../contract/messages";
import { creditAmountField, creditNoteField, creditReferenceField } from "../../contract/schemas/credit";
import { requestFlags } from "../auth/permissions";
import type { TableFile } from "../content/features/enrollment/import-file";
import { changeCredit } from "../credit/credit";
import { CREDIT_FLAGS, toMinor } from "../credit/routes";
import type { Db } from "../db/index";
import { chunks } from "../engine/chunks";
import type { ApiContext } from "../http/context";
import { ApiError, badRequest, forbidden } from "../http/errors";
import { errorRowsOf, IMPORT_FLAGS, type Finish } from "./history";
import type { ImportJob, ImportQueue, JobReport } from "./queue";
import { receiveImport, sendTemplate } from "./upload";

/**
 * Credit given to many learners at once (issue 33 §3, docs/decisions/075): the user import's job
 * machinery (api/imports/: the queue, the history row with its percent, the socket, the error
 * file; docs/decisions/032) with the credit file's own check and write, under
 * dashboard/user/credit/import/:
 * - POST (multipart `mode` before `file`, csv or xlsx with the columns username, amount, reason,
 *   reference) → 202 with the history item; the job checks and writes — flags import add and
 *   account transaction;
 * - GET template/?format_type=xlsx|csv: the columns to fill — account transaction.
 * A row gives `amount` (negative: takes it back) to the account `username`, for `reason`, from
 * the document `reference`. A reference already credited to that account is that row done before:
 * unchanged, nothing written — so a file imported twice credits nobody twice. All the good rows,
 * and the job's end, are one transaction.
 */

/** Share of the percent each phase fills: checking, writing. */
const PHASES = { check: 50, write: 49 } as const;

type Row = {
  line: number;
  cells: string[];
  errors: FieldErrors;
  account: number | null;
  amount: number;
  note: string;
  reference: string;
  done: boolean;
};

export function creditImportRoutes(app: FastifyInstance, ctx: ApiContext, queue: ImportQueue) {
  const { db } = ctx;
  queue.register("credit", runCreditImport);
  const base = "/dashboard/user/credit/import/";

  app.post(base, async (req, reply) => {
    const { account: actor, flags } = await requestFlags(req, db);
    if (!flags.has(IMPORT_FLAGS.add) || !flags.has(CREDIT_FLAGS.change)) throw forbidden();
    const item = await receiveImport(ctx, req, {
      module: "credit",
      maxRows: MAX_CREDIT_IMPORT_ROWS,
      by: actor.id,
      checkColumns: creditColumns,
    });
    queue.added(item);
    return reply.status(202).send(item);
  });

  app.get(`${base}template/`, async (req, reply) => {
    const { flags } = await requestFlags(req, db);
    if (!flags.has(CREDIT_FLAGS.change)) throw forbidden();
    const columns = CREDIT_IMPORT_COLUMNS.map((header) => ({
      header,
      numFmt: header === "amount" ? "0.00" : "@",
      width: header === "reason" ? 40 : 18,
    }));
    return sendTemplate(req, reply, { filename: "credit-import-template", sheetName: "credit", columns });
  });
}

/** Where each column is (lower-cased headers), or the 400 of a file without all of them. */
function creditColumns(header: string[]): Map<CreditImportColumn, number> {
  const out = new Map<CreditImportColumn, number>();
  header.forEach((h, i) => {
    const name = h.trim().toLowerCase() as CreditImportColumn;
    if ((CREDIT_IMPORT_COLUMNS as readonly string[]).includes(name) && !out.has(name)) out.set(name, i);
  });
  if (!CREDIT_IMPORT_COLUMNS.every((c) => out.has(c))) throw badRequest({ file: [MSG.import_missing_columns] });
  return out;
}

const addError = (errors: FieldErrors, field: string, message: string) => (errors[field] ??= []).push(message);

/**
 * Every row checked: its fields by the credit form's own rules (contract/schemas/credit.ts), the
 * account by username, a reference once per account in the file; a reference the account was
 * credited with before makes the row `done`. Negative amounts are checked against the balance as
 * the file's earlier rows leave it, so the write cannot fail on one.
 */
async function checkCreditRows(db: Db, file: TableFile, progress: (done: number) => void): Promise<Row[]> {
  const columns = creditColumns(file.header);
  const cell = (cells: string[], c: CreditImportColumn) => (cells[columns.get(c)!] ?? "").trim();
  const usernames = [...new Set(file.rows.map((r) => cell(r.cells, "username").toLowerCase()).filter(Boolean))];
  const accounts = new Map<string, number>();
  for (const part of chunks(usernames, 500)) {
    if (!part.length) continue;
    for (const a of await db
      .selectFrom("account")
      .select(["id", "username"])
      .where(sql`lower(${sql.ref("username")})`, "in", part)
      .execute())
      accounts.set(a.username.toLowerCase(), a.id);
  }
  const ids = [...new Set(accounts.values())];
  const balances = new Map<number, number>();
  const used = new Set<string>();
  for (const part of chunks(ids, 500)) {
    if (!part.length) continue;
    for (const b of await db
      .selectFrom("account_credit")
      .select(["account_id", "balance_minor"])
      .where("account_id", "in", part)
      .execute())
      balances.set(b.account_id, b.balance_minor);
    for (const t of await db
      .selectFrom("credit_transaction")
      .select(["account_id", "reference"])
      .where("account_id", "in", part)
      .where("reference", "is not", null)
      .execute())
      used.add(`${t.account_id}:${t.reference}`);
  }
  const amount = creditAmountField();
  const note = creditNoteField();
  const reference = creditReferenceField();
  const seen = new Set<string>();
  const rows: Row[] = [];
  for (const [i, { row, cells }] of file.rows.entries()) {
    const errors: FieldErrors = {};
    const read = <T>(
      field: CreditImportColumn,
      schema: {
        safeParse: (
          v: unknown,
        ) => { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
      },
      fallback: T,
    ): T => {
      const parsed = schema.safeParse(cell(cells, field));
      if (parsed.success) return parsed.data;
      addError(errors, field, parsed.error.issues[0]?.message ?? MSG.invalid);
      return fallback;
    };
    const username = cell(cells, "username");
    const account = username ? (accounts.get(username.toLowerCase()) ?? null) : null;
    if (!username) addError(errors, "username", MSG.required);
    else if (account === null) addError(errors, "username", CREDIT_MSG.account_unknown);
    const r: Row = {
      line: row,
      cells,
      errors,
      account,
      amount: toMinor(read("amount", amount, 0)),
      note: read("reason", note, ""),
      reference: read("reference", reference, null) ?? "",
      done: false,
    };
    if (!r.reference && !errors.reference) addError(errors, "reference", MSG.required);
    if (account !== null && r.reference) {
      const key = `${account}:${r.reference}`;
      if (seen.has(key)) addError(errors, "reference", MSG.duplicate_in_file);
      seen.add(key);
      r.done = used.has(key);
    }
    // The balance as the rows before this one leave it (the rows written before it count; refused ones do not).
    if (!Object.keys(errors).length && !r.done && account !== null) {
      const after = (balances.get(account) ?? 0) + r.amount;
      if (after < 0) addError(errors, "amount", CREDIT_MSG.not_enough);
      else if (after > CREDIT_BALANCE_MAX_MINOR) addError(errors, "amount", CREDIT_MSG.balance_too_high);
      else balances.set(account, after);
    }
    rows.push(r);
    if ((i + 1) % 500 === 0) progress(i + 1);
  }
  progress(rows.length);
  return rows;
}

const isBad = (r: Row) => Object.keys(r.errors).length > 0;

/**
 * The job: check every row; with a refused row and all_or_nothing, fail (-1) writing nothing;
 * otherwise credit the good rows in ONE transaction that also ends the history row (3). A balance
 * or a reference changed by someone else meanwhile (a spend refused, the unique index) makes the
 * job check once more and try again.
 */
export async function runCreditImport(ctx: ApiContext, job: ImportJob, report: JobReport) {
  const { db } = ctx;
  if (job.by === null) throw new Error(`import ${job.id}: its uploader's account is gone`);
  const actor = job.by;
  const total = job.file.rows.length;
  for (let attempt = 1; ; attempt++) {
    const rows = await checkCreditRows(db, job.file, (done) =>
      report({ percent: Math.floor((done / total) * PHASES.check) }),
    );
    const bad = rows.filter(isBad);
    const todo = rows.filter((r) => !isBad(r) && !r.done);
    report({ count_failed: bad.length });
    const errorRows = errorRowsOf(job.file.header, bad);
    if (bad.length && job.mode === "all_or_nothing") {
      const end: Finish = {
        status: -1,
        message: MSG.import_rows_refused,
        counts: { count_created: 0, count_updated: 0, count_unchanged: 0, count_failed: bad.length },
        errorRows,
      };
      await job.finish(db, end);
      return;
    }
    const counts = {
      count_created: todo.length,
      count_updated: 0,
      count_unchanged: rows.filter((r) => !isBad(r) && r.done).length,
      count_failed: bad.length,
    };
    const step = Math.max(1, Math.floor(todo.length / 100));
    try {
      await job.write(
        async (trx) => {
          const at = ctx.now().toISOString();
          for (const [i, r] of todo.entries()) {
            const ok = await changeCredit(
              trx,
              {
                accountId: r.account!,
                amount: r.amount,
                reason: r.amount > 0 ? "top_up" : "deduction",
                ref: null,
                note: r.note,
                reference: r.reference,
              },
              { accountId: actor, at },
            );
            if (!ok) throw badRequest({ amount: [CREDIT_MSG.not_enough] });
            if ((i + 1) % step === 0)
              report({ percent: PHASES.check + Math.floor(((i + 1) / todo.length) * PHASES.write) });
          }
          if (!(await job.finish(trx, { status: 3, message: null, counts, errorRows })))
            throw new Error(`import ${job.id} was ended meanwhile`);
        },
        { field: "reference", message: CREDIT_MSG.reference_used },
      );
      return;
    } catch (err) {
      if (attempt === 1 && err instanceof ApiError && err.status === 400) continue;
      throw err;
    }
  }
}
