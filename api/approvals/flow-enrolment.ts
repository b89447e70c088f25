import { PROGRESS_STATUS } from "../../contract/codes";
import type { DecisionOutcome } from "../../contract/approval-codes";
import { MSG } from "../../contract/messages";
import { REQ_MSG } from "../../contract/schemas/requests";
import { ApiError } from "../http/errors";
import type { Trx } from "../engine/crud";
import { contentsWith } from "./contents";
import { approvalRefusal, approveOne, contentStates, move, readRows, type By, type Row } from "./decide";

/**
 * An enrolment waiting in its content's approval flow (type_access 3; issue 33 item 2,
 * docs/decisions/074): the request (learning_request of kind 3) walks the flow's steps as any
 * request does (api/requests/approval.ts); when it ends, its enrolment (waiting approve, 1) moves
 * here, in the same transaction:
 * - approved by the last step: a seat → not started (0), else the waiting list (2), the content's
 *   cost spent — as an administrator's approval does (decide.ts), the decision kept with reason
 *   "flow" and the last decider; a refusal (full and closing when full, too little credit, the
 *   content cancelled) refuses the decision itself: 409, nothing written;
 * - rejected at any step: rejected (-3), with the reason the learner is shown;
 * - expired (a step waited past its days): request_expired (-6).
 */

export type FlowEnd = "approved" | "rejected" | "expired";

/** Why approving the enrolment would be refused, as the message the decider is shown. */
const REFUSAL_MESSAGE: Partial<Record<DecisionOutcome, string>> = {
  full: MSG.enroll_full,
  not_enough_credit: MSG.enroll_not_enough_credit,
  read_only: MSG.enroll_closed,
  not_decidable: REQ_MSG.not_waiting,
};

/** The enrolment of a request, read (and locked in PostgreSQL); null when it is gone. */
async function enrolmentOf(trx: Trx, enrollmentId: number | null): Promise<Row | null> {
  if (enrollmentId === null) return null;
  return (await readRows(trx, [enrollmentId])).get(enrollmentId) ?? null;
}

/** What approving the enrolment of `enrollmentId` would refuse (null: nothing), written nothing. */
export async function flowApprovalRefusal(trx: Trx, enrollmentId: number | null): Promise<DecisionOutcome | null> {
  const row = await enrolmentOf(trx, enrollmentId);
  if (!row) return "not_found";
  const [state] = (await contentStates(trx, await contentsWith(trx, "enrollment"), [row])).values();
  return approvalRefusal(trx, row, state);
}

/** The flow of request `enrollmentId`'s enrolment has ended: move the enrolment (see above). */
export async function settleEnrolment(trx: Trx, enrollmentId: number | null, end: FlowEnd, note: string, by: By) {
  const row = await enrolmentOf(trx, enrollmentId);
  if (!row || row.status !== PROGRESS_STATUS.waiting_approve) {
    if (end === "expired") return;
    throw new ApiError(409, { detail: REQ_MSG.not_waiting });
  }
  if (end === "expired") {
    await move(trx, row, PROGRESS_STATUS.request_expired, "request_expired", null, by);
    return;
  }
  if (end === "rejected") {
    await move(trx, row, PROGRESS_STATUS.rejected, "reject", { decision: "rejected", reason: "flow", note }, by);
    return;
  }
  const [state] = (await contentStates(trx, await contentsWith(trx, "enrollment"), [row])).values();
  const outcome = await approveOne(trx, row, state, by, "flow");
  if (outcome !== "approved" && outcome !== "waiting_list")
    throw new ApiError(409, { detail: REFUSAL_MESSAGE[outcome] ?? MSG.invalid });
}
