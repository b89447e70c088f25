/**
 * Learners' credit (docs/decisions/050, 075): why a balance changed, and the bounds of what an
 * administrator gives or takes back. Zod-free: the dashboard's components read these.
 * Amounts are kept in hundredths (`_minor`), like every money column.
 */

/** Why a balance changed: spent by an assignment (or its replace) or an enrolment, given back, or given / taken back by an administrator. */
export const CREDIT_REASONS = [
  "assignment",
  "assignment_replace",
  "enrollment",
  "top_up",
  "refund",
  "deduction",
] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

/** The most one top-up or deduction moves (10,000,000.00). */
export const CREDIT_CHANGE_MAX = 10_000_000;
/** The most a balance may hold (20,000,000.00, in hundredths well inside a 32-bit integer column). */
export const CREDIT_BALANCE_MAX_MINOR = 2_000_000_000;
/** The longest reason and reference an administrator types. */
export const CREDIT_NOTE_MAX = 200;
export const CREDIT_REFERENCE_MAX = 64;

/** The credit file's columns (the bulk top-up, docs/decisions/075): who, how much (negative takes back), why, and the document it comes from. */
export const CREDIT_IMPORT_COLUMNS = ["username", "amount", "reason", "reference"] as const;
export type CreditImportColumn = (typeof CREDIT_IMPORT_COLUMNS)[number];
/** The most data rows one credit file may hold. */
export const MAX_CREDIT_IMPORT_ROWS = 10_000;

/** The credit API's own error keys (credit namespace and API messages, both languages). */
export const CREDIT_MSG = {
  not_enough: "credit_not_enough",
  balance_too_high: "credit_balance_too_high",
  reference_used: "credit_reference_used",
  amount_range: "credit_amount_range",
  account_unknown: "credit_account_unknown",
} as const;
