/**
 * Activity (spec 000 §2.3, docs/decisions/023) as a content registry entry: the engine's tabs
 * (parts.js), plus its checklists with their inspectors, the verify page, and the overall pages
 * per checklist (slot).
 *
 * @typedef {import("./content-typedefs.js").ContentType} ContentType
 */
import { FEATURES } from "../../contract/features.js";
import {
  COMPETENCY,
  ECERTIFICATE,
  ENGINE_MODULES,
  GAMIFICATION,
  HEAD_FIELDS,
  INFORMATION,
  LEARNER,
  LIST,
  NAME_COLUMNS,
  OVERALL_INDEX,
  PERMISSION,
  PREREQUISITE,
  STATE_COLUMNS,
  TAIL_FIELDS,
  budgetTab,
  enrollmentTab,
  progressOverall,
} from "./parts.js";

/** @type {ContentType} */
export const ACTIVITY_TYPE = {
  key: "activity",
  segment: "activity",
  param: "activityid",
  api: "dashboard/activity/",
  module: "activity",
  labelKey: "content_activity",
  nounKey: "noun_activity",
  i18n: ["activity", "activityOverall"],
  menuSection: "content",
  // No cover image: its resource has none (tests/api/registry-drift.test.ts holds the two together).
  cover: false,
  ...ENGINE_MODULES,
  cancelKind: "activity",
  schema: "activity",
  // An inspector without the view flag sees the activities they inspect (spec 002 §6).
  viewScopes: ["instructor"],
  columns: [...NAME_COLUMNS, { key: "checklist_count", labelKey: "col_checklist_count" }, ...STATE_COLUMNS],
  ...LIST,
  fields: [...HEAD_FIELDS, ...TAIL_FIELDS],
  defaultTab: "information",
  // spec 000 §2.3: budget (actual, price), checklist (inspector), competency, ecertificate,
  // enrollment (prerequisite), gamification, information, permission (admin; condition).
  tabs: [
    INFORMATION,
    {
      id: "checklist",
      labelKey: "tab_checklist",
      action: "view",
      kind: "table",
      module: "routes/activity.checklist.tsx",
      children: [
        {
          id: "inspector",
          labelKey: "tab_inspector",
          action: "view",
          kind: "table",
          module: "routes/activity.checklist-inspector.tsx",
        },
      ],
    },
    enrollmentTab([{ ...PREREQUISITE, feature: FEATURES.activityDependency }]),
    PERMISSION,
    COMPETENCY,
    budgetTab(FEATURES.price),
    ECERTIFICATE,
    GAMIFICATION,
  ],
  // spec 000 §2.3 overall: check-in ({slotid?}), learner, progress/{slotid}, usage ({usage_type?}),
  // verify/{slotid}. A slot of the overall pages is a checklist (docs/decisions/023).
  overall: [
    {
      id: "checkin",
      path: "checkin/:slotid?",
      lists: { slotid: "checklist/" },
      labelKey: "overall_checkin",
      action: "progress",
      kind: "table",
      module: "routes/activity.overall-checkin.tsx",
      // The spec's spelling (spec 000 §2.3 "check-in (optional {slotid})"), as a class's overall/check-in.
      aliases: [{ id: "check-in", path: "overall/check-in/:slotid?", to: "overall/checkin/:slotid?" }],
    },
    LEARNER,
    // One checklist's slots: overall/progress/{slotid}.
    progressOverall([
      {
        id: "slot",
        path: ":slotid",
        lists: { slotid: "checklist/" },
        labelKey: "act_slot_progress",
        action: "progress",
        kind: "table",
        module: "routes/activity.overall-slot-progress.tsx",
      },
    ]),
    {
      id: "usage",
      path: "usage/:usage_type?",
      labelKey: "overall_usage",
      action: "view",
      kind: "custom",
      module: "routes/activity.overall-usage.tsx",
    },
    {
      id: "verify",
      path: "verify/:slotid?",
      lists: { slotid: "checklist/" },
      labelKey: "overall_verify",
      action: "progress",
      kind: "table",
      module: "routes/activity.overall-verify.tsx",
    },
  ],
  overallIndex: OVERALL_INDEX,
  pages: [
    {
      id: "checklist.item",
      path: "checklist/:checklistid",
      labelKey: "act_checklist_title",
      action: "view",
      module: "routes/activity.checklist-item.tsx",
      lists: { checklistid: "checklist/" },
    },
    {
      id: "checklist.verify",
      path: "checklist/:checklistid?/slot/:slotid?/verify/:view_type?",
      labelKey: "act_verify_title",
      action: "progress",
      module: "routes/activity.slot-verify.tsx",
      lists: { checklistid: "checklist/", slotid: "checklist/{checklistid}/slot/" },
    },
  ],
};
