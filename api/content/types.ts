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
import { testbankResource } from "./testbank/resource";
import { testbankRoutes } from "./testbank/routes";
import { testResource } from "./test/resource";
import { testRoutes } from "./test/routes";
import { liveResource } from "./live/resource";
import { liveRoutes } from "./live/routes";
import { liveTransitionKind } from "../../contract/live-codes";
import { testAttemptsRoutes } from "./test/attempts-mount";
import { testOverallFigures } from "./test/overall-figures";
import { MEDIA_DEFINITIONS } from "./media/definition";
import { learningPathResource } from "./learning-path/resource";
import { onboardResource } from "./onboard/resource";
import { playlistResource } from "./learning-playlist/resource";
import { playlistRoutes } from "./learning-playlist/routes";
import { defineContent, type ContentDefinition } from "./definition";

/** Course (spec 000 §2.5): every content feature. */
export const courseDefinition = defineContent({
  key: "course",
  resource: courseResource as ContentDefinition["resource"],
  transitions: "course",
  routes: courseImageRoutes(courseResource),
});

/**
 * Activity (spec 000 §2.3): no curriculum or survey; its checklists, inspectors, check-in,
 * verification and usage are its own calls (api/content/activity/).
 */
export const activityDefinition = defineContent({
  key: "activity",
  resource: activityResource as ContentDefinition["resource"],
  transitions: "activity",
  routes: activityRoutes,
});

/**
 * Class (spec 000 §2.4): its sessions are its curriculum and schedule, its own calls
 * (api/content/class/); the engine's sections of materials are its material tab; cancel types
 * 5, 6 and 1 (spec 001 §4).
 */
export const classDefinition = defineContent({
  key: "class",
  resource: classResource as ContentDefinition["resource"],
  transitions: "class",
  // The engine's sections of materials are its material tab (material/), not its publish
  // precondition: that is a session (docs/decisions/045).
  curriculum: { path: "material", sectionsPublish: false },
  // A learner set to completed by hand gets their missed sessions as "force completed" (042).
  afterProgressChange: classProgressChanged,
  routes: classRoutes,
});

/**
 * Class program (spec 000 §2.4, docs/decisions/044): its classes are classes naming it; it has
 * competencies and access rules with conditions ("edit with competency and condition").
 */
export const classProgramDefinition = defineContent({
  key: "class_program",
  resource: classProgramResource as ContentDefinition["resource"],
  transitions: "class",
  routes: classProgramRoutes(classProgramResource),
});

/**
 * Survey (spec 000 §2.8, docs/decisions/062): the engine's gamification tab; its domain is its own
 * call, its sections and questions the one form builder's (api/requests/form-builder.ts). Nobody
 * enrols in a survey: the cancel kind and transition row are placeholders no feature of it reads.
 */
export const surveyDefinition = defineContent({
  key: "survey",
  resource: surveyResource as ContentDefinition["resource"],
  transitions: "course",
  routes: surveyRoutes,
});

/**
 * Test bank (spec 000 §2.8, docs/decisions/063): the engine's permission rules; its questions are
 * the test question store's (owner "bank"), its usage requests and log its own calls. Nobody
 * enrols in a bank: the cancel kind and transition row are placeholders no feature of it reads.
 */
export const testbankDefinition = defineContent({
  key: "testbank",
  resource: testbankResource as ContentDefinition["resource"],
  transitions: "course",
  routes: testbankRoutes,
});

/**
 * Live session (spec 000 §2.7, docs/decisions/066): the engine's enrollment, budget and overall
 * pages; its stream, questions and kept recordings are its own calls (api/content/live/). Its
 * items follow one of two rows of the transition table by their live type (`transitionsOf`).
 */
export const liveDefinition = defineContent({
  key: "live",
  resource: liveResource as ContentDefinition["resource"],
  transitions: "live_offline",
  transitionsOf: async (db, id) =>
    liveTransitionKind(
      (await db.selectFrom("live").select("live_type").where("id", "=", id).executeTakeFirst())?.live_type ?? 0,
    ),
  routes: liveRoutes,
});

/**
 * Test (spec 000 §2.8 `/test…`, docs/decisions/064): the engine's enrollment, prerequisite (its
 * setting tab's), permission rules (its condition and permission tabs), competency, gamification
 * and overall pages; its settings, sections, questions (the question store shared with banks) and
 * draw rules are its own calls (api/content/test/). Enrolment follows the content row of the
 * transition table ("course, class, learning path, onboard, test") and a course's cancel types.
 */
export const testDefinition = defineContent({
  key: "test",
  resource: testResource as ContentDefinition["resource"],
  transitions: "test",
  // Its own calls, then its attempts and their verification (docs/decisions/065).
  routes: (app, ctx) => {
    testRoutes(app, ctx);
    testAttemptsRoutes(app, ctx);
  },
  // Its overall landing page's cards: the attempts' figures (docs/decisions/076).
  overallFigures: testOverallFigures,
});

/**
 * Learning path (spec 000 §2.6, docs/decisions/098): the activity's engine tabs and the sequence
 * of its contents (the engine's sequence feature, docs/decisions/099); enrolment follows the
 * content row of the transition table, and its cancel types its kind (the registry's `cancelKind`).
 */
export const learningPathDefinition = defineContent({
  key: "learning_path",
  resource: learningPathResource as ContentDefinition["resource"],
  transitions: "learning_path",
});

/**
 * Onboarding (spec 000 §2.6 "same tabs as a learning path"; docs/decisions/099): a learning
 * path's tabs and its sequence of contents, each with its dependencies, anonymity and parent;
 * enrolment follows the content row of the transition table, and an online path's cancel types.
 */
export const onboardDefinition = defineContent({
  key: "onboard",
  resource: onboardResource as ContentDefinition["resource"],
  transitions: "onboard",
});

/**
 * Learning playlists (spec 000 §2.6, docs/decisions/101): the engine's information (its settings
 * page), its contents in order (the sequence feature), permission and the progress of those who
 * follow it. Progress changes by the content row of the transition table, as a learning path's.
 */
export const playlistDefinition = defineContent({
  key: "learning_playlist",
  resource: playlistResource as ContentDefinition["resource"],
  transitions: "learning_path",
  routes: playlistRoutes,
});

/** THE API's list of content types: server.ts mounts each one's resource and features from it. */
export const CONTENT_DEFINITIONS: readonly ContentDefinition[] = [
  courseDefinition,
  activityDefinition,
  classDefinition,
  classProgramDefinition,
  surveyDefinition,
  testbankDefinition,
  liveDefinition,
  testDefinition,
  learningPathDefinition,
  onboardDefinition,
  playlistDefinition,
  ...MEDIA_DEFINITIONS,
];
