import { z } from "../zod";
import { MSG } from "../messages";
import { text } from "./text";
import { checkbox, code, dateOnly, idList, int, isBlank, nullableId } from "./form-fields";
import { DEFAULT_CONTENT_LIMITS, type ContentLimits } from "./content";
import { nullableMoneyField } from "./extras";
import { codeField, createAndUpdate, longText, nameField } from "./master-data";
import { GROUP_CONDITION_FIELDS, conditionSchema, type Condition, type GroupConditionField } from "./condition";
import {
  DEFAULT_FLOW_SORT,
  LEVEL_LIST_TYPE,
  MAX_APPROVERS,
  MAX_CHOICES,
  MAX_SUPERVISOR_LEVEL,
  QUESTION_DEFAULTS,
  QUESTION_TYPE,
  QUESTION_TYPE_CODES,
  REQUEST_KINDS,
  REQUEST_TYPE_CODES,
  TYPE_RULE,
  hasChoices,
  type FormKind,
  type QuestionType,
  type RequestType,
} from "../request-codes";

/**
 * Forms, approval flows and requests (issue 17 §4; spec 001 §3 "Request form", "Approval flow",
 * "Approval step"; docs/decisions/056–058): what the dashboard's forms and the API parse with.
 * Money is given in baht with 2 decimals and kept in hundredths. Messages of this area are keys
 * of the requests namespace (REQ_MSG), translated on its pages.
 */

export const REQ_MSG = {
  sort_used: "req_msg_sort_used",
  step_no_decider: "req_msg_step_no_decider",
  price_range: "req_msg_price_range",
  date_range: "req_msg_date_range",
  choices_required: "req_msg_choices_required",
  form_in_use: "req_msg_form_in_use",
  flow_in_use: "req_msg_flow_in_use",
  not_waiting: "req_msg_not_waiting",
  not_decider: "req_msg_not_decider",
  not_approved: "req_msg_not_approved",
  transition: "req_msg_transition",
  material_type_required: "req_msg_material_type_required",
  answer_required: "req_msg_answer_required",
  form_kind: "req_msg_form_kind",
  not_a_form: "req_msg_not_a_form",
  scale_range: "req_msg_scale_range",
  max_select_above_choices: "req_msg_max_select_above_choices",
} as const;

const enumCode = <T extends number>(codes: readonly T[]) =>
  z.preprocess((v) => (isBlank(v) ? undefined : v), code(codes));
const codes = (o: Record<string, number>) => Object.values(o);

// ---- approval flows ----

/** Approval flow: name, code, sort (unique, default 999), type_request, type_rule, content types, price range, desc. */
export function approvalFlowSchemas(limits: ContentLimits = DEFAULT_CONTENT_LIMITS) {
  const { create, update } = createAndUpdate(
    {
      name: nameField(limits),
      code: codeField(limits),
      sort: z.preprocess((v) => (isBlank(v) ? DEFAULT_FLOW_SORT : v), int({ min: 1, max: 9999 })),
      type_request: enumCode(REQUEST_TYPE_CODES),
      type_rule: z.preprocess((v) => (isBlank(v) ? TYPE_RULE.all : v), code(codes(TYPE_RULE))),
      content_type_list: idList(50),
      price_gte: nullableMoneyField(),
      price_lte: nullableMoneyField(),
      desc: longText(limits),
    },
    ["name", "type_request"],
    {
      code: null,
      sort: DEFAULT_FLOW_SORT,
      type_rule: TYPE_RULE.all,
      content_type_list: [],
      price_gte: null,
      price_lte: null,
      desc: "",
    },
  );
  const range = (v: { price_gte?: number | null; price_lte?: number | null }) =>
    v.price_gte == null || v.price_lte == null || v.price_gte <= v.price_lte;
  const issue = { message: REQ_MSG.price_range, path: ["price_lte"] };
  return { create: create.refine(range, issue), update: update.refine(range, issue) };
}

/**
 * Approval step: whose decision it waits for (supervisor levels and/or named approvers),
 * notification, days before it expires (0: never). `is_approver` follows the list (issue 33 item
 * 1: named approvers are kept without a second tick box): a step with approvers has them.
 */
export const approvalStepSchema = z
  .object({
    step_supervisor: z.preprocess((v) => (isBlank(v) ? 0 : v), int({ min: 0, max: MAX_SUPERVISOR_LEVEL })),
    level_list_type: z.preprocess((v) => (isBlank(v) ? LEVEL_LIST_TYPE.exact : v), code(codes(LEVEL_LIST_TYPE))),
    approvers: idList(MAX_APPROVERS),
    is_notification: checkbox(),
    duration_expire: z.preprocess((v) => (isBlank(v) ? 0 : v), int({ min: 0, max: 365 })),
  })
  .transform((s) => ({ ...s, is_approver: s.approvers.length > 0 }))
  .refine((s) => s.step_supervisor > 0 || s.is_approver, { message: REQ_MSG.step_no_decider, path: ["approvers"] });
export type ApprovalStepInput = z.output<typeof approvalStepSchema>;

/**
 * A flow's learner condition (PUT dashboard/approval-flow/{id}/condition/; docs/decisions/060):
 * the shared condition (contract/schemas/condition.ts) over the organisation lists, as a
 * department rule reads them — every list but accounts. Saved without any criterion, the flow
 * has no condition again.
 */
export const FLOW_CONDITION_FIELDS = GROUP_CONDITION_FIELDS;
export type FlowConditionField = GroupConditionField;
export const flowConditionSchema = conditionSchema(FLOW_CONDITION_FIELDS);
export type FlowCondition = Condition<FlowConditionField>;

// ---- forms ----

/** A form (enrollment or request): name, code, desc; a request form also its request type. */
export function formSchemas(limits: ContentLimits = DEFAULT_CONTENT_LIMITS) {
  return createAndUpdate(
    {
      name: nameField(limits),
      code: codeField(limits),
      desc: longText(limits),
      type_request: z.preprocess((v) => (isBlank(v) ? null : v), code(REQUEST_TYPE_CODES).nullable()),
    },
    ["name"],
    { code: null, desc: "", type_request: null },
  );
}
export const formSectionSchema = (limits: ContentLimits = DEFAULT_CONTENT_LIMITS) =>
  z.object({ name: nameField(limits), desc: longText(limits).default("") });

/** Choices as an HTML form gives them: one per line (or a JSON list); blank lines dropped, duplicates refused as one. */
const choiceList = (limits: ContentLimits) =>
  z.preprocess(
    // Blank lines go before the list is read (a form's coercion would make them missing values).
    (v) => {
      const list: unknown = typeof v === "string" ? v.split(/\r?\n/) : v == null ? [] : v;
      return Array.isArray(list) ? list.filter((x) => typeof x !== "string" || x.trim() !== "") : list;
    },
    z
      .array(text({ error: MSG.invalid }).trim().max(limits.text, MSG.too_long))
      .transform((list) => [...new Set(list.filter((s) => s.length > 0))])
      .pipe(z.array(z.string()).max(MAX_CHOICES, MSG.too_long)),
  );

/** A question: its text, type, required flag and (choice types) its choices. */
export const formQuestionSchema = (
  limits: ContentLimits = DEFAULT_CONTENT_LIMITS,
  types: readonly number[] = QUESTION_TYPE_CODES,
) =>
  z
    .object({
      text: nameField(limits),
      type: enumCode(types as readonly QuestionType[]),
      is_required: checkbox(),
      choices: choiceList(limits),
      // A survey question's settings (docs/decisions/062), kept at the spec's defaults elsewhere.
      value_min: z.preprocess((v) => (isBlank(v) ? QUESTION_DEFAULTS.value_min : v), int({ min: 0, max: 100 })),
      value_max: z.preprocess((v) => (isBlank(v) ? QUESTION_DEFAULTS.value_max : v), int({ min: 1, max: 100 })),
      label_min: z
        .preprocess((v) => (v === null ? "" : v), text({ error: MSG.invalid }).trim().max(limits.text, MSG.too_long))
        .default(""),
      label_max: z
        .preprocess((v) => (v === null ? "" : v), text({ error: MSG.invalid }).trim().max(limits.text, MSG.too_long))
        .default(""),
      max_select: z.preprocess(
        (v) => (isBlank(v) ? QUESTION_DEFAULTS.max_select : v),
        int({ min: 1, max: MAX_CHOICES }),
      ),
      // Survey questions (docs/decisions/067): the results average it; a choice question takes an "other" answer.
      is_average: checkbox(),
      is_optional: checkbox(),
    })
    .refine((q) => !hasChoices(q.type) || q.choices.length >= 2, {
      message: REQ_MSG.choices_required,
      path: ["choices"],
    })
    .refine((q) => q.value_min < q.value_max, { message: REQ_MSG.scale_range, path: ["value_max"] })
    .refine((q) => q.type !== QUESTION_TYPE.checkbox || q.max_select <= q.choices.length, {
      message: REQ_MSG.max_select_above_choices,
      path: ["max_select"],
    })
    // An information text asks nothing, so nothing can be required of it.
    .transform((q) => (q.type === QUESTION_TYPE.info ? { ...q, is_required: false } : q));
export type FormQuestionInput = z.output<ReturnType<typeof formQuestionSchema>>;

/** Moving a section or a question one place: up or down. */
export const moveSchema = z.object({ direction: z.enum(["up", "down"], { error: MSG.invalid_choice }) });

/** Answers to a form: question id → text, or the chosen choice ids; checked against the form by the API. */
export const answersSchema = z.record(
  z.string().regex(/^\d{1,10}$/),
  z.union([z.string().max(5000), z.array(z.union([z.string(), z.number()])).max(MAX_CHOICES)]),
);

// ---- requests ----

/** A learner's request (learning: an outside course; material: a learning material), with its form's answers. */
export function requestCreateSchema(limits: ContentLimits = DEFAULT_CONTENT_LIMITS) {
  return z
    .object({
      kind: enumCode(REQUEST_KINDS),
      name: nameField(limits),
      provider: z.preprocess(
        (v) => (v == null ? "" : v),
        text({ error: MSG.invalid }).trim().max(limits.text, MSG.too_long),
      ),
      datetime_start: dateOnly(),
      datetime_end: dateOnly(),
      cost: nullableMoneyField(),
      material_type: nullableId(),
      reason: longText(limits).default(""),
      form: nullableId(),
      answers: answersSchema.default({}),
    })
    .refine((r) => !r.datetime_start || !r.datetime_end || r.datetime_start <= r.datetime_end, {
      message: REQ_MSG.date_range,
      path: ["datetime_end"],
    })
    .refine((r) => r.kind !== 2 || r.material_type !== null, {
      message: REQ_MSG.material_type_required,
      path: ["material_type"],
    });
}
export type RequestCreateInput = z.output<ReturnType<typeof requestCreateSchema>>;

/**
 * An approver's decision on the step a request waits at, with a note; a rejection must say why
 * (issue 33 item 12: the learner is shown the reason).
 */
export const decisionSchema = z
  .object({
    decision: z.enum(["approve", "reject"], { error: MSG.invalid_choice }),
    note: longText(DEFAULT_CONTENT_LIMITS).default(""),
  })
  .refine((d) => d.decision !== "reject" || d.note.trim() !== "", { message: MSG.reason_required, path: ["note"] });

/** An administrator's change of a learning result's progress (spec 001 §4 "Learning result" row). */
export const learningResultSchema = z.object({
  status: z.preprocess((v) => (isBlank(v) ? undefined : v), int({ min: -99, max: 99 })),
  note: longText(DEFAULT_CONTENT_LIMITS).default(""),
});

// ---- answers ----

export type PersonRef = { id: number; name: string; username: string };
export type ApprovalStep = {
  id: number;
  sort: number;
  step_supervisor: number;
  level_list_type: number;
  is_approver: boolean;
  approvers: PersonRef[];
  is_notification: boolean;
  duration_expire: number;
};
export type ApprovalFlow = {
  id: number;
  name: string;
  code: string | null;
  sort: number;
  type_request: RequestType;
  type_rule: number;
  content_type_list: { id: number; name: string }[];
  price_gte: number | null;
  price_lte: number | null;
  desc: string;
  /** Whether the flow has a learner condition (one more given rule, docs/decisions/060). */
  has_condition: boolean;
  count_step: number;
  steps: ApprovalStep[];
  datetime_create: string;
  datetime_update: string;
};
export type FormChoice = { id: number; text: string };
export type FormQuestion = {
  id: number;
  sort: number;
  text: string;
  type: QuestionType;
  is_required: boolean;
  choices: FormChoice[];
  value_min: number;
  value_max: number;
  label_min: string;
  label_max: string;
  max_select: number;
  is_average: boolean;
  is_optional: boolean;
};
export type FormSection = { id: number; sort: number; name: string; desc: string; questions: FormQuestion[] };
export type Form = {
  id: number;
  kind: FormKind;
  name: string;
  code: string | null;
  desc: string;
  type_request: RequestType | null;
  count_section: number;
  count_question: number;
  count_submission: number;
  sections: FormSection[];
  datetime_create: string;
  datetime_update: string;
};
/** One answer; an upload answer also links its file (`file`, the API path that serves it). */
export type FormAnswer = { question: number; value: string; choice: number | null; file?: string };
export type FormSubmission = { id: number; account: PersonRef; datetime_create: string; answers: FormAnswer[] };
export type FormReport = {
  count_submission: number;
  questions: {
    id: number;
    section: number;
    text: string;
    type: QuestionType;
    count_answer: number;
    choices: { id: number; text: string; count: number }[];
    answers: string[];
  }[];
};
export type RequestDecision = {
  step: number;
  decision: number;
  by: PersonRef | null;
  note: string;
  datetime_create: string;
};
export type LearningRequest = {
  id: number;
  kind: RequestType;
  account: PersonRef;
  name: string;
  provider: string;
  datetime_start: string | null;
  datetime_end: string | null;
  cost: number | null;
  material_type: { id: number; name: string } | null;
  reason: string;
  status: number;
  flow: { id: number; name: string } | null;
  step: number;
  count_step: number;
  waiting_for: PersonRef[];
  can_decide: boolean;
  datetime_expire: string | null;
  form: { id: number; name: string } | null;
  submission: number | null;
  decisions: RequestDecision[];
  learning_result: { id: number; status: number } | null;
  /** An enrolment request's content and its enrolment record (docs/decisions/074); null for other kinds. */
  content: { type: string; id: number; name: string; code: string } | null;
  enrollment: { id: number; status: number } | null;
  datetime_create: string;
  datetime_decide: string | null;
};
export type LearningResult = {
  id: number;
  request: { id: number; name: string; provider: string };
  account: PersonRef;
  status: number;
  allowed: number[];
  log: { from: number; to: number; by: PersonRef | null; note: string; datetime_create: string }[];
  datetime_update: string;
};
