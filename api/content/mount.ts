import type { FastifyInstance } from "fastify";
import type { ApiContext } from "../http/context";
import { enrollmentSettingsRoutes, permissionRoutes, prerequisiteRoutes } from "../resources/access";
import { budgetRoutes } from "../resources/budget";
import { certificateRoutes } from "../resources/certificate";
import { resourceRoutes } from "../resources/crud";
import { curriculumRoutes } from "../resources/curriculum";
import { learnerRoutes } from "../resources/enrollment";
import { competencyRoutes, gamificationRoutes, surveyRoutes } from "../resources/extras";
import { overallRoutes } from "../resources/overall";
import type { ContentDefinition, ContentFeature, FeatureRoutes } from "./definition";
import { CONTENT_DEFINITIONS } from "./types";

/** Each feature's routes, by the name the definitions list it under. */
export const FEATURE_ROUTES: Record<ContentFeature, FeatureRoutes> = {
  curriculum: curriculumRoutes,
  enrollment: enrollmentSettingsRoutes,
  prerequisite: prerequisiteRoutes,
  permission: permissionRoutes,
  competency: competencyRoutes,
  budget: budgetRoutes,
  ecertificate: certificateRoutes,
  gamification: gamificationRoutes,
  survey: surveyRoutes,
  overall: (app, ctx, def) => {
    learnerRoutes(app, ctx, def);
    overallRoutes(app, ctx, def);
  },
};

/** Every content type's generic resource calls and the features it lists. */
export function contentRoutes(app: FastifyInstance, ctx: ApiContext, defs: readonly ContentDefinition[] = CONTENT_DEFINITIONS) {
  for (const def of defs) {
    resourceRoutes(app, ctx, def.resource);
    for (const feature of def.features) FEATURE_ROUTES[feature](app, ctx, def);
    def.routes?.(app, ctx);
  }
}
