import type { FastifyInstance, FastifyRequest } from "fastify";
import { loginGuard } from "../auth/login-guard";
import { DASHBOARD_FLAG } from "../../contract/permissions";
import { MSG } from "../../contract/messages";
import { profilePatchSchema, socialLoginSchema } from "../../contract/schemas/account";
import { lockPolicy, login } from "../auth/login";
import { permissionAnswer, requirePermission, requireUser } from "../auth/permissions";
import { profileOf } from "../auth/profile";
import type { ApiContext } from "../http/context";
import { badRequest, parseChanges, parseInput } from "../http/errors";
import { rateLimited } from "../http/rate-limit";
import { endSession } from "../http/session";
import { configValue } from "./config-store";

export type LoginLimits = { perAccountPerMinute: number; perAddressPerMinute: number };

/** Sign-in, sign-out, the user record and the permission answer (spec 002 §7 "Start-up"). */
export function accountRoutes(app: FastifyInstance, ctx: ApiContext, limits: LoginLimits) {
  const { db } = ctx;
  // Sign-in attempts are limited per address (the real one: api/http/client.ts) before anything
  // is read, and per account once the body is parsed, by the username it names (lower-cased, as
  // the login reads it). An address that has signed in to that name before is not counted against
  // it, so nobody can use the account limit to keep an owner out (docs/decisions/019).
  const guard = loginGuard(db);
  const usernameOf = (req: FastifyRequest) => {
    const u = (req.body as { username?: unknown } | undefined)?.username;
    return typeof u === "string" ? u.toLowerCase().slice(0, 254) : "";
  };
  // Counted in the database, so every API process enforces one limit (docs/decisions/090); the
  // three sign-in calls share both counters.
  const perAddress = rateLimited(db, {
    name: "sign-in:address",
    max: limits.perAddressPerMinute,
    windowMs: 60_000,
    key: (req) => req.clientIp,
    retryAfterInBody: true,
  });
  const perAccount = rateLimited(db, {
    name: "sign-in:account",
    max: limits.perAccountPerMinute,
    windowMs: 60_000,
    key: usernameOf,
    retryAfterInBody: true,
    // Not counted: the owner's known addresses, and an address the guard already holds off this
    // name (its attempts are refused without a password being tried), so one guesser cannot
    // spend the name's limit and keep its owner out of a new address (docs/decisions/019).
    exempt: async (req) => {
      const name = usernameOf(req);
      const now = ctx.now();
      return (
        (await guard.isKnownAddress(name, req.clientIp, now)) ||
        (await guard.pairHeld(name, req.clientIp, now, await lockPolicy(ctx)))
      );
    },
  });
  const limited = { onRequest: perAddress, preHandler: perAccount };

  app.get("/account/is-authenticated/", async (req) => ({ is_authenticated: !!req.account }));
  app.post("/account/login/", limited, (req, reply) => login(req, reply, ctx));
  app.post("/dashboard/account/login/", limited, (req, reply) => login(req, reply, ctx));

  const logout = async (req: Parameters<typeof endSession>[0], reply: Parameters<typeof endSession>[1]) => {
    await endSession(req, reply, ctx);
    return { is_authenticated: false };
  };
  // Sign-out changes state, so only a POST (with the CSRF header) does it: a GET could be sent by
  // any page the user visits (an <img> pointing here). The spec's catalogue names GET; the
  // dashboard posts and falls back to GET only against an API that refuses the POST.
  app.get("/account/logout/", async (_req, reply) =>
    reply.code(405).header("allow", "POST").send({ detail: "Method not allowed" }),
  );
  app.post("/account/logout/", logout);

  app.get("/account/profile/", async (req) => profileOf(db, requireUser(req), req.loginAs));
  app.patch("/account/profile/", async (req) => {
    const account = requireUser(req);
    const { language } = parseChanges(profilePatchSchema, req.body);
    await db.updateTable("account").set({ language }).where("id", "=", account.id).execute();
    return profileOf(db, { ...account, language }, req.loginAs);
  });

  app.post("/account/login/social/", limited, async (req) => {
    const input = parseInput(socialLoginSchema, req.body);
    const providers = (await configValue(db, "login-social-provider-list")) as string[];
    // No provider SDK is wired in this deployment: refuse clearly rather than pretend.
    if (!providers.includes(input.social_type)) throw badRequest({ social_type: [MSG.social_login_not_configured] });
    throw badRequest({ detail: MSG.social_login_not_configured });
  });

  app.get("/dashboard/account/permission/", async (req) => {
    const account = await requirePermission(req, db, DASHBOARD_FLAG);
    return permissionAnswer(db, account);
  });
}
