import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import rateLimit from "@fastify/rate-limit";
import type { ApiContext } from "./http/context";
import { installErrorHandling } from "./http/errors";
import { installSessions } from "./http/session";
import { accountRoutes, type LoginLimits } from "./resources/account";
import { analyticRoutes } from "./resources/analytic";
import { configRoutes } from "./resources/config";
import { filterRoutes } from "./resources/filters";
import { forgotPasswordRoutes } from "./resources/forgot-password";
import { healthRoutes } from "./resources/health";
import { termRoutes } from "./resources/terms";

export type BuildOptions = {
  logger?: boolean | { level: string };
  trustProxy?: string | boolean;
  loginLimits?: LoginLimits;
};

/**
 * The LMS API (spec 002 §7): everything under /api/, trailing slashes optional, `format=json`
 * accepted (JSON is the only format), sessions and CSRF on every route, contract error answers.
 */
export async function buildApi(ctx: ApiContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.trustProxy ?? "127.0.0.1,::1",
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
  });
  installErrorHandling(app);
  await app.register(cookie, { secret: ctx.secret });
  await app.register(formbody);
  await app.register(rateLimit, { global: false });
  installSessions(app, ctx);
  await app.register(
    async (api) => {
      healthRoutes(api, ctx);
      accountRoutes(api, ctx, opts.loginLimits ?? { perAccountPerMinute: 10, perAddressPerMinute: 60 });
      configRoutes(api, ctx);
      termRoutes(api, ctx);
      analyticRoutes(api, ctx);
      filterRoutes(api, ctx);
      forgotPasswordRoutes(api, ctx);
    },
    { prefix: "/api" },
  );
  return app;
}

/** The session-signing secret: generated into DATA_DIR on first start, never committed. */
export function loadSecret(dataDir: string): string {
  const file = path.join(dataDir, "secret.key");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(48).toString("base64url"), { mode: 0o600 });
  }
  return fs.readFileSync(file, "utf8").trim();
}
