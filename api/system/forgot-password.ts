import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { SEND_METHOD } from "../../contract/codes";
import { MSG } from "../../contract/messages";
import {
  forgotIdentifySchema,
  forgotResetTokenSchema,
  forgotSendSchema,
  forgotVerifySchema,
  newPasswordSchema,
} from "../../contract/schemas/account";
import { hashPassword, verifyPassword } from "../auth/password";
import { applyNewPassword } from "../auth/password-change";
import type { ApiContext } from "../http/context";
import type { Db } from "../db";
import { badRequest, parseInput } from "../http/errors";
import { rateLimited } from "../http/rate-limit";
import { hashKey } from "../http/session";
import { configValue, passwordRule } from "./config-store";

// Lifetimes and limits: docs/decisions/001-forgot-password-api.md says why each one.
export const OTP_TTL_MS = 60_000; // spec 002 §9: "OTP valid 1 minute"
export const OTP_MAX_ATTEMPTS = 5;
export const TOKEN_TTL_MS = 15 * 60_000;
export const REFERENCE_TTL_MS = 30 * 60_000;
export const FORGOT_PER_ADDRESS_PER_MINUTE = 30;

const randomId = () => crypto.randomBytes(32).toString("base64url");
/** The code is only 10^6 wide: keyed with the server secret so a leaked table cannot be brute-forced offline. */
const otpHash = (ctx: ApiContext, referenceId: string, otp: string) =>
  crypto.createHmac("sha256", ctx.secret).update(`${referenceId}:${otp}`).digest("hex");
const sameHash = (a: string, b: string) =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** a***n@demo.lms.local: enough for the owner to recognise, too little to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  const local = email.slice(0, at);
  return `${local[0]}***${local.length > 2 ? local[local.length - 1] : ""}${email.slice(at)}`;
}
/** Every digit but the last four hidden, separators kept: 081-234-5678 → ***-***-5678. */
export const maskPhone = (phone: string) => phone.replace(/\d(?=(?:\D*\d){4})/g, "*");

type Contact = { email: string; phone: string | null };
/** The channels this account can be reached on, as the configuration allows (spec 002 §7 iden-otp-*). */
async function sendMethods(ctx: ApiContext, a: Contact): Promise<number[]> {
  const [email, sms] = await Promise.all([
    configValue(ctx.db, "iden-otp-email-display"),
    configValue(ctx.db, "iden-otp-sms-display"),
  ]);
  const list: number[] = [];
  if (email && a.email) list.push(SEND_METHOD.email);
  if (sms && a.phone) list.push(SEND_METHOD.sms);
  return list;
}

/**
 * A reference still in the OTP stage: not used, no token issued yet, not stale, account active.
 * Anything else is "token expired" to the client, which sends the user back to the first step.
 */
async function openReference(ctx: ApiContext, referenceId: string) {
  const row = await ctx.db
    .selectFrom("password_reset")
    .innerJoin("account", "account.id", "password_reset.account_id")
    .select([
      "password_reset.id",
      "password_reset.reference_id",
      "password_reset.account_id",
      "password_reset.otp_hash",
      "password_reset.datetime_otp_expire",
      "password_reset.otp_attempts",
      "password_reset.datetime_create",
      "password_reset.token_hash",
      "password_reset.datetime_used",
      "account.email",
      "account.phone",
      "account.language",
      "account.is_active",
    ])
    .where("password_reset.reference_id", "=", referenceId)
    .executeTakeFirst();
  const stale = !row || ctx.now().getTime() - Date.parse(row.datetime_create) > REFERENCE_TTL_MS;
  if (stale || row.datetime_used || row.token_hash || row.is_active !== 1)
    throw badRequest({ reference_id: [MSG.token_expired] });
  return row;
}

/** The message in the account's language (en or th; anything else falls back to en). */
function otpMessage(language: string, otp: string, referenceId: string) {
  return language === "th"
    ? {
        subject: "รหัส OTP สำหรับตั้งรหัสผ่านใหม่",
        body: `รหัส OTP สำหรับตั้งรหัสผ่านใหม่ของคุณคือ ${otp} (รหัสอ้างอิง ${referenceId}) รหัสนี้ใช้ได้ภายใน 1 นาที หากคุณไม่ได้ขอเปลี่ยนรหัสผ่าน ไม่ต้องดำเนินการใด ๆ`,
      }
    : {
        subject: "Your password reset code",
        body: `Your one-time code to reset your password is ${otp} (reference ${referenceId}). It is valid for 1 minute. If you did not ask to reset your password, ignore this message.`,
      };
}

/** Forgot password, spec 000 §2.2 steps choose-identify → otp → reset; paths chosen in docs/decisions/001. */
/**
 * A reset token without the emailed code, for an account that just proved its password at sign-in
 * but must choose a new one (is_force_reset_password): the same row and lifetime as a verified code's.
 */
export async function issueResetToken(db: Db, accountId: number, now: Date): Promise<string> {
  const token = randomId();
  await db
    .insertInto("password_reset")
    .values({
      reference_id: randomId(),
      account_id: accountId,
      otp_attempts: 0,
      token_hash: hashKey(token),
      datetime_token_expire: new Date(now.getTime() + TOKEN_TTL_MS).toISOString(),
      datetime_create: now.toISOString(),
    })
    .execute();
  return token;
}

export function forgotPasswordRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  // Each step is limited per address: the OTP is short, so guessing must stay slow even across new
  // codes. Each step counts apart, in the database, one limit over every API process (docs/decisions/090).
  const limited = (step: string) => ({
    onRequest: rateLimited(db, {
      name: `forgot-password:${step}`,
      max: FORGOT_PER_ADDRESS_PER_MINUTE,
      windowMs: 60_000,
      key: (req) => req.clientIp,
      headers: true,
    }),
  });

  app.post("/account/forgot-password/identify/", limited("identify"), async (req) => {
    const ident = parseInput(forgotIdentifySchema, req.body).username_or_email.toLowerCase();
    const account = await db
      .selectFrom("account")
      .select(["id", "email", "phone"])
      .where("is_active", "=", 1)
      .where((eb) => eb.or([eb(sql`lower(username)`, "=", ident), eb(sql`lower(email)`, "=", ident)]))
      .orderBy("id")
      .executeTakeFirst();
    // The catalogue has "account not found", so the screen says so (spec 002 §8); the rate limit bounds probing.
    if (!account) throw badRequest({ username_or_email: [MSG.account_not_found] });
    const methods = await sendMethods(ctx, account);
    if (methods.length === 0) throw badRequest({ username_or_email: [MSG.no_send_method] });
    const referenceId = randomId();
    await db
      .insertInto("password_reset")
      .values({
        reference_id: referenceId,
        account_id: account.id,
        otp_attempts: 0,
        datetime_create: ctx.now().toISOString(),
      })
      .execute();
    return {
      reference_id: referenceId,
      send_method_list: methods,
      email: account.email ? maskEmail(account.email) : null,
      phone: account.phone ? maskPhone(account.phone) : null,
    };
  });

  app.post("/account/forgot-password/send/", limited("send"), async (req) => {
    const input = parseInput(forgotSendSchema, req.body);
    const row = await openReference(ctx, input.reference_id);
    if (!(await sendMethods(ctx, row)).includes(input.send_method))
      throw badRequest({ send_method: [MSG.invalid_choice] });
    const otp = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
    const now = ctx.now();
    const expire = new Date(now.getTime() + OTP_TTL_MS).toISOString();
    const channel = input.send_method === SEND_METHOD.email ? "email" : "sms";
    const recipient = channel === "email" ? row.email : row.phone!;
    const { subject, body } = otpMessage(row.language, otp, row.reference_id);
    // A new code replaces the old one and gets a fresh attempt count ("enter a new one").
    const outboxId = await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("password_reset")
        .set({
          send_method: input.send_method,
          otp_hash: otpHash(ctx, row.reference_id, otp),
          datetime_otp_expire: expire,
          otp_attempts: 0,
        })
        .where("id", "=", row.id)
        .execute();
      const out = await trx
        .insertInto("outbox")
        .values({ channel, recipient, subject, body, datetime_create: now.toISOString(), datetime_sent: null })
        .returning("id")
        .executeTakeFirstOrThrow();
      return out.id;
    });
    // SMTP after commit: a slow or failing mail server must not hold the database. No SMS gateway
    // is wired, so SMS rows wait in the outbox for one.
    if (channel === "email" && ctx.sendMail) {
      try {
        if (await ctx.sendMail(recipient, subject, body)) {
          await db
            .updateTable("outbox")
            .set({ datetime_sent: ctx.now().toISOString() })
            .where("id", "=", outboxId)
            .execute();
        }
      } catch (err) {
        req.log.error({ err }, "forgot-password mail not sent; it stays in the outbox");
      }
    }
    return { reference_id: row.reference_id, send_method: input.send_method, datetime_expire: expire };
  });

  app.post("/account/forgot-password/verify/", limited("verify"), async (req) => {
    const input = parseInput(forgotVerifySchema, req.body);
    const row = await openReference(ctx, input.reference_id);
    const wrong = () => badRequest({ otp: [MSG.otp_not_correct] });
    const now = ctx.now();
    // No code, an expired code or a dead one: the same answer, nothing written.
    if (!row.otp_hash || !row.datetime_otp_expire || now.getTime() > Date.parse(row.datetime_otp_expire)) throw wrong();
    if (row.otp_attempts >= OTP_MAX_ATTEMPTS) throw wrong();
    // Claim an attempt atomically so parallel guesses cannot exceed the limit.
    const claimed = await db
      .updateTable("password_reset")
      .set((eb) => ({ otp_attempts: eb("otp_attempts", "+", 1) }))
      .where("id", "=", row.id)
      .where("otp_hash", "=", row.otp_hash)
      .where("otp_attempts", "<", OTP_MAX_ATTEMPTS)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw wrong();
    if (!sameHash(otpHash(ctx, row.reference_id, input.otp), row.otp_hash)) throw wrong();
    const token = randomId();
    // Conditional on the code still being there, so one code yields one token.
    const issued = await db
      .updateTable("password_reset")
      .set({
        token_hash: hashKey(token),
        datetime_token_expire: new Date(now.getTime() + TOKEN_TTL_MS).toISOString(),
        otp_hash: null,
      })
      .where("id", "=", row.id)
      .where("otp_hash", "=", row.otp_hash)
      .executeTakeFirst();
    if (Number(issued.numUpdatedRows) !== 1) throw wrong();
    return { token };
  });

  app.post("/account/forgot-password/reset/", limited("reset"), async (req) => {
    const { token } = parseInput(forgotResetTokenSchema, req.body);
    const now = ctx.now();
    const row = await db
      .selectFrom("password_reset")
      .innerJoin("account", "account.id", "password_reset.account_id")
      .select([
        "password_reset.id",
        "password_reset.account_id",
        "password_reset.datetime_token_expire",
        "account.password_hash",
      ])
      .where("password_reset.token_hash", "=", hashKey(token))
      .where("password_reset.datetime_used", "is", null)
      .where("account.is_active", "=", 1)
      .executeTakeFirst();
    if (!row || !row.datetime_token_expire || now.getTime() > Date.parse(row.datetime_token_expire)) {
      throw badRequest({ token: [MSG.token_expired] });
    }
    const { password } = parseInput(newPasswordSchema(await passwordRule(db)), req.body);
    if (await verifyPassword(password, row.password_hash)) throw badRequest({ password: [MSG.password_must_differ] });
    const passwordHash = await hashPassword(password); // slow: outside the transaction
    const at = now.toISOString();
    await db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable("password_reset")
        .set({ datetime_used: at })
        .where("id", "=", row.id)
        .where("datetime_used", "is", null)
        .executeTakeFirst();
      // A parallel reset with the same token won: this one rolls back and says so.
      if (Number(used.numUpdatedRows) !== 1) throw badRequest({ token: [MSG.token_expired] });
      // Releases the lock, closes the other references, ends every session on the old password.
      const who = await trx
        .selectFrom("account")
        .select(["id", "username", "email"])
        .where("id", "=", row.account_id)
        .executeTakeFirstOrThrow();
      // Choosing a new password is what a forced change asks for: the flag is cleared with it.
      await applyNewPassword(trx, who, passwordHash, at, { also: { is_force_reset_password: 0 } });
    });
    return { detail: MSG.password_reset_done };
  });
}
