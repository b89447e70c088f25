import { z } from "../zod";
import type { Paged } from "../http";
import { MSG } from "../messages";
import { CREDIT_CHANGE_MAX, CREDIT_MSG, CREDIT_NOTE_MAX, CREDIT_REFERENCE_MAX, type CreditReason } from "../credit";
import { MONEY_PLACES } from "../extras-codes";
import { decimalField } from "./extras";
import { isBlank } from "./form-fields";
import { text } from "./text";
import type { AccountRef } from "./user";

/**
 * A learner's credit as administrators see and change it (issue 33 §3, docs/decisions/075):
 * POST dashboard/user/{id}/credit/ and each row of a credit file take the same fields.
 */

/** An amount given (positive) or taken back (negative), in baht with 2 decimals; never 0. */
export const creditAmountField = () =>
  decimalField({
    min: -CREDIT_CHANGE_MAX,
    max: CREDIT_CHANGE_MAX,
    places: MONEY_PLACES,
    rangeMessage: CREDIT_MSG.amount_range,
    placesMessage: MSG.amount_decimals,
  }).refine((n) => n !== 0, MSG.value_not_zero);

/** Why: required, one line. */
export const creditNoteField = () =>
  text({ error: MSG.required }).trim().min(1, MSG.required).max(CREDIT_NOTE_MAX, MSG.too_long);
/** The document it comes from (a receipt, an order number): once per account; blank is none. */
export const creditReferenceField = () =>
  z.preprocess(
    (v) => (isBlank(v) || (typeof v === "string" && !v.trim()) ? null : v),
    text({ error: MSG.invalid }).trim().max(CREDIT_REFERENCE_MAX, MSG.too_long).nullable(),
  );

/** POST dashboard/user/{id}/credit/: a top-up (or a deduction) with its reason. */
export const creditChangeSchema = z.object({
  amount: creditAmountField(),
  note: creditNoteField(),
  reference: creditReferenceField(),
});
export type CreditChangeInput = z.output<typeof creditChangeSchema>;

/** One change of a balance: how much (hundredths, negative spent), why, for which content, by whom, and the balance after it. */
export type CreditTransactionRow = {
  id: number;
  amount_minor: number;
  reason: CreditReason;
  note: string;
  reference: string | null;
  content: { content_type_id: number; content_id: number; name: string } | null;
  by: AccountRef | null;
  balance_after_minor: number;
  datetime_create: string;
};
/** GET dashboard/user/{id}/credit/: the balance and its history, newest first. */
export type CreditAnswer = Paged<CreditTransactionRow> & { account: AccountRef; balance_minor: number };
