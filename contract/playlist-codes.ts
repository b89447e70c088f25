/**
 * Learning playlists' code tables (spec 001 §3 "Playlist": `playlist_type`; issue 36 §4;
 * docs/decisions/101). The spec names the field and the pages — `/learning-playlist/public` and
 * `/learning-playlist/user/{userid?}` — but not its numbers: 1 a person's own playlist, 2 a public
 * one anyone may find and follow. The numbers are this project's.
 */
export const PLAYLIST_TYPE = { personal: 1, public: 2 } as const;
export type PlaylistType = (typeof PLAYLIST_TYPE)[keyof typeof PLAYLIST_TYPE];
export const PLAYLIST_TYPE_CODES: readonly PlaylistType[] = Object.values(PLAYLIST_TYPE);

/**
 * What a playlist's collaborator is on it (spec 001 §3 "Collaborator: account, group_list"; spec 002
 * §6: playlist roles owner, admin, content manager, recommender; collaborators editor or viewer;
 * "per-role actions are not shown" — docs/decisions/102). The owner is the playlist's own field,
 * not a collaborator row. Numbers are this project's.
 */
export const PLAYLIST_ROLE = { admin: 1, content_manager: 2, recommender: 3, editor: 4, viewer: 5 } as const;
export type PlaylistRole = (typeof PLAYLIST_ROLE)[keyof typeof PLAYLIST_ROLE];
export const PLAYLIST_ROLE_CODES: readonly PlaylistRole[] = Object.values(PLAYLIST_ROLE);

/**
 * What each role may do on the playlist in the dashboard, as the engine's actions: the owner, an
 * admin, a content manager and an editor see and change its settings and contents (the owner and
 * admins alone, beside the playlist change flag, name collaborators); a recommender and a viewer
 * see it. Deleting, publishing and creating stay with the flags.
 */
export const PLAYLIST_ROLE_ACTIONS: Readonly<Record<PlaylistRole | "owner", readonly ("view" | "change")[]>> = {
  owner: ["view", "change"],
  [PLAYLIST_ROLE.admin]: ["view", "change"],
  [PLAYLIST_ROLE.content_manager]: ["view", "change"],
  [PLAYLIST_ROLE.editor]: ["view", "change"],
  [PLAYLIST_ROLE.recommender]: ["view"],
  [PLAYLIST_ROLE.viewer]: ["view"],
};

/** The roles that may name and remove collaborators (beside whoever holds the playlist change flag). */
export const PLAYLIST_MANAGING_ROLES: readonly (PlaylistRole | "owner")[] = ["owner", PLAYLIST_ROLE.admin];
