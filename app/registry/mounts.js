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

/** @type {Mount[]} */
export const MOUNTS = [{ parent: "class-program", path: "class", child: "class", field: "class_program" }];

const ID = /^\d{1,9}$/;

/**
 * Where a /dashboard/ pathname is among the content types: a mounted child's item or create page
 * (`/dashboard/{parent}/{id}/{path}/{childid|create}…`), else the type of the first segment.
 * @param {string} pathname
 * @returns {ContentAt | null}
 */
export function contentAt(pathname) {
  const parts = pathname.split("/").filter(Boolean);
  if (parts[0] !== "dashboard" || !parts[1]) return null;
  const mount = MOUNTS.find((m) => m.parent === parts[1] && ID.test(parts[2] ?? "") && parts[3] === m.path && (ID.test(parts[4] ?? "") || parts[4] === "create"));
  if (mount) return { segment: mount.child, base: parts.slice(1, 4).join("/"), mount, parentId: Number(parts[2]), rest: parts.slice(4) };
  return { segment: parts[1], base: parts[1], mount: null, parentId: null, rest: parts.slice(2) };
}
