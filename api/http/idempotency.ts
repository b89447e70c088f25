import type { FastifyReply, FastifyRequest } from "fastify";
import { NoResultError } from "kysely";
import { API_ROOT, IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from "../../contract/http";
import { MSG } from "../../contract/messages";
import { requireUser } from "../auth/permissions";
import type { Db } from "../db/index";
import type { Trx } from "../engine/crud";
import type { ApiContext } from "./context";
import { badRequest, notFound } from "./errors";

/** How long a key is remembered: far past any retry of a lost answer. */
const KEPT_MS = 24 * 3600_000;

/**
 * The idempotency key of a create call (docs/decisions/094), or null when it has none; one that
 * is not a key (empty, too long, odd characters) is refused as the call's own 400.
 */
export function idempotencyKeyOf(req: FastifyRequest): string | null {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  if (typeof raw !== "string" || !IDEMPOTENCY_KEY_PATTERN.test(raw))
    throw badRequest({ [IDEMPOTENCY_HEADER]: [MSG.invalid] });
  return raw;
}

/**
 * The row an earlier call of this account with this key created at `path`, or null when there
 * was none. A key used for another address is refused: it is a client's mistake, not a retry.
 */
export async function createdBefore(db: Db, accountId: number, key: string, path: string): Promise<number | null> {
  const row = await db
    .selectFrom("idempotency_key")
    .select(["path", "object_id"])
    .where("account_id", "=", accountId)
    .where("key", "=", key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.path !== path) throw badRequest({ [IDEMPOTENCY_HEADER]: [MSG.invalid] });
  return row.object_id;
}

/** In the create's transaction: this key made that row (a second insert with the key fails the transaction, so nothing is created twice). */
export async function recordCreated(
  trx: Trx,
  accountId: number,
  key: string,
  path: string,
  objectId: number,
  now: Date,
) {
  await trx
    .deleteFrom("idempotency_key")
    .where("account_id", "=", accountId)
    .where("datetime_create", "<", new Date(now.getTime() - KEPT_MS).toISOString())
    .execute();
  await trx
    .insertInto("idempotency_key")
    .values({ account_id: accountId, key, path, object_id: objectId, datetime_create: now.toISOString() })
    .execute();
}

/** The answer header of a create answered again (docs/decisions/094). */
export const REPLAYED_HEADER = "idempotent-replayed";

/** The address a key names: the call's own path, without the API's root, its query or a missing trailing slash. */
export function keyedPath(req: FastifyRequest): string {
  const path = req.url.split("?")[0];
  const own = path.startsWith(API_ROOT) ? path.slice(API_ROOT.length - 1) : path;
  return own.endsWith("/") ? own : `${own}/`;
}

export type CreateOnce = {
  /**
   * Validate the body and write, in one transaction in which `keep(trx, id)` is called once the
   * new row is in (it records the call's key, if any, and answers `id`); answers the new row's id.
   */
  create: (keep: (trx: Trx, id: number) => Promise<number>) => Promise<number>;
  /** What the create answers of the row `id`, the first time and on a replay (undefined: it is gone, 404). */
  answer: (id: number) => unknown;
  /** The create's status (201). */
  status?: number;
  /** The address the key names (the call's own path, keyedPath). */
  path?: string;
};

/**
 * A create call that writes once per idempotency key (docs/decisions/094); called after the
 * call's permission checks, which stay first. With a key the account used at this address before,
 * the call answers what that call created — its status, `idempotent-replayed: true`, the row as it
 * is now — without reading its body. Otherwise `create` runs, recording the key in its transaction;
 * a call racing with the same key fails there and answers the winner's row. Without a key, a plain
 * create.
 */
export async function createOnce(
  req: FastifyRequest,
  reply: FastifyReply,
  ctx: ApiContext,
  o: CreateOnce,
): Promise<FastifyReply> {
  const key = idempotencyKeyOf(req);
  const status = o.status ?? 201;
  const made = async (id: number) => reply.status(status).send(await o.answer(id));
  if (!key) return made(await o.create(async (_trx, id) => id));
  const accountId = requireUser(req).id;
  const path = o.path ?? keyedPath(req);
  const replay = async (id: number) => {
    // The row deleted since: the replay is a 404, what the row is now.
    const row = await Promise.resolve(o.answer(id)).catch((err: unknown) => {
      if (err instanceof NoResultError) return undefined;
      throw err;
    });
    if (row === undefined) throw notFound();
    return reply.status(status).header(REPLAYED_HEADER, "true").send(row);
  };
  const before = await createdBefore(ctx.db, accountId, key, path);
  if (before !== null) return replay(before);
  let id: number;
  try {
    id = await o.create(async (trx, newId) => {
      await recordCreated(trx, accountId, key, path, newId, ctx.now());
      return newId;
    });
  } catch (err) {
    // The same key racing in: the other call's transaction won, this one wrote nothing.
    const won = await createdBefore(ctx.db, accountId, key, path);
    if (won !== null) return replay(won);
    throw err;
  }
  return made(id);
}
