import { FEATURES } from "../../contract/features.js";
import { courseImageRoutes, courseResource } from "./course/resource";
import { activityResource } from "./activity/resource";
import { activityRoutes } from "./activity/routes";
import { classResource } from "./class/resource";
import { classRoutes } from "./class/routes";
import { classProgressChanged } from "./class/attendance";
import { classProgramResource } from "./class-program/resource";
import { classProgramRoutes } from "./class-program/routes";
import { surveyResource } from "./survey/resource";
import { surveyRoutes } from "./survey/routes";
import type { ContentDefinition } from "./definition";

/** Course (spec 000 §2.5): every content feature. */
export const courseDefinition: ContentDefinition = {
  key: "course",
  resource: courseResource as ContentDefinition["resource"],
  cancelKind: "course",
  transitions: "course",
  features: ["curriculum", "enrollment", "prerequisite", "permission", "competency", "budget", "ecertificate", "gamification", "survey", "overall"],
  switches: { price: FEATURES.coursePrice, prerequisite: FEATURES.courseDependency },
  routes: courseImageRoutes,
};

/**
 * Activity (spec 000 §2.3): no curriculum or survey; its checklists, inspectors, check-in,
 * verification and usage are its own calls (api/content/activity/).
 */
export const activityDefinition: ContentDefinition = {
  key: "activity",
  resource: activityResource as ContentDefinition["resource"],
  cancelKind: "activity",
  transitions: "activity",
  features: ["enrollment", "prerequisite", "permission", "competency", "budget", "ecertificate", "gamification", "overall"],
  switches: { price: FEATURES.price, prerequisite: FEATURES.activityDependency },
  routes: activityRoutes,
};

/**
 * Class (spec 000 §2.4): its sessions are its curriculum and schedule, its own calls
 * (api/content/class/); the engine's sections of materials are its material tab; cancel types
 * 5, 6 and 1 (spec 001 §4).
 */
export const classDefinition: ContentDefinition = {
  key: "class",
  resource: classResource as ContentDefinition["resource"],
  cancelKind: "event",
  transitions: "class",
  features: ["curriculum", "enrollment", "prerequisite", "permission", "competency", "budget", "ecertificate", "gamification", "survey", "overall"],
  switches: { price: FEATURES.price, prerequisite: FEATURES.classDependency },
  // The engine's sections of materials are its material tab (material/), not its publish
  // precondition: that is a session (docs/decisions/045).
  curriculum: { path: "material", sectionsPublish: false },
  // A learner set to completed by hand gets their missed sessions as "force completed" (042).
  afterProgressChange: classProgressChanged,
  routes: classRoutes,
};

/**
 * Class program (spec 000 §2.4, docs/decisions/044): its classes are classes naming it; it has
 * competencies and access rules with conditions ("edit with competency and condition").
 */
export const classProgramDefinition: ContentDefinition = {
  key: "class_program",
  resource: classProgramResource as ContentDefinition["resource"],
  cancelKind: "event",
  transitions: "class",
  features: ["permission", "competency"],
  switches: {},
  routes: classProgramRoutes,
};

/**
 * Survey (spec 000 §2.8, docs/decisions/062): the engine's gamification tab; its domain is its own
 * call, its sections and questions the one form builder's (api/requests/form-builder.ts). Nobody
 * enrols in a survey: the cancel kind and transition row are placeholders no feature of it reads.
 */
export const surveyDefinition: ContentDefinition = {
  key: "survey",
  resource: surveyResource as ContentDefinition["resource"],
  cancelKind: "course",
  transitions: "course",
  features: ["gamification"],
  switches: {},
  routes: surveyRoutes,
};

/** THE API's list of content types: server.ts mounts each one's resource and features from it. */
export const CONTENT_DEFINITIONS: readonly ContentDefinition[] = [courseDefinition, activityDefinition, classDefinition, classProgramDefinition, surveyDefinition];
