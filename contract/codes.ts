/** Numeric codes of the contract, written exactly as the spec gives them. */

/** analytic/session/ source (spec 002 §7). */
export const ANALYTIC_SOURCE = { learner_site: 0, dashboard: 10 } as const;

/** Import task status (spec 002 §4). */
export const IMPORT_STATUS = { failed: -1, in_progress: 2, succeeded: 3 } as const;

/** Identification send method (spec 002 §9): email only 0, sms only 1, both 99. */
export const SEND_METHOD = { email: 0, sms: 1, both: 99 } as const;

/** Forced use of the mobile app (spec 002 §6). */
export const FORCE_MOBILE_APP = { off: 0, all: 1, android: 2, ios: 3 } as const;

/** Terms documents a user accepts, in the order sign-in checks them (spec 000 §4). */
export const TERM_KINDS = ["privacy", "terms", "data_consent"] as const;
export type TermKind = (typeof TERM_KINDS)[number];

/** Languages: en and th always; jp and ch when the configuration adds them (spec 000 §1). */
export const BASE_LANGUAGES = ["en", "th"] as const;
export const OPTIONAL_LANGUAGES = ["jp", "ch"] as const;
export const ALL_LANGUAGES = [...BASE_LANGUAGES, ...OPTIONAL_LANGUAGES] as const;
export type Language = (typeof ALL_LANGUAGES)[number];
