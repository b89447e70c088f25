/**
 * The codes of forms, approval flows and requests (issue 17 §4; spec 001 §3 "Request form",
 * "Approval flow", "Approval step", §4 "Approval status"; docs/decisions/056–058). Numbers are
 * the spec's where it gives them; the rest are this project's, written down in the decisions.
 */

/** What a request is for (spec 001 §3 type_request): a flow and a request form name one. */
export const REQUEST_TYPE = { learning: 1, material: 2, enrollment: 3 } as const;
export type RequestType = (typeof REQUEST_TYPE)[keyof typeof REQUEST_TYPE];
export const REQUEST_TYPE_CODES: readonly RequestType[] = Object.values(REQUEST_TYPE);
/** The request types a learner's request (learning_request row) has: enrolment waits on the content's own row. */
export const REQUEST_KINDS = [REQUEST_TYPE.learning, REQUEST_TYPE.material] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** Approval status (spec 001 §4): the codes a request takes. 0, 1 and 21 all read "waiting". */
export const APPROVAL_STATUS = {
  canceled_by_assignment: -11,
  request_expired: -6,
  rejected: -3,
  expired: -2,
  canceled_by_user: -1,
  waiting_approve: 1,
  approved: 30,
} as const;
export type ApprovalStatus = (typeof APPROVAL_STATUS)[keyof typeof APPROVAL_STATUS];
/** The codes that mean "waiting for a decision" (spec: 0/1/21 waiting_approve). */
export const WAITING_STATUSES: readonly number[] = [0, 1, 21];
export const isWaiting = (status: number) => WAITING_STATUSES.includes(status);
/** The label key of an approval status (requests namespace). */
export const approvalStatusKey = (status: number) => (isWaiting(status) ? "req_status_waiting" : `req_status_${status < 0 ? `m${-status}` : status}`);

/** A decision taken at a step: approve moves on, reject ends it (-3), expiry ends it (-6). */
export const DECISION = { approve: 30, reject: -3, expire: -6 } as const;
export type Decision = (typeof DECISION)[keyof typeof DECISION];

/**
 * How a flow's rules combine (type_rule, docs/decisions/056): 1 every given rule must hold
 * (content types, price range, learner condition), 2 one of them is enough. The request type
 * must always match; a flow without any rule applies to every request of its type.
 */
export const TYPE_RULE = { all: 1, any: 2 } as const;
export type TypeRule = (typeof TYPE_RULE)[keyof typeof TYPE_RULE];

/** Which of the learner's supervisors decide a step (level_list_type): the one at the level, or any up to it. */
export const LEVEL_LIST_TYPE = { exact: 0, up_to: 1 } as const;
export type LevelListType = (typeof LEVEL_LIST_TYPE)[keyof typeof LEVEL_LIST_TYPE];

/** Spec 002 §9 "approval flow sort 999". */
export const DEFAULT_FLOW_SORT = 999;
/** The supervisor levels a step may name (1 = the direct supervisor). */
export const MAX_SUPERVISOR_LEVEL = 5;
/** The steps a flow may have, and the approvers a step may list. */
export const MAX_STEPS = 10;
export const MAX_APPROVERS = 50;

/** The kinds of forms one builder serves (docs/decisions/057): a survey's questions are a third (062). */
export const FORM_KIND = { enrollment: "enrollment", request: "request", survey: "survey" } as const;
export type FormKind = (typeof FORM_KIND)[keyof typeof FORM_KIND];

/** A question's type (spec: text, long text, choice, multiple choice, number, date). */
export const QUESTION_TYPE = { text: 1, long_text: 2, choice: 3, multiple_choice: 4, number: 5, date: 6 } as const;
export type QuestionType = (typeof QUESTION_TYPE)[keyof typeof QUESTION_TYPE];
export const QUESTION_TYPE_CODES: readonly QuestionType[] = Object.values(QUESTION_TYPE);
export const hasChoices = (type: number) => type === QUESTION_TYPE.choice || type === QUESTION_TYPE.multiple_choice;
/**
 * A survey's scale question (docs/decisions/062; spec 001 §3 "Question (survey and generic)":
 * value_min … value_max with a label at each end): a type of survey forms only, the answer a
 * whole number of the range. The likert scale survey's question.
 */
export const SCALE_QUESTION = 7;
/** The question types a survey's form offers: the builder's, and the scale. */
export const SURVEY_QUESTION_TYPE_CODES: readonly number[] = [...QUESTION_TYPE_CODES, SCALE_QUESTION];
/** Spec 001 §3 question defaults: value_min 1, value_max 4, max_select 1. */
export const QUESTION_DEFAULTS = { value_min: 1, value_max: 4, max_select: 1 } as const;
/** Choices a question may have, sections a form, questions a section. */
export const MAX_CHOICES = 30;
export const MAX_SECTIONS = 30;
export const MAX_QUESTIONS = 100;
