import type { FastifyInstance } from "fastify";
import type { ApiContext } from "../http/context";
import { flowConditionRoutes } from "./flow-condition";
import { flowRoutes } from "./flows";
import { formRoutes } from "./forms";
import { learningRequestRoutes } from "./requests";
import { resultRoutes } from "./results";

/**
 * Enrollment and request forms, approval flows, learning and material requests (issue 17 §4;
 * docs/decisions/056–058, 060): the API's calls, one file per part.
 */
export function requestRoutes(app: FastifyInstance, ctx: ApiContext) {
  flowRoutes(app, ctx);
  flowConditionRoutes(app, ctx);
  formRoutes(app, ctx);
  learningRequestRoutes(app, ctx);
  resultRoutes(app, ctx);
}
