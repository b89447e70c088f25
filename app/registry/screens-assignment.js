/**
 * Assignment, auto-assignment and suggestions (issue 17 §1, §2, §5): the screens that are not registry types (screens.js), in the menu's "learning" section
 * unless they say otherwise. Plain data (client-safe: the browser reads screens for titles).
 *
 * @typedef {import("./menu.js").Screen} Screen
 */

/** @type {Screen[]} */
export const ASSIGNMENT_SCREENS = [];
