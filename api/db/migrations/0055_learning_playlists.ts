import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../index";
import { contentColumns, idColumn } from "../migration-kit";

/**
 * Learning playlists (spec 001 §3 "Playlist"; issue 36 §4, docs/decisions/101): the engine's
 * content columns, its type (1 personal, 2 public), its owner, whether others may follow and
 * duplicate it, whether it is a dashboard template, and the template it was made from. Its
 * contents are the engine's sequence (content_sequence, 0054), so nothing more is needed for them.
 */
export function learningPlaylists(dialect: Dialect): Migration {
  const withId = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await contentColumns(withId(s.createTable("learning_playlist")))
        .addColumn("playlist_type", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("owner_id", "integer", (c) => c.references("account.id").onDelete("set null"))
        .addColumn("is_followable", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_duplicable", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_dashboard_template", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("template_playlist_id", "integer", (c) => c.references("learning_playlist.id").onDelete("set null"))
        .execute();
      for (const col of ["datetime_update", "program", "category_id", "provider_id", "owner_id", "playlist_type"])
        await s.createIndex(`learning_playlist_${col}_idx`).on("learning_playlist").column(col).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("learning_playlist").execute();
    },
  };
}
