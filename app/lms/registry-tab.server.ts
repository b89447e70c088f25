import type { Tab } from "~/registry/content.js";
import { pathAfterItem, type ContentType } from "./content.server";

/**
 * The registry tab (or tab sub-page) a request is on, read from its URL
 * (`/dashboard/{segment}/{id}/{tab}[/{sub}]`, a row's sub-page `{tab}/{rowid}/{sub}`): for a module
 * that serves several tabs and takes what differs from the registry (the administrators page's
 * `api`, docs/decisions/035), so one declaration says both where the page is and what it calls.
 */
export function registryTab(type: ContentType, request: Request): Tab | undefined {
  const [first, ...rest] = pathAfterItem(request);
  const tab = (type.tabs as Tab[]).find((t) => t.id === first);
  if (!tab || !rest.length) return tab;
  return tab.children?.find((c) => c.id === rest[c.param ? 1 : 0]);
}

/**
 * The API path under the item that a registry page calls: its tab's `api` with each `{param}`
 * replaced by that route parameter's value (a class session's surveys, `session/{sessionid}/survey/`;
 * docs/decisions/045), or `fallback`. A parameter that is not a plain id is a 404.
 */
export function tabApiPath(tab: Tab | undefined, params: Record<string, string | undefined>, fallback: string): string {
  const path = tab?.api ?? fallback;
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name] ?? "";
    if (!/^\d{1,12}$/.test(value)) throw new Response("Not Found", { status: 404 });
    return value;
  });
}
