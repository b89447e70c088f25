import type { FastifyInstance } from "fastify";
import type { ApiContext } from "../../http/context";
import { checklistRoutes } from "./checklist";
import { inspectorRoutes } from "./inspector";
import { slotWriteRoutes } from "./slot-writes";
import { slotRoutes } from "./slots";
import { usageRoutes } from "./usage";

/**
 * Activity's own calls beyond the engine's (spec 000 §2.3, spec 001 §3 "Activity checklist and
 * inspector"), each module documenting its paths and flags: checklists, their inspectors, the
 * learners' slots with check-in and verification, and the usage page.
 */
export function activityRoutes(app: FastifyInstance, ctx: ApiContext) {
  checklistRoutes(app, ctx);
  inspectorRoutes(app, ctx);
  slotRoutes(app, ctx);
  slotWriteRoutes(app, ctx);
  usageRoutes(app, ctx);
}
