import { sql, type CreateTableBuilder, type Kysely, type Migration } from "kysely";
import type { Dialect } from "../index";

/**
 * Activity (spec 000 §2.3, spec 001 §3 "Activity checklist and inspector", docs/decisions/023):
 * the activity's own row (the columns every content type of the engine has, as course's), its
 * checklists (the slots of its progress), each checklist's inspectors (by direct manager, group
 * or account), and each learner's slot of each checklist (check-in, submission, verification).
 * Every other feature of an activity lives in the content_* tables keyed by type and id.
 *
 * account.supervisor_id is the learner's direct manager (spec 001 §3 User "supervisor"), which an
 * inspector "by direct manager" resolves through.
 */
export function activity(dialect: Dialect): Migration {
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === "postgres"
      ? t.addColumn("id", "serial", (c) => c.primaryKey())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await s
        .alterTable("account")
        .addColumn("supervisor_id", "integer", (c) => c.references("account.id").onDelete("set null"))
        .execute();
      await s.createIndex("account_supervisor_idx").on("account").column("supervisor_id").execute();

      await withId(s.createTable("activity"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("code", "text", (c) => c.notNull().unique())
        .addColumn("content_level", "integer", (c) => c.references("level.id").onDelete("set null"))
        .addColumn("program", "integer")
        .addColumn("category_id", "integer", (c) => c.notNull().references("category.id").onDelete("restrict"))
        .addColumn("provider_id", "integer", (c) => c.notNull().references("provider.id").onDelete("restrict"))
        .addColumn("is_environmental", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("desc", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("is_display", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_start", "text")
        .addColumn("datetime_first_publish", "text")
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .addColumn("created_by", "integer", (c) => c.references("account.id").onDelete("set null"))
        .execute();
      await s
        .createIndex("activity_name_idx")
        .on("activity")
        .expression(sql`lower(name)`)
        .execute();
      await s
        .createIndex("activity_code_lower_idx")
        .on("activity")
        .expression(sql`lower(code)`)
        .execute();
      for (const col of ["category_id", "provider_id", "is_display", "datetime_update"]) {
        await s.createIndex(`activity_${col}_idx`).on("activity").column(col).execute();
      }

      await withId(s.createTable("activity_checklist"))
        .addColumn("activity_id", "integer", (c) => c.notNull().references("activity.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("desc", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("full_score", "integer", (c) => c.notNull())
        .addColumn("pass_score", "integer", (c) => c.notNull())
        .addColumn("location", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("room", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("is_check_by_learner", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("is_check_by_inspector", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("is_verify_by_inspector", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("is_verify_by_admin", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("is_attach_file", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .execute();
      await s
        .createIndex("activity_checklist_activity_idx")
        .on("activity_checklist")
        .columns(["activity_id", "sort"])
        .execute();

      // kind: 1 direct manager (no target), 2 group (group_id), 3 account (account_id).
      await withId(s.createTable("activity_inspector"))
        .addColumn("checklist_id", "integer", (c) =>
          c.notNull().references("activity_checklist.id").onDelete("cascade"),
        )
        .addColumn("kind", "integer", (c) => c.notNull())
        .addColumn("group_id", "integer", (c) => c.references("account_group.id").onDelete("cascade"))
        .addColumn("account_id", "integer", (c) => c.references("account.id").onDelete("cascade"))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .execute();
      await s.createIndex("activity_inspector_checklist_idx").on("activity_inspector").column("checklist_id").execute();
      await s.createIndex("activity_inspector_account_idx").on("activity_inspector").column("account_id").execute();
      await s.createIndex("activity_inspector_group_idx").on("activity_inspector").column("group_id").execute();

      // One learner's slot of one checklist: status is a progress code (0, 21, 22, 30, -5, 6).
      await withId(s.createTable("activity_slot"))
        .addColumn("checklist_id", "integer", (c) =>
          c.notNull().references("activity_checklist.id").onDelete("cascade"),
        )
        .addColumn("enrollment_id", "integer", (c) =>
          c.notNull().references("content_enrollment.id").onDelete("cascade"),
        )
        .addColumn("status", "integer", (c) => c.notNull())
        .addColumn("score", "integer")
        .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("answer", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("file", "text")
        .addColumn("datetime_checkin", "text")
        .addColumn("datetime_checkout", "text")
        .addColumn("checkin_source", "integer")
        .addColumn("datetime_submit", "text")
        .addColumn("verified_by", "integer", (c) => c.references("account.id").onDelete("set null"))
        .addColumn("datetime_verify", "text")
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .addUniqueConstraint("activity_slot_unique", ["checklist_id", "enrollment_id"])
        .execute();
      await s.createIndex("activity_slot_enrollment_idx").on("activity_slot").column("enrollment_id").execute();
      await s.createIndex("activity_slot_status_idx").on("activity_slot").columns(["checklist_id", "status"]).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ["activity_slot", "activity_inspector", "activity_checklist", "activity"])
        await db.schema.dropTable(t).execute();
      await db.schema.dropIndex("account_supervisor_idx").execute();
      await db.schema.alterTable("account").dropColumn("supervisor_id").execute();
    },
  };
}
