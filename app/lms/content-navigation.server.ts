import type { ConfigDict } from "../../contract/config";
import { switchesOn } from "../../contract/config";
import { adminGuards, builtTabs, contentFlag } from "~/registry/content.js";
import { answerHolds } from "../../contract/permissions";
import { switchesOf } from "~/registry/features.js";
import { SCREENS } from "~/registry/screens.js";
import { dash } from "./paths";
import type { SignedIn } from "./auth.server";
import type { Action, ContentType } from "./content.server";

/**
 * What of a content type the signed-in user may reach, read from the content registry on the
 * server: the pages send the browser their answers (flags, tab links), never the registry itself,
 * which would grow every page's JavaScript with every type (issue 14 §3).
 */

/**
 * Whether the user may do `action` on the type: its flag (the registry names it), or as an
 * administrator of items of a kind that has them (content.js adminGuards; the API narrows to them).
 */
export const allows = (
  type: ContentType,
  permission: SignedIn["permission"],
  action: Action,
  opts: { flagOnly?: boolean } = {},
): boolean => [contentFlag(type, action), ...adminGuards(type, action, opts)].some((f) => answerHolds(permission, f));

export type NavLink = { id: string; labelKey: string; href: string; end?: boolean; match?: string };

/**
 * Where a tab or overall page is linked: its own `path` without its optional parameters
 * (`slot/:slotid?/verify/:questionid?/:view_type?` → `slot/verify`), else its id. A path that
 * still needs a parameter is one row's page, linked by its id only where a page answers there.
 */
export function linkPath(page: { id: string; path?: string }): string {
  const bare = page.path?.replace(/\/:\w+\?/g, "").replace(/^:\w+\?\/?/, "");
  return bare && !bare.includes(":") ? bare : page.id;
}

/**
 * Where a page linked at linkPath is active beyond its link: under its path's first segments when
 * a parameter comes between them and the rest (`slot/{slotid}/verify/…` is under `slot/`).
 */
function activeUnder(page: { id: string; path?: string }, base: string): { match?: string } {
  const fixed = page.path?.split("/:")[0];
  return fixed && fixed !== linkPath(page) ? { match: `${base}/${fixed}` } : {};
}

/**
 * The item's tab bar and overall links under `base` (/dashboard/{segment}/{id}): a page shows when
 * the user's flags allow it and its config switches are on — what its own guard asks.
 */
export function itemNavigation(
  type: ContentType,
  base: string,
  permission: SignedIn["permission"],
  config: ConfigDict,
) {
  const shown = (page: { action?: string; feature?: string | readonly string[]; flagOnly?: boolean }) =>
    allows(type, permission, (page.action ?? "view") as Action, { flagOnly: page.flagOnly }) &&
    switchesOn(config, switchesOf(page));
  // A tab only under another's item (a program's class settings) shows only there.
  const mounted = "mount" in type && !!type.mount;
  const tabs = builtTabs(type.tabs)
    .filter((t) => shown(t) && (mounted || !("mountedOnly" in t && t.mountedOnly)))
    .map((t) => ({
      id: t.id,
      labelKey: t.labelKey,
      href: `${base}/${linkPath(t)}`,
      // A row's page (a `param`, or a path whose `lists` fill it) is reached from the tab's rows;
      // one with `bar: false` from the tab's page itself.
      children: t.children
        .filter(
          (c) =>
            shown(c) && !("param" in c && c.param) && !("lists" in c && c.lists) && !("bar" in c && c.bar === false),
        )
        .map((c) => ({ id: c.id, labelKey: c.labelKey, href: `${base}/${t.id}/${c.id}` })),
    }));
  const overall: NavLink[] = builtTabs(type.overall)
    .filter(shown)
    .map((t) => ({
      id: t.id,
      labelKey: t.labelKey,
      href: `${base}/overall/${linkPath(t)}`,
      ...activeUnder(t, `${base}/overall`),
    }));
  // The overall landing page (docs/decisions/021) leads the overall links, active on its own URL only.
  if (type.overallIndex && shown(type.overallIndex))
    overall.unshift({ id: "overall", labelKey: type.overallIndex.labelKey, href: `${base}/overall`, end: true });
  return { tabs, overall };
}

/**
 * The pages the overall landing page may show a card for (docs/decisions/021): each overall page,
 * and each item page with figures of its own (`summary`: its key in the API's overall summary).
 */
export function overallPages(type: ContentType, base: string) {
  return [
    ...builtTabs(type.overall).map((p) => ({
      key: p.id,
      labelKey: p.labelKey,
      action: p.action as Action | undefined,
      href: `${base}/overall/${linkPath(p)}`,
    })),
    ...(type.pages ?? []).flatMap((p) =>
      p.summary
        ? [{ key: p.summary, labelKey: p.labelKey, action: p.action as Action | undefined, href: `${base}/${p.path}` }]
        : [],
    ),
  ];
}

/**
 * The pages beside a type's list (master.js `listPages`) the user's flags open, as links: those
 * linked from the list itself, or with `under` those linked from that list page. A page with a
 * path parameter is one row's, reached from its row, never linked here.
 */
export function listPages(type: ContentType, permission: SignedIn["permission"], under?: string): NavLink[] {
  return (
    (type.listPages ?? [])
      .filter((p) => p.under === under && !p.params)
      .filter((p) => permission.permission[p.flag ?? contentFlag(type, (p.action ?? "view") as Action)])
      // An optional parameter is left out of the link (the class list by status: every class).
      .map((p) => ({
        id: p.id,
        labelKey: p.labelKey,
        href: dash(`${type.segment}/${p.path.replace(/\/:\w+\?/g, "")}`),
      }))
      .concat(under ? [] : listScreens(type, permission))
  );
}

/**
 * Where a type's list exports to (`listExport`, a resource screen), when the user holds its flag,
 * with the list's default ordering: an export link carries only what the address says, and a list
 * opened plainly shows its default order, which the file must keep (docs/decisions/081).
 */
export function listExportLink(
  type: ContentType,
  permission: SignedIn["permission"],
): { href: string; keys: string[]; ordering: string } | null {
  if (!type.listExport) return null;
  const screen = SCREENS.find((s) => s.id === type.listExport);
  if (!screen) throw new Error(`${type.key}.listExport names no screen "${type.listExport}"`);
  if (!permission.permission[screen.flag]) return null;
  return { href: dash(screen.path), keys: ["search", "ordering", ...type.filters], ordering: type.defaultOrdering };
}

/** The screens elsewhere that a type's list links to (`listScreens`), as the user's flags allow. */
function listScreens(type: ContentType, permission: SignedIn["permission"]): NavLink[] {
  return (type.listScreens ?? []).flatMap((id) => {
    const screen = SCREENS.find((s) => s.id === id);
    if (!screen) throw new Error(`${type.key}.listScreens names no screen "${id}"`);
    return permission.permission[screen.flag]
      ? [{ id: screen.id, labelKey: screen.labelKey, href: dash(screen.path) }]
      : [];
  });
}

/**
 * Where a content type has the page of `module` under its items (`permission`, or a program's
 * `edit/condition`), so a module that links to its own pages works wherever the registry puts it.
 */
export function modulePath(type: ContentType, module: string): string | null {
  // A tab first; then an overall page (a test bank's permission rules are an overall page, spec 000 §2.8).
  for (const [tabs, prefix] of [
    [type.tabs, ""],
    [type.overall, "overall/"],
  ] as const) {
    for (const tab of builtTabs(tabs)) {
      if (tab.module === module) return `${prefix}${tab.id}`;
      for (const child of tab.children)
        if (child.module === module && !child.param && !child.path) return `${prefix}${tab.id}/${child.id}`;
    }
  }
  return null;
}

/** The URL of an item's permission rules (routes/content.permission.tsx), wherever its type has them. */
export const permissionBase = (type: ContentType, id: number) =>
  dash(`${type.segment}/${id}/${modulePath(type, "routes/content.permission.tsx") ?? "permission"}`);
