/**
 * Code tables, limits and pure helpers of the content extras (docs/decisions/012), without zod, so
 * dashboard route modules may import them without taking zod into the browser bundle
 * (docs/decisions/008, 016). The schemas are in contract/schemas/extras.ts and overall.ts.
 */

// ── Code tables ────────────────────────────────────────────────────────────────────────────────

/** Survey types (spec 001 §4 "Other code lists"). */
export const SURVEY_TYPE = { poll: 0, questionnaire: 1, likert_scale: 2 } as const;
export const SURVEY_TYPE_CODES = Object.values(SURVEY_TYPE);

/** Budget currencies (spec 002 §9) and the defaults of a budget record. */
export const CURRENCIES = ["thb", "usd", "jpy"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = "thb";
export const DEFAULT_EXCHANGE_RATE = 1;

/** Certificate choices (spec 001 §3 "Certificate"; the numbers are ours: decision 012). */
export const CERTIFICATE_TEMPLATE = { classic: 1, modern: 2, minimal: 3 } as const;
export const CERTIFICATE_TYPE = { completion: 1, achievement: 2 } as const;
/** When the certificate is earned: on completing the content, or on completing it and answering its required surveys. */
export const CERTIFICATE_COMPLETE = { completed: 1, completed_and_survey: 2 } as const;
/** The date printed: the learner's completion date, or one fixed date (date_issued). */
export const CERTIFICATE_ISSUED_DATE = { completion_date: 1, fixed_date: 2 } as const;

// ── Limits ─────────────────────────────────────────────────────────────────────────────────────

/** Money: 0 to 99,999,999.99 with 2 decimals (spec 002 §9 "2 decimals for price"). */
export const MONEY_MAX = 99_999_999.99;
export const MONEY_PLACES = 2;
export const EXCHANGE_RATE_MAX = 100_000;
export const EXCHANGE_RATE_PLACES = 6;
export const UNIT_MAX = 100_000;
export const COUNT_LEARNER_MAX = 1_000_000;
export const POINT_MAX = 1_000_000;
export const COMPETENCY_LEVEL_MAX = 10;
/** A download period is 1 to 3650 days (10 years); 0 is refused (spec 001 §5 "number of days must not be 0"). */
export const DOWNLOAD_DAYS_MAX = 3650;
export const RECORD_LIST_MAX = 50;

// ── Overall pages ──────────────────────────────────────────────────────────────────────────────

/** identification_method: IDENTIFICATION_METHOD of contract/codes.ts. */
/** Identity verification results (spec 001 §4 "Other code lists": waiting, pass, failed). */
export const IDENTIFICATION_STATUS = ["waiting", "pass", "failed"] as const;
export type IdentificationStatus = (typeof IDENTIFICATION_STATUS)[number];

export const DISCUSSION_ORDERING = ["datetime_create", "datetime_last_activity", "title"] as const;
export const IDENTIFICATION_ORDERING = ["datetime_create", "learner"] as const;

// ── Certificate download period ────────────────────────────────────────────────────────────────

/**
 * The download period (spec 001 §4: "read as a number of days from text like '{n} days'"): the
 * API answers "{n} days" (or null: no limit) and accepts that text, "{n} day", or the number.
 * Returns the days, null for none, or undefined when the text is not such a period.
 */
export function parseDaysText(v: unknown): number | null | undefined {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return Number.isInteger(v) ? v : undefined;
  if (typeof v !== "string") return undefined;
  const s = v.trim();
  if (s === "" || s === "null") return null;
  const m = /^(-?\d{1,9})(\s*days?)?$/i.exec(s);
  return m ? Number(m[1]) : undefined;
}
/** Days → the answer's text. */
export const daysText = (days: number | null) => (days === null ? null : `${days} days`);
