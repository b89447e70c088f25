/**
 * Learning path (spec 000 §2.6, issue 36 §1, docs/decisions/098) as a content registry entry:
 * "the same tabs as an activity" from the engine's parts (information; enrollment with its
 * prerequisites; permission with administrators and rule conditions; competency; budget with
 * actual and price; e-certificate; gamification), its curriculum (the engine's sequence: the
 * contents in order, with what each depends on), and the engine's overall pages (landing, learners, progress). Its kind —
 * online or scheduled — is chosen on create, and its cancel types follow it. The online and
 * scheduled lists are the list with its kind filter set (`/learning-path/online`,
 * `/learning-path/schedule`); `/learning-path/schedule/{id}` leads to that path.
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

const SCHEDULED = { field: "kind", values: ["2"] };

/** @type {ContentType} */
export const LEARNING_PATH_TYPE = {
  key: "learning_path",
  segment: "learning-path",
  param: "learningpathid",
  api: "dashboard/learning-path/",
  module: "learning_path",
  labelKey: "content_learning_path",
  nounKey: "lp_noun",
  i18n: ["learningPath"],
  menuSection: "content",
  // No cover image (its resource has none).
  cover: false,
  ...ENGINE_MODULES,
  // spec 001 §4: online paths [2, 7], scheduled paths [5, 6, 1].
  cancelKind: { field: "kind", kinds: { 1: "learning_path_online", 2: "learning_path_schedule" } },
  schema: "learning_path",
  columns: [
    ...NAME_COLUMNS.slice(0, 2),
    { key: "kind", labelKey: "lp_col_kind", kind: "label", labelPrefix: "lp_kind_" },
    ...NAME_COLUMNS.slice(2),
    { key: "count_content", labelKey: "lp_col_count_content" },
    ...STATE_COLUMNS,
  ],
  ...LIST,
  filters: ["kind", ...LIST.filters],
  filterCodes: { ...LIST.filterCodes, kind: "learning_path_kind" },
  listPages: [
    {
      id: "online",
      path: "online",
      labelKey: "lp_list_online",
      action: "view",
      module: "routes/learning-path.kind.tsx",
      post: { toggle: "learning_path_publish_learning_path", delete: "learning_path_delete_learning_path" },
    },
    {
      id: "schedule",
      path: "schedule/:learningpathid?",
      labelKey: "lp_list_schedule",
      action: "view",
      module: "routes/learning-path.kind.tsx",
      post: { toggle: "learning_path_publish_learning_path", delete: "learning_path_delete_learning_path" },
    },
  ],
  fields: [
    ...HEAD_FIELDS,
    // Chosen once: its cancel types follow it (contract/learning-path-codes.ts).
    {
      name: "kind",
      labelKey: "lp_field_kind",
      kind: "select",
      source: "code:learning_path_kind",
      on: "create",
      helpKey: "lp_help_kind",
    },
    { name: "datetime_learn_start", labelKey: "lp_field_learn_start", kind: "datetime", showWhen: SCHEDULED },
    { name: "datetime_learn_end", labelKey: "lp_field_learn_end", kind: "datetime", showWhen: SCHEDULED },
    ...TAIL_FIELDS,
  ],
  createDefaults: { kind: "1" },
  defaultTab: "information",
  tabs: sequenceHolderTabs(FEATURES.learningPathDependency),
  overall: SEQUENCE_HOLDER_OVERALL,
  overallIndex: OVERALL_INDEX,
};
