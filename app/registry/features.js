/**
 * Which config switches a registry page depends on (docs/decisions/020). A content type, a tab,
 * an overall page or a sub-page may say `feature`: one switch name or a list (contract/features.js);
 * a page depends on its own switches, its parent page's and its content type's. The guards, the
 * tab bar and the menu all ask here, so a page that is shown is a page that loads.
 * Plain JS, like the registry.
 *
 * @typedef {{ id: string, feature?: string | readonly string[], param?: string, children?: FeaturePage[] }} FeaturePage
 * @typedef {{ feature?: string | readonly string[], tabs: FeaturePage[], overall: FeaturePage[] }} FeatureType
 */

/**
 * The switch names of one registry entry (none when it names none).
 * @param {{ feature?: string | readonly string[] } | undefined} entry
 * @returns {string[]}
 */
export const switchesOf = (entry) => (entry?.feature == null ? [] : [entry.feature].flat());

/**
 * The switches of the page at `rest`, the path segments under an item (`["budget", "price"]`,
 * `["overall", "learner", "enroll"]`, `["permission", "7", "condition"]`), type's own included.
 * A path the registry does not know depends on the type's switches only (it answers 404 anyway).
 * @param {FeatureType} type
 * @param {string[]} rest
 * @returns {string[]}
 */
export function switchesAt(type, rest) {
  const [first, ...more] = rest;
  const [pages, id, subs] = first === "overall" ? [type.overall, more[0], more.slice(1)] : [type.tabs, first, more];
  const page = pages.find((p) => p.id === id);
  // A sub-page of one row sits after the row's id: {tab}/:{param}/{id}.
  const child = page?.children?.find((c) => c.id === subs[c.param ? 1 : 0]);
  return [...switchesOf(type), ...switchesOf(page), ...switchesOf(child)];
}
