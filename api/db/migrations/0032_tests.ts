import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../index";
import { contentColumns, idColumn } from "../migration-kit";

/**
 * Tests and test banks (issue 18 §1–§3; spec 000 §2.8, spec 001 §3 "Test, test bank and their
 * parts"; docs/decisions/063, 064). One question store serves both owners:
 *
 * - testbank: the engine's content columns plus type_question (the test type its questions are
 *   written for, spec 001 §4: 1 multiple choice, 2 matching, 3 fill in number, 4 fill in
 *   description, 6 fill in answer). Its usage requests (-1 rejected, 0 waiting, 1 approved) and its
 *   log (what changed, by question number).
 * - test: the engine's content columns plus its settings (is_template, term, result_setting
 *   0 auto summary / 1 admin approval, attempt limit with 0 = unlimited, duration in minutes with
 *   0 = no limit); test_section (spec 001 §3: name, full and pass score, pass condition type,
 *   shuffle flags, desc).
 * - test_question: a question of exactly one owner — a test section or a bank — numbered from 1
 *   within it (the routes' `question/{number}`); its type is a test type (above); score is what a
 *   correct answer earns; answer / answer_gap hold a fill-in answer and a number's tolerance.
 *   Its tags (test_question_tag) are what a draw selects by. test_choice: its choices.
 * - test_section_draw: a section's rule for drawing questions from a bank (spec 001 §3 "Question
 *   selection from a bank": tag_list, type_method, type_random, type_select, number, range,
 *   question_list), applied at attempt time.
 * - test_attempt / test_attempt_answer: a learner's attempt (its seed fixes what was drawn and
 *   shuffled) and each answer, with its question as it was asked (desc, type, score) so a later
 *   edit of the bank does not rewrite a marked attempt; score null until a fill-in is verified.
 */
export function testTables(dialect: Dialect): Migration {
  const withId = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;

      await contentColumns(withId(s.createTable("testbank")))
        .addColumn("type_question", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      await s.createIndex("testbank_update_idx").on("testbank").column("datetime_update").execute();

      await contentColumns(withId(s.createTable("test")))
        .addColumn("is_template", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("term", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("result_setting", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("attempt", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("duration", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await s.createIndex("test_update_idx").on("test").column("datetime_update").execute();

      await withId(s.createTable("testbank_usage"))
        .addColumn("testbank_id", "integer", (c) => c.notNull().references("testbank.id").onDelete("cascade"))
        .addColumn("test_id", "integer", (c) => c.references("test.id").onDelete("set null"))
        .addColumn("status", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("requested_by", "integer", (c) => c.references("account.id").onDelete("set null"))
        .addColumn("decided_by", "integer", (c) => c.references("account.id").onDelete("set null"))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addColumn("datetime_decide", "text")
        .execute();
      await s.createIndex("testbank_usage_bank_idx").on("testbank_usage").columns(["testbank_id", "status"]).execute();

      await withId(s.createTable("testbank_log"))
        .addColumn("testbank_id", "integer", (c) => c.notNull().references("testbank.id").onDelete("cascade"))
        .addColumn("number", "integer")
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("changes", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("created_by", "integer", (c) => c.references("account.id").onDelete("set null"))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .execute();
      await s
        .createIndex("testbank_log_bank_idx")
        .on("testbank_log")
        .columns(["testbank_id", "datetime_create"])
        .execute();

      await withId(s.createTable("test_section"))
        .addColumn("test_id", "integer", (c) => c.notNull().references("test.id").onDelete("cascade"))
        .addColumn("sort", "integer", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("desc", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("full_score", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("pass_score", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("pass_condition_type", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_question_shuffle", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_choice_shuffle", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await s.createIndex("test_section_test_idx").on("test_section").columns(["test_id", "sort"]).execute();

      await withId(s.createTable("test_question"))
        .addColumn("section_id", "integer", (c) => c.references("test_section.id").onDelete("cascade"))
        .addColumn("bank_id", "integer", (c) => c.references("testbank.id").onDelete("cascade"))
        .addColumn("number", "integer", (c) => c.notNull())
        .addColumn("type", "integer", (c) => c.notNull())
        .addColumn("desc", "text", (c) => c.notNull())
        .addColumn("desc_hint", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("desc_answer", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("desc_evaluation", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("answer", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("answer_gap", "double precision", (c) => c.notNull().defaultTo(0))
        .addColumn("score", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("is_hide", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .execute();
      await s.createIndex("test_question_section_idx").on("test_question").columns(["section_id", "number"]).execute();
      await s.createIndex("test_question_bank_idx").on("test_question").columns(["bank_id", "number"]).execute();

      await s
        .createTable("test_question_tag")
        .addColumn("question_id", "integer", (c) => c.notNull().references("test_question.id").onDelete("cascade"))
        .addColumn("tag_id", "integer", (c) => c.notNull().references("tag.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("test_question_tag_pk", ["question_id", "tag_id"])
        .execute();

      await withId(s.createTable("test_choice"))
        .addColumn("question_id", "integer", (c) => c.notNull().references("test_question.id").onDelete("cascade"))
        .addColumn("sort", "integer", (c) => c.notNull())
        .addColumn("desc", "text", (c) => c.notNull())
        .addColumn("is_answer", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await s.createIndex("test_choice_question_idx").on("test_choice").columns(["question_id", "sort"]).execute();

      await withId(s.createTable("test_section_draw"))
        .addColumn("section_id", "integer", (c) => c.notNull().references("test_section.id").onDelete("cascade"))
        .addColumn("bank_id", "integer", (c) => c.notNull().references("testbank.id").onDelete("restrict"))
        .addColumn("sort", "integer", (c) => c.notNull())
        .addColumn("tag_list", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("type_method", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("type_random", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("type_select", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("number", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("range", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("question_list", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .execute();
      await s.createIndex("test_section_draw_section_idx").on("test_section_draw").column("section_id").execute();
      await s.createIndex("test_section_draw_bank_idx").on("test_section_draw").column("bank_id").execute();

      await withId(s.createTable("test_attempt"))
        .addColumn("test_id", "integer", (c) => c.notNull().references("test.id").onDelete("cascade"))
        .addColumn("enrollment_id", "integer", (c) =>
          c.notNull().references("content_enrollment.id").onDelete("cascade"),
        )
        .addColumn("account_id", "integer", (c) => c.references("account.id").onDelete("set null"))
        .addColumn("number", "integer", (c) => c.notNull())
        .addColumn("status", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("seed", "integer", (c) => c.notNull())
        .addColumn("score", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("full_score", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_pass", "integer")
        .addColumn("datetime_start", "text", (c) => c.notNull())
        .addColumn("datetime_submit", "text")
        .addColumn("datetime_verify", "text")
        .addColumn("verified_by", "integer", (c) => c.references("account.id").onDelete("set null"))
        .execute();
      await s.createIndex("test_attempt_test_idx").on("test_attempt").columns(["test_id", "status"]).execute();
      await s.createIndex("test_attempt_enrollment_idx").on("test_attempt").column("enrollment_id").execute();

      await withId(s.createTable("test_attempt_answer"))
        .addColumn("attempt_id", "integer", (c) => c.notNull().references("test_attempt.id").onDelete("cascade"))
        .addColumn("section_id", "integer", (c) => c.references("test_section.id").onDelete("set null"))
        .addColumn("question_id", "integer", (c) => c.references("test_question.id").onDelete("set null"))
        .addColumn("sort", "integer", (c) => c.notNull())
        .addColumn("question_type", "integer", (c) => c.notNull())
        .addColumn("question_desc", "text", (c) => c.notNull())
        .addColumn("max_score", "integer", (c) => c.notNull())
        .addColumn("answer", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("score", "integer")
        .addColumn("feedback", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("verified_by", "integer", (c) => c.references("account.id").onDelete("set null"))
        .addColumn("datetime_verify", "text")
        .execute();
      await s
        .createIndex("test_attempt_answer_attempt_idx")
        .on("test_attempt_answer")
        .columns(["attempt_id", "sort"])
        .execute();
      await s.createIndex("test_attempt_answer_question_idx").on("test_attempt_answer").column("question_id").execute();
    },
  };
}
