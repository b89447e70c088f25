/**
 * Code tables of test attempts and their verification (issue 18 §1, docs/decisions/065), without
 * zod so the dashboard's pages can import them.
 */

/**
 * An attempt's status, in the progress codes (spec 001 §4) the learner's enrollment follows:
 * 21 answering, 22 submitted and waiting (a fill-in answer to verify, or the administrator's
 * approval when the test's result setting is 1), 30 passed, -5 failed.
 */
export const ATTEMPT_STATUS = { answering: 21, verifying: 22, completed: 30, failed: -5 } as const;
export type AttemptStatus = (typeof ATTEMPT_STATUS)[keyof typeof ATTEMPT_STATUS];

/** What an attempt waits for, derived: answering, verify (an answer unmarked), approval, done. */
export const ATTEMPT_STAGES = ["answering", "verify", "approval", "completed", "failed"] as const;
export type AttemptStage = (typeof ATTEMPT_STAGES)[number];

/** Test result setting (spec 001 §4 / 002 "Result setting"): 0 auto summary, 1 admin approval. */
export const RESULT_SETTING = { auto: 0, approval: 1 } as const;

/** Question types marked at once by their correct choices (1 multiple choice, 2 matching). */
export const CHOICE_MARKED_TYPES: readonly number[] = [1, 2];

/** The verify page's views of one question's answers: those still waiting, or all of them. */
export const VERIFY_VIEWS = ["waiting", "all"] as const;
export type VerifyView = (typeof VERIFY_VIEWS)[number];

/** Longest answer text a learner may give, and feedback an administrator may write. */
export const ANSWER_MAX = 5000;
export const FEEDBACK_MAX = 2000;
/** The highest score a question may carry (the verify form's bound before the question's own). */
export const SCORE_MAX = 1000;
