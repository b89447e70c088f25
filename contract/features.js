/**
 * The configuration switches (contract/config.ts, spec 002 §6) that decide whether a feature
 * exists, named once for both sides: the content registry's tabs name them
 * (app/registry/content.js) and the API mounts the feature's calls behind the same names
 * (api/http/feature-switch.ts), so a screen and its calls cannot disagree. A feature is on when
 * every switch of its list is on (docs/decisions/020).
 *
 * Plain JS, imported by the registry, which remix.config.js loads as is: no TypeScript and no
 * import of config.ts here. tsc checks the names against the config's keys where the API uses
 * them; tests/unit/feature-switches.test.ts checks every name the registry uses.
 */
export const FEATURES = /** @type {const} */ ({
  gamification: ["gamification-is-enabled"],
  competency: ["competency-is-enabled"],
  // A price page needs selling at all (pricing) and, for a course, its own switch.
  coursePrice: ["pricing-is-enabled", "course-price-is-enabled"],
  // Types without a price switch of their own sell only by the general one.
  price: ["pricing-is-enabled"],
  // "Dependency in activity, class, course…" (spec 002 §6): a type's prerequisites exist by its own switch.
  courseDependency: ["dependency-course-is-enabled"],
  activityDependency: ["dependency-activity-is-enabled"],
  classDependency: ["dependency-class-is-enabled"],
  learningPathDependency: ["dependency-learning-path-is-enabled"],
  onboardDependency: ["dependency-onboard-is-enabled"],
  // Learning playlists exist by their own switch (spec 002 §6 "learning playlist"): the whole area.
  learningPlaylist: ["learning-playlist-is-enabled"],
  // A class's event zone (spec 002 §7 "Locations", docs/decisions/043): its form field and its call.
  eventZone: ["location-is-event-zone"],
});
