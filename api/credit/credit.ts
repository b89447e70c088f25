import { CREDIT_BALANCE_MAX_MINOR, type CreditReason } from "../../contract/credit";
import type { Db } from "../db/index";
import type { Trx } from "../engine/crud";
import type { ContentRef } from "../content/ref";
import { chunks } from "../engine/chunks";

/**
 * Learners' credit (docs/decisions/050). A content costs its price — the discounted price when it
 * has one — from its budget's price page (content_budget), in hundredths; a content without a
 * price costs nothing. A learner's balance is `account_credit` (none: 0). Assigning (and
 * replacing an assignment, spec 001 §4) or approving an enrolment spends the cost; every change
 * is a `credit_transaction` row in the caller's transaction. Administrators see and change a
 * balance through routes.ts (docs/decisions/075).
 */

/** What one learning of the content costs, in hundredths (0: free). */
export async function contentCost(q: Db | Trx, ref: ContentRef): Promise<number> {
  const row = await q
    .selectFrom("content_budget")
    .select(["price_minor", "price_discount_minor"])
    .where("content_type_id", "=", ref.contentTypeId)
    .where("content_id", "=", ref.contentId)
    .executeTakeFirst();
  if (!row) return 0;
  return Math.max(0, row.price_discount_minor ?? row.price_minor);
}

/** The balances of these accounts, in hundredths (an account without a row: 0). */
export async function creditBalances(q: Db | Trx, accountIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>(accountIds.map((id) => [id, 0]));
  for (const part of chunks([...new Set(accountIds)])) {
    if (!part.length) continue;
    const rows = await q
      .selectFrom("account_credit")
      .select(["account_id", "balance_minor"])
      .where("account_id", "in", part)
      .execute();
    for (const r of rows) out.set(r.account_id, r.balance_minor);
  }
  return out;
}

/**
 * Change an account's balance by `amount` (negative: spend) and record why, in the caller's
 * transaction. Spending more than the balance is refused (false, nothing written): the caller
 * answers "not enough credit" (assignment result 7); so is a gift that would take the balance over
 * CREDIT_BALANCE_MAX_MINOR. The update is conditional on the balance still covering the spend,
 * so two spends at once cannot both pass. An administrator's change carries its reason (`note`)
 * and may name the document it comes from (`reference`, unique per account: the caller checks it
 * first, the index holds it).
 */
export async function changeCredit(
  trx: Trx,
  change: {
    accountId: number;
    amount: number;
    reason: CreditReason;
    ref: ContentRef | null;
    note?: string;
    reference?: string | null;
  },
  by: { accountId: number | null; at: string },
): Promise<boolean> {
  if (change.amount === 0) return true;
  await trx
    .insertInto("account_credit")
    .values({ account_id: change.accountId, balance_minor: 0, datetime_update: by.at })
    .onConflict((oc) => oc.column("account_id").doNothing())
    .execute();
  const updated = await trx
    .updateTable("account_credit")
    .set((eb) => ({ balance_minor: eb("balance_minor", "+", change.amount), datetime_update: by.at }))
    .where("account_id", "=", change.accountId)
    .where("balance_minor", ">=", change.amount < 0 ? -change.amount : 0)
    .where("balance_minor", "<=", CREDIT_BALANCE_MAX_MINOR - Math.max(0, change.amount))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto("credit_transaction")
    .values({
      account_id: change.accountId,
      amount_minor: change.amount,
      reason: change.reason,
      content_type_id: change.ref?.contentTypeId ?? null,
      content_id: change.ref?.contentId ?? null,
      created_by: by.accountId,
      datetime_create: by.at,
      note: change.note ?? "",
      reference: change.reference ?? null,
    })
    .execute();
  return true;
}
