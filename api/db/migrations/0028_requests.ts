import { sql, type CreateTableBuilder, type Kysely, type Migration, type SqlBool } from "kysely";
import type { Dialect } from "../index";
import { idColumn } from "../migration-kit";

/**
 * Forms, approval flows and requests (issue 17 §4; docs/decisions/056–058):
 *
 * - request_form (+ form_section, form_question, form_choice): ONE builder for enrollment forms
 *   (kind "enrollment", named by content_enrollment_setting.form_id) and request forms (kind
 *   "request", with the request type they serve). Sections and questions keep a `sort` position.
 * - form_submission (+ form_answer): a form's results: who answered, when, for which request or
 *   content; an answer row per question (per chosen choice for multiple choice).
 * - approval_flow (+ approval_flow_content_type, approval_step, approval_step_approver): the
 *   flows; `sort` is unique, the lowest matching one applies. Money in hundredths.
 * - learning_request (+ request_decision): a learner's learning or material request, the flow
 *   and step it waits at, and every decision taken on it (approve, reject, expiry).
 * - learning_result (+ learning_result_log): an approved learning request's result and its
 *   progress changes.
 */
export function requestTables(dialect: Dialect): Migration {
  const withId = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      const stamps = <T extends string, C extends string>(t: CreateTableBuilder<T, C>) =>
        t
          .addColumn("datetime_create", "text", (c) => c.notNull())
          .addColumn("datetime_update", "text", (c) => c.notNull());

      await stamps(
        withId(s.createTable("request_form"))
          .addColumn("kind", "text", (c) => c.notNull())
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("code", "text")
          .addColumn("desc", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("type_request", "integer")
          .addColumn("created_by", "integer", (c) => c.references("account.id").onDelete("set null")),
      ).execute();
      await s
        .createIndex("request_form_code_lower_uq")
        .unique()
        .on("request_form")
        .expression(sql`lower(code)`)
        .where(sql<SqlBool>`code is not null and code <> ''`)
        .execute();
      await s.createIndex("request_form_kind_idx").on("request_form").column("kind").execute();

      await withId(s.createTable("form_section"))
        .addColumn("form_id", "integer", (c) => c.notNull().references("request_form.id").onDelete("cascade"))
        .addColumn("sort", "integer", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("desc", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await s.createIndex("form_section_form_idx").on("form_section").columns(["form_id", "sort"]).execute();
      await withId(s.createTable("form_question"))
        .addColumn("section_id", "integer", (c) => c.notNull().references("form_section.id").onDelete("cascade"))
        .addColumn("sort", "integer", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("type", "integer", (c) => c.notNull())
        .addColumn("is_required", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await s.createIndex("form_question_section_idx").on("form_question").columns(["section_id", "sort"]).execute();
      await withId(s.createTable("form_choice"))
        .addColumn("question_id", "integer", (c) => c.notNull().references("form_question.id").onDelete("cascade"))
        .addColumn("sort", "integer", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        .execute();
      await s.createIndex("form_choice_question_idx").on("form_choice").column("question_id").execute();

      await withId(s.createTable("form_submission"))
        .addColumn("form_id", "integer", (c) => c.notNull().references("request_form.id").onDelete("cascade"))
        .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
        .addColumn("content_type_id", "integer")
        .addColumn("content_id", "integer")
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .execute();
      await s
        .createIndex("form_submission_form_idx")
        .on("form_submission")
        .columns(["form_id", "datetime_create"])
        .execute();
      await withId(s.createTable("form_answer"))
        .addColumn("submission_id", "integer", (c) => c.notNull().references("form_submission.id").onDelete("cascade"))
        // The question and choice may be deleted later; the answer keeps its text.
        .addColumn("question_id", "integer", (c) => c.references("form_question.id").onDelete("set null"))
        .addColumn("choice_id", "integer", (c) => c.references("form_choice.id").onDelete("set null"))
        .addColumn("value", "text", (c) => c.notNull())
        .execute();
      await s.createIndex("form_answer_submission_idx").on("form_answer").column("submission_id").execute();
      await s.createIndex("form_answer_question_idx").on("form_answer").column("question_id").execute();

      await stamps(
        withId(s.createTable("approval_flow"))
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("code", "text")
          .addColumn("sort", "integer", (c) => c.notNull().defaultTo(999))
          .addColumn("type_request", "integer", (c) => c.notNull())
          .addColumn("type_rule", "integer", (c) => c.notNull().defaultTo(1))
          .addColumn("price_gte_minor", "integer")
          .addColumn("price_lte_minor", "integer")
          .addColumn("desc", "text", (c) => c.notNull().defaultTo("")),
      ).execute();
      await s.createIndex("approval_flow_sort_uq").unique().on("approval_flow").column("sort").execute();
      await s
        .createIndex("approval_flow_code_lower_uq")
        .unique()
        .on("approval_flow")
        .expression(sql`lower(code)`)
        .where(sql<SqlBool>`code is not null and code <> ''`)
        .execute();
      await s
        .createTable("approval_flow_content_type")
        .addColumn("flow_id", "integer", (c) => c.notNull().references("approval_flow.id").onDelete("cascade"))
        .addColumn("content_type_id", "integer", (c) => c.notNull().references("content_type.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("approval_flow_content_type_pk", ["flow_id", "content_type_id"])
        .execute();
      await withId(s.createTable("approval_step"))
        .addColumn("flow_id", "integer", (c) => c.notNull().references("approval_flow.id").onDelete("cascade"))
        .addColumn("sort", "integer", (c) => c.notNull())
        .addColumn("step_supervisor", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("level_list_type", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_approver", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_notification", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("duration_expire", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await s.createIndex("approval_step_flow_idx").on("approval_step").columns(["flow_id", "sort"]).execute();
      await s
        .createTable("approval_step_approver")
        .addColumn("step_id", "integer", (c) => c.notNull().references("approval_step.id").onDelete("cascade"))
        .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("approval_step_approver_pk", ["step_id", "account_id"])
        .execute();

      await withId(s.createTable("learning_request"))
        .addColumn("kind", "integer", (c) => c.notNull())
        .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("provider", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("datetime_start", "text")
        .addColumn("datetime_end", "text")
        .addColumn("cost_minor", "integer")
        .addColumn("content_type_id", "integer", (c) => c.references("content_type.id").onDelete("set null"))
        .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
        // The flow chosen when it was made (kept: a flow in use is not deleted) and the step it waits at (1-based).
        .addColumn("flow_id", "integer", (c) => c.references("approval_flow.id").onDelete("restrict"))
        .addColumn("step", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("status", "integer", (c) => c.notNull())
        .addColumn("form_id", "integer", (c) => c.references("request_form.id").onDelete("set null"))
        .addColumn("submission_id", "integer", (c) => c.references("form_submission.id").onDelete("set null"))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        // When it reached the step it waits at: a step's duration_expire counts from here.
        .addColumn("datetime_step", "text", (c) => c.notNull())
        .addColumn("datetime_decide", "text")
        .execute();
      await s
        .createIndex("learning_request_kind_status_idx")
        .on("learning_request")
        .columns(["kind", "status", "datetime_create"])
        .execute();
      await withId(s.createTable("request_decision"))
        .addColumn("request_id", "integer", (c) => c.notNull().references("learning_request.id").onDelete("cascade"))
        .addColumn("step", "integer", (c) => c.notNull())
        .addColumn("decision", "integer", (c) => c.notNull())
        .addColumn("decided_by", "integer", (c) => c.references("account.id").onDelete("set null"))
        .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .execute();
      await s.createIndex("request_decision_request_idx").on("request_decision").column("request_id").execute();

      await withId(s.createTable("learning_result"))
        .addColumn("request_id", "integer", (c) =>
          c.notNull().unique().references("learning_request.id").onDelete("cascade"),
        )
        .addColumn("status", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .execute();
      await withId(s.createTable("learning_result_log"))
        .addColumn("result_id", "integer", (c) => c.notNull().references("learning_result.id").onDelete("cascade"))
        .addColumn("from_status", "integer", (c) => c.notNull())
        .addColumn("to_status", "integer", (c) => c.notNull())
        .addColumn("changed_by", "integer", (c) => c.references("account.id").onDelete("set null"))
        .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .execute();
      await s.createIndex("learning_result_log_result_idx").on("learning_result_log").column("result_id").execute();
    },
  };
}
