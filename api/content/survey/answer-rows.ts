import { sql, type SqlBool } from "kysely";
import type { Paged } from "../../../contract/http";
import type { SurveyAnswerRow } from "../../../contract/schemas/survey";
import type { Db } from "../../db/index";
import type { Respondents } from "../../requests/form-report";
import { peopleById } from "../../requests/kit";

/** A survey's questions in the form's order (the individual answers' columns). */
export async function surveyQuestions(db: Db, formId: number | null): Promise<{ id: number; text: string }[]> {
  if (formId === null) return [];
  return db
    .selectFrom("form_question as qn")
    .innerJoin("form_section as sc", "sc.id", "qn.section_id")
    .select(["qn.id", "qn.text"])
    .where("sc.form_id", "=", formId)
    .orderBy("sc.sort")
    .orderBy("qn.sort")
    .orderBy("qn.id")
    .execute();
}

/** The submissions of `formId` by `respondents`, newest first: the individual answers' rows. */
export function submissionQuery(db: Db, formId: number, respondents: Respondents) {
  return db
    .selectFrom("form_submission as fs")
    .select(["fs.id", "fs.account_id", "fs.datetime_create"])
    .where("fs.form_id", "=", formId)
    .where(respondents("fs.account_id"))
    .orderBy("fs.datetime_create", "desc")
    .orderBy("fs.id", "desc");
}
type Submission = { id: number; account_id: number; datetime_create: string };

/**
 * Individual answers (docs/decisions/081): each submission with its answers per question as text
 * — a choice question's ticked choices joined by "; " and its "other" text after them — and who
 * answered, never when the survey is anonymous (067: the account stays on the submission, no
 * answer gives it out).
 */
export async function answerRows(db: Db, submissions: Submission[], anonymous: boolean): Promise<SurveyAnswerRow[]> {
  if (!submissions.length) return [];
  const ids = submissions.map((s) => s.id);
  const [answers, people] = await Promise.all([
    db
      .selectFrom("form_answer as fa")
      .leftJoin("form_choice as fc", "fc.id", "fa.choice_id")
      .select(["fa.submission_id", "fa.question_id", "fa.value", "fc.text as choice"])
      .where("fa.submission_id", "in", ids)
      .orderBy("fa.question_id")
      .orderBy(sql`${sql.ref("fc.sort")} is null`)
      .orderBy("fc.sort")
      .orderBy("fa.id")
      .execute(),
    anonymous
      ? Promise.resolve(new Map())
      : peopleById(
          db,
          submissions.map((s) => s.account_id),
        ),
  ]);
  return submissions.map((s) => {
    const own: Record<string, string[]> = {};
    for (const a of answers)
      if (a.submission_id === s.id && a.question_id !== null)
        (own[a.question_id] ??= []).push(a.choice ?? a.value ?? "");
    return {
      id: s.id,
      account: anonymous ? null : (people.get(s.account_id) ?? null),
      datetime_create: s.datetime_create,
      answers: Object.fromEntries(Object.entries(own).map(([q, parts]) => [q, parts.filter(Boolean).join("; ")])),
    };
  });
}

/** A page of the individual answers, in the list shape. */
export async function answerPage(page: Paged<Submission>, db: Db, anonymous: boolean): Promise<Paged<SurveyAnswerRow>> {
  return { ...page, results: await answerRows(db, page.results, anonymous) };
}

/** The learners of a content (its enrolments, whatever their status): whose answers count for it. */
export const learnersOf =
  (contentTypeId: number, contentId: number): Respondents =>
  (col) =>
    sql<SqlBool>`${sql.ref(col)} in (select account_id from content_enrollment where content_type_id = ${contentTypeId} and content_id = ${contentId})`;
