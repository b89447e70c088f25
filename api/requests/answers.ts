import { MSG } from "../../contract/messages";
import { QUESTION_TYPE, SCALE_QUESTION } from "../../contract/request-codes";
import { REQ_MSG, type FormAnswer, type FormSubmission } from "../../contract/schemas/requests";
import type { ContentLimits } from "../../contract/schemas/content";
import { SURVEY_MSG } from "../../contract/schemas/survey";
import { badRequest } from "../http/errors";
import type { Trx } from "../engine/crud";
import { peopleById, type Q } from "./kit";

/**
 * A form's answers (docs/decisions/057): checked against the form's questions (required ones
 * answered, a number a number, a date a real date, a choice one of the question's own), then
 * written as one submission with an answer row per question (per chosen choice for multiple
 * choice), each keeping its text so results stay readable when the form changes later.
 * Errors are 400 {"answers.{questionid}": [message]}, all at once.
 *
 * A survey's form (docs/decisions/067, `survey` given) also holds its questions' own settings: a
 * scale answer is a whole number from value_min to value_max, a multiple choice ticks at most
 * max_select, and a choice question with is_optional takes an "other" written answer
 * (`survey.other[questionid]`, counted as one tick; "other.{questionid}" errors).
 */

type Raw = Record<string, string | (string | number)[]>;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const realDate = (s: string) => {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};
const asList = (v: string | (string | number)[] | undefined): string[] =>
  v === undefined ? [] : Array.isArray(v) ? v.map(String) : v.split(",").map((s) => s.trim()).filter(Boolean);

/** The rows to write for `answers` to form `formId`, or a 400 with every problem. */
export async function checkAnswers(q: Q, formId: number, answers: Raw, limits: ContentLimits, survey?: { other: Record<string, string> }) {
  const questions = await q
    .selectFrom("form_question as qn")
    .innerJoin("form_section as sc", "sc.id", "qn.section_id")
    .select(["qn.id", "qn.type", "qn.is_required", "qn.value_min", "qn.value_max", "qn.max_select", "qn.is_optional"])
    .where("sc.form_id", "=", formId)
    .execute();
  const ids = questions.map((x) => x.id);
  const choices = ids.length ? await q.selectFrom("form_choice").select(["id", "question_id", "text"]).where("question_id", "in", ids).execute() : [];
  const errors: Record<string, string[]> = {};
  const rows: { question_id: number; choice_id: number | null; value: string }[] = [];
  for (const key of Object.keys(answers)) if (!ids.includes(Number(key))) errors[`answers.${key}`] = [MSG.invalid];
  const other = survey?.other ?? {};
  for (const key of Object.keys(other)) {
    const qn = questions.find((x) => String(x.id) === key);
    if (!qn || qn.is_optional !== 1 || (qn.type !== QUESTION_TYPE.choice && qn.type !== QUESTION_TYPE.multiple_choice)) errors[`other.${key}`] = [MSG.invalid];
  }
  for (const qn of questions) {
    const raw = answers[String(qn.id)];
    const fail = (m: string) => (errors[`answers.${qn.id}`] = [m]);
    if (qn.type === QUESTION_TYPE.choice || qn.type === QUESTION_TYPE.multiple_choice) {
      const picked = asList(raw);
      const own = choices.filter((c) => c.question_id === qn.id);
      const found = picked.map((p) => own.find((c) => String(c.id) === p));
      const written = survey && qn.is_optional === 1 ? (other[String(qn.id)] ?? "").trim() : "";
      if (written) {
        if (written.length > limits.text) errors[`other.${qn.id}`] = [MSG.too_long];
        else if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(written)) errors[`other.${qn.id}`] = [MSG.control_characters];
        else rows.push({ question_id: qn.id, choice_id: null, value: written });
      }
      const ticks = picked.length + (written ? 1 : 0);
      if (survey && ticks > (qn.type === QUESTION_TYPE.choice ? 1 : qn.max_select)) {
        fail(qn.type === QUESTION_TYPE.choice ? MSG.invalid_choice : SURVEY_MSG.too_many_choices);
        continue;
      }
      if (!picked.length) {
        if (written) continue;
        if (qn.is_required === 1) fail(REQ_MSG.answer_required);
        continue;
      }
      if (found.some((c) => !c) || (qn.type === QUESTION_TYPE.choice && picked.length > 1)) {
        fail(MSG.invalid_choice);
        continue;
      }
      for (const c of new Set(found)) rows.push({ question_id: qn.id, choice_id: c!.id, value: c!.text });
      continue;
    }
    const value = (Array.isArray(raw) ? raw.join(", ") : raw ?? "").trim();
    if (!value) {
      if (qn.is_required === 1) fail(REQ_MSG.answer_required);
      continue;
    }
    if (qn.type === QUESTION_TYPE.number && !/^-?\d{1,12}(\.\d{1,6})?$/.test(value)) fail(MSG.invalid);
    else if (qn.type === SCALE_QUESTION && !/^-?\d{1,3}$/.test(value)) fail(MSG.invalid);
    else if (qn.type === SCALE_QUESTION && (Number(value) < qn.value_min || Number(value) > qn.value_max)) fail(SURVEY_MSG.scale_out_of_range);
    else if (qn.type === QUESTION_TYPE.date && !realDate(value)) fail(MSG.invalid);
    else if (value.length > (qn.type === QUESTION_TYPE.long_text ? limits.description : limits.text)) fail(MSG.too_long);
    else if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value)) fail(MSG.control_characters);
    else rows.push({ question_id: qn.id, choice_id: null, value });
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return rows;
}

/** Writes one submission of form `formId` by `accountId` and its answer rows; its id. */
export async function writeSubmission(
  trx: Trx,
  formId: number,
  accountId: number,
  rows: Awaited<ReturnType<typeof checkAnswers>>,
  at: string,
  content: { content_type_id: number | null; content_id: number | null } = { content_type_id: null, content_id: null },
) {
  const sub = await trx.insertInto("form_submission").values({ form_id: formId, account_id: accountId, ...content, datetime_create: at }).returning("id").executeTakeFirstOrThrow();
  if (rows.length) await trx.insertInto("form_answer").values(rows.map((r) => ({ ...r, submission_id: sub.id }))).execute();
  return sub.id;
}

/** Submissions by id with who, when and their answers. */
export async function presentSubmissions(q: Q, ids: number[]): Promise<FormSubmission[]> {
  if (!ids.length) return [];
  const [subs, answers] = await Promise.all([
    q.selectFrom("form_submission").selectAll().where("id", "in", ids).execute(),
    q.selectFrom("form_answer").selectAll().where("submission_id", "in", ids).orderBy("id").execute(),
  ]);
  const people = await peopleById(q, subs.map((s) => s.account_id));
  const byId = new Map(subs.map((s) => [s.id, s]));
  return ids.map((id) => {
    const s = byId.get(id)!;
    const own: FormAnswer[] = answers.filter((a) => a.submission_id === id && a.question_id !== null).map((a) => ({ question: a.question_id!, value: a.value, choice: a.choice_id }));
    return { id, account: people.get(s.account_id) ?? { id: s.account_id, name: "", username: "" }, datetime_create: s.datetime_create, answers: own };
  });
}
