import { documentBundle, getDictionaries } from "~/i18n/dictionaries.server";
import { html } from "./html";
import type { MenuGroup } from "./menu.server";

/**
 * The left menu's markup, drawn once per menu, language and dictionary version and kept: the
 * same for everyone whose flags show the same links. As 47 React links it cost the course list
 * two-fifths of its CPU on every page — rendered, and sent again as loader data for hydration
 * (bench/profile.ts, docs/decisions/092). The current page's link is marked by SideMenu
 * (markCurrent), in the browser too, so one string serves every page.
 */
const drawn = new WeakMap<object, Map<string, string>>();
/** Distinct menus kept per dictionary version: one per combination of flags in use, a handful in practice. */
const DRAWN_MAX = 500;

export async function menuHtml(groups: MenuGroup[], locale: string): Promise<string> {
  const dicts = await getDictionaries();
  let byKey = drawn.get(dicts);
  if (!byKey) drawn.set(dicts, (byKey = new Map()));
  const key = `${locale}|${groups.map((g) => `${g.id}:${g.links.map((l) => l.id).join(",")}`).join(";")}`;
  const hit = byKey.get(key);
  if (hit !== undefined) return hit;
  const { t } = (await documentBundle(locale, ["shell"])).translator();
  // The project's one escaping template (app/lms/html.ts), as the list table's rows use.
  const markup = html`${groups.map(
    (g) =>
      html`<div class="mb-3"><h2 class="menu-heading">${t(g.labelKey)}</h2><ul>${g.links.map((l) => html`<li><a href="${l.href}" class="menu-link">${t(l.labelKey)}</a></li>`)}</ul></div>`,
  )}`.value;
  if (byKey.size >= DRAWN_MAX) byKey.delete(byKey.keys().next().value!);
  byKey.set(key, markup);
  return markup;
}
