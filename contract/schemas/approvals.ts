import { z } from "../zod";
import { MSG } from "../messages";
import { BUDGET_CATEGORY_TYPE, BUDGET_CATEGORY_TYPES, type BudgetCategoryType, type ProgressStatus } from "../codes";
import {
  APPROVAL_PAGES,
  MAX_DECISION_IDS,
  type Decision,
  type DecisionOutcome,
  type DecisionReason,
  type EnrolCase,
} from "../approval-codes";
import { answersSchema, type Form } from "./requests";
import type { Seats } from "./enrollment";
import { code as codeOf, id, idList, isBlank, withDefault } from "./form-fields";
import { codeField, createAndUpdate, nameField } from "./master-data";
import { DEFAULT_CONTENT_LIMITS, type ContentLimits } from "./content";

/**
 * Enrollment approvals and budgets (issue 17 §3–4; docs/decisions/054, 055): the inputs the
 * dashboard and the API share, and the API's answers. Money is in baht (two decimals) on the
 * wire, as the budget tabs answer it.
 */

/** A content type's code as the approval and budget lists name it (course, activity, class…). */
const typeCode = () => z.string().regex(/^[a-z_]{1,40}$/, MSG.invalid_choice);

/** GET dashboard/enrollment/: which page (or all, the old single list), the filters. */
export const approvalQuerySchema = z.object({
  state: z.enum([...APPROVAL_PAGES, "any"], { error: MSG.invalid_choice }).default("waiting"),
  content_type: typeCode().optional(),
  content: id().optional(),
  department: id().optional(),
});
export type ApprovalQuery = z.infer<typeof approvalQuerySchema>;

/**
 * POST dashboard/enrollment/{approve|reject|cancel-reject}/: the enrolments, at least one, and a
 * note — for a rejection its reason, required: the learner is shown it (issue 33 item 12).
 */
export const decisionSchema = z.object({
  enrollment_list: idList(MAX_DECISION_IDS).refine((ids) => ids.length > 0, MSG.required),
  note: z.preprocess(
    (v) => (v == null ? "" : v),
    z.string({ error: MSG.invalid }).trim().max(DEFAULT_CONTENT_LIMITS.description, MSG.too_long),
  ),
});
/** The same, for a rejection: the reason is required. */
export const rejectionSchema = decisionSchema.refine((d) => d.note !== "", {
  message: MSG.reason_required,
  path: ["note"],
});
export type DecisionInput = z.infer<typeof decisionSchema>;

/** POST dashboard/enrollment/close/: close a content's enrollment now. */
export const closeEnrollmentSchema = z.object({ content_type: typeCode(), content: id() });
export type CloseEnrollmentInput = z.infer<typeof closeEnrollmentSchema>;

export type ContentSummary = { type: string; id: number; name: string; code: string };
export type PersonRef = { id: number; username: string; first_name: string; last_name: string };

/** One enrolment on an approval page. */
export type ApprovalRow = {
  id: number;
  account: PersonRef & { email: string; department: { id: number; name: string } | null };
  content: ContentSummary;
  status: ProgressStatus;
  datetime_enroll: string;
  /** What one learning of the content costs, in baht (0: free), and the learner's balance. */
  cost: number;
  balance: number;
  enough_credit: boolean;
  /** The content's seats now (null: no capacity). */
  seats: Seats | null;
  /** Waiting in its content's approval flow (docs/decisions/074): the request, the step and who decides it. */
  flow: {
    request: number;
    name: string;
    step: number;
    count_step: number;
    waiting_for: { id: number; name: string; username: string }[];
    submission: number | null;
  } | null;
  /** Whether the signed-in account may decide it now (the step's decider; else the enrollment change flag). */
  can_decide: boolean;
  /** The enrollment form's answers given at enrolment (a form_submission id), else null. */
  submission: number | null;
  decision: { decision: Decision; reason: DecisionReason; note: string; by: PersonRef | null; datetime: string } | null;
};

export type DecisionAnswer = {
  results: { enrollment: number; result: DecisionOutcome }[];
  counts: Partial<Record<DecisionOutcome, number>>;
};
export type CloseAnswer = { rejected: number; datetime_close: string };

// ── Budgets (docs/decisions/055) ────────────────────────────────────────────────────────────

/** A content's budget id: its content type's code and its id, `course-12`. */
export const BUDGET_ID = /^([a-z_]{1,40})-(\d{1,12})$/;
export const budgetId = (type: string, contentId: number) => `${type}-${contentId}`;

/** GET dashboard/budget/: filters. */
export const budgetQuerySchema = z.object({ content_type: typeCode().optional() });

export type BudgetCategoryRef = { id: number; name_bp: string; name_ac: string; code: string };
export type BudgetRow = {
  id: string;
  content: ContentSummary;
  price: number;
  count_learner: number;
  plan: number;
  actual: number;
  /** plan − actual: what is left (negative: over budget). */
  difference: number;
};
export type BudgetCategoryTotal = { category: BudgetCategoryRef; plan: number; actual: number };
export type BudgetListAnswer = {
  results: BudgetRow[];
  count: number;
  page: number;
  page_size: number;
  next: string | null;
  /** Over every content the filters match, not only this page. */
  totals: { plan: number; actual: number; by_category: BudgetCategoryTotal[] };
};
export type BudgetSummary = {
  id: string;
  content: ContentSummary;
  price: number;
  price_discount: number | null;
  count_learner: number;
  cost: number;
  price_margin: number;
  plan: number;
  actual: number;
  difference: number;
  by_category: BudgetCategoryTotal[];
  datetime_update: { price: string | null; plan: string | null; actual: string | null };
};

/**
 * Budget category (spec 001 §3 "Budget category: name_bp, name_ac"): both names and a unique code,
 * all required; its type (BUDGET_CATEGORY_TYPE: where it can be picked, default both; a blank
 * choice is the default) — docs/decisions/083.
 */
export function budgetCategorySchemas(limits: ContentLimits = DEFAULT_CONTENT_LIMITS) {
  const code = codeField(limits).refine((v) => v !== null, MSG.required);
  // A blank choice is no choice: the default on create, unchanged on update.
  const type = z.preprocess((v) => (isBlank(v) ? undefined : v), codeOf(BUDGET_CATEGORY_TYPES));
  const { create, update } = createAndUpdate(
    { name_bp: nameField(limits), name_ac: nameField(limits), code, type },
    ["name_bp", "name_ac", "code"],
    {},
  );
  return {
    create: create.extend({ type: withDefault(codeOf(BUDGET_CATEGORY_TYPES), BUDGET_CATEGORY_TYPE.both) }),
    update,
  };
}
export type BudgetCategory = BudgetCategoryRef & { type: BudgetCategoryType; count_record: number };

// ── A learner's own enrolment (issue 33 item 2; docs/decisions/074) ─────────────────────────

/** POST {type}/{id}/enroll/ and …/enroll/form/: the enrollment form's answers (question id → answer). */
export const enrolInputSchema = z.object({ answers: answersSchema.optional() });
export type EnrolInput = z.infer<typeof enrolInputSchema>;

/** GET (and the POSTs' answer) {type}/{id}/enroll/: where the signed-in learner stands with a content. */
export type LearnerEnrolment = {
  content: ContentSummary;
  case: EnrolCase;
  /** Whether an enrolment (POST enroll/) is taken now. */
  can_enroll: boolean;
  enrollment: { id: number; status: ProgressStatus; datetime_enroll: string } | null;
  type_access: number;
  /** The enrollment form the learner answers (before enrolling, or at form required), else null. */
  form: Form | null;
  seats: Seats | null;
  /** What the content costs, in baht (0: free). */
  cost: number;
  /** The approval flow's request (access waiting for a flow), else null. */
  request: { id: number; status: number; step: number; count_step: number; flow: string | null } | null;
  /** A rejection's reason, as the decider wrote it. */
  reason: string | null;
};
