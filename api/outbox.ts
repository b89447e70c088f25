import type { FastifyBaseLogger } from "fastify";
import type { ApiContext } from "./http/context";
import type { Trx } from "./engine/crud";

/**
 * The mail outbox (table `outbox`): a notice is written in the transaction that caused it, and sent
 * after that transaction commits (`deliver`, through ctx.sendMail: SMTP when SMTP_URL is set;
 * without it the rows stay in the outbox). A slow or failing mail server never holds the database.
 * Used by the request flows' notices (requests/notify.ts) and a cancelled class's (content/class/cancel.ts).
 */
export type Letter = { subject: string; body: string };

/** One mail to `to`, written in the caller's transaction; answers its outbox id. */
export async function postMail(trx: Trx, to: string, letter: Letter, now: Date): Promise<number> {
  const out = await trx
    .insertInto("outbox")
    .values({
      channel: "email",
      recipient: to,
      subject: letter.subject,
      body: letter.body,
      datetime_create: now.toISOString(),
      datetime_sent: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return out.id;
}

/**
 * Send outbox rows written by a committed transaction, marking each one sent. After the commit, so a
 * slow or failing mail server never holds the database; a failure leaves the row in the outbox.
 */
export async function deliver(ctx: ApiContext, ids: readonly number[], log: FastifyBaseLogger) {
  if (!ids.length || !ctx.sendMail) return;
  const rows = await ctx.db
    .selectFrom("outbox")
    .select(["id", "recipient", "subject", "body"])
    .where("id", "in", [...ids])
    .where("datetime_sent", "is", null)
    .execute();
  for (const r of rows) {
    try {
      if (await ctx.sendMail(r.recipient, r.subject, r.body))
        await ctx.db
          .updateTable("outbox")
          .set({ datetime_sent: ctx.now().toISOString() })
          .where("id", "=", r.id)
          .execute();
    } catch (err) {
      log.error({ err }, "notice not sent; it stays in the outbox");
    }
  }
}
