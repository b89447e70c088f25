import type { FastifyInstance } from "fastify";
import type { ApiContext } from "../../http/context";
import { pathCurriculumRoutes } from "./curriculum";

/** A learning path's own calls beyond the engine's (issue 36 §1): its curriculum. */
export function learningPathRoutes(app: FastifyInstance, ctx: ApiContext) {
  pathCurriculumRoutes(app, ctx);
}
