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
export const approvalStatusKey = (status: number) =>
  isWaiting(status) ? "req_status_waiting" : `req_status_${status < 0 ? `m${-status}` : status}`;

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

/**
 * A question's type: exactly the codes of spec 001 §4 "Question types" (R239; the builder's own
 * numbering was converted by migration 0039, docs/decisions/074). What each one takes as an answer
 * (api/requests/answers.ts): info nothing (a text shown to the learner); scale a whole number of
 * value_min…value_max; radio and dropdown one of its choices, checkbox up to max_select of them;
 * textarea and textinput text; number a number; rating a whole number of 1…value_max; datetime,
 * date, time, multiple date (one or more dates) as ISO text; upload a finished upload of the
 * answerer's; learner an active account; location a location; price an amount in baht.
 */
export const QUESTION_TYPE = {
  info: 0,
  scale: 1,
  radio: 2,
  checkbox: 3,
  textarea: 4,
  textinput: 5,
  number: 6,
  rating: 7,
  dropdown: 8,
  datetime: 9,
  date: 10,
  time: 11,
  upload: 20,
  learner: 30,
  location: 31,
  price: 32,
  multiple_date: 33,
} as const;
export type QuestionType = (typeof QUESTION_TYPE)[keyof typeof QUESTION_TYPE];
export const QUESTION_TYPE_CODES: readonly QuestionType[] = Object.values(QUESTION_TYPE);
/** The types answered by picking among the question's choices; radio and dropdown take one. */
export const CHOICE_TYPES: readonly number[] = [QUESTION_TYPE.radio, QUESTION_TYPE.checkbox, QUESTION_TYPE.dropdown];
export const hasChoices = (type: number) => CHOICE_TYPES.includes(type);
export const isSingleChoice = (type: number) => type === QUESTION_TYPE.radio || type === QUESTION_TYPE.dropdown;
/** The types answered with a whole number of a range (value_min…value_max; a rating from 1). */
export const isRange = (type: number) => type === QUESTION_TYPE.scale || type === QUESTION_TYPE.rating;
/**
 * The question types a survey's form offers (docs/decisions/062): the ones its answering and
 * results know — radio, checkbox, textarea, textinput, number, date and the likert scale.
 */
export const SURVEY_QUESTION_TYPE_CODES: readonly number[] = [
  QUESTION_TYPE.radio,
  QUESTION_TYPE.checkbox,
  QUESTION_TYPE.textarea,
  QUESTION_TYPE.textinput,
  QUESTION_TYPE.number,
  QUESTION_TYPE.date,
  QUESTION_TYPE.scale,
];
/** Spec 001 §3 question defaults: value_min 1, value_max 4, max_select 1. */
export const QUESTION_DEFAULTS = { value_min: 1, value_max: 4, max_select: 1 } as const;
/** Choices a question may have, sections a form, questions a section. */
export const MAX_CHOICES = 30;
export const MAX_SECTIONS = 30;
export const MAX_QUESTIONS = 100;
