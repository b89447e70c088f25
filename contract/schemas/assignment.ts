import { z } from "../zod";
import type { Paged } from "../http";
import { MSG } from "../messages";
import { checkbox, code, dateOnly, id, idList, int, isBlank, parseIsoDateTime } from "./form-fields";
import { DEFAULT_CONTENT_LIMITS, type ContentLimits } from "./content";
import { nameField } from "./master-data";
import { text } from "./text";
import {
  ASG_MSG,
  AUTO_DEFAULTS,
  RULE_CRITERIA,
  RULE_OPERATOR_CODES,
  type RuleCriterion,
  RECURRING_UNIT_CODES,
  RESULT_STATUS_CODES,
  TYPE_ACTION_CODES,
  TYPE_EXPAND_CODES,
  TYPE_EXPIRE_CODES,
  type AssignmentKind,
  type AssignmentResult,
} from "../assignment-codes";
import type { ProgressStatus } from "../codes";

/**
 * Assignments, auto-assignments and suggestions (spec 001 §3/§4 "Assignment", spec 002 §7;
 * docs/decisions/051–053): the inputs the dashboard and the API share, and the API's answers.
 * Inputs take what an HTML form posts (texts, a missing checkbox) as well as JSON.
 */

/** Longest period of doing or extension, in days (ten years). */
export const MAX_DURATION_DAYS = 3650;
const days = () =>
  z.preprocess(
    (v) => (isBlank(v) ? null : v),
    int({ min: 1, max: MAX_DURATION_DAYS, rangeMessage: ASG_MSG.days_range }).nullable(),
  );
const withZero = <S extends z.ZodType>(s: S) => z.preprocess((v) => (isBlank(v) ? 0 : v), s);
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A day of the settings: "YYYY-MM-DD", or an ISO date-time as spec 001 §3 sends `datetime_assign`
 * and `datetime_expand` ("(ISO)", R156) — read as the calendar day it is in the organisation's
 * zone (`offsetMinutes` east of UTC), which is what these settings keep.
 */
const dayOf = (offsetMinutes: number) =>
  z.preprocess((v) => {
    if (typeof v !== "string" || !v.includes("T")) return v;
    const iso = parseIsoDateTime(v.trim());
    return iso === null ? v : new Date(Date.parse(iso) + offsetMinutes * 60_000).toISOString().slice(0, 10);
  }, dateOnly());

/**
 * The settings an assignment (and a suggestion) has: when, how long, what happens to a learner
 * who has the content, and whether the organisation pays (`is_no_charge`: no credit spent,
 * docs/decisions/075).
 */
const settingsShape = (limits: ContentLimits, offsetMinutes: number) => ({
  name: nameField(limits),
  datetime_assign: dayOf(offsetMinutes),
  type_expire: withZero(code(TYPE_EXPIRE_CODES)),
  datetime_expire: dayOf(offsetMinutes),
  duration_expire: days(),
  type_action: withZero(code(TYPE_ACTION_CODES)),
  type_expand: withZero(code(TYPE_EXPAND_CODES)),
  datetime_expand: dayOf(offsetMinutes),
  duration_expand: days(),
  is_no_charge: checkbox(),
});

/** A whole number of a setting, blank: its default; out of bounds: `message`, which names them. */
const intSetting = (fallback: number, min: number, max: number, message: string) =>
  z.preprocess((v) => (isBlank(v) ? fallback : v), int({ min, max, rangeMessage: message }));

/** The auto-assignment's own settings (spec 001 §3 "Auto-assignment settings"; decision 052). */
const autoShape = {
  date_start: dateOnly(),
  date_end: dateOnly(),
  assign_time: z.preprocess(
    (v) => (isBlank(v) ? AUTO_DEFAULTS.assign_time : v),
    text().refine((s) => TIME.test(s), ASG_MSG.assign_time_format),
  ),
  assign_day: intSetting(AUTO_DEFAULTS.assign_day, 1, 31, ASG_MSG.assign_day_range),
  assign_month: intSetting(AUTO_DEFAULTS.assign_month, 1, 12, ASG_MSG.assign_month_range),
  is_recurring: checkbox(),
  count_recurring: intSetting(AUTO_DEFAULTS.count_recurring, 1, 365, ASG_MSG.count_recurring_range),
  recurring_unit: withZero(code(RECURRING_UNIT_CODES)),
  // Spec 001 §3 "Assignment result setting" (R153): stored and honoured, never dropped.
  result_status: withZero(code(RESULT_STATUS_CODES)),
};

type Settings = {
  datetime_assign?: string | null;
  type_expire?: number;
  datetime_expire?: string | null;
  duration_expire?: number | null;
  type_expand?: number;
  datetime_expand?: string | null;
  duration_expand?: number | null;
  date_start?: string | null;
  date_end?: string | null;
};

/**
 * The rules between fields (spec 001 §5 "expiry date after assignment date"): a date or duration
 * its choice needs, the expiry and extension dates after the assignment date, an end not before
 * its start. Each refusal on its own field. Checked on what the object holds (a PATCH: the fields given,
 * the API checks the merged row again).
 */
export function settingsIssues(v: Settings): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if (v.type_expire === 1 && !v.datetime_expire) out.push({ path: "datetime_expire", message: ASG_MSG.date_required });
  if (v.type_expire === 2 && !v.duration_expire)
    out.push({ path: "duration_expire", message: ASG_MSG.duration_required });
  if (v.type_expand === 1 && !v.datetime_expand) out.push({ path: "datetime_expand", message: ASG_MSG.date_required });
  if (v.type_expand === 2 && !v.duration_expand)
    out.push({ path: "duration_expand", message: ASG_MSG.duration_required });
  const assign = v.datetime_assign ?? v.date_start ?? null;
  if (v.type_expire === 1 && v.datetime_expire && assign && v.datetime_expire <= assign)
    out.push({ path: "datetime_expire", message: ASG_MSG.expire_before_assign });
  if (v.type_expand === 1 && v.datetime_expand && assign && v.datetime_expand <= assign)
    out.push({ path: "datetime_expand", message: ASG_MSG.expand_before_assign });
  if (v.date_start && v.date_end && v.date_end < v.date_start)
    out.push({ path: "date_end", message: ASG_MSG.end_before_start });
  return out;
}

const checked = <T extends z.ZodType>(schema: T) =>
  schema.superRefine((v, ctx) => {
    for (const i of settingsIssues(v as Settings)) ctx.addIssue({ code: "custom", path: [i.path], message: i.message });
  });

/**
 * Create and update of a shape: create takes `type` (spec 002 §7 posts it; it must then be the
 * path's kind) and a blank or missing name, which the API names after the kind (UNTITLED_NAMES:
 * spec 002 §7's `{type}` alone answers an id); update takes the fields given.
 */
function createAndUpdate<S extends ReturnType<typeof settingsShape> & Record<string, z.ZodType>>(shape: S) {
  const create = checked(
    z.object({
      ...shape,
      name: z.preprocess(
        (v) => (isBlank(v) || (typeof v === "string" && !v.trim()) ? undefined : v),
        shape.name.optional(),
      ),
      type: z.preprocess((v) => (isBlank(v) ? undefined : v), code([0, 1, 2]).optional()),
    }),
  );
  const update = checked(
    z.object(
      Object.fromEntries(Object.entries(shape).map(([k, f]) => [k, (f as z.ZodType).optional()])) as {
        [K in keyof S]: z.ZodOptional<S[K]>;
      },
    ),
  );
  return { create, update };
}

/**
 * An assignment's or suggestion's settings. `offsetMinutes`: the organisation's zone, for a
 * date-time given where a day is kept (the API's; the dashboard's forms post days).
 */
export function assignmentSchemas(limits: ContentLimits = DEFAULT_CONTENT_LIMITS, offsetMinutes = 0) {
  return createAndUpdate(settingsShape(limits, offsetMinutes));
}
/** An auto-assignment's settings: the assignment's and its rounds'. */
export function autoAssignmentSchemas(limits: ContentLimits = DEFAULT_CONTENT_LIMITS, offsetMinutes = 0) {
  return createAndUpdate({ ...settingsShape(limits, offsetMinutes), ...autoShape });
}
export type AssignmentInput = Partial<z.output<ReturnType<typeof autoAssignmentSchemas>["update"]>> & { type?: number };

/** POST {id}/content/ (spec 002 §7): content_type_id and content_list. */
export const assignmentContentSchema = z.object({
  content_type_id: id(),
  content_list: idList(200).refine((l) => l.length > 0, MSG.required),
});

const operator = () => z.preprocess((v) => (isBlank(v) ? 1 : v), code(RULE_OPERATOR_CODES));
const ruleShape = {
  /** Blank: every assignable content type (spec 001 §3 is_all_content_types). */
  content_type_id: z.preprocess((v) => (isBlank(v) || v === "all" ? null : v), id().nullable()),
  content_list: idList(200),
  content_operator: operator(),
  ...(Object.fromEntries(
    RULE_CRITERIA.flatMap((c) => [
      [`${c}_list`, idList(200)],
      [`${c}_operator`, operator()],
    ]),
  ) as {
    [K in `${RuleCriterion}_list`]: ReturnType<typeof idList>;
  } & { [K in `${RuleCriterion}_operator`]: ReturnType<typeof operator> }),
};

/**
 * POST {id}/content/rule/ (an auto-assignment's content condition, decision 059): a content type or
 * all of them, each criterion's list with its operator, chosen contents with theirs — those only
 * name contents of one type.
 */
export const contentRuleSchema = z.object(ruleShape).superRefine((v, ctx) => {
  if (v.content_type_id === null && v.content_list.length)
    ctx.addIssue({ code: "custom", path: ["content_list"], message: ASG_MSG.rule_needs_type });
});
export type ContentRuleInput = z.output<typeof contentRuleSchema>;

/** PUT {id}/audience/: who the assignment names — accounts, departments (with their sub-departments), groups (their conditions evaluated). */
export const audienceSchema = z.object({
  account_list: idList(5000),
  department_list: idList(200),
  include_sub_department: checkbox(),
  group_list: idList(200),
});
export type AudienceInput = z.output<typeof audienceSchema>;

/** PATCH {id}/progress/{enrollmentId}/ {status}: only among 22, 30, -5 (spec 001 §4). */
export const assignmentProgressSchema = z.object({ status: code([22, 30, -5]) });

// ---- answers ----

/** A content it holds; `rule_id`: brought by that content rule (decision 059), null when added by hand. */
export type AssignmentContent = {
  id: number;
  content_type_id: number;
  content_type: string;
  content_id: number;
  name: string;
  code: string | null;
  rule_id: number | null;
};
/** A content rule as the API answers it: its lists (ids), operators, and how many contents it brings now. */
export type ContentRule = ContentRuleInput & {
  id: number;
  content_type: string | null;
  content_names: { id: number; name: string }[];
  count_content: number;
};
export type Assignment = {
  id: number;
  type: AssignmentKind;
  name: string;
  status: number;
  datetime_assign: string | null;
  type_expire: number;
  datetime_expire: string | null;
  duration_expire: number | null;
  type_action: number;
  type_expand: number;
  datetime_expand: string | null;
  duration_expand: number | null;
  date_start: string | null;
  date_end: string | null;
  assign_time: string;
  assign_day: number;
  assign_month: number;
  is_recurring: boolean;
  count_recurring: number;
  recurring_unit: number;
  datetime_next_round: string | null;
  /** Assigned by the organisation: its learnings spend no credit (docs/decisions/075). */
  is_no_charge: boolean;
  /** An auto-assignment's result setting (RESULT_STATUS): 1, an administrator approves each completion. */
  result_status: number;
  count_content: number;
  count_learner: number;
  count_result: number;
  datetime_applied: string | null;
  datetime_create: string;
  datetime_update: string;
};
export type Audience = {
  account_list: { id: number; username: string; first_name: string; last_name: string }[];
  department_list: number[];
  include_sub_department: boolean;
  group_list: number[];
};
/**
 * One learner and content of a preview or a result. `cost`: the credit it spends, in hundredths;
 * `balance`: the learner's credit before it, in hundredths, when the learning has a price (a
 * charge or "not enough credit"), else null.
 */
export type AssignmentLine = {
  account: number;
  username: string | null;
  content: number;
  result: AssignmentResult;
  cost: number;
  balance: number | null;
};
/** The preview (spec 001 §3 "Preview"): what assigning now would do, per content and in total. */
export type AssignmentPreview = {
  assigned_time: string;
  datetime_assign: string | null;
  content_period_doing: { type_expire: number; datetime_expire: string | null; duration_expire: number | null };
  content_period_expand: { type_expand: number; datetime_expand: string | null; duration_expand: number | null };
  count_learner: number;
  add: number;
  skip: number;
  by_result: { result: AssignmentResult; count: number }[];
  /** Assigned by the organisation: nobody is charged. */
  is_no_charge: boolean;
  /** Who would be charged, and how much altogether (hundredths). */
  charged: { learners: number; total: number };
  /** Per content: its price per learning (hundredths; 0 free or not charged) and the total it would charge. */
  contents: {
    id: number;
    name: string;
    add: number;
    skip: number;
    cost: number;
    charged: number;
    by_result: { result: AssignmentResult; count: number }[];
  }[];
  lines: AssignmentLine[];
};
export type AssignmentResultRow = {
  id: number;
  round: number;
  account: { id: number; username: string; first_name: string; last_name: string };
  content: { id: number; content_type_id: number; content_id: number; name: string };
  result: AssignmentResult;
  added_by: number;
  credit: number;
  datetime_expire: string | null;
  status: ProgressStatus | null;
  enrollment: number | null;
  datetime_create: string;
};
export type AssignmentResults = Paged<AssignmentResultRow> & {
  by_result: { result: AssignmentResult; count: number }[];
};
export type AssignmentRound = {
  id: number;
  datetime_due: string;
  datetime_run: string | null;
  status: number;
  is_refresh: boolean;
  count_added: number;
  count_result: number;
};
