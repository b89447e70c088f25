/**
 * Live session (spec 000 §2.7 `/live…`, docs/decisions/066) as a content registry entry: the
 * engine's list (with live type and live status filters), create page, form (the `edit` tab),
 * enrollment, budget and overall learner / progress pages; its own information page (the live as
 * read: status and download labels, stream details with a copy button), its stream pages
 * (learner, progress, question) and the overall questions. Its recordings kept (`/live_backup…`)
 * are screens (screens-live.js) over the same items.
 *
 * @typedef {import("./content-typedefs.js").ContentType} ContentType
 * @typedef {import("./content-typedefs.js").Tab} Tab
 * @typedef {import("./content-typedefs.js").Column} Column
 * @typedef {import("./content-typedefs.js").FormField} FormField
 */
import { FEATURES } from "../../contract/features.js";
import {
  ENGINE_MODULES,
  LIST,
  NAME_COLUMNS,
  STATE_COLUMNS,
  HEAD_FIELDS,
  TAIL_FIELDS,
  enrollmentTab,
  budgetTab,
  LEARNER,
  progressOverall,
  OVERALL_INDEX,
} from "./parts.js";

/** @type {ContentType} */
export const LIVE_TYPE = {
  key: "live",
  segment: "live",
  param: "liveid",
  api: "dashboard/live/",
  module: "live",
  labelKey: "content_live",
  nounKey: "live_noun",
  i18n: ["live"],
  menuSection: "content",
  // No cover image: its resource has none (tests/api/registry-drift.test.ts holds the two together).
  cover: false,
  ...ENGINE_MODULES,
  cancelKind: "course",
  schema: "live",
  columns: [
    ...NAME_COLUMNS.slice(0, 2),
    { key: "live_type", labelKey: "live_col_type", kind: "label", labelPrefix: "live_type_" },
    { key: "status", labelKey: "live_col_status", kind: "label", labelPrefix: "live_status_" },
    { key: "datetime_live_start", labelKey: "live_col_start", kind: "date" },
    ...NAME_COLUMNS.slice(2),
    ...STATE_COLUMNS,
  ],
  ...LIST,
  filters: ["live_type", "live_status", ...LIST.filters],
  filterCodes: { ...LIST.filterCodes, live_type: "live_type", live_status: "live_status" },
  // spec 001 §3 "Live": what an administrator sets; status and the stream details are the API's.
  fields: [
    ...HEAD_FIELDS,
    {
      name: "live_type",
      labelKey: "live_field_type",
      kind: "select",
      source: "code:live_type",
      helpKey: "live_help_type",
    },
    { name: "datetime_live_start", labelKey: "live_field_start", kind: "datetime", helpKey: "live_help_zone" },
    { name: "datetime_live_end", labelKey: "live_field_end", kind: "datetime", helpKey: "live_help_zone" },
    { name: "instructor_list", labelKey: "field_instructor_list", kind: "multiselect", source: "instructor" },
    ...TAIL_FIELDS,
  ],
  createDefaults: { live_type: "0" },
  defaultTab: "information",
  // spec 000 §2.7: /live/{liveid} budget, enrollment, information; edit; overall (learner,
  // progress, question); stream (learner, progress, question).
  tabs: [
    // The live as read; `api` "": the item itself.
    {
      id: "information",
      labelKey: "tab_information",
      action: "view",
      kind: "custom",
      module: "routes/live.information.tsx",
      api: "",
    },
    { id: "edit", labelKey: "live_tab_edit", action: "view", kind: "form", module: "routes/content.tab-form.tsx" },
    enrollmentTab([]),
    budgetTab(FEATURES.price),
    {
      id: "stream",
      labelKey: "live_tab_stream",
      action: "view",
      kind: "custom",
      module: "routes/live.stream.tsx",
      api: "stream/",
      children: [
        {
          id: "learner",
          labelKey: "live_tab_stream_learner",
          action: "learner",
          kind: "table",
          module: "routes/live.stream-learner.tsx",
        },
        {
          id: "progress",
          labelKey: "live_tab_stream_progress",
          action: "progress",
          kind: "table",
          module: "routes/live.stream-progress.tsx",
        },
        {
          id: "question",
          labelKey: "live_tab_stream_question",
          action: "view",
          kind: "table",
          module: "routes/live.question.tsx",
        },
      ],
    },
  ],
  overall: [
    LEARNER,
    progressOverall(),
    {
      id: "question",
      labelKey: "live_overall_question",
      action: "view",
      kind: "table",
      module: "routes/live.question.tsx",
    },
  ],
  overallIndex: OVERALL_INDEX,
};
