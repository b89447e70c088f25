/**
 * The codes of assignment, auto-assignment and suggestions (spec 001 §3 "Assignment", §4
 * "Assignment", spec 002 §9; docs/decisions/051–053), written exactly as the spec numbers them where
 * it does. Zod-free (dashboard components import these values; docs/decisions/016).
 */

/** What an assignment row is: a one-off assignment, a recurring auto-assignment, or a suggestion (decision 051). */
export const ASSIGNMENT_KIND = { assignment: 0, auto: 1, suggestion: 2 } as const;
export type AssignmentKind = (typeof ASSIGNMENT_KIND)[keyof typeof ASSIGNMENT_KIND];
export const ASSIGNMENT_KIND_KEYS = Object.keys(ASSIGNMENT_KIND) as (keyof typeof ASSIGNMENT_KIND)[];

/** Draft until first assigned (an assigned one keeps its results and is not deleted). */
export const ASSIGNMENT_STATUS = { draft: 0, assigned: 1 } as const;

/**
 * Assignment result per learner and content (spec 001 §4). The spec names -1…7, 20 and 22–25; the
 * meaning of 10–15 ("action variants") is decision 051's.
 */
export const ASSIGNMENT_RESULT = {
  fail: -1,
  assigned: 1,
  no_action: 2,
  replaced: 3,
  expanded: 4,
  no_permission: 5,
  canceled: 6,
  not_enough_credit: 7,
  waiting_list: 10,
  full: 11,
  schedule_conflict: 12,
  content_unavailable: 13,
  completed_no_action: 14,
  account_inactive: 15,
  duplicate_no_action: 20,
  duplicate_replaced: 22,
  duplicate_expanded_date: 23,
  duplicate_expanded_duration: 24,
  expanded_not_allowed: 25,
} as const;
export type AssignmentResult = (typeof ASSIGNMENT_RESULT)[keyof typeof ASSIGNMENT_RESULT];
export const ASSIGNMENT_RESULT_CODES: readonly AssignmentResult[] = Object.values(ASSIGNMENT_RESULT);
/** Results that leave the learner enrolled through this assignment (its progress tab lists them). */
export const ASSIGNED_RESULTS: readonly AssignmentResult[] = [1, 3, 4, 10, 22, 23, 24];
/** Results the preview counts as "added" (a new or restarted learning); the rest are skipped, with their reason. */
export const ADDING_RESULTS: readonly AssignmentResult[] = [1, 3, 10, 22];
/**
 * Results that refuse a learner something the administrator can act on (issue 33 §8): each has
 * advice beside its words (`asg_advice_{code}`), what to do about it. The other skips (already
 * enrolled, completed, assigned before) need nothing done.
 */
export const REFUSED_RESULTS: readonly AssignmentResult[] = [-1, 5, 7, 11, 12, 13, 15, 25];
const codeKey = (code: number) => (code < 0 ? `m${-code}` : String(code));
/** The dictionary key of a result's meaning (assignment namespace): words, never the bare code. */
export const resultLabelKey = (code: number) => `asg_result_${codeKey(code)}`;
/** The dictionary key of what to do about a refused result (REFUSED_RESULTS). */
export const resultAdviceKey = (code: number) => `asg_advice_${codeKey(code)}`;

/** Expiry choices (spec 001 §4): content_learning_period 3, no_expiry 0, set_expiry_schedule 1, set_expiry_duration 2. */
export const TYPE_EXPIRE = {
  no_expiry: 0,
  set_expiry_schedule: 1,
  set_expiry_duration: 2,
  content_learning_period: 3,
} as const;
export const TYPE_EXPIRE_CODES = Object.values(TYPE_EXPIRE);
/** Expand choices (spec 001 §4): no_expiry 0, set_expire_date 1, set_expiry_duration 2. */
export const TYPE_EXPAND = { no_expiry: 0, set_expire_date: 1, set_expiry_duration: 2 } as const;
export const TYPE_EXPAND_CODES = Object.values(TYPE_EXPAND);
/** What assigning does to a learner who already has the content (decision 051). */
export const TYPE_ACTION = { no_action: 0, replace: 1, expand: 2 } as const;
export const TYPE_ACTION_CODES = Object.values(TYPE_ACTION);
/**
 * Assignment result setting (spec 001 §3): 0 auto summary of the learning result, 1 approval by
 * admin — a learning the auto-assignment gave that its learner completes waits at verifying (22)
 * until an administrator approves it (30) or fails it (-5) (docs/decisions/075).
 */
export const RESULT_STATUS = { auto_summary: 0, admin_approval: 1 } as const;
export const RESULT_STATUS_CODES = Object.values(RESULT_STATUS);
/** The unit of a recurring auto-assignment's period (decision 052): count_recurring of these. */
export const RECURRING_UNIT = { day: 0, week: 1, month: 2, year: 3 } as const;
export const RECURRING_UNIT_CODES = Object.values(RECURRING_UNIT);
/** Round status (decision 052). */
export const ROUND_STATUS = { due: 0, running: 1, done: 2 } as const;

/**
 * The content types an assignment may hold: those with enrolment (their registry keys). A test too
 * (issue 33: an assigned test is taken and marked); a learning path and an onboarding plan (issue 36
 * §5: a programme is assigned as a whole, its own enrolment rules deciding the rest).
 */
export const ASSIGNABLE_TYPES = ["course", "class", "activity", "test", "learning_path", "onboard"] as const;

/**
 * The name of an assignment created without one (spec 002 §7 posts only `type`), as the spec
 * names a new section "Untitled Section" and a new question "Untitled Question".
 */
export const UNTITLED_NAMES: Record<AssignmentKind, string> = {
  0: "Untitled Assignment",
  1: "Untitled Auto-assignment",
  2: "Untitled Suggestion",
};

/** The assignment's own API error keys (assignment namespace, both languages). */
export const ASG_MSG = {
  expire_before_assign: "asg_err_expire_before_assign",
  expand_before_assign: "asg_err_expand_before_assign",
  date_required: "asg_err_date_required",
  duration_required: "asg_err_duration_required",
  no_content: "asg_err_no_content",
  no_learner: "asg_err_no_learner",
  not_assignable: "asg_err_not_assignable",
  end_before_start: "asg_err_end_before_start",
  assigned_not_deleted: "asg_err_assigned_not_deleted",
  rule_needs_type: "asg_err_rule_needs_type",
  rule_too_many: "asg_err_rule_too_many",
  content_from_rule: "asg_err_content_from_rule",
  // The precise refusals of a setting's number or time (issue 33 §15), each naming its bounds.
  assign_day_range: "asg_err_assign_day_range",
  assign_month_range: "asg_err_assign_month_range",
  assign_time_format: "asg_err_assign_time_format",
  count_recurring_range: "asg_err_count_recurring_range",
  days_range: "asg_err_days_range",
} as const;

/**
 * An auto-assignment's content rule (spec 001 §3 "Auto-assignment content condition", spec 002 §7
 * "Auto-assignment content payload"; docs/decisions/059): each list criterion with its operator —
 * 1 the content is one of the list, 2 it is none of them — and the chosen contents with theirs.
 */
export const RULE_OPERATOR = { any: 1, none: 2 } as const;
export const RULE_OPERATOR_CODES = Object.values(RULE_OPERATOR);
/** The criteria of a content rule, as the spec's payload names them (`level` is the content's level). */
export const RULE_CRITERIA = ["category", "provider", "learning_program", "level", "instructor", "competency"] as const;
export type RuleCriterion = (typeof RULE_CRITERIA)[number];
/** The most contents an auto-assignment's rules may bring (a round assigns each to every learner). */
export const MAX_RULE_CONTENTS = 100;

/** Spec 002 §9 defaults: auto-assignment time 06:00, day 1, month 1, recurring count 1; users refreshed daily at 08:00. */
export const AUTO_DEFAULTS = {
  assign_time: "06:00",
  assign_day: 1,
  assign_month: 1,
  count_recurring: 1,
  recurring_unit: 0,
  refresh_time: "08:00",
} as const;
/** After saving, the learner page opens this long after (spec 001 §1, 002 §10). */
export const ASSIGNMENT_PAGE_DELAY_MS = 1000;

/**
 * The assignment list's `learners` filter (docs/decisions/080, issue 33 item 13): `overdue` keeps
 * the assignments with at least one overdue learner — enrolled by it (ASSIGNED_RESULTS), its expiry
 * passed, and the learning neither completed nor otherwise ended: still to do or doing (spec 001 §4
 * groups) or marked expired (-2). The learner tab's `overdue` filter lists exactly those learners.
 */
export const LEARNERS_FILTER = { overdue: "overdue" } as const;
export const LEARNERS_FILTER_VALUES = Object.values(LEARNERS_FILTER);
/** The progress statuses an overdue learner is at: to do (0,1,2,3,5), doing (21,22,23,6), expired (-2). */
export const OVERDUE_STATUSES = [0, 1, 2, 3, 5, 21, 22, 23, 6, -2] as const;
