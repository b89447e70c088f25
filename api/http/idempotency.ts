import type { FastifyRequest } from "fastify";
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from "../../contract/http";
import { MSG } from "../../contract/messages";
import type { Db } from "../db/index";
import type { Trx } from "../engine/crud";
import { badRequest } from "./errors";

/** How long a key is remembered: far past any retry of a lost answer. */
const KEPT_MS = 24 * 3600_000;

/**
 * The idempotency key of a create call (docs/decisions/094), or null when it has none; one that
 * is not a key (empty, too long, odd characters) is refused as the call's own 400.
 */
export function idempotencyKeyOf(req: FastifyRequest): string | null {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  if (typeof raw !== "string" || !IDEMPOTENCY_KEY_PATTERN.test(raw)) throw badRequest({ [IDEMPOTENCY_HEADER]: [MSG.invalid] });
  return raw;
}

/**
 * The row an earlier call of this account with this key created at `path`, or null when there
 * was none. A key used for another address is refused: it is a client's mistake, not a retry.
 */
export async function createdBefore(db: Db, accountId: number, key: string, path: string): Promise<number | null> {
  const row = await db.selectFrom("idempotency_key").select(["path", "object_id"]).where("account_id", "=", accountId).where("key", "=", key).executeTakeFirst();
  if (!row) return null;
  if (row.path !== path) throw badRequest({ [IDEMPOTENCY_HEADER]: [MSG.invalid] });
  return row.object_id;
}

/** In the create's transaction: this key made that row (a second insert with the key fails the transaction, so nothing is created twice). */
export async function recordCreated(trx: Trx, accountId: number, key: string, path: string, objectId: number, now: Date) {
  await trx.deleteFrom("idempotency_key").where("account_id", "=", accountId).where("datetime_create", "<", new Date(now.getTime() - KEPT_MS).toISOString()).execute();
  await trx.insertInto("idempotency_key").values({ account_id: accountId, key, path, object_id: objectId, datetime_create: now.toISOString() }).execute();
}
