import { adminGuards, contentFlag } from "./content.js";
import { REGISTRY_TYPES } from "./types.js";
import { SCREENS } from "./screens.js";

export { SCREENS };

/**
 * THE menu of the dashboard: sections and their entries, each with the permission flag that shows
 * it. Its screens that are not content types come from screens.js, its content entries from the
 * content registry (their routes too). The route table, the left menu and the guards read this;
 * nothing repeats it. Plain data (safe for the client bundle); flag names are the strings of
 * contract/permissions.ts (a unit test checks each one exists). Only built screens are listed.
 *
 * @typedef {{ id: string, path: string, labelKey: string, flag: string, module?: string, index?: boolean, feature?: string | readonly string[], section?: string, menu?: boolean, post?: Record<string, string>, example?: string, also?: string[], postAlso?: Record<string, string[]>, params?: Record<string, { api: string }>, contentType?: string }} Screen
 *   `feature`: the config switch(es) the screen exists by (app/registry/features.js).
 *   `section`: the menu section it is listed in (default "home"); `menu: false` keeps a screen
 *   out of the menu (a sub-page reached from another screen). `post`: what its action needs per
 *   form intent (route-manifest.js); `example`: the URL to request when its path has parameters;
 *   `also`: guards that show it too (an administrator of a group sees the group list: content.js adminGuards;
 *   a flow's decider sees the requests it decides: `decides_{kind}`, docs/decisions/074).
 *   `postAlso`: per intent, the guards that pass it besides its flag (a flow's decider decides).
 *   `params`: per path parameter, the API list whose first id the route tests request (route-manifest.js ParamSource `{api}`).
 *   `contentType`: the content type whose pages these are, for the texts they carry (a live's kept recordings:
 *   the live's namespace; the route smoke allows a page its own type's namespaces only).
 * @typedef {{ id: string, labelKey: string, screens: Screen[] }} MenuSection
 */

/** The menu's screens of one section (screens.js), in their order. */
const inSection = (id) => SCREENS.filter((s) => (s.section ?? "home") === id && s.menu !== false);

/** The menu entries of a section's registry types (content.js, master.js): each list, and the pages beside it that ask to be listed. */
const typeEntries = (section) =>
  REGISTRY_TYPES.filter((t) => t.listModule && t.menuSection === section).flatMap((t) => [
    {
      id: `${t.key}.list`,
      path: t.segment,
      labelKey: t.labelKey,
      flag: contentFlag(t, "view"),
      feature: t.feature,
      ...(t.administeredBy || t.grantedBy ? { also: adminGuards(t, "view") } : {}),
    },
    ...(t.listPages ?? [])
      .filter((p) => p.menu)
      .map((p) => ({
        id: `${t.key}.list.${p.id}`,
        path: `${t.segment}/${p.path}`,
        labelKey: p.labelKey,
        flag: p.flag ?? contentFlag(t, p.action ?? "view"),
      })),
  ]);

/** @type {MenuSection[]} */
export const MENU = [
  { id: "home", labelKey: "menu_home", screens: inSection("home") },
  {
    id: "content",
    labelKey: "menu_content",
    screens: typeEntries("content"),
  },
  // The content library (docs/decisions/071): its types' lists.
  { id: "library", labelKey: "menu_library", screens: typeEntries("library") },
  { id: "master", labelKey: "menu_master", screens: [...typeEntries("master"), ...inSection("master")] },
  // How learners get their learning (issue 17): assignment, enrollment approvals, requests.
  { id: "learning", labelKey: "menu_learning", screens: [...typeEntries("learning"), ...inSection("learning")] },
  { id: "admin", labelKey: "menu_admin", screens: inSection("admin") },
  { id: "log", labelKey: "menu_log", screens: inSection("log") },
];
