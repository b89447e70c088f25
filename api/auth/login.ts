import type { FastifyReply, FastifyRequest } from "fastify";
import { sql } from "kysely";
import { MSG } from "../../contract/messages";
import { loginSchema } from "../../contract/schemas/account";
import type { AccountRow, ApiContext } from "../http/context";
import { badRequest, parseInput } from "../http/errors";
import { configValue } from "../resources/config-store";
import { dummyPasswordHash, verifyPassword } from "./password";
import { profileOf } from "./profile";
import { startSession } from "../http/session";

/** What a locked sign-in answers instead of a user (spec 000 §4: the lock data, no session). */
export type LockAnswer = {
  is_lock_login: true;
  lock: { count_attempt: number; max_attempt: number; datetime_lock: string; datetime_unlock: string | null };
};

async function lockPolicy(ctx: ApiContext) {
  const [enabled, threshold, autoUnlock, minutes] = await Promise.all([
    configValue(ctx.db, "iden-account-lockout-threshold-display"),
    configValue(ctx.db, "iden-account-lockout-threshold"),
    configValue(ctx.db, "iden-apply-auto-unlock-display"),
    configValue(ctx.db, "iden-auto-unlock-minutes"),
  ]);
  return { enabled: !!enabled, threshold: Number(threshold), autoUnlockMs: autoUnlock ? Number(minutes) * 60_000 : null };
}

function lockAnswer(a: Pick<AccountRow, "failed_login_count" | "datetime_locked">, policy: Awaited<ReturnType<typeof lockPolicy>>): LockAnswer {
  const lockedAt = a.datetime_locked!;
  return {
    is_lock_login: true,
    lock: {
      count_attempt: a.failed_login_count,
      max_attempt: policy.threshold,
      datetime_lock: lockedAt,
      datetime_unlock: policy.autoUnlockMs === null ? null : new Date(Date.parse(lockedAt) + policy.autoUnlockMs).toISOString(),
    },
  };
}

/**
 * Sign-in by username or email (spec 000 §4, 002 §8). Wrong credentials answer 400 with the
 * catalogue's message; reaching the configured number of failures locks the account and answers
 * the lock data; an inactive user gets its own message. No session is made unless all is well.
 */
export async function login(req: FastifyRequest, reply: FastifyReply, ctx: ApiContext) {
  const input = parseInput(loginSchema, req.body);
  const ident = input.username.toLowerCase();
  const { db } = ctx;
  const account = (await db
    .selectFrom("account")
    .selectAll()
    .where((eb) => eb.or([eb(sql`lower(username)`, "=", ident), eb(sql`lower(email)`, "=", ident)]))
    .orderBy("id")
    .executeTakeFirst()) as AccountRow | undefined;
  const now = ctx.now();
  const record = (isSuccess: boolean) =>
    db.insertInto("login_attempt")
      .values({ username: ident.slice(0, 254), account_id: account?.id ?? null, ip: req.ip, is_success: isSuccess ? 1 : 0, datetime_create: now.toISOString() })
      .execute();

  if (!account) {
    await verifyPassword(input.password, await dummyPasswordHash());
    await record(false);
    throw badRequest({ detail: MSG.incorrect_email_or_password });
  }
  const policy = await lockPolicy(ctx);
  if (account.datetime_locked) {
    const expired = policy.autoUnlockMs !== null && now.getTime() - Date.parse(account.datetime_locked) >= policy.autoUnlockMs;
    if (!expired) {
      await record(false);
      return reply.send(lockAnswer(account, policy));
    }
    await db.updateTable("account").set({ datetime_locked: null, failed_login_count: 0 }).where("id", "=", account.id).execute();
    account.datetime_locked = null;
    account.failed_login_count = 0;
  }
  if (!(await verifyPassword(input.password, account.password_hash))) {
    const count = account.failed_login_count + 1;
    const lock = policy.enabled && policy.threshold > 0 && count >= policy.threshold;
    const lockedAt = lock ? now.toISOString() : null;
    await db.updateTable("account").set({ failed_login_count: count, datetime_locked: lockedAt }).where("id", "=", account.id).execute();
    await record(false);
    if (lock) return reply.send(lockAnswer({ failed_login_count: count, datetime_locked: lockedAt }, policy));
    throw badRequest({ detail: MSG.incorrect_email_or_password });
  }
  if (account.is_active !== 1) {
    await record(false);
    throw badRequest({ detail: MSG.user_inactive });
  }
  await db.updateTable("account").set({ failed_login_count: 0, last_active: now.toISOString() }).where("id", "=", account.id).execute();
  await record(true);
  await startSession(req, reply, ctx, account.id);
  return reply.send(await profileOf(db, { ...account, failed_login_count: 0, last_active: now.toISOString() }));
}
