/**
 * The content library (`/coniclex…`, spec 000 §2.9, issue 19 §6, docs/decisions/071), named once
 * for both sides: its URL segment and API path prefix, the permission module of its pages and
 * calls, and which of the organisation's content types it repeats (by registry key). The dashboard
 * registry (app/registry/library.js) and the API (api/content/library/) both build the library's
 * types from these, so the two cannot disagree.
 *
 * Plain JS, imported by the registry, which remix.config.js loads as is.
 */
export const LIBRARY = /** @type {const} */ ({
  /** URL segment under /dashboard/ and path under /api/dashboard/. */
  segment: "coniclex",
  /** The permission module of every library page and call (spec 002 §6 "coniclex"). */
  module: "coniclex",
  /** The organisation's types it repeats, by registry key (= content type code). */
  types: ["course", "class_program", "article", "audio", "document", "external_video", "flash_card", "video"],
});

/**
 * A library type's registry key (and API definition key): `coniclex_{key}`.
 * @param {string} key the organisation's type
 */
export const libraryKey = (key) => `${LIBRARY.segment}_${key}`;
