import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { ApiContext } from "../http/context";

/** When this process started: a restart shows as a new time (the e2e suite checks none happened under its fuzzing). */
const STARTED = new Date().toISOString();

declare module "fastify" {
  interface FastifyInstance {
    /** Begin draining: `/api/health/ready` answers 503 from now on, liveness stays 200 (decision 091). */
    startDraining(): void;
  }
}

/** Whether this API instance drains (one per buildApi: API test files share modules, so never module state). */
export type Readiness = { draining: boolean };

/**
 * Readiness state of one API instance, `startDraining` on it, and `Connection: close` on every
 * answer while draining: a balancer's or the dashboard's kept-alive connection is let go after its
 * request, so its next one opens a connection the balancer sends elsewhere.
 */
export function installReadiness(app: FastifyInstance): Readiness {
  const readiness: Readiness = { draining: false };
  app.decorate("startDraining", () => {
    readiness.draining = true;
  });
  // onSend, not onRequest: an answer under way when draining began is let go of too.
  app.addHook("onSend", (_req, reply, payload, done) => {
    if (readiness.draining) reply.header("connection", "close");
    done(null, payload);
  });
  return readiness;
}

/**
 * Liveness (`/api/health/`) and readiness (`/api/health/ready/`), for supervisors and load
 * balancers (decision 091). Liveness: the process answers and reaches its database; it stays 200
 * while the process drains, until it exits. Readiness: the same, and not draining — it answers
 * 503 from SIGTERM on, so a balancer sends new work elsewhere while this process finishes its own.
 */
export function healthRoutes(app: FastifyInstance, ctx: ApiContext, readiness: Readiness) {
  const databaseAnswers = async () => {
    try {
      await sql`select 1`.execute(ctx.db);
      return true;
    } catch {
      return false;
    }
  };
  app.get("/health/", async (_req, reply) => {
    if (await databaseAnswers()) return { status: "ok", database: "ok", started: STARTED };
    return reply.status(503).send({ status: "error", database: "unreachable" });
  });
  app.get("/health/ready/", async (_req, reply) => {
    reply.header("cache-control", "no-store");
    if (readiness.draining) return reply.status(503).send({ status: "draining" });
    if (await databaseAnswers()) return { status: "ready", database: "ok", started: STARTED };
    return reply.status(503).send({ status: "error", database: "unreachable" });
  });
}

/** How long a draining API keeps serving before it closes (`DRAIN_DELAY_MS`, default 0; README). */
export const DRAIN_DELAY_MS = Math.max(0, Number(process.env.DRAIN_DELAY_MS) || 0);

/** How often a closing API lets go of the connections that have become idle. */
const IDLE_SWEEP_MS = 100;

/**
 * Drain after SIGTERM: unready at once, still serving for `delayMs` (a balancer sees the failing
 * readiness and stops sending), then closed: no new connections, the requests under way answered
 * (Fastify's onClose hooks stop the schedulers). Node's close() closes only the connections idle
 * at that moment; one whose answer was under way (a stream Fastify's hooks do not see) would stay
 * open until its keep-alive timeout, so idle ones are closed as they become so. Resolves when the
 * API has closed.
 */
export async function drainApi(app: FastifyInstance, delayMs: number): Promise<void> {
  app.startDraining();
  if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}
