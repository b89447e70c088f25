import type { Server, ServerResponse } from "node:http";
import type { Express, RequestHandler } from "express";

/**
 * Readiness, separate from liveness (issue 35, docs/decisions/091). Liveness
 * (`/dashboard/health`, a Remix route) says the process answers: a supervisor restarts it when
 * it does not. Readiness (`/dashboard/health/ready`, here) says it should be sent new work: a load
 * balancer stops routing to it when it does not. The two differ while the process drains after
 * SIGTERM: readiness answers 503 at once, liveness stays 200 until the process exits, so the
 * balancer moves users to another process while this one finishes what it has.
 *
 * Readiness does not ask the API: with the API down every dashboard would go unready together,
 * and users would get the balancer's bare 503 instead of the dashboard's own 504 page.
 */

/**
 * How long a draining process keeps listening before it closes (`DRAIN_DELAY_MS`, default 0):
 * the time a balancer needs to see the failing readiness (its check interval × the failures it
 * waits for). Set it where a balancer checks readiness; keep it plus the longest request within
 * the supervisor's grace (10 s). 0: stop listening at once, as before.
 */
export const DRAIN_DELAY_MS = Math.max(0, Number(process.env.DRAIN_DELAY_MS) || 0);

export type Readiness = {
  draining: boolean;
  /** answers begun before draining, not yet finished */ underway?: Set<ServerResponse>;
};

export const READY_PATH = "/dashboard/health/ready";

/**
 * The readiness answer, and `Connection: close` on every answer while draining — those begun
 * before it too, when their headers are still to be sent: a browser's or a balancer's kept-alive
 * connection is let go after its request, so its next one opens a connection the balancer sends
 * elsewhere, and is not closed under a request it sends as the server closes.
 */
export function installReadiness(app: Express, readiness: Readiness) {
  const underway = (readiness.underway ??= new Set());
  const closeWhileDraining: RequestHandler = (_req, res, next) => {
    if (readiness.draining) res.setHeader("connection", "close");
    else {
      underway.add(res);
      res.once("close", () => underway.delete(res));
    }
    next();
  };
  app.use(closeWhileDraining);
  app.get(READY_PATH, (_req, res) => {
    res.setHeader("cache-control", "no-store");
    if (readiness.draining) res.status(503).json({ status: "draining" });
    else res.json({ status: "ready" });
  });
}

/** How often a closing server lets go of the connections that have become idle. */
const IDLE_SWEEP_MS = 100;

/**
 * Drain after SIGTERM: unready at once, still serving for `delayMs` (the balancer notices), then
 * no new connections and the requests under way answered. Resolves once the server has closed;
 * the caller exits then. Node's close() closes the connections idle at that moment only: one
 * whose answer was under way stays open, kept alive, until its keep-alive timeout (65 s here), so
 * the connections that become idle are closed as they do.
 */
export async function drain(server: Server, readiness: Readiness, delayMs: number): Promise<void> {
  readiness.draining = true;
  for (const res of readiness.underway ?? []) if (!res.headersSent) res.setHeader("connection", "close");
  readiness.underway?.clear();
  if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
  await new Promise<void>((done) => {
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    server.close(() => {
      clearInterval(sweep);
      done();
    });
    server.closeIdleConnections();
  });
}
