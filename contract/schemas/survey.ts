import { z } from "../zod";
import { MSG } from "../messages";
import { text } from "./text";
import { checkbox, code, idList, isBlank, nullableId } from "./form-fields";
import { ALL_TAG_EXTRAS, DEFAULT_CONTENT_LIMITS, courseSchemas, type ContentDetail, type ContentLimits, type ContentRow, type IdName } from "./content";
import { SURVEY_TYPE, SURVEY_TYPE_CODES } from "../extras-codes";
import type { TagExtraField } from "../codes";

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
} as const;

const blankTo = <T extends z.ZodType>(fallback: unknown, schema: T) => z.preprocess((v) => (isBlank(v) ? fallback : v), schema);

/** The survey's own fields of the information form (spec 001 §3). */
const ownFields = (limits: ContentLimits) => ({
  survey_type: blankTo(SURVEY_TYPE.questionnaire, code(SURVEY_TYPE_CODES)),
  contact: z.preprocess((v) => (v == null ? "" : v), text({ error: MSG.invalid }).trim().max(limits.text, MSG.too_long)),
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
export function surveySchemas(limits: ContentLimits = DEFAULT_CONTENT_LIMITS, enabledExtras: readonly TagExtraField[] = ALL_TAG_EXTRAS) {
  const { create, update } = courseSchemas(limits, enabledExtras);
  const own = ownFields(limits);
  return {
    // A blank contact is empty (missing, as a form's blank field reaches the schema).
    create: create.omit({ instructor_list: true }).extend({ ...own, contact: own.contact.default(""), provider: nullableId().default(null) }),
    update: update.omit({ instructor_list: true }).extend({
      survey_type: own.survey_type.optional(),
      contact: own.contact.optional(),
      is_anonymous: own.is_anonymous.optional(),
      is_editable: own.is_editable.optional(),
      is_template: own.is_template.optional(),
      is_required: own.is_required.optional(),
      provider: nullableId().optional(),
    }),
  };
}
export type SurveyCreateInput = z.output<ReturnType<typeof surveySchemas>["create"]>;
export type SurveyUpdateInput = z.output<ReturnType<typeof surveySchemas>["update"]>;

/** The domain tab (PATCH dashboard/survey/{id}/domain/): what the survey asks about, and which instructors. */
export const surveyDomainSchema = z
  .object({ target_type: blankTo(SURVEY_TARGET.content, code(SURVEY_TARGET_CODES)), instructor_list: idList(200) })
  .refine((d) => d.target_type === SURVEY_TARGET.instructor || d.instructor_list.length === 0, { message: SURVEY_MSG.instructors_need_target, path: ["instructor_list"] });
export type SurveyDomainInput = z.output<typeof surveyDomainSchema>;

/** spec 001 §3 content_period_doing: type_expire 0 publish, 1 schedule, -1 unpublish. */
export type SurveyPeriod = { type_expire: -1 | 0 | 1; datetime_start: string | null; datetime_end: string | null };

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
