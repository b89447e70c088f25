/**
 * Learning paths' code tables (spec 000 §2.6, spec 001 §4 cancel types; issue 36 §1;
 * docs/decisions/098). The spec names two kinds of path, online and scheduled, by their cancel
 * types only ("online learning path [2,7]; schedule learning path [5,6,1]"); the numbers are this
 * project's.
 */

/** An online path is taken at the learner's pace; a scheduled one runs between two dates. */
export const LEARNING_PATH_KIND = { online: 1, schedule: 2 } as const;
export type LearningPathKind = (typeof LEARNING_PATH_KIND)[keyof typeof LEARNING_PATH_KIND];
export const LEARNING_PATH_KIND_CODES: readonly LearningPathKind[] = Object.values(LEARNING_PATH_KIND);

/** The learning path's own messages (their texts: contract/i18n/learningPath.{en,th}.json). */
export const LEARNING_PATH_MSG = {
  learn_end_before_start: "lp_err_learn_end_before_start",
  learn_period_required: "lp_err_learn_period_required",
} as const;
