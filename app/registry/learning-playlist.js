/**
 * Learning playlists (spec 000 §2.6 "/learning-playlist with a public sub-page; … user/{userid?};
 * {learningplaylistid} with curriculum, request-approval, overall (progress), setting"; issue 36
 * §4, docs/decisions/101) as a content registry entry: its settings (the engine's information
 * form, at `setting`), its contents in order (the engine's sequence), permission, and the
 * progress of those who follow it. The whole area exists by the learning-playlist switch. The
 * public list and a person's playlists are the list with its type or owner filter set.
 *
 * @typedef {import("./content-typedefs.js").ContentType} ContentType
 */
import { FEATURES } from "../../contract/features.js";
import {
  ENGINE_MODULES,
  HEAD_FIELDS,
  INFORMATION,
  LIST,
  NAME_COLUMNS,
  OVERALL_INDEX,
  PERMISSION,
  SEQUENCE,
  STATE_COLUMNS,
  TAIL_FIELDS,
  progressOverall,
} from "./parts.js";

const FILTERED_LIST = "routes/content.list-filtered.tsx";

/**
 * Its collaborators (docs/decisions/102): the accounts and groups it names with their roles. Seen
 * by whoever sees the playlist; named by its owner, its admins or the change flag (the API decides).
 * Calls: {api}{id}/collaborator/ (api/content/learning-playlist/collaborators.ts).
 */
const COLLABORATOR = {
  id: "collaborator",
  labelKey: "tab_collaborator",
  action: "view",
  kind: "table",
  module: "routes/learning-playlist.collaborator.tsx",
  api: "collaborator/",
};
const LIST_POSTS = { toggle: "playlist_publish_playlist", delete: "playlist_delete_playlist" };

/** @type {ContentType} */
export const LEARNING_PLAYLIST_TYPE = {
  key: "learning_playlist",
  segment: "learning-playlist",
  param: "learningplaylistid",
  api: "dashboard/learning-playlist/",
  module: "playlist",
  labelKey: "content_learning_playlist",
  nounKey: "pl_noun",
  i18n: ["learningPlaylist"],
  menuSection: "content",
  feature: FEATURES.learningPlaylist,
  // Its owner and collaborators see and change it by their roles, without the flags (docs/decisions/102).
  grantedBy: "learning_playlist",
  cover: false,
  ...ENGINE_MODULES,
  // Followed at one's own pace: an online path's cancel types (docs/decisions/101).
  cancelKind: "learning_path_online",
  schema: "learning_playlist",
  columns: [
    ...NAME_COLUMNS.slice(0, 2),
    { key: "playlist_type", labelKey: "pl_col_type", kind: "label", labelPrefix: "pl_type_" },
    { key: "owner_name", labelKey: "pl_col_owner" },
    { key: "count_content", labelKey: "pl_col_count_content" },
    ...STATE_COLUMNS,
  ],
  ...LIST,
  filters: ["playlist_type", ...LIST.filters],
  filterCodes: { ...LIST.filterCodes, playlist_type: "playlist_type" },
  listPages: [
    {
      id: "public",
      path: "public",
      labelKey: "pl_list_public",
      action: "view",
      module: FILTERED_LIST,
      query: { playlist_type: "2" },
      post: LIST_POSTS,
    },
    {
      id: "user",
      path: "user/:userid?",
      labelKey: "pl_list_user",
      action: "view",
      module: FILTERED_LIST,
      // A person's playlists: theirs when one is named, else everyone's own (type personal).
      query: { playlist_type: "1" },
      paramFilter: { param: "userid", filter: "owner" },
      post: LIST_POSTS,
    },
  ],
  fields: [
    ...HEAD_FIELDS,
    { name: "playlist_type", labelKey: "pl_field_type", kind: "select", source: "code:playlist_type" },
    {
      name: "owner",
      labelKey: "pl_field_owner",
      kind: "account",
      // Active accounts, to whoever may see playlists (api/content/learning-playlist/routes.ts).
      source: "dashboard/learning-playlist/account/",
      sourceByType: true,
      noneKey: "pl_field_owner_me",
      helpKey: "pl_help_owner",
    },
    { name: "is_followable", labelKey: "pl_field_followable", kind: "checkbox" },
    { name: "is_duplicable", labelKey: "pl_field_duplicable", kind: "checkbox" },
    { name: "is_dashboard_template", labelKey: "pl_field_dashboard_template", kind: "checkbox" },
    ...TAIL_FIELDS,
  ],
  createDefaults: { playlist_type: "1" },
  defaultTab: "setting",
  tabs: [{ ...INFORMATION, id: "setting", labelKey: "tab_setting" }, SEQUENCE, COLLABORATOR, PERMISSION],
  overall: [progressOverall()],
  overallIndex: OVERALL_INDEX,
};
