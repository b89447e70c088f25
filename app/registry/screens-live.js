/**
 * A live's recordings kept (spec 000 §2.7 /live_backup, create, {liveid} with publish and live;
 * docs/decisions/066): screens over the live items (the live list with `is_backup=true`), not a
 * content type of their own — a kept recording is a live that ended with a video. In the menu's
 * "content" section. Plain data (client-safe: the browser reads screens for titles).
 *
 * @typedef {import("./menu.js").Screen} Screen
 */

const VIEW = "live_view_live";
const CHANGE = "live_change_live";
const PUBLISH = "live_publish_live";
/** What the kept recording's page posts: show or hide it to learners, stop keeping it. */
const ITEM_POSTS = { show: PUBLISH, hide: PUBLISH, remove: CHANGE };
const KEPT = { liveid: { api: "dashboard/live_backup/" } };
const ITEM = "routes/live-backup.item.tsx";

/** @type {Screen[]} */
export const LIVE_SCREENS = [
  {
    id: "live-backup",
    path: "live_backup",
    labelKey: "menu_live_backup",
    flag: VIEW,
    module: "routes/live-backup.tsx",
  },
  {
    id: "live-backup-create",
    path: "live_backup/create",
    labelKey: "menu_live_backup_create",
    flag: CHANGE,
    module: "routes/live-backup.create.tsx",
    post: { create: CHANGE },
    menu: false,
  },
  // One recording: its publish page (the default) and the live it was recorded from.
  {
    id: "live-backup-item",
    path: "live_backup/:liveid",
    labelKey: "menu_live_backup_item",
    flag: VIEW,
    module: ITEM,
    post: ITEM_POSTS,
    params: KEPT,
    menu: false,
  },
  {
    id: "live-backup-publish",
    path: "live_backup/:liveid/publish",
    labelKey: "live_backup_tab_publish",
    flag: VIEW,
    module: ITEM,
    post: ITEM_POSTS,
    params: KEPT,
    menu: false,
  },
  {
    id: "live-backup-live",
    path: "live_backup/:liveid/live",
    labelKey: "live_backup_tab_live",
    flag: VIEW,
    module: ITEM,
    post: ITEM_POSTS,
    params: KEPT,
    menu: false,
  },
];
