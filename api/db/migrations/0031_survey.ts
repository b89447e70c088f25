import { sql, type Kysely, type Migration } from "kysely";

/**
 * Surveys on the content engine (issue 18 §4; docs/decisions/062). The minimal `survey` master
 * list of 0007 (the one the course and class survey tabs pick from) stays the one survey table
 * and grows, in place, the engine's content columns (0003 / migration-kit contentColumns) and the
 * survey's own (spec 001 §3 "Survey"):
 *
 * - the content columns: level, program, category, provider, environmental, description,
 *   display and schedule, first publish, create/update stamps, creator. Category and provider are
 *   nullable here only because rows older than this migration have none (SQLite cannot add a
 *   NOT NULL reference); the API's schemas require both for every new or saved survey.
 * - its own: contact, is_anonymous, is_editable (answers may be changed, default 1), is_template,
 *   is_required, datetime_end (when answering closes), target_type (spec 001 §4 survey target
 *   types: content 0, instructor 1, system 2, other 3), form_id (its questions: a request_form
 *   row of kind "survey", made on its first section — the one form builder, decision 057).
 * - survey_instructor: the instructors a survey of target type "instructor" evaluates.
 * - form_question gets the survey question's settings (spec 001 §3 "Question (survey and
 *   generic)"): value_min (default 1), value_max (default 4), label_min, label_max, max_select
 *   (default 1); they mean nothing to the other kinds of form and stay at their defaults there.
 *
 * `is_publish` is kept, as the survey tabs read it: it now mirrors is_display (a survey counts as
 * published when type_expire > -1, i.e. shown or scheduled). Existing published surveys become
 * displayed, first shown at migration time.
 */
export const surveyTables: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    const at = new Date().toISOString();
    const add = (
      name: string,
      type: "integer" | "text",
      build?: Parameters<ReturnType<typeof s.alterTable>["addColumn"]>[2],
    ) =>
      s
        .alterTable("survey")
        .addColumn(name, type, build ?? ((c) => c))
        .execute();
    await add("content_level", "integer", (c) => c.references("level.id").onDelete("set null"));
    await add("program", "integer");
    await add("category_id", "integer", (c) => c.references("category.id").onDelete("restrict"));
    await add("provider_id", "integer", (c) => c.references("provider.id").onDelete("restrict"));
    await add("is_environmental", "integer", (c) => c.notNull().defaultTo(0));
    await add("desc", "text", (c) => c.notNull().defaultTo(""));
    await add("is_display", "integer", (c) => c.notNull().defaultTo(0));
    await add("datetime_start", "text");
    await add("datetime_first_publish", "text");
    await add("datetime_end", "text");
    await add("datetime_create", "text", (c) => c.notNull().defaultTo(at));
    await add("datetime_update", "text", (c) => c.notNull().defaultTo(at));
    await add("created_by", "integer", (c) => c.references("account.id").onDelete("set null"));
    await add("contact", "text", (c) => c.notNull().defaultTo(""));
    await add("is_anonymous", "integer", (c) => c.notNull().defaultTo(0));
    await add("is_editable", "integer", (c) => c.notNull().defaultTo(1));
    await add("is_template", "integer", (c) => c.notNull().defaultTo(0));
    await add("is_required", "integer", (c) => c.notNull().defaultTo(0));
    await add("target_type", "integer", (c) => c.notNull().defaultTo(0));
    await add("form_id", "integer", (c) => c.references("request_form.id").onDelete("set null"));
    await sql`update survey set is_display = is_publish, datetime_first_publish = case when is_publish = 1 then ${at} else null end`.execute(
      db,
    );
    await s.createIndex("survey_update_idx").on("survey").column("datetime_update").execute();

    await s
      .createTable("survey_instructor")
      .addColumn("survey_id", "integer", (c) => c.notNull().references("survey.id").onDelete("cascade"))
      .addColumn("instructor_id", "integer", (c) => c.notNull().references("instructor.id").onDelete("cascade"))
      .addPrimaryKeyConstraint("survey_instructor_pk", ["survey_id", "instructor_id"])
      .execute();

    const question = (
      name: string,
      type: "integer" | "text",
      build?: Parameters<ReturnType<typeof s.alterTable>["addColumn"]>[2],
    ) =>
      s
        .alterTable("form_question")
        .addColumn(name, type, build ?? ((c) => c))
        .execute();
    await question("value_min", "integer", (c) => c.notNull().defaultTo(1));
    await question("value_max", "integer", (c) => c.notNull().defaultTo(4));
    await question("label_min", "text", (c) => c.notNull().defaultTo(""));
    await question("label_max", "text", (c) => c.notNull().defaultTo(""));
    await question("max_select", "integer", (c) => c.notNull().defaultTo(1));
  },
};
