/**
 * Learning playlists' code tables (spec 001 §3 "Playlist": `playlist_type`; issue 36 §4;
 * docs/decisions/101). The spec names the field and the pages — `/learning-playlist/public` and
 * `/learning-playlist/user/{userid?}` — but not its numbers: 1 a person's own playlist, 2 a public
 * one anyone may find and follow. The numbers are this project's.
 */
export const PLAYLIST_TYPE = { personal: 1, public: 2 } as const;
export type PlaylistType = (typeof PLAYLIST_TYPE)[keyof typeof PLAYLIST_TYPE];
export const PLAYLIST_TYPE_CODES: readonly PlaylistType[] = Object.values(PLAYLIST_TYPE);
