/**
 * Course (spec 000 §2.5) as a content registry entry: the engine's tabs and overall pages
 * (parts.js), its review and identification pages.
 *
 * @typedef {import("./content-typedefs.js").ContentType} ContentType
 */
import { FEATURES } from "../../contract/features.js";
import {
  LIST,
  NAME_COLUMNS,
  STATE_COLUMNS,
  HEAD_FIELDS,
  TAIL_FIELDS,
  PREREQUISITE,
  enrollmentTab,
  COMPETENCY,
  budgetTab,
  ECERTIFICATE,
  GAMIFICATION,
  SURVEY,
  LEARNER,
  progressOverall,
  OVERALL_INDEX,
  ENGINE_MODULES,
  PERMISSION,
} from "./parts.js";

/** @type {ContentType} */
export const COURSE_TYPE = {
  key: "course",
  segment: "course",
  param: "courseid",
  api: "dashboard/course/",
  module: "course",
  labelKey: "content_course",
  nounKey: "noun_course",
  i18n: ["course"],
  menuSection: "content",
  ...ENGINE_MODULES,
  // The cancel types its enrollment allows (contract/codes.ts CANCEL_TYPES_ALLOWED).
  cancelKind: "course",
  // Its form schemas: contract/schemas/content.ts CONTENT_SCHEMAS[schema].
  schema: "course",
  columns: [{ key: "image", labelKey: "col_cover", kind: "image" }, ...NAME_COLUMNS, ...STATE_COLUMNS],
  ...LIST,
  fields: [
    ...HEAD_FIELDS,
    { name: "instructor_list", labelKey: "field_instructor_list", kind: "multiselect", source: "instructor" },
    ...TAIL_FIELDS,
  ],
  defaultTab: "information",
  // spec 000 §2.5: budget, competency, curriculum (identification), ecertificate, enrollment
  // (identification, prerequisite), gamification, information (review), permission, survey.
  tabs: [
    {
      id: "information",
      labelKey: "tab_information",
      action: "view",
      kind: "form",
      module: "routes/content.tab-form.tsx",
      children: [
        { id: "review", labelKey: "tab_review", action: "view", kind: "review", module: "routes/course.review.tsx" },
      ],
    },
    {
      id: "curriculum",
      labelKey: "tab_curriculum",
      action: "change",
      kind: "custom",
      module: "routes/content.curriculum.tsx",
      children: [
        {
          id: "identification",
          labelKey: "tab_identification",
          action: "change",
          kind: "form",
          module: "routes/content.curriculum-identification.tsx",
        },
      ],
    },
    enrollmentTab([
      {
        id: "identification",
        labelKey: "tab_identification",
        action: "enrollment",
        kind: "form",
        module: "routes/content.enrollment-identification.tsx",
      },
      { ...PREREQUISITE, feature: FEATURES.courseDependency },
    ]),
    PERMISSION,
    COMPETENCY,
    budgetTab(FEATURES.coursePrice),
    ECERTIFICATE,
    GAMIFICATION,
    SURVEY,
  ],
  overall: [
    LEARNER,
    progressOverall(),
    {
      id: "discussion",
      labelKey: "overall_discussion",
      action: "view",
      kind: "table",
      module: "routes/content.overall-discussion.tsx",
    },
    {
      id: "identification",
      labelKey: "overall_identification",
      action: "view",
      kind: "table",
      module: "routes/content.overall-identification.tsx",
    },
  ],
  overallIndex: OVERALL_INDEX,
  // spec 000 §2.5 identification/{transactionid?} with curriculum and {progressid?}: the
  // identification sessions of the course's learners (docs/decisions/021).
  pages: [
    {
      id: "identification",
      path: "identification",
      labelKey: "idt_title",
      action: "view",
      summary: "transaction",
      module: "routes/content.identification.tsx",
    },
    {
      id: "identification.transaction",
      path: "identification/:transactionid",
      labelKey: "idt_transaction",
      action: "view",
      module: "routes/content.identification-transaction.tsx",
      lists: { transactionid: "identification/transaction/" },
    },
    {
      id: "identification.curriculum",
      path: "identification/:transactionid/curriculum",
      labelKey: "idt_curriculum",
      action: "view",
      module: "routes/content.identification-curriculum.tsx",
      lists: { transactionid: "identification/transaction/" },
    },
    {
      id: "identification.progress",
      path: "identification/:transactionid/:progressid",
      labelKey: "idt_progress",
      action: "progress",
      module: "routes/content.identification-progress.tsx",
      lists: {
        transactionid: "identification/transaction/",
        progressid: "identification/transaction/{transactionid}/progress/",
      },
    },
  ],
};
