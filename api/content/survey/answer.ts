import type { ContentLimits } from "../../../contract/schemas/content";
import type { FormAnswer } from "../../../contract/schemas/requests";
import { SURVEY_MSG, type SurveyAnswerInput, type SurveyAnswerSheet } from "../../../contract/schemas/survey";
import { fromFlag, type Db } from "../../db/index";
import { MSG } from "../../../contract/messages";
import { ApiError, badRequest, notFound } from "../../http/errors";
import type { Trx } from "../../engine/crud";
import { checkAnswers, writeSubmission } from "../../requests/answers";
import { presentForms } from "../../requests/forms";
import { periodOf } from "./resource";

/**
 * Answering a survey (issue 18 §4; docs/decisions/067): the one service the learner's call and the
 * seed both use, so seeded answers obey the same rules.
 *
 * - Only a published survey is answered (type_expire 0): a hidden one is a 404 to a learner, a
 *   scheduled one not yet open 400 `svy_msg_not_open`, one past its datetime_end 400
 *   `svy_msg_closed`.
 * - The answers are checked against the survey's form (api/requests/answers.ts: required
 *   questions, choices of the question, at most max_select ticks, a scale within its range, a
 *   number a number, an "other" answer only where the question offers one); every problem at once
 *   as 400 `answers.{id}` / `other.{id}`, nothing written.
 * - One answer per account: a second one replaces the first when the survey is editable, else
 *   400 `svy_msg_already_answered`. The builder's submission tables hold it (form_submission +
 *   form_answer), so the type lock (is_survey_type_editable) follows from it.
 * - Anonymous surveys keep the account on the submission (to know who answered once and let them
 *   change it) but no result ever names it.
 */

type SurveyHead = Awaited<ReturnType<typeof surveyHead>>;

async function surveyHead(q: Db | Trx, id: number) {
  const row = await q.selectFrom("survey").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Why the survey takes no answer now (the refusal), or null. A hidden survey is not there for a learner. */
function closedBecause(s: SurveyHead, now: Date): ApiError | null {
  const { type_expire } = periodOf(s, now);
  if (type_expire === -1) return notFound();
  if (type_expire === 1) return new ApiError(400, { detail: SURVEY_MSG.not_open });
  if (s.datetime_end !== null && s.datetime_end <= now.toISOString())
    return new ApiError(400, { detail: SURVEY_MSG.closed });
  return null;
}

const ownSubmission = (q: Db | Trx, formId: number, accountId: number) =>
  q
    .selectFrom("form_submission")
    .select(["id", "datetime_create"])
    .where("form_id", "=", formId)
    .where("account_id", "=", accountId)
    .orderBy("id", "desc")
    .executeTakeFirst();

/** What the learner's page needs: the survey, its questions, whether it takes an answer, their own answer. */
export async function answerSheet(q: Db, id: number, accountId: number, now: Date): Promise<SurveyAnswerSheet> {
  const s = await surveyHead(q, id);
  const refusal = closedBecause(s, now);
  if (refusal?.status === 404) throw refusal;
  const form = s.form_id === null ? null : (await presentForms(q, [s.form_id]))[0];
  const mine = s.form_id === null ? undefined : await ownSubmission(q, s.form_id, accountId);
  const answers: FormAnswer[] = mine
    ? (
        await q
          .selectFrom("form_answer")
          .select(["question_id", "choice_id", "value"])
          .where("submission_id", "=", mine.id)
          .orderBy("id")
          .execute()
      )
        .filter((a) => a.question_id !== null)
        .map((a) => ({ question: a.question_id!, choice: a.choice_id, value: a.value }))
    : [];
  return {
    survey: {
      id,
      name: s.name,
      desc: s.desc,
      survey_type: s.survey_type,
      is_anonymous: fromFlag(s.is_anonymous),
      is_editable: fromFlag(s.is_editable),
      content_period_doing: periodOf(s, now),
    },
    sections: form?.sections ?? [],
    can_answer: !refusal && !!form?.count_question && (!mine || s.is_editable === 1),
    answer: mine ? { datetime_create: mine.datetime_create, answers } : null,
  };
}

/**
 * Takes `input` as account `accountId`'s answer to survey `id` in `trx` (refusals throw, nothing
 * written); answers whether it replaced an earlier one.
 */
export async function submitSurveyAnswer(
  trx: Trx,
  id: number,
  accountId: number,
  input: SurveyAnswerInput,
  now: Date,
  limits: ContentLimits,
): Promise<{ replaced: boolean }> {
  const s = await surveyHead(trx, id);
  const refusal = closedBecause(s, now);
  if (refusal) throw refusal;
  // A survey without questions is not open to answers yet.
  if (s.form_id === null) throw new ApiError(400, { detail: SURVEY_MSG.not_open });
  const formId = s.form_id;
  const before = await ownSubmission(trx, formId, accountId);
  if (before && s.is_editable !== 1) throw new ApiError(400, { detail: SURVEY_MSG.already_answered });
  const rows = await checkAnswers(trx, formId, input.answers, limits, { survey: { other: input.other }, accountId });
  // An answer that answers nothing (every question left blank) is no answer.
  if (!rows.length) throw badRequest({ answers: [MSG.required] });
  if (before)
    await trx.deleteFrom("form_submission").where("form_id", "=", formId).where("account_id", "=", accountId).execute();
  await writeSubmission(trx, formId, accountId, rows, now.toISOString());
  return { replaced: !!before };
}
