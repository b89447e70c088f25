import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { MSG } from "../../contract/messages";
import { profileOf } from "../auth/profile";
import type { Db } from "../db/index";
import type { AccountRow, ApiContext } from "../http/context";
import { badRequest } from "../http/errors";
import { rateLimited } from "../http/rate-limit";
import { hashKey, startSession } from "../http/session";

// docs/decisions/005-sso-validate.md says why each one.
export const SSO_TOKEN_TTL_MS = 2 * 60_000;
export const SSO_PER_ADDRESS_PER_MINUTE = 30;

/**
 * Issue a one-time login token for an account: what a single-sign-on integration calls after its
 * identity provider has vouched for the user, then sends the browser to
 * /dashboard/account/validate?token=… . Only the token's SHA-256 is stored.
 */
export async function issueSsoToken(db: Db, accountId: number, now: Date, ttlMs = SSO_TOKEN_TTL_MS): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await db
    .insertInto("sso_token")
    .values({
      token_hash: hashKey(token),
      account_id: accountId,
      datetime_expire: new Date(now.getTime() + ttlMs).toISOString(),
      datetime_used: null,
    })
    .execute();
  return token;
}

/**
 * POST account/sso/validate/ {token}: the single-sign-on return (spec 000 §2.2 /account/validate).
 * A known, unused, unexpired token of an active account is used up and starts a session; the
 * answer is the profile, like a sign-in. Anything else is the catalogue's "SSO token expired or
 * user not found" (spec 002 §8) and writes nothing.
 */
export function ssoRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  // Counted in the database: one limit over every API process (docs/decisions/090).
  const limited = rateLimited(db, {
    name: "sso",
    max: SSO_PER_ADDRESS_PER_MINUTE,
    windowMs: 60_000,
    key: (req) => req.clientIp,
    headers: true,
  });

  app.post("/account/sso/validate/", { onRequest: limited }, async (req, reply) => {
    const invalid = () => badRequest({ detail: MSG.sso_token_invalid });
    const token = (req.body as { token?: unknown } | undefined)?.token;
    if (typeof token !== "string" || token.length === 0 || token.length > 512) throw invalid();
    const now = ctx.now();
    const row = await db
      .selectFrom("sso_token")
      .innerJoin("account", "account.id", "sso_token.account_id")
      .selectAll("account")
      .select(["sso_token.token_hash", "sso_token.datetime_expire"])
      .where("sso_token.token_hash", "=", hashKey(token))
      .where("sso_token.datetime_used", "is", null)
      .executeTakeFirst();
    if (!row || row.is_active !== 1 || now.getTime() >= Date.parse(row.datetime_expire)) throw invalid();
    // Claimed with one conditional UPDATE: of two parallel uses, only one signs in.
    const claimed = await db
      .updateTable("sso_token")
      .set({ datetime_used: now.toISOString() })
      .where("token_hash", "=", row.token_hash)
      .where("datetime_used", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw invalid();
    const { token_hash: _hash, datetime_expire: _expire, ...account } = row;
    const at = now.toISOString();
    await db.updateTable("account").set({ last_active: at }).where("id", "=", account.id).execute();
    await db
      .insertInto("login_attempt")
      .values({
        username: account.username.toLowerCase().slice(0, 254),
        account_id: account.id,
        ip: req.clientIp,
        is_success: 1,
        datetime_create: at,
      })
      .execute();
    await startSession(req, reply, ctx, account.id);
    return reply.send(await profileOf(db, { ...(account as AccountRow), last_active: at }));
  });
}
