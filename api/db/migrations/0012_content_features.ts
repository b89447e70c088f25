import { sql, type CreateTableBuilder, type Kysely, type Migration } from "kysely";
import type { Dialect } from "../index";

/**
 * Every content feature's rows keyed by content type and content id (issue 13 §1,
 * docs/decisions/022): the course_* child tables of 0003–0009 become content_* tables whose rows
 * name their content as (content_type_id, content_id), like content_tag and content_permission
 * already do, so the curriculum, enrollment, progress history, competency, survey, gamification,
 * budget and certificate of any content type live in one table each.
 *
 * Each table is rebuilt (created under its new name, its rows copied with their ids, the old one
 * dropped) rather than altered: the old `course_id` carries a foreign key to `course`, which
 * SQLite cannot drop in place. The tables hanging on them (material_dependency,
 * gamification_earned) are rebuilt too so their keys point at the new tables. With no foreign key
 * to the content left, deleting a content removes these rows itself (api/content/remove.ts).
 *
 * SQLite: foreign keys off and one transaction around the whole move, checked before commit
 * (the documented 12-step table change). PostgreSQL: the migrator's transaction; each serial
 * sequence is moved past the copied ids.
 */
export function contentFeatures(dialect: Dialect): Migration {
  const pg = dialect === "postgres";
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    pg
      ? t.addColumn("id", "serial", (c) => c.primaryKey())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  const content = <T extends string>(t: CreateTableBuilder<T, never>) =>
    t
      .addColumn("content_type_id", "integer", (c) => c.notNull().references("content_type.id").onDelete("cascade"))
      .addColumn("content_id", "integer", (c) => c.notNull());

  /** new table ← old table: its own columns (copied as they are) and whether it had course_id. */
  const moves: { from: string; to: string; columns: string[]; course: "course_id" | null; serial: boolean }[] = [
    {
      from: "course_section",
      to: "content_section",
      course: "course_id",
      serial: true,
      columns: [
        "id",
        "name",
        "sort",
        "is_display",
        "iden_is_enabled",
        "iden_identification",
        "iden_lock_method",
        "iden_attempt",
        "iden_duration_lock",
      ],
    },
    {
      from: "course_material",
      to: "content_material",
      course: "course_id",
      serial: true,
      columns: [
        "id",
        "section_id",
        "sort",
        "slot_type",
        "name",
        "is_required",
        "is_preview",
        "is_display",
        "is_non_skippable",
        "is_paused_inactive",
        "is_allow_download",
        "attempt",
        "duration",
        "url",
        "file",
        "file_name",
        "iden_is_enabled",
        "iden_identification",
        "iden_lock_method",
        "iden_attempt",
        "iden_duration_lock",
        "iden_random",
        "datetime_create",
        "datetime_update",
      ],
    },
    {
      from: "material_dependency",
      to: "content_material_dependency",
      course: null,
      serial: false,
      columns: ["material_id", "prerequisite_id"],
    },
    {
      from: "course_prerequisite",
      to: "content_prerequisite",
      course: "course_id",
      serial: false,
      columns: ["prerequisite_course_id"],
    },
    {
      from: "course_enrollment",
      to: "content_enrollment",
      course: "course_id",
      serial: true,
      columns: [
        "id",
        "account_id",
        "status",
        "add_method",
        "added_by",
        "created_by",
        "datetime_enroll",
        "datetime_start",
        "datetime_complete",
        "datetime_update",
      ],
    },
    {
      from: "course_progress_log",
      to: "content_progress_log",
      course: null,
      serial: true,
      columns: [
        "id",
        "enrollment_id",
        "from_status",
        "to_status",
        "action_type",
        "is_bulk",
        "created_by",
        "datetime_create",
      ],
    },
    {
      from: "course_competency",
      to: "content_competency",
      course: "course_id",
      serial: true,
      columns: ["id", "competency_id", "level", "datetime_create"],
    },
    {
      from: "course_survey",
      to: "content_survey",
      course: "course_id",
      serial: true,
      columns: ["id", "survey_id", "is_required", "sort"],
    },
    {
      from: "course_gamification",
      to: "content_gamification",
      course: "course_id",
      serial: true,
      columns: ["id", "name", "point", "achievement_id", "challenge_id", "datetime_create"],
    },
    {
      from: "gamification_earned",
      to: "content_gamification_earned",
      course: null,
      serial: false,
      columns: ["criteria_id", "account_id", "point", "datetime_create"],
    },
    {
      from: "course_budget",
      to: "content_budget",
      course: "course_id",
      serial: false,
      columns: [
        "price_minor",
        "price_discount_minor",
        "price_app_store_minor",
        "price_android_minor",
        "note",
        "count_learner",
        "cost_minor",
        "price_margin_minor",
        "datetime_update_price",
        "datetime_update_plan",
        "datetime_update_actual",
      ],
    },
    {
      from: "course_budget_record",
      to: "content_budget_record",
      course: "course_id",
      serial: true,
      columns: ["id", "kind", "budget_category_id", "unit", "cost_minor", "currency", "exchange_rate_micro", "sort"],
    },
    {
      from: "course_certificate",
      to: "content_certificate",
      course: "course_id",
      serial: false,
      columns: [
        "name",
        "desc",
        "image",
        "language",
        "type_template",
        "certificate_type",
        "download_days",
        "type_complete",
        "type_issued_date",
        "date_issued",
        "datetime_update",
      ],
    },
  ];

  async function createTables(db: Kysely<unknown>) {
    const s = db.schema;
    await content(withId(s.createTable("content_section")))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("is_display", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("iden_is_enabled", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("iden_identification", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("iden_lock_method", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("iden_attempt", "integer")
      .addColumn("iden_duration_lock", "integer")
      .execute();
    await content(withId(s.createTable("content_material")))
      .addColumn("section_id", "integer", (c) => c.notNull().references("content_section.id").onDelete("cascade"))
      .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("slot_type", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("is_required", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("is_preview", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("is_display", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("is_non_skippable", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("is_paused_inactive", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("is_allow_download", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("attempt", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("duration", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("url", "text")
      .addColumn("file", "text")
      .addColumn("file_name", "text")
      .addColumn("iden_is_enabled", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("iden_identification", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("iden_lock_method", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("iden_attempt", "integer")
      .addColumn("iden_duration_lock", "integer")
      .addColumn("iden_random", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("datetime_create", "text", (c) => c.notNull())
      .addColumn("datetime_update", "text", (c) => c.notNull())
      .execute();
    await s
      .createTable("content_material_dependency")
      .addColumn("material_id", "integer", (c) => c.notNull().references("content_material.id").onDelete("cascade"))
      .addColumn("prerequisite_id", "integer", (c) => c.notNull().references("content_material.id").onDelete("cascade"))
      .addPrimaryKeyConstraint("content_material_dependency_pk", ["material_id", "prerequisite_id"])
      .execute();
    // A content's prerequisites are contents of its own type (docs/decisions/022).
    await content(s.createTable("content_prerequisite"))
      .addColumn("prerequisite_id", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("content_prerequisite_pk", ["content_type_id", "content_id", "prerequisite_id"])
      .execute();
    await content(withId(s.createTable("content_enrollment")))
      .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
      .addColumn("status", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("add_method", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("added_by", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_by", "integer", (c) => c.references("account.id").onDelete("set null"))
      .addColumn("datetime_enroll", "text", (c) => c.notNull())
      .addColumn("datetime_start", "text")
      .addColumn("datetime_complete", "text")
      .addColumn("datetime_update", "text", (c) => c.notNull())
      .addUniqueConstraint("content_enrollment_account_content_key", ["account_id", "content_type_id", "content_id"])
      .execute();
    await withId(s.createTable("content_progress_log"))
      .addColumn("enrollment_id", "integer", (c) => c.notNull().references("content_enrollment.id").onDelete("cascade"))
      .addColumn("from_status", "integer")
      .addColumn("to_status", "integer", (c) => c.notNull())
      .addColumn("action_type", "text", (c) => c.notNull())
      .addColumn("is_bulk", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_by", "integer", (c) => c.references("account.id").onDelete("set null"))
      .addColumn("datetime_create", "text", (c) => c.notNull())
      .execute();
    await content(withId(s.createTable("content_competency")))
      .addColumn("competency_id", "integer", (c) => c.notNull().references("competency.id").onDelete("restrict"))
      .addColumn("level", "integer", (c) => c.notNull())
      .addColumn("datetime_create", "text", (c) => c.notNull())
      .addUniqueConstraint("content_competency_unique", ["content_type_id", "content_id", "competency_id"])
      .execute();
    await content(withId(s.createTable("content_survey")))
      .addColumn("survey_id", "integer", (c) => c.notNull().references("survey.id").onDelete("restrict"))
      .addColumn("is_required", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint("content_survey_unique", ["content_type_id", "content_id", "survey_id"])
      .execute();
    await content(withId(s.createTable("content_gamification")))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("point", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("achievement_id", "integer", (c) => c.references("gamification_achievement.id").onDelete("restrict"))
      .addColumn("challenge_id", "integer", (c) => c.references("gamification_challenge.id").onDelete("restrict"))
      .addColumn("datetime_create", "text", (c) => c.notNull())
      .execute();
    await s
      .createTable("content_gamification_earned")
      .addColumn("criteria_id", "integer", (c) => c.notNull().references("content_gamification.id").onDelete("cascade"))
      .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
      .addColumn("point", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("datetime_create", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("content_gamification_earned_pk", ["criteria_id", "account_id"])
      .execute();
    await content(s.createTable("content_budget"))
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
      .addPrimaryKeyConstraint("content_budget_pk", ["content_type_id", "content_id"])
      .execute();
    await content(withId(s.createTable("content_budget_record")))
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
    await content(s.createTable("content_certificate"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("desc", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("image", "text")
      .addColumn("language", "text", (c) => c.notNull())
      .addColumn("type_template", "integer", (c) => c.notNull())
      .addColumn("certificate_type", "integer", (c) => c.notNull())
      .addColumn("download_days", "integer")
      .addColumn("type_complete", "integer", (c) => c.notNull())
      .addColumn("type_issued_date", "integer", (c) => c.notNull())
      .addColumn("date_issued", "text")
      .addColumn("datetime_update", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("content_certificate_pk", ["content_type_id", "content_id"])
      .execute();
  }

  async function createIndexes(db: Kysely<unknown>) {
    const s = db.schema;
    const idx = (name: string, table: string, columns: string[]) =>
      s.createIndex(name).on(table).columns(columns).execute();
    await idx("content_section_content_idx", "content_section", ["content_type_id", "content_id", "sort"]);
    await idx("content_material_section_idx", "content_material", ["section_id", "sort"]);
    await idx("content_material_content_idx", "content_material", ["content_type_id", "content_id"]);
    await idx("content_material_dependency_prerequisite_idx", "content_material_dependency", ["prerequisite_id"]);
    await idx("content_prerequisite_prerequisite_idx", "content_prerequisite", ["content_type_id", "prerequisite_id"]);
    await idx("content_enrollment_status_idx", "content_enrollment", ["content_type_id", "content_id", "status"]);
    await idx("content_enrollment_enroll_idx", "content_enrollment", [
      "content_type_id",
      "content_id",
      "datetime_enroll",
    ]);
    await idx("content_enrollment_update_idx", "content_enrollment", [
      "content_type_id",
      "content_id",
      "datetime_update",
    ]);
    await idx("content_progress_log_enrollment_idx", "content_progress_log", ["enrollment_id", "datetime_create"]);
    await idx("content_progress_log_created_by_idx", "content_progress_log", ["created_by"]);
    await idx("content_gamification_content_idx", "content_gamification", ["content_type_id", "content_id"]);
    await idx("content_budget_record_content_idx", "content_budget_record", [
      "content_type_id",
      "content_id",
      "kind",
      "sort",
    ]);
  }

  return {
    async up(db: Kysely<unknown>) {
      if (!pg) await sql`pragma foreign_keys = off`.execute(db);
      try {
        if (!pg) await sql`begin`.execute(db);
        await createTables(db);
        // The rows of the old tables are all courses': their type is the course content type,
        // which the seed creates; a database with course rows has it.
        const course = sql`(select ${sql.ref("id")} from ${sql.table("content_type")} where ${sql.ref("code")} = ${"course"})`;
        for (const m of moves) {
          const own = m.columns.map((c) => (c === "prerequisite_course_id" ? "prerequisite_id" : c));
          const target = m.course ? ["content_type_id", "content_id", ...own] : own;
          const source = m.course
            ? [course, sql.ref(m.course), ...m.columns.map((c) => sql.ref(c))]
            : m.columns.map((c) => sql.ref(c));
          await sql`insert into ${sql.table(m.to)} (${sql.join(target.map((c) => sql.ref(c)))}) select ${sql.join(source)} from ${sql.table(m.from)}`.execute(
            db,
          );
          if (pg && m.serial) {
            await sql`select setval(pg_get_serial_sequence(${m.to}, 'id'), coalesce((select max(${sql.ref("id")}) from ${sql.table(m.to)}), 0) + 1, false)`.execute(
              db,
            );
          }
        }
        // Children first, so no drop waits on (or, in SQLite, cascades through) a key.
        for (const m of [...moves].reverse()) await db.schema.dropTable(m.from).execute();
        await createIndexes(db);
        if (!pg) {
          const broken = await sql`pragma foreign_key_check`.execute(db);
          if (broken.rows.length) throw new Error(`0012: ${broken.rows.length} rows break a foreign key`);
          await sql`commit`.execute(db);
        }
      } catch (err) {
        if (!pg) await sql`rollback`.execute(db).catch(() => undefined);
        throw err;
      } finally {
        if (!pg) await sql`pragma foreign_keys = on`.execute(db);
      }
    },
  };
}
