import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { ApiContext } from "../http/context";

/** When this process started: a restart shows as a new time (the e2e suite checks none happened under its fuzzing). */
const STARTED = new Date().toISOString();

/** Liveness and database reachability, for start-up scripts and load balancers. */
export function healthRoutes(app: FastifyInstance, ctx: ApiContext) {
  app.get("/health/", async (_req, reply) => {
    try {
      await sql`select 1`.execute(ctx.db);
      return { status: "ok", database: "ok", started: STARTED };
    } catch {
      return reply.status(503).send({ status: "error", database: "unreachable" });
    }
  });
}
