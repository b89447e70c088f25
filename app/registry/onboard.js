/**
 * Onboarding (spec 000 §2.6 "/onboard, /onboard/{onboardid}: same tabs as a learning path";
 * issue 36 §2, docs/decisions/099) as a content registry entry: a learning path's tabs from the
 * engine's parts — information; its curriculum (the engine's sequence: each content with its
 * dependencies, the step it sits under, its name in the plan and anonymity); enrollment with its
 * prerequisites; permission with administrators and rule conditions; competency; budget with
 * actual and price; e-certificate; gamification — and the engine's overall pages with the inbox.
 * Its rule enrols new employees from their start date. A plan is taken at the new employee's pace:
 * an online path's cancel types.
 *
 * @typedef {import("./content-typedefs.js").ContentType} ContentType
 */
import { FEATURES } from "../../contract/features.js";
import {
  ENGINE_MODULES,
  HEAD_FIELDS,
  LIST,
  NAME_COLUMNS,
  OVERALL_INDEX,
  SEQUENCE_HOLDER_OVERALL,
  STATE_COLUMNS,
  TAIL_FIELDS,
  sequenceHolderTabs,
} from "./parts.js";

/** @type {ContentType} */
export const ONBOARD_TYPE = {
  key: "onboard",
  segment: "onboard",
  param: "onboardid",
  api: "dashboard/onboard/",
  module: "onboard",
  labelKey: "content_onboard",
  nounKey: "onb_noun",
  i18n: ["onboard"],
  menuSection: "content",
  // No cover image (its resource has none).
  cover: false,
  ...ENGINE_MODULES,
  // The spec gives onboarding no cancel types of its own; taken at one's own pace, as an online path (docs/decisions/099).
  cancelKind: "learning_path_online",
  schema: "onboard",
  columns: [...NAME_COLUMNS, { key: "count_content", labelKey: "onb_col_count_content" }, ...STATE_COLUMNS],
  ...LIST,
  fields: [
    ...HEAD_FIELDS,
    // Its rule for new employees (api/content/onboard/auto-enrol.ts).
    { name: "is_auto_enroll", labelKey: "onb_field_auto_enroll", kind: "checkbox", helpKey: "onb_help_auto_enroll" },
    { name: "onboard_start_from", labelKey: "onb_field_start_from", kind: "date", helpKey: "onb_help_start_from" },
    ...TAIL_FIELDS,
  ],
  defaultTab: "information",
  tabs: sequenceHolderTabs(FEATURES.onboardDependency),
  overall: SEQUENCE_HOLDER_OVERALL,
  overallIndex: OVERALL_INDEX,
};
