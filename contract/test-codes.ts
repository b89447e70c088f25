/**
 * Code tables of tests and their questions (spec 001 §3–§4, docs/decisions/064). Named once for
 * the API and the dashboard.
 */

/** Test types (spec 001 §4): 1 and 4 always; 2, 3 and 6 when configuration switches them on. */
export const TEST_TYPES = [1, 2, 3, 4, 6] as const;
export type TestType = (typeof TEST_TYPES)[number];
/** The always-on test types. */
export const BASE_TEST_TYPES: readonly TestType[] = [1, 4];
/** The configuration switch (contract/config.ts) that adds each optional test type. */
export const TEST_TYPE_SWITCH: Readonly<Partial<Record<TestType, string>>> = {
  2: "test-type-matching-is-enabled",
  3: "test-type-fill-number-is-enabled",
  6: "test-type-fill-answer-is-enabled",
};
/** The multiple-choice type: earned by choosing exactly its correct choices, so it needs one (docs/decisions/076). */
export const MULTIPLE_CHOICE_TYPE = 1;
/**
 * The matching type (docs/decisions/070): its choices without is_answer are prompts, those with it
 * answers, and each prompt names the answer it matches (test_choice.pair_id).
 */
export const MATCHING_TYPE = 2;
/** Types whose new question gets two "Untitled Choice" choices (spec 001 "Questions"). */
export const CHOICE_TYPES: readonly number[] = [1, 2, 6];
/** How many of a new question's choices are correct-answer choices: one for type 6, two for type 2. */
export const ANSWER_CHOICES: Readonly<Record<number, number>> = { 2: 2, 6: 1 };
/** Types answered by typing (verified by hand for 4; compared with answer / answer_gap for 3 and 6). */
export const FILL_TYPES: readonly number[] = [3, 4, 6];

/**
 * Section pass condition (spec 001 §3 pass_condition_type; the spec names no codes, decision 064):
 * 0 the section counts toward the test's total only, 1 the learner must reach pass_score in
 * this section, 2 every question of the section must be answered correctly.
 */
export const PASS_CONDITION_TYPES = [0, 1, 2] as const;

/** Draw rule method (type_method): 0 random from the pool, 1 the selected question numbers. */
export const DRAW_METHODS = [0, 1] as const;
/** Draw rule randomness (type_random): 0 a new draw per attempt, 1 one draw shared by every attempt. */
export const DRAW_RANDOMS = [0, 1] as const;
/** Draw rule tag matching (type_select): 0 a question with any of the tags, 1 with all of them. */
export const DRAW_SELECTS = [0, 1] as const;

/** The configuration key of the question limit per owner (a section or a bank). */
export const QUESTION_LIMIT_KEY = "test-question-limit";
export const QUESTION_LIMIT_DEFAULT = 100;
