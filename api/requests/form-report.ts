import { hasChoices } from "../../contract/request-codes";
import type { FormReport } from "../../contract/schemas/requests";
import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { Q } from "./kit";

/**
 * Whose answers a report counts: a predicate on an account id column (a course's learners,
 * docs/decisions/081); none: everyone's.
 */
export type Respondents = (accountColumn: string) => RawBuilder<SqlBool>;

/** The newest written answers a report lists per question (the results page has them all). */
export const REPORT_ANSWERS = 50;

/**
 * A form's report (issue 17 §4 item 4): per question, in the form's order, how many submissions
 * answered it, the count of each choice (choice questions) and the newest written answers.
 */
export async function formReport(q: Q, formId: number, respondents?: Respondents): Promise<FormReport> {
  // Answers by a submission of the respondents asked for (all when none).
  const submitted = (col: string) =>
    respondents
      ? sql<SqlBool>`${sql.ref(col)} in (select id from form_submission where form_id = ${formId} and ${respondents("account_id")})`
      : sql<SqlBool>`1 = 1`;
  const questions = await q
    .selectFrom("form_question as qn")
    .innerJoin("form_section as sc", "sc.id", "qn.section_id")
    .select(["qn.id", "qn.text", "qn.type", "sc.id as section"])
    .where("sc.form_id", "=", formId)
    .orderBy("sc.sort")
    .orderBy("qn.sort")
    .orderBy("qn.id")
    .execute();
  const ids = questions.map((x) => x.id);
  const total = await q
    .selectFrom("form_submission")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("form_id", "=", formId)
    .where(respondents ? respondents("account_id") : sql<SqlBool>`1 = 1`)
    .executeTakeFirstOrThrow();
  if (!ids.length) return { count_submission: Number(total.n), questions: [] };
  const [choices, perChoice, perQuestion, written] = await Promise.all([
    q
      .selectFrom("form_choice")
      .select(["id", "question_id", "text"])
      .where("question_id", "in", ids)
      .orderBy("sort")
      .orderBy("id")
      .execute(),
    q
      .selectFrom("form_answer")
      .select(["choice_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("question_id", "in", ids)
      .where("choice_id", "is not", null)
      .where(submitted("submission_id"))
      .groupBy("choice_id")
      .execute(),
    q
      .selectFrom("form_answer")
      .select(["question_id", (eb) => eb.fn.count<number>("submission_id").distinct().as("n")])
      .where("question_id", "in", ids)
      .where(submitted("submission_id"))
      .groupBy("question_id")
      .execute(),
    q
      .selectFrom("form_answer as fa")
      .innerJoin("form_submission as fs", "fs.id", "fa.submission_id")
      .select(["fa.question_id", "fa.value"])
      .where("fa.question_id", "in", ids)
      .where("fa.choice_id", "is", null)
      .where(submitted("fa.submission_id"))
      .orderBy("fs.datetime_create", "desc")
      .orderBy("fa.id", "desc")
      .execute(),
  ]);
  return {
    count_submission: Number(total.n),
    questions: questions.map((x) => ({
      id: x.id,
      section: x.section,
      text: x.text,
      type: x.type as never,
      count_answer: Number(perQuestion.find((p) => p.question_id === x.id)?.n ?? 0),
      choices: hasChoices(x.type)
        ? choices
            .filter((c) => c.question_id === x.id)
            .map((c) => ({
              id: c.id,
              text: c.text,
              count: Number(perChoice.find((p) => p.choice_id === c.id)?.n ?? 0),
            }))
        : [],
      answers: written
        .filter((w) => w.question_id === x.id)
        .slice(0, REPORT_ANSWERS)
        .map((w) => w.value),
    })),
  };
}
