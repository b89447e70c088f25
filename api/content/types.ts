import { FEATURES } from "../../contract/features.js";
import { courseImageRoutes, courseResource } from "../resources/course";
import type { ContentDefinition } from "./definition";

/** Course (spec 000 §2.5): every content feature. */
export const courseDefinition: ContentDefinition = {
  key: "course",
  resource: courseResource as ContentDefinition["resource"],
  cancelKind: "course",
  transitions: "course",
  features: ["curriculum", "enrollment", "prerequisite", "permission", "competency", "budget", "ecertificate", "gamification", "survey", "overall"],
  switches: { price: FEATURES.coursePrice },
  routes: courseImageRoutes,
};

/** THE API's list of content types: server.ts mounts each one's resource and features from it. */
export const CONTENT_DEFINITIONS: readonly ContentDefinition[] = [courseDefinition];
