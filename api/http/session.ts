import crypto from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, SESSION_IDLE_SECONDS } from "../../contract/http";
import { MSG } from "../../contract/messages";
import type { AccountRow, ApiContext } from "./context";
import { ApiError } from "./errors";
import { endWithSession, installLoginAsAudit, resumeLoginAs } from "../auth/login-as";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** last_seen is written at most this often, so reads do not turn into a write per request. */
const TOUCH_EVERY_MS = 30_000;
/** A session's absolute lifetime unless the deployment sets another (SESSION_MAX_AGE_HOURS). */
export const DEFAULT_SESSION_MAX_AGE_MS = 12 * 3600_000;

export const hashKey = (key: string) => crypto.createHash("sha256").update(key).digest("hex");
const randomToken = () => crypto.randomBytes(32).toString("base64url");

function cookieOptions(req: FastifyRequest, httpOnly: boolean) {
  return { path: "/", httpOnly, sameSite: "lax" as const, secure: req.clientHttps };
}

function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * Sessions and CSRF, Django style: an HttpOnly signed `sessionid` naming a server-side session that
 * dies after 15 idle minutes, and a readable `csrftoken` cookie that every unsafe method must echo
 * in `X-CSRFTOKEN` (double submit; rotated at sign-in).
 */
export function installSessions(app: FastifyInstance, ctx: ApiContext, maxAgeMs = DEFAULT_SESSION_MAX_AGE_MS) {
  app.decorateRequest("account", null);
  app.decorateRequest("sessionKeyHash", null);
  app.decorateRequest("sessionExpired", false);
  app.decorateRequest("loginAs", null);
  installLoginAsAudit(app, ctx.db, ctx.now);

  app.addHook("onRequest", async (req, reply) => {
    const csrfCookie = req.cookies[CSRF_COOKIE];
    if (UNSAFE.has(req.method)) {
      const header = req.headers[CSRF_HEADER];
      if (!csrfCookie || typeof header !== "string" || !safeEqual(header, csrfCookie)) {
        throw new ApiError(403, { detail: MSG.csrf_failed });
      }
    } else if (!csrfCookie) {
      reply.setCookie(CSRF_COOKIE, randomToken(), { ...cookieOptions(req, false), maxAge: 365 * 24 * 3600 });
    }
    await loadSession(req, reply, ctx, maxAgeMs);
  });
}

async function loadSession(req: FastifyRequest, reply: FastifyReply, ctx: ApiContext, maxAgeMs: number) {
  const raw = req.cookies[SESSION_COOKIE];
  if (!raw) return;
  const unsigned = req.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return clearSessionCookie(req, reply);
  const keyHash = hashKey(unsigned.value);
  const row = await ctx.db
    .selectFrom("session")
    .innerJoin("account", "account.id", "session.account_id")
    .selectAll("account")
    .select(["session.datetime_last_seen", "session.datetime_create as session_created", "session.login_as_id"])
    .where("session.key_hash", "=", keyHash)
    .executeTakeFirst();
  if (!row) return clearSessionCookie(req, reply);
  const now = ctx.now();
  const idleMs = now.getTime() - Date.parse(row.datetime_last_seen);
  // Idle for 15 minutes, or older than the absolute lifetime however busy: a stolen session
  // cookie kept alive by a script still dies (SESSION_MAX_AGE_HOURS, 12 h by default).
  const ageMs = now.getTime() - Date.parse(row.session_created);
  if (idleMs > SESSION_IDLE_SECONDS * 1000 || ageMs > maxAgeMs || row.is_active !== 1) {
    if (row.login_as_id !== null) await endWithSession(ctx.db, row.login_as_id, "session_end", now);
    await ctx.db.deleteFrom("session").where("key_hash", "=", keyHash).execute();
    req.sessionExpired = true;
    return clearSessionCookie(req, reply);
  }
  if (idleMs > TOUCH_EVERY_MS) {
    await ctx.db
      .updateTable("session")
      .set({ datetime_last_seen: now.toISOString() })
      .where("key_hash", "=", keyHash)
      .execute();
    await ctx.db.updateTable("account").set({ last_active: now.toISOString() }).where("id", "=", row.id).execute();
  }
  const { datetime_last_seen: _seen, session_created: _created, login_as_id: loginAsId, ...account } = row;
  req.account = account as AccountRow;
  req.sessionKeyHash = keyHash;
  // Acting as someone (docs/decisions/033): the request is the target's, the administrator beside it.
  const acting = loginAsId === null ? null : await resumeLoginAs(ctx.db, loginAsId, req.account, now);
  if (acting) {
    req.account = acting.target;
    req.loginAs = acting.loginAs;
  }
}

function clearSessionCookie(req: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(req, true));
}

/** Start a session for an account: new session key, rotated CSRF token. */
export async function startSession(req: FastifyRequest, reply: FastifyReply, ctx: ApiContext, accountId: number) {
  const key = randomToken();
  const now = ctx.now().toISOString();
  await ctx.db
    .insertInto("session")
    .values({
      key_hash: hashKey(key),
      account_id: accountId,
      datetime_create: now,
      datetime_last_seen: now,
      ip: req.clientIp,
      user_agent: String(req.headers["user-agent"] ?? "").slice(0, 255),
    })
    .execute();
  reply.setCookie(SESSION_COOKIE, key, { ...cookieOptions(req, true), signed: true });
  reply.setCookie(CSRF_COOKIE, randomToken(), { ...cookieOptions(req, false), maxAge: 365 * 24 * 3600 });
}

export async function endSession(req: FastifyRequest, reply: FastifyReply, ctx: ApiContext) {
  if (req.loginAs) await endWithSession(ctx.db, req.loginAs.id, "logout", ctx.now());
  req.loginAs = null;
  if (req.sessionKeyHash) await ctx.db.deleteFrom("session").where("key_hash", "=", req.sessionKeyHash).execute();
  req.account = null;
  req.sessionKeyHash = null;
  clearSessionCookie(req, reply);
}
