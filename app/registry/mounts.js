import { LIBRARY } from "../../contract/library.js";

/**
 * Content types served again under another type's item (spec 000 §2.4: "A class inside a program
 * has the same tabs as a standalone class … and the same overall pages", at
 * /class-program/{classprogramid}/class/{classid}/…; docs/decisions/044). The route table
 * (content.js) mounts the child's item pages and create page there, served by the same modules;
 * the server and the browser locate a page's type with `contentAt`. URL segments only, so the
 * browser reads this without the registry. Plain JS (remix.config.js loads it).
 *
 * @typedef {{ parent: string, path: string, child: string, field: string }} Mount
 *   `parent` and `child`: the two types' URL segments; `path`: the child's segment under the
 *   parent's item; `field`: the child's field naming its parent (its list filter and form field).
 * @typedef {{ segment: string, base: string, mount: Mount | null, parentId: number | null, rest: string[] }} ContentAt
 *   `segment`: the registry segment of the page's type; `base`: its list's path under /dashboard/
 *   (`class` or `class-program/4/class`), under which its items' pages are `{base}/{id}/…`;
 *   `rest`: the path after the base (the item id, then its tab…).
 */

/**
 * A library's class program holds classes as the organisation's does (docs/decisions/071): the
 * organisation's classes of a program it took from the library's offer.
 * @type {Mount[]}
 */
export const MOUNTS = [
  { parent: "class-program", path: "class", child: "class", field: "class_program" },
  { parent: `${LIBRARY.segment}/class-program`, path: "class", child: "class", field: "class_program" },
];

const ID = /^\d{1,9}$/;
/** Collections whose types are one segment deeper, /dashboard/{collection}/{segment}/… (the content library). */
const COLLECTIONS = [LIBRARY.segment];

/**
 * Where a /dashboard/ pathname is among the content types: a mounted child's item or create page
 * (`/dashboard/{parent}/{id}/{path}/{childid|create}…`), else the type of the first segment.
 * @param {string} pathname
 * @returns {ContentAt | null}
 */
export function contentAt(pathname) {
  const parts = pathname.split("/").filter(Boolean);
  if (parts[0] !== "dashboard" || !parts[1]) return null;
  // The type's segment: one part, or two under a collection (`coniclex/video`); `at` is the item id's index.
  const at = COLLECTIONS.includes(parts[1]) && parts[2] ? 3 : 2;
  const segment = parts.slice(1, at).join("/");
  const mount = MOUNTS.find(
    (m) =>
      m.parent === segment &&
      ID.test(parts[at] ?? "") &&
      parts[at + 1] === m.path &&
      (ID.test(parts[at + 2] ?? "") || parts[at + 2] === "create"),
  );
  if (mount)
    return {
      segment: mount.child,
      base: parts.slice(1, at + 2).join("/"),
      mount,
      parentId: Number(parts[at]),
      rest: parts.slice(at + 2),
    };
  return { segment, base: segment, mount: null, parentId: null, rest: parts.slice(at) };
}
