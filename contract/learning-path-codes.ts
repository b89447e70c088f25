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

/** The content types a path's curriculum may hold, by their registry key (spec 000 §2.6; issue 36 §1). */
export const PATH_CONTENT_TYPES = [
  "course",
  "class",
  "activity",
  "test",
  "survey",
  "live",
  "article",
  "audio",
  "document",
  "external_video",
  "flash_card",
  "video",
] as const;
export type PathContentType = (typeof PATH_CONTENT_TYPES)[number];

/** A path holds at most this many contents; a content's dependencies are among them. */
export const PATH_CONTENT_LIMIT = 100;

/** The learning path's own messages (their texts: contract/i18n/learningPath.{en,th}.json). */
export const LEARNING_PATH_MSG = {
  learn_end_before_start: "lp_err_learn_end_before_start",
  learn_period_required: "lp_err_learn_period_required",
  content_already_in_path: "lp_err_content_already_in_path",
  content_not_found: "lp_err_content_not_found",
  depend_cycle: "lp_err_depend_cycle",
  depend_not_in_path: "lp_err_depend_not_in_path",
  path_full: "lp_err_path_full",
} as const;
