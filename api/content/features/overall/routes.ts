import type { FastifyInstance } from "fastify";
import type { ContentDefinition } from "../../definition";
import type { ApiContext } from "../../../http/context";
import { discussionRoutes, identificationRoutes } from "./discussion-identification";
import { identificationTransactionRoutes } from "./identification-transaction";
import { overallSummaryRoutes } from "./summary";

/**
 * The overall pages of a content item that are not about its learners (spec 000 §2.5 "Overall
 * pages"): the landing page's figures, the discussion, the identification log and the
 * identification transactions. The learner, enrol and progress pages are enrollment.ts's.
 */
export function overallRoutes(app: FastifyInstance, ctx: ApiContext, def: ContentDefinition) {
  overallSummaryRoutes(app, ctx, def);
  discussionRoutes(app, ctx, def.resource);
  identificationRoutes(app, ctx, def.resource);
  identificationTransactionRoutes(app, ctx, def);
}
