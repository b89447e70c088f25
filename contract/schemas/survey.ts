import { z } from "../zod";
import { MSG } from "../messages";
import { text } from "./text";
import { checkbox, code, idList, isBlank, nullableId } from "./form-fields";
import {
  ALL_TAG_EXTRAS,
  DEFAULT_CONTENT_LIMITS,
  courseSchemas,
  type ContentDetail,
  type ContentLimits,
  type ContentRow,
  type IdName,
} from "./content";
import { SURVEY_TYPE, SURVEY_TYPE_CODES } from "../extras-codes";
import type { TagExtraField } from "../codes";
import { liveInstant } from "./live";
// Types only: requests.ts reads content.ts at load, which reads this file (a value import would cycle).
import type { FormAnswer, FormSection, PersonRef } from "./requests";
import { MAX_CHOICES, type QuestionType } from "../request-codes";

/**
 * Surveys (issue 18 §4; spec 001 §3 "Survey", §4 survey and target types, "A survey counts as
 * published when type_expire is above -1"; docs/decisions/062): the information form's schemas,
 * the domain tab's, and the API's answers. A survey is a content of the engine: its common fields
 * are the engine's (contract/schemas/content.ts) without instructors, which are its domain's.
 */

/** Spec 001 §4 "Survey target types": what a survey asks about. */
export const SURVEY_TARGET = { content: 0, instructor: 1, system: 2, other: 3 } as const;
export type SurveyTarget = (typeof SURVEY_TARGET)[keyof typeof SURVEY_TARGET];
export const SURVEY_TARGET_CODES: readonly SurveyTarget[] = Object.values(SURVEY_TARGET);
export { SURVEY_TYPE, SURVEY_TYPE_CODES };

/** Dictionary keys (survey namespace) of this area's refusals. */
export const SURVEY_MSG = {
  /** The survey type is fixed once someone answered (is_survey_type_editable false). */
  type_locked: "svy_msg_type_locked",
  /** Deleting a survey a content or a class session still attaches (424). */
  in_use: "svy_msg_in_use",
  /** Instructors are named only when the survey is about instructors. */
  instructors_need_target: "svy_msg_instructors_need_target",
  /** docs/decisions/067: a multiple choice answer ticking more than the question's max_select. */
  too_many_choices: "svy_msg_too_many_choices",
  /** A scale answer outside value_min … value_max. */
  scale_out_of_range: "svy_msg_scale_out_of_range",
  /** A second answer to a survey whose answers cannot be changed (is_editable off). */
  already_answered: "svy_msg_already_answered",
  /** Answering a survey scheduled to open later. */
  not_open: "svy_msg_not_open",
  /** Answering a survey past its end (content_period_doing.datetime_end). */
  closed: "svy_msg_closed",
  /** An end not after the survey's start. */
  end_before_start: "svy_msg_end_before_start",
} as const;

/**
 * When answering closes (spec 001 §3 content_period_doing.datetime_end): an instant, a
 * datetime-local value read as UTC as a live's times are; blank is "no end".
 */
const surveyEnd = () => z.preprocess((v) => (isBlank(v) ? null : v), liveInstant().nullable());

const blankTo = <T extends z.ZodType>(fallback: unknown, schema: T) =>
  z.preprocess((v) => (isBlank(v) ? fallback : v), schema);

/** The survey's own fields of the information form (spec 001 §3). */
const ownFields = (limits: ContentLimits) => ({
  survey_type: blankTo(SURVEY_TYPE.questionnaire, code(SURVEY_TYPE_CODES)),
  contact: z.preprocess(
    (v) => (v == null ? "" : v),
    text({ error: MSG.invalid }).trim().max(limits.text, MSG.too_long),
  ),
  is_anonymous: checkbox(),
  is_editable: checkbox(),
  is_template: checkbox(),
  is_required: checkbox(),
});

/**
 * Create and update. The provider may be left out: the API then takes the provider role the
 * account has in use (spec 001 §3 "provider (defaults to the provider role in use)"), or answers
 * `provider: required` when it has none.
 */
export function surveySchemas(
  limits: ContentLimits = DEFAULT_CONTENT_LIMITS,
  enabledExtras: readonly TagExtraField[] = ALL_TAG_EXTRAS,
) {
  const { create, update } = courseSchemas(limits, enabledExtras);
  const own = ownFields(limits);
  return {
    // A blank contact is empty (missing, as a form's blank field reaches the schema).
    // `template`: a template survey to start from (docs/decisions/067): its questions and settings are copied.
    create: create.omit({ instructor_list: true }).extend({
      ...own,
      contact: own.contact.default(""),
      provider: nullableId().default(null),
      datetime_end: surveyEnd(),
      template: nullableId(),
    }),
    update: update.omit({ instructor_list: true }).extend({
      survey_type: own.survey_type.optional(),
      contact: own.contact.optional(),
      is_anonymous: own.is_anonymous.optional(),
      is_editable: own.is_editable.optional(),
      is_template: own.is_template.optional(),
      is_required: own.is_required.optional(),
      provider: nullableId().optional(),
      // Checked against the stored start by the API (the start is the display's).
      datetime_end: surveyEnd().optional(),
    }),
  };
}
export type SurveyCreateInput = z.output<ReturnType<typeof surveySchemas>["create"]>;
export type SurveyUpdateInput = z.output<ReturnType<typeof surveySchemas>["update"]>;

/** The domain tab (PATCH dashboard/survey/{id}/domain/): what the survey asks about, and which instructors. */
export const surveyDomainSchema = z
  .object({ target_type: blankTo(SURVEY_TARGET.content, code(SURVEY_TARGET_CODES)), instructor_list: idList(200) })
  .refine((d) => d.target_type === SURVEY_TARGET.instructor || d.instructor_list.length === 0, {
    message: SURVEY_MSG.instructors_need_target,
    path: ["instructor_list"],
  });
export type SurveyDomainInput = z.output<typeof surveyDomainSchema>;

/** spec 001 §3 content_period_doing: type_expire 0 publish, 1 schedule, -1 unpublish. */
export type SurveyPeriod = { type_expire: -1 | 0 | 1; datetime_start: string | null; datetime_end: string | null };

/**
 * A learner's answer (POST survey/{id}/answer/, docs/decisions/067): question id → text, a scale's
 * number, or the chosen choice ids; `other`: the written "other" answer of a choice question
 * that offers one (is_optional).
 */
const QUESTION_KEY = z.string().regex(/^\d{1,10}$/);
export const surveyAnswerSchema = z.object({
  // The shape of requests.ts answersSchema.
  answers: z
    .record(QUESTION_KEY, z.union([z.string().max(5000), z.array(z.union([z.string(), z.number()])).max(MAX_CHOICES)]))
    .default({}),
  other: z.record(QUESTION_KEY, z.string().max(5000)).default({}),
});
export type SurveyAnswerInput = z.output<typeof surveyAnswerSchema>;

/** GET/POST survey/{id}/answer/: the survey, its questions, and the account's own answer if any. */
export type SurveyAnswerSheet = {
  survey: {
    id: number;
    name: string;
    desc: string;
    survey_type: number;
    is_anonymous: boolean;
    is_editable: boolean;
    content_period_doing: SurveyPeriod;
  };
  sections: FormSection[];
  /** Whether a (new or changed) answer would be taken now. */
  can_answer: boolean;
  answer: { datetime_create: string; answers: FormAnswer[] } | null;
};

/** One question of GET dashboard/survey/{id}/result/. */
export type SurveyResultQuestion = {
  id: number;
  section: { id: number; name: string };
  text: string;
  type: QuestionType | 7;
  is_average: boolean;
  /** Answers that answered it (one per submission). */
  count_answer: number;
  /** Choice questions: each choice's count and its share of count_answer (0…1). */
  choices: { id: number; text: string; count: number; share: number }[];
  /** A scale question: each point from value_min to value_max with its count and share. */
  scale: { value: number; count: number; share: number }[];
  /** Written "other" answers of a choice question (is_optional). */
  count_other: number;
  /** A scale or number question with is_average: the mean of its answers, else null. */
  average: number | null;
  /** Written answers (text, long text, date, other), newest first; `account` null when anonymous. */
  answers: { value: string; account: PersonRef | null; datetime_create: string }[];
};
/** GET dashboard/survey/{id}/result/ (docs/decisions/067). */
export type SurveyResult = { count_submission: number; is_anonymous: boolean; questions: SurveyResultQuestion[] };

/** A row of GET dashboard/survey/. */
export type SurveyRow = ContentRow & {
  survey_type: number;
  target_type: SurveyTarget;
  /** Published when type_expire > -1 (shown, or scheduled to be). */
  is_publish: boolean;
  count_question: number;
};
/** GET dashboard/survey/{id}/ and the answer of every write on it. */
export type Survey = SurveyRow &
  ContentDetail & {
    contact: string;
    is_anonymous: boolean;
    is_editable: boolean;
    is_template: boolean;
    is_required: boolean;
    content_period_doing: SurveyPeriod;
    /** content_period_doing.datetime_end, where the information form reads it. */
    datetime_end: string | null;
    /** Someone answered: the type may no longer change. */
    is_survey_type_editable: boolean;
    /** It has at least one question. */
    is_ready_to_publish: boolean;
    instructor_list: IdName[];
  };
/** GET dashboard/survey/{id}/domain/: the target, its instructors, and the contents that attach the survey. */
export type SurveyDomain = {
  target_type: SurveyTarget;
  instructor_list: IdName[];
  content_list: { content_type: string; id: number; name: string; code: string; is_required: boolean }[];
};

/**
 * One respondent's answer to a survey attached to a course or class (docs/decisions/081):
 * `account` null when the survey is anonymous; `answers` per question id, as text (choices
 * joined by "; ", an "other" answer after them).
 */
export type SurveyAnswerRow = {
  id: number;
  account: PersonRef | null;
  datetime_create: string;
  answers: Record<string, string>;
};
/** GET dashboard/{course|class}/{id}/survey/{rowid}/result/: the survey's results among the content's learners. */
export type ContentSurveyResult = {
  survey: { id: number; name: string; is_anonymous: boolean };
  questions: { id: number; text: string }[];
  result: SurveyResult;
};
