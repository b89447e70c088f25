import type { FastifyInstance } from "fastify";
import { MAX_USER_IMPORT_ROWS, USER_IMPORT_COLUMNS, type ImportMode } from "../../contract/imports";
import { MSG } from "../../contract/messages";
import { flag } from "../../contract/permissions";
import { hashPassword, NO_PASSWORD_HASH } from "../auth/password";
import { requestFlags } from "../auth/permissions";
import type { TableFile } from "../content/features/enrollment/import-file";
import type { AccountRow, ApiContext } from "../http/context";
import { ApiError, forbidden } from "../http/errors";
import { applyAccountChanges, insertAccount, USER_UNIQUE_RULES } from "../system/user-write";
import { errorRowsOf, IMPORT_FLAGS, type ErrorRows, type Finish } from "./history";
import { importTestHooks, type ImportJob, type ImportQueue, type JobReport } from "./queue";
import { receiveImport, sendTemplate } from "./upload";
import { checkUserRows, isBad, userColumns, type CheckedRow } from "./user-rows";

/**
 * The user import (issue 15 §2, docs/decisions/032), under dashboard/user/import/:
 * - POST (multipart: `mode` before `file`, csv or xlsx): the file is read and its columns checked
 *   at once (a file without the required columns, without rows or with too many is a 400 on
 *   `file`), then 202 with the new history item while the job checks, hashes and writes in the
 *   background — flags import add and account add;
 * - GET template/?format_type=xlsx|csv: the columns to fill (xlsx cells formatted as text) — import add.
 */

/** Share of the percent each phase fills: checking, hashing the passwords given, writing. */
const PHASES = { check: 40, hash: 30, write: 29 } as const;
/** Hashes computed side by side: enough to keep libuv's four threads busy on two cores. */
const HASH_BATCH = 8;

/** What the row checks and writes need of a job: its file and mode, who started it, whether they may change accounts. */
type Job = { file: TableFile; mode: ImportMode; actor: AccountRow; mayChange: boolean };

export function userImportRoutes(app: FastifyInstance, ctx: ApiContext, queue: ImportQueue) {
  const { db } = ctx;
  queue.register("user", runUserImport);
  const base = "/dashboard/user/import/";

  app.post(base, async (req, reply) => {
    const { account: actor, flags } = await requestFlags(req, db);
    if (!flags.has(IMPORT_FLAGS.add) || !flags.has(flag("account", "add"))) throw forbidden();
    // Whether existing accounts may be changed is the uploader's right at upload, kept with the job.
    const options = { mayChange: flags.has(flag("account", "change")) };
    const item = await receiveImport(ctx, req, {
      module: "user",
      maxRows: MAX_USER_IMPORT_ROWS,
      by: actor.id,
      checkColumns: userColumns,
      options,
    });
    queue.added(item);
    return reply.status(202).send(item);
  });

  app.get(`${base}template/`, async (req, reply) => {
    const { flags } = await requestFlags(req, db);
    if (!flags.has(IMPORT_FLAGS.add)) throw forbidden();
    return sendTemplate(req, reply, {
      filename: "user-import-template",
      sheetName: "users",
      columns: USER_IMPORT_COLUMNS.map((header) => ({ header, numFmt: "@", width: 18 })),
    });
  });
}

/**
 * The job: check every row; with a refused row and all_or_nothing, fail (-1) writing nothing;
 * otherwise hash the given passwords (outside the transaction: slow) and write the good rows in
 * ONE transaction that also ends the history row (3), so a crash anywhere leaves either all of
 * it or none. A unique value taken by someone else meanwhile (the indexes catch it) is met by
 * checking once more and trying again.
 */
export async function runUserImport(ctx: ApiContext, queued: ImportJob, report: JobReport) {
  const { db } = ctx;
  // The uploader as they are now (a job may start again after a restart); gone: the job cannot be theirs.
  const actor =
    queued.by === null
      ? undefined
      : ((await db.selectFrom("account").selectAll().where("id", "=", queued.by).executeTakeFirst()) as
          AccountRow | undefined);
  if (!actor) throw new Error(`import ${queued.id}: its uploader's account is gone`);
  const job: Job = { file: queued.file, mode: queued.mode, actor, mayChange: queued.options.mayChange === true };
  const total = job.file.rows.length;
  for (let attempt = 1; ; attempt++) {
    const rows = await checkUserRows(db, job.file, job, (done) =>
      report({ percent: Math.floor((done / total) * PHASES.check) }),
    );
    const bad = rows.filter(isBad);
    const good = rows.filter((r) => !isBad(r));
    report({ count_failed: bad.length });
    const errorRows = errorRowsOf(job.file.header, rows);
    if (bad.length && job.mode === "all_or_nothing") {
      const end: Finish = {
        status: -1,
        message: MSG.import_rows_refused,
        counts: { count_created: 0, count_updated: 0, count_unchanged: 0, count_failed: bad.length },
        errorRows,
      };
      await queued.finish(db, end);
      return;
    }
    const hashes = await hashPasswords(good, (done, of) =>
      report({ percent: PHASES.check + Math.floor((done / of) * PHASES.hash) }),
    );
    try {
      await writeRows(ctx, queued, job, good, hashes, errorRows, (done) =>
        report({ percent: PHASES.check + PHASES.hash + Math.floor((done / Math.max(1, good.length)) * PHASES.write) }),
      );
      return;
    } catch (err) {
      if (attempt === 1 && err instanceof ApiError && err.status === 400) continue;
      throw err;
    }
  }
}

/** Each new account's password, hashed at the import cost (docs/decisions/032); none: no usable password. */
async function hashPasswords(
  rows: CheckedRow[],
  progress: (done: number, of: number) => void,
): Promise<Map<CheckedRow, string>> {
  const out = new Map<CheckedRow, string>();
  const todo = rows.filter((r) => r.target === null && r.password);
  for (let i = 0; i < todo.length; i += HASH_BATCH) {
    const part = todo.slice(i, i + HASH_BATCH);
    const hashes = await Promise.all(part.map((r) => hashPassword(r.password!, "import")));
    part.forEach((r, k) => out.set(r, hashes[k]));
    progress(i + part.length, todo.length);
  }
  return out;
}

async function writeRows(
  ctx: ApiContext,
  queued: ImportJob,
  job: Job,
  good: CheckedRow[],
  hashes: Map<CheckedRow, string>,
  errorRows: ErrorRows,
  progress: (done: number) => void,
) {
  const now = ctx.now();
  const counts = { count_created: 0, count_updated: 0, count_unchanged: 0, count_failed: errorRows.rows.length };
  // About one report per percent: the queue pushes only whole-percent changes anyway.
  const step = Math.max(1, Math.floor(good.length / 100));
  await queued.write(async (trx) => {
    const idOf = new Map<CheckedRow, number>();
    for (const [i, r] of good.entries()) {
      if (r.target === null) {
        idOf.set(
          r,
          await insertAccount(
            trx,
            { form: r.form!, isActive: r.isActive, passwordHash: hashes.get(r) ?? NO_PASSWORD_HASH },
            job.actor.id,
            now,
          ),
        );
        counts.count_created++;
      } else {
        idOf.set(r, r.target.id);
        const changed =
          Object.keys(r.changes).length > 0 && (await applyAccountChanges(trx, r.target, r.changes, job.actor.id, now));
        if (changed || r.supervisorRow !== null) counts.count_updated++;
        else counts.count_unchanged++;
      }
      importTestHooks.afterRowWritten?.(i + 1);
      if ((i + 1) % step === 0) progress(i + 1);
    }
    // Supervisors named only by the file: linked now that their accounts exist (a change of its own in the history).
    for (const r of good.filter((g) => g.supervisorRow !== null)) {
      const before = (await trx
        .selectFrom("account")
        .selectAll()
        .where("id", "=", idOf.get(r)!)
        .executeTakeFirstOrThrow()) as AccountRow;
      await applyAccountChanges(trx, before, { supervisor: idOf.get(r.supervisorRow!)! }, job.actor.id, now);
    }
    progress(good.length);
    if (!(await queued.finish(trx, { status: 3, message: null, counts, errorRows })))
      throw new Error(`import ${queued.id} was ended meanwhile`);
  }, USER_UNIQUE_RULES);
}
