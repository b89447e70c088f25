import type { FastifyInstance } from "fastify";
import type { ApiContext } from "../../http/context";
import { testAttemptRoutes } from "./attempts-routes";
import { testVerifyRoutes } from "./verify-routes";

/**
 * A test's attempts (the learner's calls) and their verification (the dashboard's), mounted with
 * the test type's own calls (testDefinition in api/content/types.ts) (docs/decisions/065).
 */
export function testAttemptsRoutes(app: FastifyInstance, ctx: ApiContext) {
  testAttemptRoutes(app, ctx);
  testVerifyRoutes(app, ctx);
}
