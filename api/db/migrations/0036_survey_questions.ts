import type { Kysely, Migration } from "kysely";

/**
 * Survey question settings (issue 18 §4; spec 001 §3 "Question (survey and generic)";
 * docs/decisions/067): on form_question, beside the 0031 scale and max_select columns,
 *
 * - is_average: the results show the average of a scale or number question;
 * - is_optional: a choice or multiple choice question also takes an "other" written answer.
 *
 * Both default to 0, which is what every request and enrollment form question keeps.
 */
export const surveyQuestions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("form_question")
      .addColumn("is_average", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("form_question")
      .addColumn("is_optional", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
