import type { FastifyInstance } from "fastify";
import { analyticSessionSchema } from "../../contract/schemas/account";
import type { ApiContext } from "../http/context";
import { parseInput } from "../http/errors";

/**
 * POST analytic/session/ (spec 002 §7): one row per visit of the learner site (source 0) or the
 * dashboard (source 10), with the signed-in account when there is one. Anonymous visits count too.
 */
export function analyticRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  app.post("/analytic/session/", async (req, reply) => {
    const { source } = parseInput(analyticSessionSchema, req.body);
    const row = await db
      .insertInto("analytic_session")
      .values({
        account_id: req.account?.id ?? null,
        source,
        ip: req.clientIp ?? null,
        user_agent: String(req.headers["user-agent"] ?? "").slice(0, 255) || null,
        datetime_create: ctx.now().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return reply.status(201).send({ id: row.id, source });
  });
}
