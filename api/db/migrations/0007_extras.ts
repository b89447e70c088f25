import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, Migration } from "kysely";
import type { Dialect } from "../index";

/**
 * The extra tabs and overall pages of content (issue 6 items 4 and 6; docs/decisions/012):
 * master lists (competency, survey, achievement, challenge, budget category), and per course its
 * competencies, surveys, gamification criteria (and who earned them), price, budget planning and
 * actual cost with their records, and certificate; per content of any type its discussion
 * threads and replies and its identification attempts (content_type_id + content_id).
 * Money is stored in hundredths (satang) and exchange rates in millionths, as integers, so both
 * dialects add and compare them exactly.
 */
export function extras(dialect: Dialect): Migration {
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === "postgres"
      ? t.addColumn("id", "serial", (c) => c.primaryKey())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  const course = (c: ColumnDefinitionBuilder) => c.notNull().references("course.id").onDelete("cascade");

  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      // Master lists (their own screens come later; the tabs choose from them).
      await withId(s.createTable("competency"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("code", "text", (c) => c.notNull().unique())
        .addColumn("level", "integer", (c) => c.notNull())
        .execute();
      await withId(s.createTable("survey"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("code", "text", (c) => c.notNull().unique())
        .addColumn("survey_type", "integer", (c) => c.notNull())
        .addColumn("is_publish", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await withId(s.createTable("gamification_achievement"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("code", "text", (c) => c.notNull().unique())
        .addColumn("multiplier", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      await withId(s.createTable("gamification_challenge"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("code", "text", (c) => c.notNull().unique())
        .execute();
      await withId(s.createTable("budget_category"))
        .addColumn("name_bp", "text", (c) => c.notNull())
        .addColumn("name_ac", "text", (c) => c.notNull())
        .addColumn("code", "text", (c) => c.notNull().unique())
        .execute();

      // Per course.
      await withId(s.createTable("course_competency"))
        .addColumn("course_id", "integer", course)
        .addColumn("competency_id", "integer", (c) => c.notNull().references("competency.id").onDelete("restrict"))
        .addColumn("level", "integer", (c) => c.notNull())
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addUniqueConstraint("course_competency_unique", ["course_id", "competency_id"])
        .execute();
      await withId(s.createTable("course_survey"))
        .addColumn("course_id", "integer", course)
        .addColumn("survey_id", "integer", (c) => c.notNull().references("survey.id").onDelete("restrict"))
        .addColumn("is_required", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint("course_survey_unique", ["course_id", "survey_id"])
        .execute();
      await withId(s.createTable("course_gamification"))
        .addColumn("course_id", "integer", course)
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("point", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("achievement_id", "integer", (c) => c.references("gamification_achievement.id").onDelete("restrict"))
        .addColumn("challenge_id", "integer", (c) => c.references("gamification_challenge.id").onDelete("restrict"))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .execute();
      await s.createIndex("course_gamification_course_idx").on("course_gamification").column("course_id").execute();
      // Earned by a learner: the criterion is then "in use".
      await s
        .createTable("gamification_earned")
        .addColumn("criteria_id", "integer", (c) =>
          c.notNull().references("course_gamification.id").onDelete("cascade"),
        )
        .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
        .addColumn("point", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("gamification_earned_pk", ["criteria_id", "account_id"])
        .execute();
      await s
        .createTable("course_budget")
        .addColumn("course_id", "integer", (c) => c.primaryKey().references("course.id").onDelete("cascade"))
        .addColumn("price_minor", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("price_discount_minor", "bigint")
        .addColumn("price_app_store_minor", "bigint")
        .addColumn("price_android_minor", "bigint")
        .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("count_learner", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("cost_minor", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("price_margin_minor", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_update_price", "text")
        .addColumn("datetime_update_plan", "text")
        .addColumn("datetime_update_actual", "text")
        .execute();
      await withId(s.createTable("course_budget_record"))
        .addColumn("course_id", "integer", course)
        /** plan or actual. */
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("budget_category_id", "integer", (c) =>
          c.notNull().references("budget_category.id").onDelete("restrict"),
        )
        .addColumn("unit", "integer", (c) => c.notNull())
        .addColumn("cost_minor", "bigint", (c) => c.notNull())
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("exchange_rate_micro", "bigint", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull())
        .execute();
      await s
        .createIndex("course_budget_record_course_idx")
        .on("course_budget_record")
        .columns(["course_id", "kind", "sort"])
        .execute();
      await s
        .createTable("course_certificate")
        .addColumn("course_id", "integer", (c) => c.primaryKey().references("course.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("desc", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("image", "text")
        .addColumn("language", "text", (c) => c.notNull())
        .addColumn("type_template", "integer", (c) => c.notNull())
        .addColumn("certificate_type", "integer", (c) => c.notNull())
        /** Days a learner may download it after earning it; null: no limit. */
        .addColumn("download_days", "integer")
        .addColumn("type_complete", "integer", (c) => c.notNull())
        .addColumn("type_issued_date", "integer", (c) => c.notNull())
        .addColumn("date_issued", "text")
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .execute();

      // Per content of any type.
      await withId(s.createTable("discussion_thread"))
        .addColumn("content_type_id", "integer", (c) => c.notNull().references("content_type.id").onDelete("cascade"))
        .addColumn("content_id", "integer", (c) => c.notNull())
        .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("is_hidden", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addColumn("datetime_last_activity", "text", (c) => c.notNull())
        .execute();
      await s
        .createIndex("discussion_thread_content_idx")
        .on("discussion_thread")
        .columns(["content_type_id", "content_id", "datetime_last_activity"])
        .execute();
      await withId(s.createTable("discussion_reply"))
        .addColumn("thread_id", "integer", (c) => c.notNull().references("discussion_thread.id").onDelete("cascade"))
        .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("is_hidden", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .execute();
      await s
        .createIndex("discussion_reply_thread_idx")
        .on("discussion_reply")
        .columns(["thread_id", "datetime_create"])
        .execute();
      await withId(s.createTable("identification_attempt"))
        .addColumn("content_type_id", "integer", (c) => c.notNull().references("content_type.id").onDelete("cascade"))
        .addColumn("content_id", "integer", (c) => c.notNull())
        .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
        .addColumn("method", "integer", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("section", "text")
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .execute();
      await s
        .createIndex("identification_attempt_content_idx")
        .on("identification_attempt")
        .columns(["content_type_id", "content_id", "datetime_create"])
        .execute();
    },
  };
}
