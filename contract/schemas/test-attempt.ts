import { z } from "../zod";
import { MSG } from "../messages";
import { text } from "./text";
import { intField } from "./extras";
import { ANSWER_MAX, FEEDBACK_MAX, SCORE_MAX, type AttemptStage } from "../test-attempt-codes";

/**
 * A learner's test attempts and their verification (issue 18 §1, docs/decisions/065): the
 * learner's start and submit calls, the verifier's mark and the approver's decision, and the
 * answers the API gives. Every schema the dashboard posts accepts form text as well as JSON.
 */

export * from "../test-attempt-codes";

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    text({ multiline: true, error: MSG.invalid }).trim().max(max, MSG.too_long),
  );

/**
 * POST test/{id}/attempt/{attemptid}/submit/: the learner's answers by answer row id; a choice
 * question's answer is its chosen choice ids, a matching one's its pairs, a fill-in's its text.
 * An answer left out is blank.
 */
export const submitSchema = z.object({
  answer_list: z
    .array(
      z.object({
        id: z.number().int().positive(),
        choice_list: z.array(z.number().int().positive()).max(50).optional(),
        /** A matching question's answer (docs/decisions/070): each prompt choice with the answer choice given for it. */
        pair_list: z
          .array(z.object({ prompt: z.number().int().positive(), answer: z.number().int().positive() }))
          .max(50)
          .optional(),
        answer: z.string().max(ANSWER_MAX, MSG.too_long).optional(),
      }),
    )
    .max(1000),
});
export type SubmitInput = z.infer<typeof submitSchema>;

/**
 * POST dashboard/test/{id}/answer/{answerid}/verify/: the score (0 up to the question's score as
 * asked, checked by the API: score_above_max) and feedback for the learner.
 */
export const markSchema = z.object({
  score: intField(0, SCORE_MAX),
  feedback: optionalText(FEEDBACK_MAX),
});
export type MarkInput = z.infer<typeof markSchema>;

/** POST dashboard/test/{id}/attempt/{attemptid}/approval/: approve (decided by score) or reject (failed). */
export const approvalSchema = z.object({
  decision: z.enum(["approve", "reject"], { error: MSG.invalid_choice }),
});
export type ApprovalInput = z.infer<typeof approvalSchema>;

type Who = { id: number; username: string; name: string } | null;

/** An attempt as the lists answer it. */
export type AttemptRow = {
  id: number;
  test_id: number;
  enrollment_id: number;
  account: Who;
  number: number;
  status: number;
  stage: AttemptStage;
  score: number;
  full_score: number;
  is_pass: boolean | null;
  /** Answers still waiting for verification. */
  waiting: number;
  datetime_start: string;
  datetime_submit: string | null;
  datetime_verify: string | null;
  verified_by: Who;
};

/** One answer with its question as it was asked. */
export type AnswerRow = {
  id: number;
  attempt_id: number;
  section: { id: number; name: string } | null;
  question_id: number | null;
  sort: number;
  question_type: number;
  question_desc: string;
  max_score: number;
  answer: string;
  /** A choice question's chosen choices (ids), else []. */
  choice_list: number[];
  /** A matching question's pairs as given (prompt and answer choice ids), else []. */
  pair_list: { prompt: number; answer: number }[];
  score: number | null;
  feedback: string;
  verified_by: Who;
  datetime_verify: string | null;
};

/** A choice as the learner sees it (never whether it is the answer; a matching question's: which column, never the pairs). */
export type AskedChoice = { id: number; desc: string; side?: "prompt" | "answer" };
/** The learner's view of an attempt: its answers with the choices of choice questions. */
/** `datetime_due`: when the attempt must be submitted by (the test's duration), null without a limit. */
export type LearnerAttempt = AttemptRow & {
  datetime_due: string | null;
  answers: (AnswerRow & { choices: AskedChoice[] })[];
};

/** An answer on the verify pages: with its learner and attempt, and the question's model answer. */
/** `mark_refusal`: why it cannot be marked (a message key: a choice answer, an open or superseded attempt), null when it can. */
export type VerifyAnswerRow = AnswerRow & {
  account: Who;
  attempt_number: number;
  attempt_status: number;
  model_answer: string;
  mark_refusal: string | null;
};

/** Per section ("slot", docs/decisions/065): what the section and summary pages count. */
export type SlotRow = {
  id: number;
  name: string;
  sort: number;
  full_score: number;
  pass_score: number;
  pass_condition_type: number;
  attempts: number;
  average: number | null;
  pass_rate: number | null;
  waiting: number;
};

/** Per question of a slot: its answers, their average and how many wait. */
export type SlotQuestionRow = {
  question_id: number;
  question_desc: string;
  question_type: number;
  max_score: number;
  answers: number;
  average: number | null;
  waiting: number;
};
