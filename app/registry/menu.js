import { CONTENT_TYPES, contentFlag } from "./content.js";
import { SCREENS } from "./screens.js";

export { SCREENS };

/**
 * THE menu of the dashboard: sections and their entries, each with the permission flag that shows
 * it. Its screens that are not content types come from screens.js, its content entries from the
 * content registry (their routes too). The route table, the left menu and the guards read this;
 * nothing repeats it. Plain data (safe for the client bundle); flag names are the strings of
 * contract/permissions.ts (a unit test checks each one exists). Only built screens are listed.
 *
 * @typedef {{ id: string, path: string, labelKey: string, flag: string, module?: string, index?: boolean, feature?: string | readonly string[] }} Screen
 *   `feature`: the config switch(es) the screen exists by (app/registry/features.js).
 * @typedef {{ id: string, labelKey: string, screens: Screen[] }} MenuSection
 */

/** @type {MenuSection[]} */
export const MENU = [
  { id: "home", labelKey: "menu_home", screens: SCREENS },
  {
    id: "content",
    labelKey: "menu_content",
    screens: CONTENT_TYPES.filter((t) => t.listModule && t.menuSection === "content").map((t) => ({
      id: `${t.key}.list`,
      path: t.segment,
      labelKey: t.labelKey,
      flag: contentFlag(t, "view"),
      feature: t.feature,
    })),
  },
];
