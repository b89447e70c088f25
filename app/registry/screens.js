/**
 * The screens that are not content types (home pages, and the master data, log and report areas
 * as they are built): each with its path, route module, title key and the permission flag that
 * shows it. The menu (menu.js) lists them, the route manifest routes them, the guards check them,
 * and the page titles name them. Its own file because the browser reads it for titles without
 * the content registry. Plain data (client-safe).
 *
 * @typedef {import("./menu.js").Screen} Screen
 */

/** @type {Screen[]} */
export const SCREENS = [
  { id: "home-learning", path: "", index: true, labelKey: "menu_home_learning", flag: "dashboard_view_dashboard", module: "routes/home.learning.tsx" },
  { id: "home-usage", path: "home/usage", labelKey: "menu_home_usage", flag: "usage_dashboard_view_usage_dashboard", module: "routes/home.usage.tsx" },
];
