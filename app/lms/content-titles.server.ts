import { contentRoutes } from "~/registry/content-routes.js";
import { REGISTRY_TYPES } from "~/registry/types.js";
import type { ContentTitles, TitlePart } from "./page-title";

/**
 * The titles of a content type's pages (docs/decisions/025), from the content registry, for the
 * loader data of the route that leads them: the list and the create page name themselves, the
 * item layout names every page under it (its tabs, sub-pages and overall pages), so a client
 * navigation between them needs no further data. The browser gets these keys with the page and
 * never loads the registry for titles (issue 14 §3). `{ item: true }` stands for the item's name.
 */
type ContentType = (typeof REGISTRY_TYPES)[number];
type Tab = { id: string; labelKey: string; children?: Tab[] };
type ContentRoute = {
  id: string;
  type: string;
  tab?: string;
  sub?: string;
  overall?: string;
  page?: string;
  listPage?: string;
  children?: ContentRoute[];
};

const key = (k: string | undefined): TitlePart[] => (k ? [{ key: k }] : []);

/** A content route's own labels, most specific first: sub-page, then its tab or overall page. */
function labelsOf(type: ContentType, route: ContentRoute): TitlePart[] {
  const find = (list: readonly Tab[] | undefined, id: string | undefined) =>
    id ? list?.find((t) => t.id === id) : undefined;
  // "New approval flow": the type's noun, one item, never its menu label (issue 33: "New Approval flows").
  if (route.id === `${type.key}.create`) return [{ key: "create_title", values: { noun: type.nounKey } }];
  if (route.tab || (route.overall && route.overall !== "index")) {
    const parent = route.tab
      ? find(type.tabs as readonly Tab[], route.tab)
      : find(type.overall as readonly Tab[], route.overall);
    return [...key(find(parent?.children, route.sub)?.labelKey), ...key(parent?.labelKey)];
  }
  if (route.overall === "index") return key(type.overallIndex?.labelKey);
  if (route.page) return key(find((type.pages ?? []) as readonly Tab[], route.page)?.labelKey);
  if (route.listPage) return key(find((type.listPages ?? []) as readonly Tab[], route.listPage)?.labelKey);
  return [];
}

const tables = new Map<string, ContentTitles>();

/** The titles a content route's loader data carries: its own, and its child routes' (built once per route). */
export function contentTitles(routeId: string): ContentTitles {
  let table = tables.get(routeId);
  if (!table) {
    table = {};
    const top = (contentRoutes(REGISTRY_TYPES) as ContentRoute[]).find((r) => r.id === routeId);
    const type = top && REGISTRY_TYPES.find((t) => t.key === top.type);
    if (!top || !type) throw new Error(`${routeId} is not a content type's route`);
    const noun = { key: `${type.nounKey}_plural_title` };
    for (const route of [top, ...(top.children ?? [])]) {
      const ofItem = route !== top || top.id === `${type.key}.detail`;
      table[route.id] = [...labelsOf(type, route), ...(ofItem ? [{ item: true as const }] : []), noun];
    }
    tables.set(routeId, table);
  }
  return table;
}
