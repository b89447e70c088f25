import type { DiscussionAuthor, IdentificationAttempt } from "./overall";
import type { IdentificationStatus } from "../extras-codes";

/**
 * Identification transactions of a content item (spec 000 §2.5 `identification/{transactionid?}`
 * with `curriculum` and `{progressid?}`; docs/decisions/021), read-only, under
 * dashboard/{type}/{id}/identification/transaction/:
 *   GET  …/                          TransactionRow, paged, newest first; filters method, status,
 *                                    search (learner); ordering datetime_start / learner
 *   GET  …/{transactionid}/          Transaction (its attempts included)
 *   GET  …/{transactionid}/curriculum/   TransactionItem, paged, in curriculum order
 *   GET  …/{transactionid}/progress/     TransactionProgress (the learner's record: one row), paged
 *   GET  …/{transactionid}/progress/{progressid}/   TransactionProgress
 * and the overall landing page's summary, GET dashboard/{type}/{id}/overall/ (OverallSummary).
 */

export const TRANSACTION_ORDERING = ["datetime_start", "learner"] as const;

export type TransactionRow = {
  id: number;
  account: DiscussionAuthor;
  method: number;
  status: IdentificationStatus;
  attempt_count: number;
  item_count: number;
  /** The learner's progress record of the content, when the session belongs to one. */
  progress_id: number | null;
  datetime_start: string;
  datetime_end: string | null;
  /** Failed attempts locked identification until then (null: not locked). */
  datetime_lock_until: string | null;
};

export type Transaction = TransactionRow & { attempt_list: Omit<IdentificationAttempt, "account">[] };

export type TransactionItem = {
  /** The item's position in the transaction (a transaction has each item once). */
  id: number;
  section: { id: number; name: string };
  /** null: the check guarded the whole section. */
  material: { id: number; name: string; slot_type: string } | null;
  /** The item's identification setting now (method, whether it is still enabled). */
  identification: { is_enabled: boolean; method: number };
};

export type TransactionProgress = {
  id: number;
  account: DiscussionAuthor;
  /** A progress status code (contract/codes.ts PROGRESS_STATUS). */
  status: number;
  datetime_enroll: string;
  datetime_start: string | null;
  datetime_complete: string | null;
  datetime_update: string;
};

/**
 * The overall landing page: the figures behind each overall page (keyed by the page's registry
 * id) and behind the identification transactions (`transaction`); null where the flag is missing.
 */
export type OverallSummary = {
  learner: { count: number } | null;
  /** The overall inbox (learning paths, onboarding plans): enrolments waiting, completions to verify. */
  inbox: { waiting: number; verifying: number } | null;
  progress: { count: number; todo: number; doing: number; done: number } | null;
  identification: { count: number; pass: number; failed: number; waiting: number };
  transaction: { count: number; pass: number; failed: number; waiting: number };
  discussion: { count: number; reply_count: number; hidden_count: number };
  /** A type's own overall pages' figures, by page id (a test's attempts: docs/decisions/076). */
  [page: string]: Record<string, number> | null;
};
