import type { FastifyInstance } from "fastify";
import type { ApiContext } from "../http/context";
import { enrollmentSettingsRoutes, permissionRoutes, prerequisiteRoutes } from "./features/access/routes";
import { budgetRoutes } from "./features/extras/budget";
import { certificateRoutes } from "./features/extras/certificate";
import { resourceRoutes } from "../engine/crud";
import { curriculumRoutes } from "./features/curriculum/routes";
import { learnerRoutes } from "./features/enrollment/learners";
import { learnerEnrolRoutes } from "./features/enrollment/learner-routes";
import { competencyRoutes, gamificationRoutes, surveyRoutes } from "./features/extras/extras";
import { overallRoutes } from "./features/overall/routes";
import { sequenceRoutes } from "./features/sequence/routes";
import { switchedRoutes } from "../http/feature-switch";
import type { ContentDefinition, ContentFeature, FeatureRoutes } from "./definition";
import { MOUNTED_DEFINITIONS } from "./library/definitions";

/** Each feature's routes, by the name the definitions list it under. */
export const FEATURE_ROUTES: Record<ContentFeature, FeatureRoutes> = {
  curriculum: curriculumRoutes,
  // The settings, and the learner's own enrol calls (docs/decisions/074).
  enrollment: (app, ctx, def) => {
    enrollmentSettingsRoutes(app, ctx, def);
    learnerEnrolRoutes(app, ctx, def);
  },
  prerequisite: prerequisiteRoutes,
  permission: permissionRoutes,
  competency: competencyRoutes,
  budget: budgetRoutes,
  ecertificate: certificateRoutes,
  gamification: gamificationRoutes,
  survey: surveyRoutes,
  sequence: sequenceRoutes,
  overall: (app, ctx, def) => {
    learnerRoutes(app, ctx, def);
    overallRoutes(app, ctx, def);
  },
};

/** Every content type's generic resource calls and the features it lists: the organisation's and the content library's. */
export function contentRoutes(
  app: FastifyInstance,
  ctx: ApiContext,
  defs: readonly ContentDefinition[] = MOUNTED_DEFINITIONS,
) {
  for (const def of defs) {
    const mount = (scope: FastifyInstance) => {
      resourceRoutes(scope, ctx, def.resource);
      for (const feature of def.features) FEATURE_ROUTES[feature](scope, ctx, def);
      def.routes?.(scope, ctx);
    };
    // A type that exists by a switch (a playlist) answers 404 on every call while it is off.
    if (def.switches.type) switchedRoutes(app, ctx, def.switches.type, mount);
    else mount(app);
  }
}
