/**
 * Spec addresses served under another path (spec 000; issue 33: "each spec address answers its
 * page, or redirects to the page that serves it"). A tab or overall page names them in `aliases`,
 * paths under the item: a permission rule's `permission/{permissionid}` is its condition page, a
 * video's `review` its information tab's review, a flash card set's `ugc/view` one learner's card.
 * Each becomes a route of `routes/content.alias.tsx` with the page's guard, which answers a
 * redirect. Plain data and plain functions, safe for the client.
 *
 * @typedef {import("./content-typedefs.js").Tab} Tab
 * @typedef {import("./content-typedefs.js").Action} Action
 * @typedef {{ id: string, path: string, to: string, fallback?: string, action?: Action, lists?: Record<string, string> }} SpecAlias
 *   `to`: where it leads, under the item; each `:name` is the address's parameter of that name,
 *   else its query's (`?id=`), and an optional `:name?` with neither is left out. When a required
 *   one has no value it leads to `fallback` instead (a learner's card without its id: the list).
 *   `action`: the flag's action when it is not its page's; `lists`: where the route's parameters'
 *   values come from at test time, as an ItemPage's.
 */

/** The tab's `aliases`, each with its page's action where it names none. */
const own = (/** @type {Tab} */ page) =>
  (page.aliases ?? []).map((a) => ({ ...a, action: a.action ?? page.action ?? "view" }));

/**
 * Every alias of an item's built tabs and overall pages.
 * @param {{ tabs: Tab[], overall: Tab[] }} type
 * @returns {(SpecAlias & { action: Action })[]}
 */
export const aliasesOf = (type) => [...type.tabs, ...type.overall].filter((t) => t.module).flatMap(own);

/**
 * The alias an item path (the segments after the item's id) is, with its parameters; null when none.
 * @param {{ tabs: Tab[], overall: Tab[] }} type
 * @param {string[]} rest
 */
export function aliasAt(type, rest) {
  for (const alias of aliasesOf(type)) {
    /** @type {Record<string, string>} */
    const params = {};
    if (fits(alias.path.split("/"), rest, params)) return { alias, params };
  }
  return null;
}

/**
 * Whether the segments `rest` are the path `parts`, each `:name` taking one (into `params`), an
 * optional `:name?` none when the rest fits without it (a test's `slot/verify`: no slot, spec 000 §2.8).
 * @param {string[]} parts
 * @param {string[]} rest
 * @param {Record<string, string>} params
 * @returns {boolean}
 */
function fits(parts, rest, params) {
  if (!parts.length) return !rest.length;
  const [p, ...more] = parts;
  if (!p.startsWith(":")) return rest[0] === p && fits(more, rest.slice(1), params);
  if (rest.length && fits(more, rest.slice(1), params)) {
    params[p.replace(/^:|\?$/g, "")] = rest[0];
    return true;
  }
  return p.endsWith("?") && fits(more, rest, params);
}

/**
 * Where an alias leads, under the item: its `to` filled from `params`, then `query`; its
 * `fallback` when a required parameter has no value.
 * @param {SpecAlias} alias
 * @param {Record<string, string>} params
 * @param {URLSearchParams} query
 */
export function aliasTarget(alias, params, query) {
  const value = (/** @type {string} */ name) => params[name] ?? query.get(name) ?? undefined;
  const out = [];
  for (const p of alias.to.split("/")) {
    if (!p.startsWith(":")) out.push(p);
    else if (value(p.replace(/^:|\?$/g, "")) !== undefined) out.push(value(p.replace(/^:|\?$/g, "")));
    else if (!p.endsWith("?")) return alias.fallback ?? null;
  }
  return out.join("/");
}
