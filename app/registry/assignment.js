/**
 * Assignment, auto-assignment and suggestions (issue 17 §1–§3; spec 000 §2.10; docs/decisions/051–053):
 * three registry types on the engine's list, create page, item layout and information form
 * (content.js, master.js), listed in the menu's "learning" section. The three share their own tab
 * modules (routes/assignment.*.tsx); what differs between them is data: the tabs each has, their
 * paths and labels, and the permission module (assignment | suggestion). Plain data (client-safe).
 *
 * @typedef {import("./content-typedefs.js").ContentType} ContentType
 * @typedef {import("./content-typedefs.js").Tab} Tab
 * @typedef {import("./content-typedefs.js").FormField} FormField
 */

import { ENGINE_MODULES } from "./parts.js";

/** What every kind of assignment says to the engine: no publishing, no image. */
const PLAIN = {
  ...ENGINE_MODULES,
  publish: false,
  cover: false,
  i18n: ["assignment"],
  menuSection: "learning",
  filters: [],
  filterSources: {},
  overall: [],
};

/** @type {import("./content-typedefs.js").Column[]} */
const COLUMNS = [
  { key: "name", labelKey: "col_name", sortable: true },
  { key: "status", labelKey: "asg_col_status", kind: "label", labelPrefix: "asg_status_" },
  { key: "count_content", labelKey: "asg_col_count_content" },
  { key: "count_learner", labelKey: "asg_col_count_learner" },
  { key: "datetime_update", labelKey: "col_updated", sortable: true, kind: "date" },
];

/**
 * @type {FormField[]} when, how long, and what happens to a learner who has the content (spec 001
 * §3/§4), and who pays. Each choice shows its own fields only (`showWhen`, issue 33 §15): the
 * expiry date with "until a date", the days with "a number of days", the extension with "extend".
 */
const SETTINGS = [
  { name: "name", labelKey: "field_name", kind: "text" },
  { name: "datetime_assign", labelKey: "asg_field_datetime_assign", kind: "date", helpKey: "asg_help_datetime_assign" },
  { name: "type_expire", labelKey: "asg_field_type_expire", kind: "select", source: "code:asg_type_expire" },
  {
    name: "datetime_expire",
    labelKey: "asg_field_datetime_expire",
    kind: "date",
    showWhen: { field: "type_expire", values: ["1"] },
  },
  {
    name: "duration_expire",
    labelKey: "asg_field_duration_expire",
    kind: "number",
    helpKey: "asg_help_days",
    showWhen: { field: "type_expire", values: ["2"] },
  },
  {
    name: "type_action",
    labelKey: "asg_field_type_action",
    kind: "select",
    source: "code:asg_type_action",
    helpKey: "asg_help_type_action",
  },
  {
    name: "type_expand",
    labelKey: "asg_field_type_expand",
    kind: "select",
    source: "code:asg_type_expand",
    showWhen: { field: "type_action", values: ["2"] },
  },
  {
    name: "datetime_expand",
    labelKey: "asg_field_datetime_expand",
    kind: "date",
    showWhen: { field: "type_expand", values: ["1"] },
  },
  {
    name: "duration_expand",
    labelKey: "asg_field_duration_expand",
    kind: "number",
    helpKey: "asg_help_days",
    showWhen: { field: "type_expand", values: ["2"] },
  },
  // Assigned by the organisation: the learners spend no credit (issue 33 §3, docs/decisions/075).
  { name: "is_no_charge", labelKey: "asg_field_is_no_charge", kind: "checkbox", helpKey: "asg_help_is_no_charge" },
];
const DEFAULTS = { type_expire: "0", type_action: "0", type_expand: "0" };

/** The tabs the kinds share; their intents' flags are the kind's (route-manifest.js CONTENT_POSTS). */
const CONTENT_TAB = {
  id: "content",
  labelKey: "asg_tab_content",
  action: "view",
  kind: "table",
  module: "routes/assignment.content.tsx",
};
/** A list's spreadsheet (issue 33 §14): a file, reached from its tab's export buttons, not a page of the bar. */
const EXPORT = {
  id: "export",
  labelKey: "enr_export",
  action: "export",
  kind: "custom",
  bar: false,
  module: "routes/assignment.export.tsx",
};
const LEARNER_TAB = {
  id: "learner",
  labelKey: "asg_tab_learner",
  action: "view",
  kind: "table",
  module: "routes/assignment.learner.tsx",
  children: [EXPORT],
};
const previewTab = (id, labelKey) => ({
  id,
  labelKey,
  action: "view",
  kind: "custom",
  module: "routes/assignment.preview.tsx",
});
const SETTINGS_TAB = (id) => ({
  id,
  labelKey: `asg_tab_${id}`,
  action: "view",
  kind: "form",
  module: "routes/content.tab-form.tsx",
});

/** @type {ContentType[]} */
export const ASSIGNMENT_TYPES = [
  {
    ...PLAIN,
    key: "assignment",
    segment: "assignment",
    param: "assignmentid",
    api: "dashboard/assignment/",
    module: "assignment",
    labelKey: "menu_assignment",
    nounKey: "asg_noun_assignment",
    schema: "assignment",
    columns: COLUMNS,
    defaultOrdering: "-datetime_update",
    fields: SETTINGS,
    createDefaults: DEFAULTS,
    searchKey: "asg_search",
    // Those with an overdue learner (docs/decisions/080): where the home's overdue card leads.
    filters: ["learners"],
    filterCodes: { learners: "asg_learners" },
    // The auto-assignments' list is also reached from here (spec 000 §2.10 /assignment/auto).
    listPages: [
      {
        id: "auto",
        path: "auto",
        labelKey: "menu_auto_assignment",
        module: "routes/assignment.auto.tsx",
        action: "view",
      },
    ],
    defaultTab: "condition",
    // spec 000 §2.10: tabs condition, content, learner, progress; summary (preview, then assign).
    tabs: [
      SETTINGS_TAB("condition"),
      CONTENT_TAB,
      LEARNER_TAB,
      {
        id: "progress",
        labelKey: "asg_tab_progress",
        action: "view",
        kind: "table",
        module: "routes/assignment.progress.tsx",
        children: [EXPORT],
      },
      previewTab("summary", "asg_tab_summary"),
    ],
  },
  {
    ...PLAIN,
    key: "auto_assignment",
    segment: "auto-assignment",
    param: "assignmentid",
    api: "dashboard/auto-assignment/",
    module: "assignment",
    labelKey: "menu_auto_assignment",
    nounKey: "asg_noun_auto",
    schema: "auto_assignment",
    columns: [
      ...COLUMNS.slice(0, 2),
      { key: "datetime_next_round", labelKey: "asg_col_next_round", kind: "date" },
      ...COLUMNS.slice(2),
    ],
    defaultOrdering: "-datetime_update",
    fields: [
      SETTINGS[0],
      { name: "date_start", labelKey: "asg_field_date_start", kind: "date" },
      { name: "date_end", labelKey: "asg_field_date_end", kind: "date" },
      { name: "assign_time", labelKey: "asg_field_assign_time", kind: "text", helpKey: "asg_help_assign_time" },
      { name: "is_recurring", labelKey: "asg_field_is_recurring", kind: "checkbox" },
      // A recurring round's period, and the day (month) of a monthly (yearly) one.
      {
        name: "count_recurring",
        labelKey: "asg_field_count_recurring",
        kind: "number",
        showWhen: { field: "is_recurring", values: ["on"] },
      },
      {
        name: "recurring_unit",
        labelKey: "asg_field_recurring_unit",
        kind: "select",
        source: "code:asg_recurring_unit",
        showWhen: { field: "is_recurring", values: ["on"] },
      },
      {
        name: "assign_day",
        labelKey: "asg_field_assign_day",
        kind: "number",
        helpKey: "asg_help_assign_day",
        showWhen: { field: "recurring_unit", values: ["2", "3"] },
      },
      {
        name: "assign_month",
        labelKey: "asg_field_assign_month",
        kind: "number",
        showWhen: { field: "recurring_unit", values: ["3"] },
      },
      ...SETTINGS.slice(2),
      // Spec 001 §3 "Assignment result setting" (R153): who sums up a learning result.
      {
        name: "result_status",
        labelKey: "asg_field_result_status",
        kind: "select",
        source: "code:asg_result_status",
        helpKey: "asg_help_result_status",
      },
    ],
    createDefaults: {
      ...DEFAULTS,
      assign_time: "06:00",
      count_recurring: "1",
      recurring_unit: "0",
      assign_day: "1",
      assign_month: "1",
      result_status: "0",
    },
    searchKey: "asg_search",
    defaultTab: "settings",
    // spec 000 §2.10: content, learner, learner-preview, settings, summary, summary/{roundid}.
    tabs: [
      SETTINGS_TAB("settings"),
      CONTENT_TAB,
      LEARNER_TAB,
      previewTab("learner-preview", "asg_tab_learner_preview"),
      {
        id: "summary",
        labelKey: "asg_tab_rounds",
        action: "view",
        kind: "table",
        module: "routes/assignment.rounds.tsx",
        children: [
          {
            id: "round",
            path: ":roundid",
            labelKey: "asg_round_title",
            action: "view",
            kind: "table",
            param: "roundid",
            paramList: "round/",
            module: "routes/assignment.round.tsx",
          },
        ],
      },
    ],
  },
  {
    ...PLAIN,
    key: "suggestion",
    segment: "suggestion",
    param: "suggestionid",
    api: "dashboard/suggestion/",
    module: "suggestion",
    labelKey: "menu_suggestion",
    nounKey: "asg_noun_suggestion",
    schema: "suggestion",
    columns: COLUMNS,
    defaultOrdering: "-datetime_update",
    fields: [SETTINGS[0]],
    searchKey: "asg_search",
    defaultTab: "content",
    // spec 000 §2.10: /suggestion/{suggestionid} (content, learner, preview, summary).
    tabs: [
      CONTENT_TAB,
      LEARNER_TAB,
      previewTab("preview", "asg_tab_preview"),
      {
        id: "summary",
        labelKey: "asg_tab_summary",
        action: "view",
        kind: "custom",
        module: "routes/assignment.summary.tsx",
      },
    ],
  },
];
