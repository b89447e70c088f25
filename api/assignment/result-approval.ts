import { ASSIGNED_RESULTS, ASSIGNMENT_KIND, RESULT_STATUS } from "../../contract/assignment-codes";
import { COMPLETED_STATUSES, PROGRESS_STATUS } from "../../contract/codes";
import type { Trx } from "../engine/crud";
import { chunks } from "../engine/chunks";

/**
 * An auto-assignment's result setting (spec 001 §3 "Assignment result setting", R153;
 * docs/decisions/075): with 1 "approval by admin", a learning it gave that the learner's own work
 * completes (a passed test, an attended class, verified activity slots — the rule-computed moves of
 * the enrolment engine) waits at verifying (22) instead; an administrator then approves it (30) or
 * fails it (-5) by hand, as spec 001 §4 allows an assignment's progress only among 22, 30 and -5.
 * With 0 "auto summary", the result stands as the learning computed it.
 */

/** Of the enrollments `ids`, those a result-approving auto-assignment gave (and still holds). */
export async function heldForApproval(trx: Trx, ids: readonly number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (const part of chunks([...new Set(ids)])) {
    if (!part.length) continue;
    const rows = await trx
      .selectFrom("assignment_result as r")
      .innerJoin("assignment as a", "a.id", "r.assignment_id")
      .select("r.enrollment_id")
      .where("a.type", "=", ASSIGNMENT_KIND.auto)
      .where("a.result_status", "=", RESULT_STATUS.admin_approval)
      .where("r.result", "in", [...ASSIGNED_RESULTS])
      .where("r.enrollment_id", "in", part)
      .execute();
    for (const r of rows) if (r.enrollment_id !== null) out.add(r.enrollment_id);
  }
  return out;
}

/** The moves as they are to be written: a completion of a held learning becomes verifying (22). */
export async function withResultApproval<M extends { id: number; to: number }>(
  trx: Trx,
  moves: readonly M[],
): Promise<M[]> {
  const completes = (to: number) => (COMPLETED_STATUSES as readonly number[]).includes(to);
  const candidates = moves.filter((m) => completes(m.to)).map((m) => m.id);
  if (!candidates.length) return [...moves];
  const held = await heldForApproval(trx, candidates);
  return moves.map((m) => (completes(m.to) && held.has(m.id) ? { ...m, to: PROGRESS_STATUS.verifying } : m));
}
