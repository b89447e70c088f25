import { sql, type Kysely, type Migration } from "kysely";

/**
 * Enrolment with approval and the spec's question types (issue 33 items 1, 2, 12; R239;
 * docs/decisions/074):
 *
 * - learning_request gains `content_id` and `enrollment_id`: a request of type 3 (enrollment) is a
 *   learner's enrolment into a content whose access waits for an approval flow (type_access 3);
 *   it walks the flow's steps like a learning request, and its enrolment (content_enrollment,
 *   deleted with it) moves when the flow ends.
 * - content_enrollment gains `submission_id`: the enrollment form answers the learner gave (the
 *   approver reads them); content_enrollment_decision gains `note`: the reason of a rejection,
 *   which the learner is shown.
 * - form_answer gains `file_key`: the stored file of an upload answer (question type 20).
 * - form_question.type takes the spec's codes (spec 001 §4 "Question types"): the builder's
 *   own numbering (1 text, 2 long text, 3 choice, 4 multiple choice, 5 number, 6 date, 7 scale)
 *   becomes textinput 5, textarea 4, radio 2, checkbox 3, number 6, date 10, scale 1 — in one
 *   statement, so no row is converted twice.
 */
const TO_SPEC: [number, number][] = [
  [1, 5],
  [2, 4],
  [3, 2],
  [4, 3],
  [5, 6],
  [6, 10],
  [7, 1],
];

async function convert(db: Kysely<unknown>, pairs: [number, number][]) {
  const cases = sql.join(
    pairs.map(([from, to]) => sql`when ${sql.lit(from)} then ${sql.lit(to)}`),
    sql` `,
  );
  await sql`update form_question set type = case type ${cases} else type end`.execute(db);
}

export const enrolmentApproval: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s.alterTable("learning_request").addColumn("content_id", "integer").execute();
    await s
      .alterTable("learning_request")
      .addColumn("enrollment_id", "integer", (c) => c.references("content_enrollment.id").onDelete("cascade"))
      .execute();
    await s.createIndex("learning_request_enrollment_idx").on("learning_request").column("enrollment_id").execute();
    await s
      .alterTable("content_enrollment")
      .addColumn("submission_id", "integer", (c) => c.references("form_submission.id").onDelete("set null"))
      .execute();
    await s
      .alterTable("content_enrollment_decision")
      .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await s.alterTable("form_answer").addColumn("file_key", "text").execute();
    await convert(db, TO_SPEC);
  },
  async down(db: Kysely<unknown>) {
    await convert(
      db,
      TO_SPEC.map(([from, to]) => [to, from]),
    );
    const s = db.schema;
    await s.alterTable("form_answer").dropColumn("file_key").execute();
    await s.alterTable("content_enrollment_decision").dropColumn("note").execute();
    await s.alterTable("content_enrollment").dropColumn("submission_id").execute();
    await s.dropIndex("learning_request_enrollment_idx").execute();
    await s.alterTable("learning_request").dropColumn("enrollment_id").execute();
    await s.alterTable("learning_request").dropColumn("content_id").execute();
  },
};
