import { PROGRESS_STATUS } from "./codes";

/**
 * Enrollment approvals (spec 000 §2.10 "/enrollment with approved, rejected, waiting"; spec 001
 * §4 "Enrollment", "Approval status"; docs/decisions/054): the pages, the decisions an
 * administrator takes and what each one answers per enrolment. Codes used by both sides.
 */

/** The approval pages, each a list of enrolments (the old single-list page shows any of them). */
export const APPROVAL_PAGES = ["waiting", "approved", "rejected"] as const;
export type ApprovalPage = (typeof APPROVAL_PAGES)[number];
export const isApprovalPage = (v: string): v is ApprovalPage => (APPROVAL_PAGES as readonly string[]).includes(v);

/**
 * The statuses an administrator may reject: waiting approve (1) and form required (3, spec 001
 * §4 "Labelled states") → rejected (-3). Only waiting approve is approved: to not started (0) or
 * the waiting list (2) as the seats decide (a learner at 3 still owes the form).
 */
export const DECIDABLE_STATUSES = [PROGRESS_STATUS.waiting_approve, PROGRESS_STATUS.waiting_form] as const;
export const isDecidable = (status: number) => (DECIDABLE_STATUSES as readonly number[]).includes(status);

/** What a decision is, as the decision table stores it. */
export const DECISIONS = ["approved", "rejected"] as const;
export type Decision = (typeof DECISIONS)[number];

/** Why a rejection was made: by an administrator, or because the content's enrollment closed. */
export const DECISION_REASONS = ["admin", "enrollment_closed"] as const;
export type DecisionReason = (typeof DECISION_REASONS)[number];

/** The decision calls (POST dashboard/enrollment/{action}/). */
export const DECISION_ACTIONS = ["approve", "reject", "cancel-reject"] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];
export const isDecisionAction = (v: string): v is DecisionAction => (DECISION_ACTIONS as readonly string[]).includes(v);

/**
 * The outcome of a decision for one enrolment:
 * - approved: a seat, now not started (0); waiting_list: no seat left, on the waiting list (2);
 * - rejected; reject_cancelled: back to the status it was rejected from;
 * - full: no seat and the content closes when full: nothing written;
 * - not_enough_credit: the learner's balance does not cover the content's cost (spec 002 §8):
 *   nothing written;
 * - not_decidable: the record is no longer waiting (someone decided first), or — cancelling — not
 *   rejected by a decision; read_only: the content may no longer be written (a cancelled class);
 * - not_found: no such enrolment.
 */
export const DECISION_OUTCOMES = ["approved", "waiting_list", "rejected", "reject_cancelled", "full", "not_enough_credit", "not_decidable", "read_only", "not_found"] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];
/** Outcomes that wrote nothing: shown as refused. */
export const REFUSED_OUTCOMES: readonly DecisionOutcome[] = ["full", "not_enough_credit", "not_decidable", "read_only", "not_found"];

/**
 * Re-enrolment after a rejection (spec 001 §3 "is_rejected_able_re_enroll"): a rejected record
 * (-3) may be enrolled again only when the content's setting allows it; any other existing record
 * is already enrolled.
 */
export const canReEnroll = (status: number, setting: { is_rejected_able_re_enroll: boolean | number }) =>
  status === PROGRESS_STATUS.rejected && !!setting.is_rejected_able_re_enroll;

/** The most enrolments one decision call takes. */
export const MAX_DECISION_IDS = 500;
