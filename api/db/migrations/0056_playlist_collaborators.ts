import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../index";
import { idColumn } from "../migration-kit";

/**
 * A playlist's collaborators (spec 001 §3 "Playlist": "Collaborator: account, group_list"; spec 002
 * §6 playlist roles; issue 36 §4, docs/decisions/102): each row names an account or a group of
 * accounts and the role it holds on that playlist. An account or a group is named once per playlist
 * (unique indexes; a row's other column is null, and nulls never collide).
 */
export function playlistCollaborators(dialect: Dialect): Migration {
  const withId = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await withId(s.createTable("learning_playlist_collaborator"))
        .addColumn("learning_playlist_id", "integer", (c) =>
          c.notNull().references("learning_playlist.id").onDelete("cascade"),
        )
        .addColumn("account_id", "integer", (c) => c.references("account.id").onDelete("cascade"))
        .addColumn("group_id", "integer", (c) => c.references("account_group.id").onDelete("cascade"))
        .addColumn("role", "integer", (c) => c.notNull())
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .execute();
      await s
        .createIndex("learning_playlist_collaborator_account_uq")
        .on("learning_playlist_collaborator")
        .columns(["learning_playlist_id", "account_id"])
        .unique()
        .execute();
      await s
        .createIndex("learning_playlist_collaborator_group_uq")
        .on("learning_playlist_collaborator")
        .columns(["learning_playlist_id", "group_id"])
        .unique()
        .execute();
      // "Which playlists does this account (or one of its groups) collaborate on?" reads by them.
      for (const col of ["account_id", "group_id"])
        await s
          .createIndex(`learning_playlist_collaborator_${col}_idx`)
          .on("learning_playlist_collaborator")
          .column(col)
          .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("learning_playlist_collaborator").execute();
    },
  };
}
