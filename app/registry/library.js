/**
 * The content library (`/coniclex…`, spec 000 §2.9 "The /coniclex area repeats these for article,
 * audio, class-program…, course…, document, external-video, flash-card, video"; issue 19 §6,
 * docs/decisions/071) as registry entries: each one the organisation's type again — the same
 * tabs, overall pages and modules — over the library's collection, at `coniclex/{segment}`, its
 * API at `dashboard/coniclex/{key}/` and its flags the library's (`coniclex_*`). What the library
 * adds is one page, `take`: taking the item into the organisation's content (a copy). Which
 * types it repeats is contract/library.js, which the API reads too.
 *
 * @typedef {import("./content-typedefs.js").ContentType} ContentType
 * @typedef {import("./content-typedefs.js").ItemPage} ItemPage
 */
import { LIBRARY, libraryKey } from "../../contract/library.js";

/** The dictionary namespace of the library's own texts. */
export const LIBRARY_I18N = "library";

/**
 * Item pages the library does not repeat: a course's identification sessions (spec 000 §2.5) are
 * the organisation's record of its learners' checks, and §2.9 lists none under /coniclex.
 */
const NOT_REPEATED = ["identification"];

/** @type {ItemPage} Taking the item into the organisation's content: a confirmation page, a real form. */
const TAKE = {
  id: "take",
  path: "take",
  labelKey: "lib_take_title",
  action: "view",
  module: "routes/library.take.tsx",
};

/**
 * The library's entries, from the organisation's (`types`), in contract/library.js's order.
 * @param {ContentType[]} types
 * @returns {ContentType[]}
 */
export const libraryTypes = (types) =>
  LIBRARY.types.map((key) => {
    const org = types.find((t) => t.key === key);
    if (!org) throw new Error(`the library repeats ${key}, which the registry does not hold`);
    return {
      ...org,
      key: libraryKey(key),
      segment: `${LIBRARY.segment}/${org.segment}`,
      api: `dashboard/${LIBRARY.segment}/${key}/`,
      module: LIBRARY.module,
      labelKey: `content_${libraryKey(key)}`,
      i18n: [...org.i18n, LIBRARY_I18N],
      menuSection: "library",
      library: { of: key },
      pages: [...(org.pages ?? []).filter((p) => !NOT_REPEATED.includes(p.id.split(".")[0])), TAKE],
    };
  });
