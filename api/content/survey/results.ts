import { QUESTION_TYPE, hasChoices } from "../../../contract/request-codes";
import type { SurveyResult } from "../../../contract/schemas/survey";
import type { Db } from "../../db/index";
import { sql, type SqlBool } from "kysely";
import { formReport, REPORT_ANSWERS, type Respondents } from "../../requests/form-report";
import { peopleById } from "../../requests/kit";

/**
 * A survey's results (docs/decisions/067), what an administrator sees on its section pages: per
 * question, in the form's order, how many answered it; for a choice question each choice's count
 * and share of those, and how many wrote an "other" answer; for a scale each point's count and
 * share; for a scale or number question with
 * is_average its mean; the written answers, newest first (REPORT_ANSWERS of them), each with who
 * wrote it — never when the survey is anonymous. Counts come from the builder's report
 * (api/requests/form-report.ts); the survey adds shares, averages and names. `respondents`: only
 * those accounts' answers (a course's or class's learners, docs/decisions/081).
 */
export async function surveyResults(db: Db, surveyId: number, respondents?: Respondents): Promise<SurveyResult> {
  const survey = await db
    .selectFrom("survey")
    .select(["form_id", "is_anonymous"])
    .where("id", "=", surveyId)
    .executeTakeFirstOrThrow();
  const anonymous = survey.is_anonymous === 1;
  if (survey.form_id === null) return { count_submission: 0, is_anonymous: anonymous, questions: [] };
  const report = await formReport(db, survey.form_id, respondents);
  const ids = report.questions.map((q) => q.id);
  if (!ids.length) return { count_submission: report.count_submission, is_anonymous: anonymous, questions: [] };
  const [settings, sections, written] = await Promise.all([
    db
      .selectFrom("form_question")
      .select(["id", "is_average", "value_min", "value_max"])
      .where("id", "in", ids)
      .execute(),
    db.selectFrom("form_section").select(["id", "name"]).where("form_id", "=", survey.form_id).execute(),
    db
      .selectFrom("form_answer as fa")
      .innerJoin("form_submission as fs", "fs.id", "fa.submission_id")
      .select(["fa.question_id", "fa.value", "fs.account_id", "fs.datetime_create"])
      .where("fa.question_id", "in", ids)
      .where("fa.choice_id", "is", null)
      .where(respondents ? respondents("fs.account_id") : sql<SqlBool>`1 = 1`)
      .orderBy("fs.datetime_create", "desc")
      .orderBy("fa.id", "desc")
      .execute(),
  ]);
  const people = anonymous
    ? new Map()
    : await peopleById(
        db,
        written.map((w) => w.account_id),
      );
  return {
    count_submission: report.count_submission,
    is_anonymous: anonymous,
    questions: report.questions.map((q) => {
      const own = written.filter((w) => w.question_id === q.id);
      const set = settings.find((s) => s.id === q.id)!;
      const isScale = (q.type as number) === QUESTION_TYPE.scale;
      const averaged = set.is_average === 1 && (isScale || q.type === QUESTION_TYPE.number);
      const numbers = own.map((w) => Number(w.value)).filter((n) => Number.isFinite(n));
      const share = (n: number) => (q.count_answer ? n / q.count_answer : 0);
      const points = isScale
        ? Array.from({ length: Math.max(0, set.value_max - set.value_min + 1) }, (_, i) => set.value_min + i)
        : [];
      return {
        id: q.id,
        section: { id: q.section, name: sections.find((s) => s.id === q.section)?.name ?? "" },
        text: q.text,
        type: q.type,
        is_average: averaged,
        count_answer: q.count_answer,
        choices: q.choices.map((c) => ({ ...c, share: share(c.count) })),
        count_other: hasChoices(q.type) ? own.length : 0,
        scale: points.map((value) => {
          const count = numbers.filter((n) => n === value).length;
          return { value, count, share: share(count) };
        }),
        // Rounded to two places: what a results table shows.
        average:
          averaged && numbers.length
            ? Math.round((numbers.reduce((a, b) => a + b, 0) / numbers.length) * 100) / 100
            : null,
        // A scale's answers are its points' counts, not a list.
        answers: (isScale ? [] : own).slice(0, REPORT_ANSWERS).map((w) => ({
          value: w.value,
          account: anonymous ? null : (people.get(w.account_id) ?? null),
          datetime_create: w.datetime_create,
        })),
      };
    }),
  };
}
