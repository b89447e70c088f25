import type { FastifyReply, FastifyRequest } from "fastify";
import { sql } from "kysely";
import { MSG } from "../../contract/messages";
import { loginSchema } from "../../contract/schemas/account";
import type { AccountRow, ApiContext } from "../http/context";
import { ApiError, badRequest, parseInput } from "../http/errors";
import { configValue, configValues } from "../system/config-store";
import { loginGuard, type GuardRow, type LockPolicy } from "./login-guard";
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "./password";
import { profileOf } from "./profile";
import { startSession } from "../http/session";
import { organisationToday } from "./membership";
import { issueResetToken } from "../system/forgot-password";
import { recordHistory } from "../system/account-history";
import { dayLimit, inactiveTooLong, passwordExpired } from "./account-age";

/** What a locked sign-in answers instead of a user (spec 000 §4: the lock data, no session). */
export type LockAnswer = {
  is_lock_login: true;
  lock: { count_attempt: number; max_attempt: number; datetime_lock: string; datetime_unlock: string | null };
};

/** The configured lock (spec 002 §6 iden-account-lockout-*). */
export async function lockPolicy(ctx: ApiContext): Promise<LockPolicy> {
  const [enabled, threshold, autoUnlock, minutes] = await Promise.all([
    configValue(ctx.db, "iden-account-lockout-threshold-display"),
    configValue(ctx.db, "iden-account-lockout-threshold"),
    configValue(ctx.db, "iden-apply-auto-unlock-display"),
    configValue(ctx.db, "iden-auto-unlock-minutes"),
  ]);
  return {
    enabled: !!enabled,
    threshold: Number(threshold),
    autoUnlockMs: autoUnlock ? Number(minutes) * 60_000 : null,
  };
}

function lockAnswer(row: GuardRow, policy: LockPolicy): LockAnswer {
  const lockedAt = row.datetime_locked!;
  return {
    is_lock_login: true,
    lock: {
      count_attempt: row.failures,
      max_attempt: policy.threshold,
      datetime_lock: lockedAt,
      datetime_unlock:
        policy.autoUnlockMs === null ? null : new Date(Date.parse(lockedAt) + policy.autoUnlockMs).toISOString(),
    },
  };
}

/**
 * Sign-in by username or email (spec 000 §4, 002 §8). Wrong credentials answer 400 with the
 * catalogue's message; reaching the configured number of failures from one address locks that
 * identifier there and answers the lock data; an inactive user gets its own message (only once the
 * password is right), as does an account past its expiry date; an account whose administrator
 * asked for a new password, or whose password outlived the configured period, gets a reset token
 * instead of a session (docs/decisions/038, 082); one unused for the configured days is locked
 * until an administrator activates it (082). No
 * session is made unless all is well.
 *
 * An outsider must not learn whether an account exists or is locked (docs/decisions/019): the
 * guard counts and locks the identifier typed, existing or not, and every refused attempt costs
 * one password hash, real or dummy, so each answer looks and takes the same for any name.
 */
export async function login(req: FastifyRequest, reply: FastifyReply, ctx: ApiContext) {
  const input = parseInput(loginSchema, req.body);
  const ident = input.username.toLowerCase().slice(0, 254);
  const ip = req.clientIp;
  const { db } = ctx;
  const guard = loginGuard(db);
  const now = ctx.now();
  const record = (isSuccess: boolean, accountId: number | null) =>
    db
      .insertInto("login_attempt")
      .values({
        username: ident,
        account_id: accountId,
        ip,
        is_success: isSuccess ? 1 : 0,
        datetime_create: now.toISOString(),
      })
      .execute();

  const policy = await lockPolicy(ctx);
  const locked = await guard.lockOf(ident, ip, now, policy);
  if (locked) {
    // The hash is computed all the same: a locked name answers in the time a wrong password takes.
    await verifyPassword(input.password, await dummyPasswordHash());
    await record(false, null);
    return reply.send(lockAnswer(locked, policy));
  }
  const wait = await guard.waitS(ident, ip, now, policy);
  if (wait > 0) {
    await record(false, null);
    reply.header("retry-after", String(wait));
    throw new ApiError(429, { detail: MSG.too_many_requests, retry_after: wait });
  }
  const account = (await db
    .selectFrom("account")
    .selectAll()
    .where((eb) => eb.or([eb(sql`lower(username)`, "=", ident), eb(sql`lower(email)`, "=", ident)]))
    .orderBy("id")
    .executeTakeFirst()) as AccountRow | undefined;
  // An unknown name costs the same hash as a known one.
  const passwordOk = await verifyPassword(input.password, account ? account.password_hash : await dummyPasswordHash());
  if (!account || !passwordOk) {
    const row = await guard.fail(ident, ip, now, policy);
    await record(false, account?.id ?? null);
    if (row.datetime_locked) return reply.send(lockAnswer(row, policy));
    throw badRequest({ detail: MSG.incorrect_email_or_password });
  }
  const ages = await configValues(db, [
    "password-period-days",
    "iden-inactivity-lock-days",
    "time-zone-offset-minutes",
  ]);
  const offset = Number(ages["time-zone-offset-minutes"]) || 0;
  // Nobody signed in for the configured days: the account is locked — made inactive, marked by
  // datetime_locked, recorded — until an administrator activates it (docs/decisions/082).
  if (account.is_active === 1 && inactiveTooLong(account, now, dayLimit(ages["iden-inactivity-lock-days"]), offset)) {
    await lockForInactivity(ctx, account.id, now);
    account.is_active = 0;
    account.datetime_locked = now.toISOString();
  }
  if (account.is_active !== 1) {
    await record(false, account.id);
    throw badRequest({ detail: account.datetime_locked ? MSG.account_locked_inactive : MSG.user_inactive });
  }
  // The account's last day (expired_date) has passed in the organisation's zone (docs/decisions/038).
  if (account.expired_date && account.expired_date.slice(0, 10) < (await organisationToday(db, now))) {
    await record(false, account.id);
    throw badRequest({ detail: MSG.account_expired });
  }
  await guard.succeed(ident, ip);
  // An administrator asked for a new password: no session; a reset token for the reset page instead.
  if (account.is_force_reset_password === 1) {
    await record(false, account.id);
    throw badRequest({ detail: MSG.password_change_required, token: await issueResetToken(db, account.id, now) });
  }
  // The password outlived the configured period: the same way as a forced change, its own message.
  if (passwordExpired(account, now, dayLimit(ages["password-period-days"]), offset)) {
    await record(false, account.id);
    throw badRequest({ detail: MSG.password_expired, token: await issueResetToken(db, account.id, now) });
  }
  // An imported initial password was hashed at a lower cost (docs/decisions/032): now full cost.
  const rehashed = needsRehash(account.password_hash) ? { password_hash: await hashPassword(input.password) } : {};
  await db
    .updateTable("account")
    .set({ failed_login_count: 0, last_active: now.toISOString(), ...rehashed })
    .where("id", "=", account.id)
    .execute();
  await record(true, account.id);
  await startSession(req, reply, ctx, account.id);
  return reply.send(await profileOf(db, { ...account, failed_login_count: 0, last_active: now.toISOString() }));
}

/** The inactivity lock: the account inactive and marked locked, in the history by nobody (the system). */
async function lockForInactivity(ctx: ApiContext, accountId: number, now: Date) {
  await ctx.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable("account")
      .set({ is_active: 0, datetime_locked: now.toISOString() })
      .where("id", "=", accountId)
      .where("is_active", "=", 1)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return; // a parallel sign-in locked it already
    await trx.deleteFrom("session").where("account_id", "=", accountId).execute();
    await recordHistory(trx, {
      accountId,
      action: "deactivate",
      changes: { is_active: [true, false] },
      by: null,
      at: now,
    });
  });
}
