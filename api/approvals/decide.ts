import { PROGRESS_STATUS, type ProgressAction } from "../../contract/codes";
import { isDecidable, type DecisionOutcome, type DecisionReason } from "../../contract/approval-codes";
import type { DecisionAnswer } from "../../contract/schemas/approvals";
import type { Db } from "../db/index";
import { fromResource, type Trx } from "../engine/crud";
import { chunks } from "../engine/chunks";
import { changeCredit, contentCost, creditBalances } from "../credit/credit";
import { isPostgres, logProgress, seatsOf } from "../content/features/enrollment/service";
import type { ContentRef } from "../content/ref";
import { typeById, type FeatureContent } from "./contents";

/**
 * The administrator's decisions on enrolments that wait for approval (issue 17 §3,
 * docs/decisions/054), each in the caller's transaction, each enrolment on its own:
 * - approve: waiting approve (1) → not started (0) while the content has a seat, else the waiting
 *   list (2) or, when the content closes when full, refused (`full`); the content's cost is spent
 *   from the learner's credit (reason enrollment) — not enough: refused (`not_enough_credit`);
 * - reject: waiting approve (1) or form required (3) → rejected (-3);
 * - cancel a rejection: rejected (-3) by a decision → the status it was rejected from;
 * - close enrollment: every form-required (3) learner of the content → rejected.
 * Every change is a progress history row and the enrolment's decision row (who, when). A refused
 * enrolment writes nothing. The records are read first (locked in PostgreSQL), so two
 * administrators deciding at once cannot both win.
 */

export type By = { accountId: number | null; at: string };
export type Row = { id: number; account_id: number; status: number; content_type_id: number; content_id: number };

export async function readRows(trx: Trx, ids: readonly number[]): Promise<Map<number, Row>> {
  const out = new Map<number, Row>();
  for (const part of chunks([...ids])) {
    const q = trx
      .selectFrom("content_enrollment")
      .select(["id", "account_id", "status", "content_type_id", "content_id"])
      .where("id", "in", part);
    for (const r of await (isPostgres(trx) ? q.forUpdate() : q).execute()) out.set(r.id, r);
  }
  return out;
}

export const answer = (results: DecisionAnswer["results"]): DecisionAnswer => {
  const counts: DecisionAnswer["counts"] = {};
  for (const r of results) counts[r.result] = (counts[r.result] ?? 0) + 1;
  return { results, counts };
};

/** A decision as its row keeps it: a rejection's note is the reason the learner is shown. */
export type DecisionRow = { decision: "approved" | "rejected"; reason: DecisionReason; note?: string };

/** Move one record, conditional on the status read, with its history row and decision. */
export async function move(
  trx: Trx,
  row: Row,
  to: number,
  action: ProgressAction,
  decision: DecisionRow | null,
  by: By,
) {
  const res = await trx
    .updateTable("content_enrollment")
    .set({
      status: to,
      datetime_update: by.at,
      ...(to === PROGRESS_STATUS.not_start && { datetime_start: null, datetime_complete: null }),
    })
    .where("id", "=", row.id)
    .where("status", "=", row.status)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await logProgress(trx, [{ enrollment_id: row.id, from_status: row.status, to_status: to, action_type: action }], by);
  await trx.deleteFrom("content_enrollment_decision").where("enrollment_id", "=", row.id).execute();
  if (decision) {
    await trx
      .insertInto("content_enrollment_decision")
      .values({
        enrollment_id: row.id,
        decision: decision.decision,
        reason: decision.reason,
        note: decision.note ?? "",
        from_status: row.status,
        decided_by: by.accountId,
        datetime_decide: by.at,
      })
      .execute();
  }
  return true;
}

/** Per content of the call: whether it may be written, its seats and its cost (read once, then counted down). */
export type ContentState = {
  ref: ContentRef;
  readOnly: boolean;
  seats: Awaited<ReturnType<typeof seatsOf>>;
  cost: number;
};

export async function contentStates(
  trx: Trx,
  types: readonly FeatureContent[],
  rows: Iterable<Row>,
): Promise<Map<string, ContentState>> {
  const out = new Map<string, ContentState>();
  for (const r of rows) {
    const key = `${r.content_type_id}:${r.content_id}`;
    if (out.has(key)) continue;
    const ref = { contentTypeId: r.content_type_id, contentId: r.content_id };
    const t = typeById(types, r.content_type_id);
    // Seats are counted one approval after another: in PostgreSQL the content's row is locked
    // first, as an administrator's enrolment does (docs/decisions/017).
    if (t && isPostgres(trx))
      await fromResource(trx, t.def.resource.table)
        .select("t.id")
        .where("t.id", "=", ref.contentId)
        .forUpdate()
        .execute();
    const refusal = t?.def.resource.writeRefusal ? await t.def.resource.writeRefusal(trx, ref.contentId) : null;
    out.set(key, { ref, readOnly: !t || !!refusal, seats: await seatsOf(trx, ref), cost: await contentCost(trx, ref) });
  }
  return out;
}

export async function approve(
  trx: Trx,
  types: readonly FeatureContent[],
  ids: readonly number[],
  by: By,
): Promise<DecisionAnswer> {
  const rows = await readRows(trx, ids);
  const states = await contentStates(trx, types, rows.values());
  const results: DecisionAnswer["results"] = [];
  for (const id of ids) {
    const row = rows.get(id);
    const result = row
      ? await approveOne(trx, row, states.get(`${row.content_type_id}:${row.content_id}`)!, by)
      : "not_found";
    results.push({ enrollment: id, result });
  }
  return answer(results);
}

/**
 * What approving one waiting record would refuse, written nothing: no longer waiting, the content
 * read-only, full and closing when full, or too little credit for its cost; null: it may be approved.
 */
export async function approvalRefusal(trx: Trx, row: Row, state: ContentState): Promise<DecisionOutcome | null> {
  if (row.status !== PROGRESS_STATUS.waiting_approve) return "not_decidable";
  if (state.readOnly) return "read_only";
  const seats = state.seats;
  if (seats && seats.taken >= seats.capacity && seats.when_full === "closed") return "full";
  if (state.cost > 0 && ((await creditBalances(trx, [row.account_id])).get(row.account_id) ?? 0) < state.cost)
    return "not_enough_credit";
  return null;
}

export async function approveOne(
  trx: Trx,
  row: Row,
  state: ContentState,
  by: By,
  reason: DecisionReason = "admin",
): Promise<DecisionOutcome> {
  const refusal = await approvalRefusal(trx, row, state);
  if (refusal) return refusal;
  const seats = state.seats;
  const hasSeat = !seats || seats.taken < seats.capacity;
  // The cost is spent on approval, seat or waiting list alike: the administrator admitted the learner.
  if (
    state.cost > 0 &&
    !(await changeCredit(
      trx,
      { accountId: row.account_id, amount: -state.cost, reason: "enrollment", ref: state.ref },
      by,
    ))
  )
    return "not_enough_credit";
  const to = hasSeat ? PROGRESS_STATUS.not_start : PROGRESS_STATUS.waiting_list;
  // The row is locked (PostgreSQL) or the writer is alone (SQLite): the status read still holds.
  await move(trx, row, to, "approve", { decision: "approved", reason }, by);
  if (hasSeat && seats) seats.taken++;
  return hasSeat ? "approved" : "waiting_list";
}

/** Reject each, with the reason (`note`) the learner is shown. */
export async function reject(trx: Trx, ids: readonly number[], by: By, note: string): Promise<DecisionAnswer> {
  const rows = await readRows(trx, ids);
  const results: DecisionAnswer["results"] = [];
  for (const id of ids) {
    const row = rows.get(id);
    let result: DecisionOutcome = "not_found";
    if (row) {
      result =
        isDecidable(row.status) &&
        (await move(trx, row, PROGRESS_STATUS.rejected, "reject", { decision: "rejected", reason: "admin", note }, by))
          ? "rejected"
          : "not_decidable";
    }
    results.push({ enrollment: id, result });
  }
  return answer(results);
}

export async function cancelRejection(trx: Trx, ids: readonly number[], by: By): Promise<DecisionAnswer> {
  const rows = await readRows(trx, ids);
  const decided = new Map<number, number>();
  for (const part of chunks([...ids])) {
    const found = await trx
      .selectFrom("content_enrollment_decision")
      .select(["enrollment_id", "from_status"])
      .where("decision", "=", "rejected")
      .where("enrollment_id", "in", part)
      .execute();
    for (const d of found) decided.set(d.enrollment_id, d.from_status);
  }
  const results: DecisionAnswer["results"] = [];
  for (const id of ids) {
    const row = rows.get(id);
    const back = decided.get(id);
    let result: DecisionOutcome = "not_found";
    if (row)
      result =
        row.status === PROGRESS_STATUS.rejected &&
        back !== undefined &&
        (await move(trx, row, back, "cancel_reject", null, by))
          ? "reject_cancelled"
          : "not_decidable";
    results.push({ enrollment: id, result });
  }
  return answer(results);
}

/** Reject every form-required (3) learner of these contents: their enrollment closed. Answers how many. */
export async function rejectFormRequired(trx: Trx, refs: readonly ContentRef[], by: By): Promise<number> {
  let n = 0;
  for (const ref of refs) {
    const q = trx
      .selectFrom("content_enrollment")
      .select(["id", "account_id", "status", "content_type_id", "content_id"])
      .where("content_type_id", "=", ref.contentTypeId)
      .where("content_id", "=", ref.contentId)
      .where("status", "=", PROGRESS_STATUS.waiting_form);
    for (const row of await (isPostgres(trx) ? q.forUpdate() : q).orderBy("id").execute()) {
      if (
        await move(
          trx,
          row,
          PROGRESS_STATUS.rejected,
          "close_enrollment",
          { decision: "rejected", reason: "enrollment_closed" },
          by,
        )
      )
        n++;
    }
  }
  return n;
}

/**
 * Close a content's enrollment now (an administrator's action): its enrollment period ends now
 * (an earlier end is kept) and its form-required learners are rejected.
 */
export async function closeEnrollment(trx: Trx, ref: ContentRef, by: By): Promise<number> {
  await trx
    .updateTable("content_enrollment_setting")
    .set({ enroll_datetime_end: by.at })
    .where("content_type_id", "=", ref.contentTypeId)
    .where("content_id", "=", ref.contentId)
    .where((eb) => eb.or([eb("enroll_datetime_end", "is", null), eb("enroll_datetime_end", ">", by.at)]))
    .execute();
  return rejectFormRequired(trx, [ref], by);
}

/**
 * The enrollment periods that have ended: their contents' form-required learners are rejected,
 * by nobody (the period closed it). Run before the approval pages are read and decided on, so
 * what time has settled is what they show (there is no scheduler; docs/decisions/054).
 */
export async function closeEndedPeriods(db: Db, at: string): Promise<number> {
  const ended = await db
    .selectFrom("content_enrollment_setting as s")
    .select(["s.content_type_id", "s.content_id"])
    .where("s.enroll_datetime_end", "is not", null)
    .where("s.enroll_datetime_end", "<=", at)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("content_enrollment as e")
          .select("e.id")
          .whereRef("e.content_type_id", "=", "s.content_type_id")
          .whereRef("e.content_id", "=", "s.content_id")
          .where("e.status", "=", PROGRESS_STATUS.waiting_form),
      ),
    )
    .execute();
  if (!ended.length) return 0;
  return db.transaction().execute((trx) =>
    rejectFormRequired(
      trx,
      ended.map((r) => ({ contentTypeId: r.content_type_id, contentId: r.content_id })),
      { accountId: null, at },
    ),
  );
}
