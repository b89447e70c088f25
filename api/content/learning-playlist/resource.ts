import { sql, type SqlBool } from "kysely";
import { PLAYLIST_TYPE_CODES, type PlaylistType } from "../../../contract/playlist-codes";
import type { Playlist, PlaylistRow } from "../../../contract/schemas/playlist";
import type { AccountRef } from "../../../contract/schemas/user";
import { idFilterValue } from "../../engine/crud";
import { presentAccountOption } from "../../engine/people";
import { codeFilter, contentResource } from "../base-resource";
import { sequenceCounts, sequencePublishRefusal } from "../features/sequence/publish";
import { playlistGrants } from "./collaborators";

/**
 * Learning playlists (spec 000 §2.6, spec 001 §3 "Playlist"; issue 36 §4, docs/decisions/101) on
 * the engine's content resource: its rows say their type, owner, whether they may be followed and
 * duplicated, whether they are a dashboard template, and how many contents they hold (the
 * engine's sequence). The owner is an active account, the one who made it when none is named. It
 * publishes only with a content in it, as a learning path. Its lists filter by type and owner
 * (the public list, a person's playlists). Its owner and collaborators hold what their roles give
 * on it whatever their flags (./collaborators.ts, docs/decisions/102).
 */
export const playlistResource = contentResource<PlaylistRow, Playlist>({
  key: "learning_playlist",
  path: "learning-playlist",
  schema: "learning_playlist",
  table: "learning_playlist",
  module: "playlist",
  hasImage: false,
  async rowExtras(db, ids) {
    const [rows, counts] = await Promise.all([
      db
        .selectFrom("learning_playlist as p")
        .leftJoin("account as a", "a.id", "p.owner_id")
        .select([
          "p.id",
          "p.playlist_type",
          "p.is_followable",
          "p.is_duplicable",
          "p.is_dashboard_template",
          "a.id as owner_id",
          "a.username",
          "a.first_name",
          "a.last_name",
        ])
        .where("p.id", "in", ids)
        .execute(),
      sequenceCounts(db, "learning_playlist", ids),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return (id) => {
      const r = byId.get(id)!;
      const owner: AccountRef | null =
        r.owner_id === null
          ? null
          : {
              id: r.owner_id,
              username: r.username ?? "",
              first_name: r.first_name ?? "",
              last_name: r.last_name ?? "",
            };
      return {
        playlist_type: r.playlist_type as PlaylistType,
        owner,
        is_followable: Number(r.is_followable) === 1,
        is_duplicable: Number(r.is_duplicable) === 1,
        is_dashboard_template: Number(r.is_dashboard_template) === 1,
        // The list's owner column (a name to read, not a reference to follow).
        owner_name: owner ? presentAccountOption(owner).name : "",
        count_content: counts.get(id) ?? 0,
      };
    };
  },
  async beforeInsert(_trx, input, w) {
    // Nobody named: the one who makes it owns it.
    input.owner ??= w.account.id;
  },
  ownColumns(input) {
    const out: Record<string, unknown> = {};
    if (input.playlist_type !== undefined) out.playlist_type = input.playlist_type;
    if (input.owner !== undefined) out.owner_id = input.owner;
    for (const k of ["is_followable", "is_duplicable", "is_dashboard_template"])
      if (input[k] !== undefined) out[k] = input[k] ? 1 : 0;
    return out;
  },
  refs: { owner: { table: "account", where: { is_active: 1 } } },
  publishRefusal: sequencePublishRefusal("learning_playlist"),
  scopes: {},
  grants: playlistGrants,
  filters: {
    playlist_type: codeFilter(PLAYLIST_TYPE_CODES, "playlist_type"),
    owner: {
      parse: idFilterValue,
      where: (ids) => sql<SqlBool>`${sql.ref("t.owner_id")} in (${sql.join(ids as number[])})`,
    },
  },
});
