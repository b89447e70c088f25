import {
  ASSIGNED_RESULTS,
  ASSIGNMENT_KIND,
  ASSIGNMENT_RESULT as R,
  ASSIGNMENT_STATUS,
  type AssignmentResult,
} from "../../contract/assignment-codes";
import { PROGRESS_STATUS, type AddedBy, type AddMethod } from "../../contract/codes";
import { enrollAccounts, logProgress } from "../content/features/enrollment/service";
import { changeCredit } from "../credit/credit";
import type { AssignmentPreview } from "../../contract/schemas/assignment";
import type { Db } from "../db/index";
import { chunks } from "../engine/chunks";
import { writeTransaction, type Trx } from "../engine/crud";
import {
  addMethodOf,
  addToTally,
  CHUNK_SIZE,
  newTally,
  planInChunks,
  previewOfTally,
  type Plan,
  type PlanLine,
} from "./plan";
import type { AssignmentRow } from "./store";

/**
 * Writing a plan (plan.ts) in the caller's transaction (docs/decisions/051): credit is spent first
 * (api/credit/credit.ts; a balance that no longer covers it turns the line into 7), then the
 * learners are enrolled through the engine's enrolment service with the assignment's add method
 * (its capacity decides 1 / 10 / 11 once more; a learner left without a seat gets the credit back),
 * a replace starts the record again from not started, an extension records the new end; every
 * line becomes its result row. A one-off assignment's rows are updated when it is assigned again;
 * a round's are inserted once (the unique key: a round run twice adds nobody twice). Lines come a
 * chunk at a time (docs/decisions/061); their result rows go in multi-row inserts.
 */

type By = { accountId: number | null; now: Date };

/**
 * Start existing records again from not started (a replace, spec 001 §4 "resets progress"), with
 * the assignment's add method and who added them; each change logged in the enrolment history.
 */
async function restart(
  trx: Trx,
  rows: { id: number; status: number; added_by: AddedBy }[],
  by: By,
  addMethod: AddMethod,
) {
  const at = by.now.toISOString();
  for (const r of rows) {
    await trx
      .updateTable("content_enrollment")
      .set({
        status: PROGRESS_STATUS.not_start,
        datetime_start: null,
        datetime_complete: null,
        add_method: addMethod,
        added_by: r.added_by,
        created_by: by.accountId,
        datetime_update: at,
      })
      .where("id", "=", r.id)
      .execute();
  }
  await logProgress(
    trx,
    rows.map((r) => ({
      enrollment_id: r.id,
      from_status: r.status,
      to_status: PROGRESS_STATUS.not_start,
      action_type: "override" as const,
    })),
    { accountId: by.accountId, at },
  );
}

/** Batches of result rows: 13 bound values a row, well under both dialects' caps (api/engine/chunks.ts). */
const RESULT_BATCH = 500;

/**
 * Write one chunk's lines (or a whole plan's) in `trx`: credit, enrolment, restarts, then the
 * result rows in multi-row inserts. In a round, the lines an earlier run of the same round wrote
 * are left alone (a crashed round run again finishes what it had not). Answers the lines written.
 */
export async function applyLines(
  trx: Trx,
  row: AssignmentRow,
  lines: readonly PlanLine[],
  round: number,
  by: By,
): Promise<PlanLine[]> {
  const at = by.now.toISOString();
  const addMethod = addMethodOf(row);
  const suggestion = row.type === ASSIGNMENT_KIND.suggestion;
  let out: PlanLine[] = lines.map((l) => ({ ...l }));
  const set = (l: PlanLine, result: AssignmentResult) => (l.result = result);
  // In a round, lines already written by an earlier run of the same round are left alone.
  if (round > 0) {
    const key = (a: number, t: number, c: number) => `${a}:${t}:${c}`;
    const seen = new Set<string>();
    for (const part of chunks([...new Set(out.map((l) => l.account))])) {
      const done = await trx
        .selectFrom("assignment_result")
        .select(["account_id", "content_type_id", "content_id"])
        .where("assignment_id", "=", row.id)
        .where("round_id", "=", round)
        .where("account_id", "in", part)
        .execute();
      for (const d of done) seen.add(key(d.account_id, d.content_type_id, d.content_id));
    }
    if (seen.size)
      out = out.filter((l) => !seen.has(key(l.account, l.contentRow.ref.contentTypeId, l.contentRow.ref.contentId)));
  }

  // The contents in the order of the lines (a plan's lines go content by content).
  const contents = new Map(out.map((l) => [l.content, l.contentRow]));
  for (const c of contents.values()) {
    if (suggestion) break;
    const mine = out.filter((l) => l.content === c.id);
    const reason = (l: PlanLine) =>
      l.result === R.replaced || l.result === R.duplicate_replaced ? "assignment_replace" : "assignment";
    // Credit first: a balance that changed since the plan refuses here (7), nothing else written for it.
    for (const l of mine.filter((x) => x.cost > 0)) {
      const ok = await changeCredit(
        trx,
        { accountId: l.account, amount: -l.cost, reason: reason(l), ref: c.ref },
        { accountId: by.accountId, at },
      );
      if (!ok) {
        set(l, R.not_enough_credit);
        l.cost = 0;
      }
    }
    // New learners through the engine's enrolment (a cancelled record is started again instead).
    const fresh = mine.filter((l) => (l.result === R.assigned || l.result === R.waiting_list) && !l.enrollment);
    if (fresh.length) {
      const { outcome } = await enrollAccounts(
        trx,
        c.def.resource,
        c.ref,
        fresh.map((l) => ({ account: l.account, added_by: l.added_by })),
        by,
        { addMethod },
      );
      for (const l of fresh) {
        const o = outcome.get(l.account);
        if (o === "enrolled") set(l, R.assigned);
        else if (o === "waiting_list") set(l, R.waiting_list);
        else {
          set(l, o === "full" ? R.full : R.no_action);
          if (l.cost > 0)
            await changeCredit(
              trx,
              { accountId: l.account, amount: l.cost, reason: "refund", ref: c.ref },
              { accountId: by.accountId, at },
            );
          l.cost = 0;
        }
      }
      const byAccount = new Map<number, { id: number; status: number }>();
      for (const part of chunks(fresh.map((l) => l.account))) {
        const ids = await trx
          .selectFrom("content_enrollment")
          .select(["id", "account_id", "status"])
          .where("content_type_id", "=", c.ref.contentTypeId)
          .where("content_id", "=", c.ref.contentId)
          .where("account_id", "in", part)
          .execute();
        for (const e of ids) byAccount.set(e.account_id, { id: e.id, status: e.status });
      }
      for (const l of fresh) l.enrollment = byAccount.get(l.account) ?? null;
    }
    const again = mine.filter(
      (l) =>
        [R.replaced, R.duplicate_replaced].includes(l.result as 3) ||
        ((l.result === R.assigned || l.result === R.waiting_list) && l.enrollment && !fresh.includes(l)),
    );
    await restart(
      trx,
      again
        .filter((l) => l.enrollment)
        .map((l) => ({ id: l.enrollment!.id, status: l.enrollment!.status, added_by: l.added_by })),
      by,
      addMethod,
    );
  }

  // Every line as its result row (the enrollment it holds kept when a later line names none).
  const rows = out.map((l) => ({
    assignment_id: row.id,
    round_id: round,
    account_id: l.account,
    content_type_id: l.contentRow.ref.contentTypeId,
    content_id: l.contentRow.ref.contentId,
    result: l.result,
    added_by: l.added_by,
    credit_minor: l.cost,
    // Only a learning this assignment gave (or restarted, or extended) is its own: the progress tab lists those.
    enrollment_id:
      (ASSIGNED_RESULTS as readonly number[]).includes(l.result) && !suggestion ? (l.enrollment?.id ?? null) : null,
    datetime_expire: l.expire,
    created_by: by.accountId,
    datetime_create: at,
    datetime_update: at,
  }));
  // One line per (account, content) in a chunk, so a batch never names a key twice (PostgreSQL's ON CONFLICT forbids it).
  for (const part of chunks(rows, RESULT_BATCH)) {
    await trx
      .insertInto("assignment_result")
      .values(part)
      .onConflict((oc) =>
        round > 0
          ? oc.columns(["assignment_id", "round_id", "account_id", "content_type_id", "content_id"]).doNothing()
          : oc
              .columns(["assignment_id", "round_id", "account_id", "content_type_id", "content_id"])
              .doUpdateSet((eb) => ({
                result: eb.ref("excluded.result"),
                credit_minor: eb(eb.ref("assignment_result.credit_minor"), "+", eb.ref("excluded.credit_minor")),
                enrollment_id: eb.fn.coalesce(
                  eb.ref("excluded.enrollment_id"),
                  eb.ref("assignment_result.enrollment_id"),
                ),
                datetime_expire: eb.fn.coalesce(
                  eb.ref("excluded.datetime_expire"),
                  eb.ref("assignment_result.datetime_expire"),
                ),
                datetime_update: eb.ref("excluded.datetime_update"),
              })),
      )
      .execute();
  }
  return out;
}

/** The assignment has assigned (kept from deletion: decision 051). */
export const markAssigned = (trx: Trx, row: AssignmentRow, now: Date) => {
  const at = now.toISOString();
  return trx
    .updateTable("assignment")
    .set({ status: ASSIGNMENT_STATUS.assigned, datetime_applied: at, datetime_update: at })
    .where("id", "=", row.id)
    .execute();
};

/** Write a plan held whole (the demo seed), in the caller's transaction. */
export async function applyPlan(trx: Trx, plan: Plan, round: number, by: By): Promise<PlanLine[]> {
  const out = await applyLines(trx, plan.row, plan.lines, round, by);
  await markAssigned(trx, plan.row, by.now);
  return out;
}

/**
 * POST assign/ of a one-off assignment (or a suggestion): planned and written chunk by chunk in
 * one transaction — a request writes all or nothing (decision 051), and a partial one assigned
 * again would give its first learners the duplicate codes. Answers the counts (no lines).
 */
export async function assignInChunks(
  db: Db,
  row: AssignmentRow,
  today: string,
  by: By,
  size = CHUNK_SIZE,
): Promise<AssignmentPreview> {
  const t = newTally(0);
  return writeTransaction(db, async (trx) => {
    const plan = await planInChunks(
      row,
      today,
      size,
      (work) => work(trx),
      async (_q, p) => addToTally(t, await applyLines(trx, row, p.lines, 0, by), p.learners),
    );
    await markAssigned(trx, row, by.now);
    return previewOfTally(row, plan.contents, t, by.now);
  });
}
