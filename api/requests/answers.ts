import { MSG } from "../../contract/messages";
import { QUESTION_TYPE, hasChoices, isSingleChoice } from "../../contract/request-codes";
import { REQ_MSG, type FormAnswer, type FormSubmission } from "../../contract/schemas/requests";
import type { ContentLimits } from "../../contract/schemas/content";
import { SURVEY_MSG } from "../../contract/schemas/survey";
import { badRequest } from "../http/errors";
import type { Trx } from "../engine/crud";
import { checkValue, claimAnswerUploads, type AnswerRow } from "./answer-values";
import { fileUrl } from "../uploads/files";
import { peopleById, type Q } from "./kit";

/**
 * A form's answers (docs/decisions/057, 074): checked against the form's questions (required ones
 * answered; a choice one of the question's own; a written answer what its type takes:
 * answer-values.ts), then written as one submission with an answer row per question (per chosen
 * choice for checkbox), each keeping its text so results stay readable when the form changes later.
 * Errors are 400 {"answers.{questionid}": [message]}, all at once.
 *
 * A survey's form (docs/decisions/067, `opts.survey` given) also holds its questions' own settings:
 * a checkbox question ticks at most max_select, and a choice question with is_optional takes an
 * "other" written answer (`survey.other[questionid]`, counted as one tick; "other.{questionid}" errors).
 * An upload answer must be a finished upload of `opts.accountId`'s; writing the submission claims it.
 */

type Raw = Record<string, string | (string | number)[]>;
type Options = { survey?: { other: Record<string, string> }; accountId?: number };

const asList = (v: string | (string | number)[] | undefined): string[] =>
  v === undefined
    ? []
    : Array.isArray(v)
      ? v.map(String)
      : v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean);
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The rows to write for `answers` to form `formId`, or a 400 with every problem. */
export async function checkAnswers(
  q: Q,
  formId: number,
  answers: Raw,
  limits: ContentLimits,
  opts: Options = {},
): Promise<AnswerRow[]> {
  const { survey } = opts;
  const questions = await q
    .selectFrom("form_question as qn")
    .innerJoin("form_section as sc", "sc.id", "qn.section_id")
    .select(["qn.id", "qn.type", "qn.is_required", "qn.value_min", "qn.value_max", "qn.max_select", "qn.is_optional"])
    .where("sc.form_id", "=", formId)
    .execute();
  const ids = questions.map((x) => x.id);
  const choices = ids.length
    ? await q.selectFrom("form_choice").select(["id", "question_id", "text"]).where("question_id", "in", ids).execute()
    : [];
  const errors: Record<string, string[]> = {};
  const rows: AnswerRow[] = [];
  for (const key of Object.keys(answers)) if (!ids.includes(Number(key))) errors[`answers.${key}`] = [MSG.invalid];
  const other = survey?.other ?? {};
  for (const key of Object.keys(other)) {
    const qn = questions.find((x) => String(x.id) === key);
    if (!qn || qn.is_optional !== 1 || !hasChoices(qn.type)) errors[`other.${key}`] = [MSG.invalid];
  }
  for (const qn of questions) {
    const raw = answers[String(qn.id)];
    const fail = (m: string) => (errors[`answers.${qn.id}`] = [m]);
    if (hasChoices(qn.type)) {
      const picked = asList(raw);
      const own = choices.filter((c) => c.question_id === qn.id);
      const found = picked.map((p) => own.find((c) => String(c.id) === p));
      const written = survey && qn.is_optional === 1 ? (other[String(qn.id)] ?? "").trim() : "";
      if (written) {
        if (written.length > limits.text) errors[`other.${qn.id}`] = [MSG.too_long];
        else if (CONTROL.test(written)) errors[`other.${qn.id}`] = [MSG.control_characters];
        else rows.push({ question_id: qn.id, choice_id: null, value: written });
      }
      const ticks = picked.length + (written ? 1 : 0);
      if (survey && ticks > (isSingleChoice(qn.type) ? 1 : qn.max_select)) {
        fail(isSingleChoice(qn.type) ? MSG.invalid_choice : SURVEY_MSG.too_many_choices);
        continue;
      }
      if (!picked.length) {
        if (written) continue;
        if (qn.is_required === 1) fail(REQ_MSG.answer_required);
        continue;
      }
      if (found.some((c) => !c) || (isSingleChoice(qn.type) && picked.length > 1)) {
        fail(MSG.invalid_choice);
        continue;
      }
      for (const c of new Set(found)) rows.push({ question_id: qn.id, choice_id: c!.id, value: c!.text });
      continue;
    }
    // A multiple date question may come as a list; every other written answer is one text.
    const value = (
      Array.isArray(raw) ? raw.join(qn.type === QUESTION_TYPE.multiple_date ? "," : ", ") : (raw ?? "")
    ).trim();
    if (!value) {
      if (qn.is_required === 1 && qn.type !== QUESTION_TYPE.info) fail(REQ_MSG.answer_required);
      continue;
    }
    const checked = await checkValue(q, qn, value, limits, opts.accountId ?? null);
    if ("error" in checked) fail(checked.error);
    else rows.push({ question_id: qn.id, choice_id: null, ...checked.row });
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return rows;
}

/** Writes one submission of form `formId` by `accountId` and its answer rows (claiming their uploads); its id. */
export async function writeSubmission(
  trx: Trx,
  formId: number,
  accountId: number,
  rows: readonly AnswerRow[],
  at: string,
  content: { content_type_id: number | null; content_id: number | null } = { content_type_id: null, content_id: null },
) {
  await claimAnswerUploads(trx, rows, at);
  const sub = await trx
    .insertInto("form_submission")
    .values({ form_id: formId, account_id: accountId, ...content, datetime_create: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (rows.length) {
    await trx
      .insertInto("form_answer")
      .values(
        rows.map((r) => ({
          submission_id: sub.id,
          question_id: r.question_id,
          choice_id: r.choice_id,
          value: r.value,
          file_key: r.file_key ?? null,
        })),
      )
      .execute();
  }
  return sub.id;
}

/** Submissions by id with who, when and their answers. */
export async function presentSubmissions(q: Q, ids: number[]): Promise<FormSubmission[]> {
  if (!ids.length) return [];
  const [subs, answers] = await Promise.all([
    q.selectFrom("form_submission").selectAll().where("id", "in", ids).execute(),
    q.selectFrom("form_answer").selectAll().where("submission_id", "in", ids).orderBy("id").execute(),
  ]);
  const people = await peopleById(
    q,
    subs.map((s) => s.account_id),
  );
  const byId = new Map(subs.map((s) => [s.id, s]));
  return ids.map((id) => {
    const s = byId.get(id)!;
    const own: FormAnswer[] = answers
      .filter((a) => a.submission_id === id && a.question_id !== null)
      .map((a) => ({
        question: a.question_id!,
        value: a.value,
        choice: a.choice_id,
        ...(a.file_key ? { file: fileUrl(a.file_key) } : {}),
      }));
    return {
      id,
      account: people.get(s.account_id) ?? { id: s.account_id, name: "", username: "" },
      datetime_create: s.datetime_create,
      answers: own,
    };
  });
}
