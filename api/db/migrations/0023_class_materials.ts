import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../index";
import { idColumn } from "../migration-kit";

/**
 * A class's materials and its sessions' own pages (issue 16, docs/decisions/045):
 *  - `class_session_material`: which of the class's materials (the engine's `content_material`
 *    rows of the class, its material tab) a session uses, in order. Removing the session or the
 *    material removes the link, never the other side.
 *  - `class_session_survey`: the surveys attached to one session — the content survey feature's
 *    row (survey, is_required, sort) with a session instead of a content. Its own table: the
 *    content's `content_survey` is unique per content and survey, so a class survey could not
 *    also be a session's, nor two sessions share one.
 *  - `class_session.live_id`: the live item a session replays or streams (spec 001 §3 "live_id").
 *    The live content type does not exist yet (issue 18): no foreign key, always null until then.
 *  - `class_activity`: the activities created from a class's curriculum (create-activity), in order.
 */
export function classMaterials(dialect: Dialect): Migration {
  const withId = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await withId(s.createTable("class_session_material"))
        .addColumn("session_id", "integer", (c) => c.notNull().references("class_session.id").onDelete("cascade"))
        .addColumn("material_id", "integer", (c) => c.notNull().references("content_material.id").onDelete("cascade"))
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint("class_session_material_uq", ["session_id", "material_id"])
        .execute();
      await s
        .createIndex("class_session_material_material_idx")
        .on("class_session_material")
        .column("material_id")
        .execute();

      await withId(s.createTable("class_session_survey"))
        .addColumn("session_id", "integer", (c) => c.notNull().references("class_session.id").onDelete("cascade"))
        .addColumn("survey_id", "integer", (c) => c.notNull().references("survey.id").onDelete("restrict"))
        .addColumn("is_required", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint("class_session_survey_uq", ["session_id", "survey_id"])
        .execute();
      await s.createIndex("class_session_survey_survey_idx").on("class_session_survey").column("survey_id").execute();

      await s.alterTable("class_session").addColumn("live_id", "integer").execute();

      await withId(s.createTable("class_activity"))
        .addColumn("class_id", "integer", (c) => c.notNull().references("class.id").onDelete("cascade"))
        .addColumn("activity_id", "integer", (c) => c.notNull().references("activity.id").onDelete("cascade"))
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addUniqueConstraint("class_activity_uq", ["class_id", "activity_id"])
        .execute();
      await s.createIndex("class_activity_activity_idx").on("class_activity").column("activity_id").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("class_activity").execute();
      await db.schema.alterTable("class_session").dropColumn("live_id").execute();
      await db.schema.dropTable("class_session_survey").execute();
      await db.schema.dropTable("class_session_material").execute();
    },
  };
}
