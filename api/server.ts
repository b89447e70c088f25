import Fastify, { type FastifyInstance } from "fastify";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import websocket from "@fastify/websocket";
import { secretFromFile } from "../contract/secret-file.server";
import type { ApiContext } from "./http/context";
import { installErrorHandling } from "./http/errors";
import { installClientAddress } from "./http/client";
import { installSessions } from "./http/session";
import { installUploadAllowList } from "./http/upload-allow-list";
import { accountRoutes, type LoginLimits } from "./system/account";
import { analyticRoutes } from "./system/analytic";
import { configRoutes } from "./system/config";
import { extraListRoutes } from "./content/features/extras/extras";
import { contentRoutes } from "./content/mount";
import { MOUNTED_DEFINITIONS } from "./content/library/definitions";
import { filterRoutes } from "./system/filters";
import { forgotPasswordRoutes } from "./system/forgot-password";
import { healthRoutes, installReadiness } from "./system/health";
import { MAX_UPLOAD_BYTES, mediaRoutes } from "./system/media";
import { ssoRoutes } from "./system/sso";
import { homeRoutes } from "./system/home";
import { tagRoutes } from "./content/features/tags";
import { termRoutes } from "./system/terms";
import { departmentRoutes } from "./system/departments";
import { masterListRoutes } from "./system/master-lists";
import { userRoutes } from "./system/users";
import { groupRoutes } from "./system/groups";
import { categoryRoutes } from "./system/categories";
import { instructorRoutes, providerRoutes } from "./system/providers";
import { locationRoutes } from "./system/locations";
import { learningProgramRoutes } from "./system/learning-programs";
import { importRoutes } from "./imports/routes";
import { loginAsRoutes } from "./system/login-as";
import { assignmentRoutes } from "./assignment/routes";
import { startOnboardScheduler } from "./content/onboard/auto-enrol";
import { creditRoutes } from "./credit/routes";
import { approvalRoutes } from "./approvals/routes";
import { requestRoutes } from "./requests/routes";
import { uploadRoutes } from "./uploads/routes";

export type BuildOptions = {
  logger?: boolean | { level: string };
  /** The secret the dashboard shows to be believed about the client's address (null: nobody is). */
  relaySecret?: string | null;
  loginLimits?: LoginLimits;
  /** A session's absolute lifetime (default 12 h), besides the 15-minute idle expiry. */
  sessionMaxAgeMs?: number;
  /**
   * Run the auto-assignment round scheduler (default true; ASSIGNMENT_SCHEDULER=off also stops it).
   * The API tests drive it themselves (schedulerTick with the fake clock): a timer writing rounds
   * in the background would break their "a refusal writes nothing" checks.
   */
  scheduler?: boolean;
  /**
   * Claim and run import jobs (default true). Off, the process still takes uploads and stores
   * their jobs for the others (docs/decisions/095); the API tests use it to say which process runs one.
   */
  importJobs?: boolean;
};

/**
 * The LMS API (spec 002 §7): everything under /api/, trailing slashes optional, `format=json`
 * accepted (JSON is the only format), sessions and CSRF on every route, contract error answers.
 * Rate limits are counted in the database, not here (api/http/rate-limit.ts, docs/decisions/090).
 */
export async function buildApi(ctx: ApiContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // X-Forwarded-* is believed only from the dashboard, by its relay secret (api/http/client.ts).
    trustProxy: false,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // A request that reaches a closing API (on a kept-alive connection) is answered, with
    // `Connection: close`, not refused with a 503 the user would see (decision 091): it was sent
    // here before the balancer knew, and the process can still serve it.
    return503OnClosing: false,
  });
  installErrorHandling(app);
  // Readiness, separate from liveness: 503 once the process drains (api/system/health.ts).
  const readiness = installReadiness(app);
  installClientAddress(app, opts.relaySecret ?? null);
  await app.register(cookie, { secret: ctx.secret });
  await app.register(formbody);
  // Uploads: the config's size limit is applied per request, this is only the hard cap.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  // The import socket (spec 002 §7; docs/decisions/032): small JSON messages only.
  await app.register(websocket, { options: { maxPayload: 4096 } });
  installSessions(app, ctx, opts.sessionMaxAgeMs);
  installUploadAllowList(app, ctx);
  await app.register(
    async (api) => {
      healthRoutes(api, ctx, readiness);
      accountRoutes(api, ctx, opts.loginLimits ?? { perAccountPerMinute: 10, perAddressPerMinute: 60 });
      configRoutes(api, ctx);
      termRoutes(api, ctx);
      analyticRoutes(api, ctx);
      filterRoutes(api, ctx);
      forgotPasswordRoutes(api, ctx);
      ssoRoutes(api, ctx);
      homeRoutes(api, ctx);
      // People and organisation (docs/decisions/029): users, departments, levels and positions.
      userRoutes(api, ctx);
      departmentRoutes(api, ctx);
      masterListRoutes(api, ctx);
      // Groups with conditions, providers, instructors, categories (docs/decisions/030).
      groupRoutes(api, ctx);
      providerRoutes(api, ctx);
      instructorRoutes(api, ctx);
      categoryRoutes(api, ctx);
      // Locations with their rooms, where class sessions take place (docs/decisions/039).
      locationRoutes(api, ctx);
      // Learning programs, which contents name (issue 36 §3, docs/decisions/097).
      learningProgramRoutes(api, ctx);
      // Bulk user import as a job, its history and progress socket (docs/decisions/032).
      importRoutes(api, ctx, { works: opts.importJobs ?? true });
      // Login as and its log (docs/decisions/033).
      loginAsRoutes(api, ctx);
      // How learners get their learning (issue 17): assignment, approvals, requests.
      assignmentRoutes(api, ctx, { scheduler: opts.scheduler ?? true });
      // New employees enrolled by their onboarding plans' rule (docs/decisions/099).
      if (opts.scheduler ?? true) startOnboardScheduler(api, ctx);
      // Learners' credit, seen and given by administrators (docs/decisions/075).
      creditRoutes(api, ctx);
      approvalRoutes(api, ctx);
      requestRoutes(api, ctx);
      // Every content type from its definition: the generic resource, its features, its own calls.
      contentRoutes(api, ctx);
      extraListRoutes(api, ctx);
      tagRoutes(
        api,
        ctx,
        MOUNTED_DEFINITIONS.map((d) => d.resource),
      );
      mediaRoutes(api, ctx);
      // Resumable uploads (tus) and the abandoned-upload cleanup (docs/decisions/068).
      uploadRoutes(api, ctx, { scheduler: opts.scheduler ?? true });
    },
    { prefix: "/api" },
  );
  return app;
}

/**
 * The session-signing secret: LMS_SECRET_KEY when set — every API process of one organisation
 * must sign with the same one, and with no shared DATA_DIR only the environment can give it
 * (issue 35) — otherwise generated into DATA_DIR on first start; never committed.
 */
export const loadSecret = (dataDir: string, env: Record<string, string | undefined> = process.env): string =>
  env.LMS_SECRET_KEY || secretFromFile(dataDir, "secret.key");
