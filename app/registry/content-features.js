import { builtTabs } from "./content.js";

/**
 * What the API of a content type mounts, read from its one registry entry (issue 36): the engine
 * features its built screens use, the config switches of its sub-pages, its cancel kind. The API's
 * definitions (api/content/definition.ts defineContent) take these from here, so the two sides
 * cannot drift: a tab added to the registry is mounted by the API with nothing else to write.
 *
 * @typedef {import("./content-typedefs.js").ContentType} ContentType
 * @typedef {"curriculum"|"enrollment"|"prerequisite"|"permission"|"competency"|"budget"|"ecertificate"|"gamification"|"survey"|"sequence"|"overall"} ContentFeature
 */

/** The engine screen (module) that each API feature serves, wherever a type puts it (a program's `edit/condition` is its permission rules). */
export const FEATURE_OF_MODULE = /** @type {const} */ ({
  "routes/content.curriculum.tsx": "curriculum",
  "routes/content.enrollment.tsx": "enrollment",
  "routes/content.enrollment-prerequisite.tsx": "prerequisite",
  "routes/content.permission.tsx": "permission",
  "routes/content.tab-competency.tsx": "competency",
  "routes/content.tab-budget.tsx": "budget",
  "routes/content.tab-ecertificate.tsx": "ecertificate",
  "routes/content.tab-gamification.tsx": "gamification",
  "routes/content.tab-survey.tsx": "survey",
  "routes/content.sequence.tsx": "sequence",
});

/**
 * The API features a type's built engine screens need, sorted. The overall feature (learners and
 * their progress, the landing figures, the discussion) goes with a type learners enrol in (an
 * enrollment tab), or one with the landing page or an engine overall page; a test bank's overall
 * pages are its own and nobody enrols in it.
 * @param {ContentType} type
 * @returns {ContentFeature[]}
 */
export function contentFeatures(type) {
  /** @type {Set<ContentFeature>} */
  const out = new Set();
  for (const tab of [...builtTabs(type.tabs), ...builtTabs(type.overall)]) {
    for (const page of [tab, ...tab.children]) {
      const feature = FEATURE_OF_MODULE[/** @type {keyof typeof FEATURE_OF_MODULE} */ (page.module ?? "")];
      if (feature) out.add(feature);
    }
  }
  const engineOverall = builtTabs(type.overall).some((p) => (p.module ?? "").startsWith("routes/content.overall-"));
  if (engineOverall || type.overallIndex?.module || out.has("enrollment")) out.add("overall");
  return [...out].sort();
}

/**
 * The config switches the API mounts a type's calls behind: the type's own, which all its calls
 * exist by (a playlist: the learning-playlist switch), and what its price and prerequisite pages
 * exist by (app/registry/features.js), when it has them.
 * @param {ContentType} type
 * @returns {{ type?: import("./content-typedefs.js").Feature, price?: import("./content-typedefs.js").Feature, prerequisite?: import("./content-typedefs.js").Feature }}
 */
export function contentSwitches(type) {
  const sub = (tabId, childId) =>
    builtTabs(type.tabs)
      .find((t) => t.id === tabId)
      ?.children.find((c) => c.id === childId)?.feature;
  const price = sub("budget", "price");
  const prerequisite = sub("enrollment", "prerequisite");
  return {
    ...(type.feature ? { type: type.feature } : {}),
    ...(price ? { price } : {}),
    ...(prerequisite ? { prerequisite } : {}),
  };
}

/**
 * @typedef {"course"|"activity"|"event"|"learning_path_online"|"learning_path_schedule"} CancelKind
 * @typedef {CancelKind | { field: string, kinds: Record<string, CancelKind> }} CancelKindRule
 */

/**
 * Which cancel types a type's enrollment allows (contract/codes.ts CANCEL_TYPES_ALLOWED): its
 * entry's `cancelKind`; a type nobody enrols in has none, and "course" stands in (nothing reads it).
 * A type whose items differ names the item's field that decides and the kind of each value (a
 * learning path: online or scheduled, docs/decisions/098).
 * @param {ContentType} type
 * @returns {CancelKindRule}
 */
export const cancelKindOf = (type) => /** @type {any} */ (type.cancelKind ?? "course");

/**
 * The cancel kind of one item under its type's rule; `item` is read only when the rule names a field.
 * @param {CancelKindRule} rule
 * @param {Record<string, unknown> | null} item
 * @returns {CancelKind}
 */
export function itemCancelKind(rule, item) {
  if (typeof rule === "string") return rule;
  const kind = rule.kinds[String(item?.[rule.field])];
  if (!kind) throw new Error(`no cancel kind for ${rule.field} = ${String(item?.[rule.field])}`);
  return kind;
}
