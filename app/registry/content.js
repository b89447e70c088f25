/**
 * THE content registry (spec 000 §2.3–§2.12): for each content type its key, URL segment, API
 * path, permission module, list columns and filters, form fields, tabs (with their sub-pages and
 * the flag of each), overall pages and default tab (content-typedefs.js). The route table, the
 * menu, the tab bars, the breadcrumbs, every guard and the API's mounted features read it; nothing
 * repeats it. One file per type, from the engine's pieces (parts.js); the routes it yields are
 * content-routes.js's. Plain data, safe for the client.
 *
 * @typedef {import("./content-typedefs.js").ContentType} ContentType
 * @typedef {import("./content-typedefs.js").Tab} Tab
 * @typedef {import("./content-typedefs.js").Action} Action
 */
import { COURSE_TYPE } from "./course.js";
import { ACTIVITY_TYPE } from "./activity.js";
import { CLASS_TYPE } from "./class.js";
import { CLASS_PROGRAM_TYPE } from "./class-program.js";
import { SURVEY_TYPE } from "./survey.js";
import { LIVE_TYPE } from "./live.js";
import { TESTBANK_TYPE } from "./testbank.js";
import { TEST_TYPE } from "./test.js";
import { LEARNING_PATH_TYPE } from "./learning-path.js";
import { ONBOARD_TYPE } from "./onboard.js";
import { LEARNING_PLAYLIST_TYPE } from "./learning-playlist.js";
import { MEDIA_CONTENT_TYPES } from "./media.js";
import { libraryTypes } from "./library.js";

/** @type {ContentType[]} */
export const CONTENT_TYPES = [
  // Course (spec 000 §2.5): app/registry/course.js.
  COURSE_TYPE,
  // Activity (spec 000 §2.3, docs/decisions/023): app/registry/activity.js.
  ACTIVITY_TYPE,
  // Class (spec 000 §2.4, docs/decisions/040): app/registry/class.js.
  CLASS_TYPE,
  // Class program (spec 000 §2.4, docs/decisions/044): app/registry/class-program.js; its classes open under it (mounts.js).
  CLASS_PROGRAM_TYPE,
  // Survey (spec 000 §2.8, docs/decisions/062): app/registry/survey.js; its questions are the one form builder's.
  SURVEY_TYPE,
  // Live session (spec 000 §2.7, docs/decisions/066): app/registry/live.js.
  LIVE_TYPE,
  // Test bank (spec 000 §2.8, docs/decisions/063): app/registry/testbank.js; its questions are the test question store's.
  TESTBANK_TYPE,
  // Test (spec 000 §2.8, docs/decisions/064): app/registry/test.js; attempts and overall pages from test-overall.js.
  TEST_TYPE,
  // Learning path, online and scheduled (spec 000 §2.6, docs/decisions/098): app/registry/learning-path.js.
  LEARNING_PATH_TYPE,
  // Onboarding (spec 000 §2.6, docs/decisions/099): app/registry/onboard.js; a learning path's tabs.
  ONBOARD_TYPE,
  LEARNING_PLAYLIST_TYPE,
  // Media: article, audio, document, external video, flash card, video (spec 000 §2.9, docs/decisions/069): app/registry/media.js, one factory.
  ...MEDIA_CONTENT_TYPES,
];

// The content library (`/coniclex…`, docs/decisions/071): the same types again over the
// library's collection (app/registry/library.js), after the organisation's.
CONTENT_TYPES.push(...libraryTypes(CONTENT_TYPES));

/**
 * The flag of an action on a content type: `{module}_{action}_{module}` (contract/permissions.ts).
 * @param {ContentType} type
 * @param {Action} action
 */
export const contentFlag = (type, action) => `${type.module}_${action}_${type.module}`;

/**
 * The flags besides `contentFlag(type, action)` that also let an account do `action`: for "view",
 * the view scopes the type understands (`{module}_view_{module}_by_{scope}`: an inspector without
 * the activity view flag sees the activities they inspect, spec 002 §6); the API narrows the rows.
 * @param {ContentType} type
 * @param {Action} action
 * @returns {string[]}
 */
export const alsoFlags = (type, action, opts = {}) => [
  ...(action === "view" ? (type.viewScopes ?? []).map((s) => `${type.module}_view_${type.module}_by_${s}`) : []),
  ...adminGuards(type, action, opts),
];

/**
 * For a kind whose items name their administrators (`administeredBy`, spec 001 §3 admin_list), an
 * account administering one of them views and changes it without the kind's flags: the guard
 * `administers_{kind}` (contract/permissions.ts answerHolds), the API narrowing to its items. Not
 * for a page marked `flagOnly` (who administers an item stays the flag's business: decision 041).
 * @param {ContentType} type
 * @param {Action} action
 * @param {{ flagOnly?: boolean }} [opts]
 * @returns {string[]}
 */
export const adminGuards = (type, action, opts = {}) =>
  !opts.flagOnly && (action === "view" || action === "change")
    ? [
        ...(type.administeredBy ? [`administers_${type.administeredBy}`] : []),
        // Items granting roles (a playlist's collaborators, docs/decisions/102): what one item grants, its page asks.
        ...(type.grantedBy ? [`granted_${type.grantedBy}`] : []),
      ]
    : [];

/**
 * Content type by its URL segment.
 * @param {string} segment
 */
export const contentBySegment = (segment) => CONTENT_TYPES.find((t) => t.segment === segment);

/**
 * Built tabs (with a module), children included, in declaration order.
 * @param {Tab[]} tabs
 * @returns {(Tab & { children: Tab[] })[]}
 */
export const builtTabs = (tabs) =>
  tabs.filter((t) => t.module).map((t) => ({ ...t, children: (t.children ?? []).filter((c) => c.module) }));
