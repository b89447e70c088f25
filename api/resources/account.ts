import type { FastifyInstance } from "fastify";
import { DASHBOARD_FLAG } from "../../contract/permissions";
import { MSG } from "../../contract/messages";
import { profilePatchSchema, socialLoginSchema } from "../../contract/schemas/account";
import { login } from "../auth/login";
import { permissionAnswer, requirePermission, requireUser } from "../auth/permissions";
import { profileOf } from "../auth/profile";
import type { ApiContext } from "../http/context";
import { badRequest, parseInput } from "../http/errors";
import { endSession } from "../http/session";
import { configValue } from "./config-store";

export type LoginLimits = { perAccountPerMinute: number; perAddressPerMinute: number };

/** Sign-in, sign-out, the user record and the permission answer (spec 002 §7 "Start-up"). */
export function accountRoutes(app: FastifyInstance, ctx: ApiContext, limits: LoginLimits) {
  const { db } = ctx;
  // Login attempts are limited per account and per address (on top of the account lock).
  const limited = [
    app.rateLimit({
      max: limits.perAccountPerMinute,
      timeWindow: 60_000,
      keyGenerator: (req) => `acct:${String((req.body as { username?: unknown } | undefined)?.username ?? "").toLowerCase()}`,
    }),
    app.rateLimit({ max: limits.perAddressPerMinute, timeWindow: 60_000, keyGenerator: (req) => `ip:${req.ip}` }),
  ];

  app.get("/account/is-authenticated/", async (req) => ({ is_authenticated: !!req.account }));
  app.post("/account/login/", { onRequest: limited }, (req, reply) => login(req, reply, ctx));
  app.post("/dashboard/account/login/", { onRequest: limited }, (req, reply) => login(req, reply, ctx));

  const logout = async (req: Parameters<typeof endSession>[0], reply: Parameters<typeof endSession>[1]) => {
    await endSession(req, reply, ctx);
    return { is_authenticated: false };
  };
  app.get("/account/logout/", logout);
  app.post("/account/logout/", logout);

  app.get("/account/profile/", async (req) => profileOf(db, requireUser(req)));
  app.patch("/account/profile/", async (req) => {
    const account = requireUser(req);
    const { language } = parseInput(profilePatchSchema, req.body);
    await db.updateTable("account").set({ language }).where("id", "=", account.id).execute();
    return profileOf(db, { ...account, language });
  });

  app.post("/account/login/social/", { onRequest: limited }, async (req) => {
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
