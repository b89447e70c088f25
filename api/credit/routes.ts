import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { CREDIT_MSG, type CreditReason } from "../../contract/credit";
import { flag } from "../../contract/permissions";
import { creditChangeSchema, type CreditAnswer, type CreditTransactionRow } from "../../contract/schemas/credit";
import { requirePermission } from "../auth/permissions";
import { contentNames } from "../assignment/store";
import type { Db } from "../db/index";
import { itemId, writeTransaction, type Trx } from "../engine/crud";
import type { ApiContext } from "../http/context";
import { createOnce } from "../http/idempotency";
import { badRequest, notFound, parseInput } from "../http/errors";
import { paginate, readPageQuery } from "../http/paging";
import { changeCredit } from "./credit";

/**
 * A learner's credit as administrators see and change it (issue 33 §3, docs/decisions/075),
 * under the user's item:
 * - GET  dashboard/user/{id}/credit/: the balance and its history, newest first, each change
 *   with the balance after it (paged)                                         account view
 * - POST dashboard/user/{id}/credit/ {amount, note, reference?}: a top-up (negative: credit taken
 *   back) with its reason → 201 with the new balance; more than the balance is 400 on `amount`
 *   (credit_not_enough), a reference this account was credited with before 400 on `reference`
 *                                                                              account transaction
 * Credit is the account's: its flags are the account module's, the change its "transaction".
 */
export const CREDIT_FLAGS = { view: flag("account", "view"), change: flag("account", "transaction") } as const;

type Q = Db | Trx;
/** 100.5 → 10050: the amounts typed are baht with at most 2 decimals (the schema's rule). */
export const toMinor = (baht: number) => Math.round(baht * 100);

/** Whether `reference` was credited to the account before. */
export async function referenceUsed(q: Q, accountId: number, reference: string | null): Promise<boolean> {
  if (reference === null) return false;
  return !!(await q
    .selectFrom("credit_transaction")
    .select("id")
    .where("account_id", "=", accountId)
    .where("reference", "=", reference)
    .executeTakeFirst());
}

/** The account's balance in hundredths (none: 0). */
const balanceOf = async (q: Q, accountId: number) =>
  (await q.selectFrom("account_credit").select("balance_minor").where("account_id", "=", accountId).executeTakeFirst())
    ?.balance_minor ?? 0;

export function creditRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const path = "/dashboard/user/:id(^\\d{1,12})/credit/";
  const accountOf = async (id: number) => {
    const account = await db
      .selectFrom("account")
      .select(["id", "username", "first_name", "last_name"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!account) throw notFound();
    return account;
  };

  app.get(path, async (req): Promise<CreditAnswer> => {
    await requirePermission(req, db, CREDIT_FLAGS.view);
    const account = await accountOf(itemId(req));
    const balance = await balanceOf(db, account.id);
    const query = db
      .selectFrom("credit_transaction as c")
      .leftJoin("account as b", "b.id", "c.created_by")
      .select([
        "c.id",
        "c.amount_minor",
        "c.reason",
        "c.note",
        "c.reference",
        "c.content_type_id",
        "c.content_id",
        "c.datetime_create",
        "b.id as by_id",
        "b.username",
        "b.first_name",
        "b.last_name",
      ])
      .where("c.account_id", "=", account.id)
      .orderBy("c.id", "desc");
    const page = await paginate(req, query, readPageQuery(req));
    // The balance after each change: today's, less every change made after it (every change is a row).
    const newest = page.results[0]?.id;
    const later =
      newest === undefined
        ? 0
        : Number(
            (
              await db
                .selectFrom("credit_transaction")
                .select(sql<string>`coalesce(sum(amount_minor), 0)`.as("n"))
                .where("account_id", "=", account.id)
                .where("id", ">", newest)
                .executeTakeFirstOrThrow()
            ).n,
          );
    const names = await contentNames(
      db,
      page.results.filter((r) => r.content_type_id !== null && r.content_id !== null) as {
        content_type_id: number;
        content_id: number;
      }[],
    );
    let after = balance - later;
    const results: CreditTransactionRow[] = page.results.map((r) => {
      const row: CreditTransactionRow = {
        id: r.id,
        amount_minor: r.amount_minor,
        reason: r.reason as CreditReason,
        note: r.note,
        reference: r.reference,
        content:
          r.content_type_id !== null && r.content_id !== null
            ? {
                content_type_id: r.content_type_id,
                content_id: r.content_id,
                name: names.get(`${r.content_type_id}:${r.content_id}`)?.name ?? "",
              }
            : null,
        by:
          r.by_id === null
            ? null
            : { id: r.by_id, username: r.username ?? "", first_name: r.first_name ?? "", last_name: r.last_name ?? "" },
        balance_after_minor: after,
        datetime_create: r.datetime_create,
      };
      after -= r.amount_minor;
      return row;
    });
    return { ...page, results, account, balance_minor: balance };
  });

  app.post(path, async (req, reply) => {
    const actor = await requirePermission(req, db, CREDIT_FLAGS.change);
    const account = await accountOf(itemId(req));
    return createOnce(req, reply, ctx, {
      // A change answers the balance it left, a retry of it the balance as it is now (docs/decisions/094).
      answer: async () => ({ balance_minor: await balanceOf(db, account.id) }),
      create: (keep) => {
        const input = parseInput(creditChangeSchema, req.body);
        const amount = toMinor(input.amount);
        return writeTransaction(
          db,
          async (trx) => {
            if (await referenceUsed(trx, account.id, input.reference))
              throw badRequest({ reference: [CREDIT_MSG.reference_used] });
            const done = await changeCredit(
              trx,
              {
                accountId: account.id,
                amount,
                reason: amount > 0 ? "top_up" : "deduction",
                ref: null,
                note: input.note,
                reference: input.reference,
              },
              { accountId: actor.id, at: ctx.now().toISOString() },
            );
            if (!done) throw badRequest({ amount: [amount < 0 ? CREDIT_MSG.not_enough : CREDIT_MSG.balance_too_high] });
            // The change's row: the account's newest, as this transaction holds the account's balance row.
            const { id } = await trx
              .selectFrom("credit_transaction")
              .select((eb) => eb.fn.max("id").as("id"))
              .where("account_id", "=", account.id)
              .executeTakeFirstOrThrow();
            return keep(trx, Number(id));
            // Two top-ups of one reference at once: the index refuses the second as the check would have.
          },
          { field: "reference", message: CREDIT_MSG.reference_used },
        );
      },
    });
  });
}
