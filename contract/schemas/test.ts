import { z } from "../zod";
import { MSG } from "../messages";
import { text } from "./text";
import { checkbox, code, idList, int, isBlank, nullableId, withDefault } from "./form-fields";
import {
  ALL_TAG_EXTRAS,
  DEFAULT_CONTENT_LIMITS,
  courseSchemas,
  type ContentDetail,
  type ContentLimits,
  type ContentRow,
} from "./content";
import type { TagExtraField } from "../codes";
import { CONFIG_DEFAULTS } from "../config";
import { DRAW_METHODS, DRAW_RANDOMS, DRAW_SELECTS, PASS_CONDITION_TYPES, TEST_TYPES } from "../test-codes";

/**
 * Tests and their parts (issue 18 §1–§2; spec 001 §3 "Test, test bank and their parts", §5
 * "Questions"; docs/decisions/064): the test's information and setting forms, a section, a
 * question and its choices (one question store for a test section and a bank), and a section's
 * rule for drawing from a bank. Each accepts an HTML form's posts as well as JSON.
 */

/** Dictionary keys (test namespace) of this area's refusals. */
export const TEST_MSG = {
  /** spec 001 §5 "Test section pass score is capped at full score". */
  pass_over_full: "tst_msg_pass_over_full",
  /** A test type configuration has not switched on. */
  type_off: "tsq_msg_type_off",
  /** A range that is not `1-5, 8, 10-12`. */
  range_syntax: "tst_msg_range_syntax",
  /** A range part written backwards (`5-1`). */
  range_order: "tst_msg_range_order",
  /** A range naming questions the bank does not have ({{count}}: how many it has). */
  range_out_of_bank: "tst_msg_range_out_of_bank",
  /** More questions asked than the pool holds ({{count}}). */
  range_too_many: "tst_msg_range_too_many",
  /** A matching prompt's pair that is not an answer choice of the same question (docs/decisions/070). */
  pair_not_answer: "tsq_msg_pair_not_answer",
} as const;

/** The default limits, read from the config defaults: content.ts imports this file, so its own constants are not ready yet here. */
const LIMITS = { text: CONFIG_DEFAULTS["text-limit"].value, description: CONFIG_DEFAULTS["description-limit"].value };

// `.default("")`: a form's blank field reaches the schema as missing (conform), and means empty.
const limitsText = (max: number) =>
  z.preprocess((v) => (v == null ? "" : v), text({ error: MSG.invalid }).trim().max(max, MSG.too_long)).default("");
const longText = (max: number) =>
  z
    .preprocess((v) => (v == null ? "" : v), text({ multiline: true, error: MSG.invalid }).max(max, MSG.too_long))
    .default("");

/** The setting tab (spec 001 §3 "Test settings: is_template, term" and the test's own settings). */
export const testSettingShape = (limits: Pick<ContentLimits, "description"> = LIMITS) => ({
  is_template: checkbox(),
  term: longText(limits.description),
  /** 0 the summary is automatic, 1 an administrator approves the result. */
  result_setting: withDefault(code([0, 1] as const), 0),
  /** How many attempts a learner has; 0 = unlimited. */
  attempt: withDefault(int({ max: 1000 }), 1),
  /** Minutes an attempt may take; 0 = no limit. */
  duration: withDefault(int({ max: 100_000 }), 0),
});
export const testSettingSchema = z.object(testSettingShape());
export type TestSettingInput = z.output<typeof testSettingSchema>;
export type TestSetting = {
  is_template: boolean;
  term: string;
  result_setting: 0 | 1;
  attempt: number;
  duration: number;
};

/** The information form: the engine's content fields without instructors. Its settings are the setting tab's. */
export function testSchemas(
  limits: ContentLimits = DEFAULT_CONTENT_LIMITS,
  enabledExtras: readonly TagExtraField[] = ALL_TAG_EXTRAS,
) {
  const { create, update } = courseSchemas(limits, enabledExtras);
  return { create: create.omit({ instructor_list: true }), update: update.omit({ instructor_list: true }) };
}

/** A row of GET dashboard/test/ (image is always null: a test has no cover). */
export type TestRow = ContentRow & { section_count: number; question_count: number };
/** GET dashboard/test/{id}/. */
export type Test = TestRow & ContentDetail & TestSetting;

/** A section (spec 001 §3): name defaults to "Untitled Section"; pass score capped at full score. */
export const sectionSchema = z
  .object({
    name: z.preprocess(
      (v) => (isBlank(v) ? "Untitled Section" : v),
      text({ error: MSG.invalid }).trim().min(1, MSG.required).max(LIMITS.text, MSG.too_long),
    ),
    desc: longText(LIMITS.description),
    full_score: withDefault(int({ max: 100_000 }), 0),
    pass_score: withDefault(int({ max: 100_000 }), 0),
    pass_condition_type: withDefault(code(PASS_CONDITION_TYPES), 0),
    is_question_shuffle: checkbox(),
    is_choice_shuffle: checkbox(),
  })
  .refine((s) => s.pass_score <= s.full_score, { message: TEST_MSG.pass_over_full, path: ["pass_score"] });
export type SectionInput = z.output<typeof sectionSchema>;
/**
 * A section as read: its questions and draw rules counted; `question_score`, what the questions an
 * attempt asks are worth together (min < max when a random draw mixes scores), which publishing
 * holds to full_score; `unmarkable`, questions it may ask that no answer can earn (a multiple
 * choice without a correct choice, a matching one with a prompt not paired), by owner (the section
 * or the bank drawn from, whose id is `bank`) and number (docs/decisions/076).
 */
export type TestSection = SectionInput & {
  id: number;
  sort: number;
  question_count: number;
  draw_count: number;
  question_score: { min: number; max: number };
  unmarkable: { owner: string; number: number; bank: number | null }[];
};

/** Question create (spec 002 §7 "Question POST with desc and, for tests, type 1"). */
export const questionCreateSchema = z.object({
  desc: z
    .preprocess(
      (v) => (v == null ? "" : v),
      text({ multiline: true, error: MSG.invalid }).max(LIMITS.description, MSG.too_long),
    )
    .default(""),
  type: withDefault(code(TEST_TYPES), 1),
});
/** Question edit: everything an administrator sets on one question. */
export const questionUpdateSchema = z.object({
  desc: longText(LIMITS.description),
  desc_hint: longText(LIMITS.description),
  desc_answer: longText(LIMITS.description),
  desc_evaluation: longText(LIMITS.description),
  answer: limitsText(LIMITS.text),
  answer_gap: withDefault(
    z.preprocess(
      (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
      z.number({ error: MSG.invalid }).min(0, MSG.invalid).max(1_000_000, MSG.invalid),
    ),
    0,
  ),
  score: withDefault(int({ max: 10_000 }), 1),
  tag_list: idList(50),
  is_hide: checkbox(),
});
export type QuestionUpdateInput = z.output<typeof questionUpdateSchema>;
/** Move a question to another number (1-based) within its owner. */
export const questionMoveSchema = z.object({ number: int({ min: 1, max: 100_000 }) });

/**
 * A choice. On a matching question (type 2, docs/decisions/070) a choice with is_answer is an
 * answer (the right-hand column) and one without is a prompt, whose `pair` names the answer choice
 * it matches (blank: none yet); other types and answers take no pair. Its text is required: a
 * choice written blank is a field error, never saved as "Untitled Choice", which only names the
 * choices a new question starts with (spec 001 "Questions"; docs/decisions/076).
 */
export const choiceSchema = z.object({
  desc: z.preprocess(
    (v) => (v == null ? "" : v),
    text({ multiline: true, error: MSG.invalid }).trim().min(1, MSG.required).max(LIMITS.description, MSG.too_long),
  ),
  is_answer: checkbox(),
  pair: nullableId().optional(),
});
export type ChoiceInput = z.output<typeof choiceSchema>;
export type TestChoice = { id: number; sort: number; desc: string; is_answer: boolean; pair: number | null };
export type TestQuestion = {
  id: number;
  number: number;
  type: number;
  desc: string;
  desc_hint: string;
  desc_answer: string;
  desc_evaluation: string;
  answer: string;
  answer_gap: number;
  score: number;
  is_hide: boolean;
  tag_list: { id: number; name: string }[];
  choice_list: TestChoice[];
};

/** A section's rule for drawing from a bank (spec 001 §3 "Question selection from a bank"). */
export const drawSchema = z.object({
  bank: int({ min: 1, max: 2_147_483_647 }),
  tag_list: idList(50),
  type_method: withDefault(code(DRAW_METHODS), 0),
  type_random: withDefault(code(DRAW_RANDOMS), 0),
  type_select: withDefault(code(DRAW_SELECTS), 0),
  number: withDefault(int({ max: 10_000 }), 0),
  range: limitsText(LIMITS.text),
  question_list: idList(10_000),
});
export type DrawInput = z.output<typeof drawSchema>;
/** GET …/section/{sectionid}/testbank/{testbankid}/preview/: what the saved rule would ask (docs/decisions/070). */
export type TestDrawPreview = {
  type_method: number;
  type_random: number;
  number: number;
  pool: { number: number; desc: string }[];
  /** Fixed picks (selected numbers, or one draw for every attempt), else null: a new draw per attempt. */
  picks: { number: number; desc: string }[] | null;
};
export type TestDraw = Omit<DrawInput, "bank" | "tag_list"> & {
  id: number;
  sort: number;
  bank: { id: number; name: string };
  tag_list: number[];
  question_count: number;
};
