import type { Kysely, Migration } from "kysely";

/**
 * Matching pairs (issue 18 §1, docs/decisions/070): a matching question (test type 2) keeps its
 * prompts as choices with is_answer 0 and its answers as choices with is_answer 1 (spec 001
 * "Questions": two untitled choices and two correct-answer ones); `test_choice.pair_id` names the
 * answer a prompt is matched with (null: no answer chosen yet, and always null on an answer).
 * No foreign key: SQLite cannot add one to an existing table; the question store clears the
 * pairs pointing at an answer it deletes or turns into a prompt.
 */
export const testChoicePair: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("test_choice").addColumn("pair_id", "integer").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("test_choice").dropColumn("pair_id").execute();
  },
};
