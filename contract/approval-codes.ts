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

/**
 * Why a decision was made: by an administrator, because the content's enrollment closed, or by the
 * last step's decider of the content's approval flow (type_access 3, docs/decisions/074).
 */
export const DECISION_REASONS = ["admin", "enrollment_closed", "flow"] as const;
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
 * - step_approved: an enrolment waiting in an approval flow was approved at a step that is not
 *   its last: it waits at the next one (docs/decisions/074); not_decider: the signed-in account
 *   does not decide the step it waits at (or, for an administrator's approval, lacks the flag);
 * - not_found: no such enrolment.
 */
export const DECISION_OUTCOMES = [
  "approved",
  "waiting_list",
  "step_approved",
  "rejected",
  "reject_cancelled",
  "full",
  "not_enough_credit",
  "not_decidable",
  "not_decider",
  "read_only",
  "not_found",
] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];
/** Outcomes that wrote nothing: shown as refused. */
export const REFUSED_OUTCOMES: readonly DecisionOutcome[] = [
  "full",
  "not_enough_credit",
  "not_decidable",
  "not_decider",
  "read_only",
  "not_found",
];

/**
 * Re-enrolment after a rejection (spec 001 §3 "is_rejected_able_re_enroll"): a rejected record
 * (-3) may be enrolled again only when the content's setting allows it; any other existing record
 * is already enrolled.
 */
export const canReEnroll = (status: number, setting: { is_rejected_able_re_enroll: boolean | number }) =>
  status === PROGRESS_STATUS.rejected && !!setting.is_rejected_able_re_enroll;

/** The most enrolments one decision call takes. */
export const MAX_DECISION_IDS = 500;

/**
 * A learner's enrol case of a content (spec 001 §4 "Enrol cases 0-24 cover viewOnly,
 * enrolledNotStart, enrolledStartLearning, waiting approve, waiting list, form submit, rejected,
 * expired, and unEnrolled variants (full, dependency, open, close, schedule open …)"; the spec shows
 * no numbers, so they are named, docs/decisions/074): with a record, what its status says; without
 * one, whether and why the learner may enrol now. Only `un_enrolled_open` (and a rejected record
 * the content lets enrol again) takes an enrolment.
 */
export const ENROL_CASES = [
  "view_only",
  "un_enrolled_open",
  "un_enrolled_full",
  "un_enrolled_dependency",
  "un_enrolled_schedule_open",
  "un_enrolled_close",
  "waiting_approve",
  "waiting_list",
  "form_submit",
  "enrolled_not_start",
  "enrolled_start_learning",
  "completed",
  "failed",
  "expired",
  "rejected",
  "canceled",
] as const;
export type EnrolCase = (typeof ENROL_CASES)[number];

/** The case of an existing record, by its status (spec 001 §4 progress codes). */
export function recordCase(status: number): EnrolCase {
  if (status === PROGRESS_STATUS.not_start) return "enrolled_not_start";
  if (status === PROGRESS_STATUS.waiting_approve || status === PROGRESS_STATUS.waiting_content_request)
    return "waiting_approve";
  if (status === PROGRESS_STATUS.waiting_list) return "waiting_list";
  if (status === PROGRESS_STATUS.waiting_form) return "form_submit";
  if (status === PROGRESS_STATUS.completed || status === PROGRESS_STATUS.completed_31) return "completed";
  if (status === PROGRESS_STATUS.failed) return "failed";
  if (status === PROGRESS_STATUS.expired || status === PROGRESS_STATUS.request_expired) return "expired";
  if (status === PROGRESS_STATUS.rejected) return "rejected";
  if (
    status === PROGRESS_STATUS.cancel ||
    status === PROGRESS_STATUS.canceled_by_assignment ||
    status === PROGRESS_STATUS.content_canceled
  )
    return "canceled";
  return "enrolled_start_learning";
}
