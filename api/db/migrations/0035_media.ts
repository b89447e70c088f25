import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../index";
import { contentColumns, idColumn } from "../migration-kit";

/**
 * Media content (issue 19; spec 000 §2.9, spec 001 §3 "Learning material"; docs/decisions/069):
 * six media types in ONE table, told apart by `kind`, so that a curriculum slot, a material list
 * or a dependency names a media item by one id whatever its type (a video list also holding
 * external videos needs ids that do not collide).
 *
 * - media: the engine's content columns plus `kind` (article, audio, document, external_video,
 *   flash_card, video: contract/media-codes.ts) and the per-kind columns, null where a kind has
 *   none: the stored file (key, name, size; duration in seconds and a thumbnail key for video and
 *   audio), the external video's link (url, provider, the provider's video id) and an article's body.
 * - media_instructor: its instructors (spec 001 §3), as course_instructor.
 * - media_card: a flash card set's own cards (front, back, in order).
 * - media_ugc_card: cards learners made for a set (owner kept null when the account goes), with
 *   their review status (0 waiting, 1 approved, -1 rejected).
 * - content_material.media_id: the media item a curriculum slot plays (null: the slot keeps its own
 *   file or link, as before); deleting the item is refused (424) while a required slot names it,
 *   and a slot that only offered it forgets it.
 */
export function mediaTables(dialect: Dialect): Migration {
  const withId = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await contentColumns(withId(s.createTable("media")))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("file_key", "text")
        .addColumn("file_name", "text")
        .addColumn("file_size", "integer")
        .addColumn("duration", "integer")
        .addColumn("thumbnail", "text")
        .addColumn("url", "text")
        .addColumn("video_provider", "text")
        .addColumn("video_id", "text")
        .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await s.createIndex("media_kind_update_idx").on("media").columns(["kind", "datetime_update"]).execute();

      await s
        .createTable("media_instructor")
        .addColumn("media_id", "integer", (c) => c.notNull().references("media.id").onDelete("cascade"))
        .addColumn("instructor_id", "integer", (c) => c.notNull().references("instructor.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("media_instructor_pk", ["media_id", "instructor_id"])
        .execute();

      await withId(s.createTable("media_card"))
        .addColumn("media_id", "integer", (c) => c.notNull().references("media.id").onDelete("cascade"))
        .addColumn("sort", "integer", (c) => c.notNull())
        .addColumn("front", "text", (c) => c.notNull())
        .addColumn("back", "text", (c) => c.notNull())
        .execute();
      await s.createIndex("media_card_media_idx").on("media_card").columns(["media_id", "sort"]).execute();

      await withId(s.createTable("media_ugc_card"))
        .addColumn("media_id", "integer", (c) => c.notNull().references("media.id").onDelete("cascade"))
        .addColumn("account_id", "integer", (c) => c.references("account.id").onDelete("set null"))
        .addColumn("front", "text", (c) => c.notNull())
        .addColumn("back", "text", (c) => c.notNull())
        .addColumn("status", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .execute();
      await s
        .createIndex("media_ugc_card_media_idx")
        .on("media_ugc_card")
        .columns(["media_id", "datetime_create"])
        .execute();

      await s
        .alterTable("content_material")
        .addColumn("media_id", "integer", (c) => c.references("media.id").onDelete("set null"))
        .execute();
      await s.createIndex("content_material_media_idx").on("content_material").column("media_id").execute();
    },
  };
}
