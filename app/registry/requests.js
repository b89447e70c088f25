/**
 * Enrollment and request forms, approval flows (issue 17 §4; docs/decisions/056, 057, 060):
 * registry types of the engine, as master data kinds (master.js): the engine's list, create page
 * and information tab, and their own tabs — a flow's steps and learner condition; a form's
 * sections and questions (one builder for both kinds of form), results and report. Listed in the
 * menu's "learning" section.
 * Learning and material requests are screens (screens-requests.js). Plain data (client-safe).
 *
 * @typedef {import("./content-typedefs.js").ContentType} ContentType
 * @typedef {import("./content-typedefs.js").Tab} Tab
 */

import { ENGINE_MODULES, INFORMATION } from "./parts.js";

const NAME_CODE = [
  { name: "name", labelKey: "field_name", kind: "text" },
  { name: "code", labelKey: "field_code", kind: "text" },
];

/** What a kind of this area shares: the engine's modules, no publishing or image, the requests texts first. */
// The types' own texts (nouns, tabs, fields); their tabs' modules add the area's "requests",
// which the request screens carry too (a screen carries no type's namespace).
const kind = (own) => ({
  ...ENGINE_MODULES,
  publish: false,
  cover: false,
  i18n: ["requestTypes", "people", "master"],
  menuSection: "learning",
  filters: [],
  filterSources: {},
  overall: [],
  defaultTab: "information",
  ...own,
});

/**
 * A form's tabs: the builder (sections, and one section's questions at `section/:sectionid`),
 * the results (each submission's answers) and the report (per question). The same modules for
 * both kinds of form; their intents' flags are the kind's (route-manifest.js CONTENT_POSTS).
 * @type {Tab[]}
 */
const FORM_TABS = [
  INFORMATION,
  {
    id: "section",
    labelKey: "req_tab_section",
    action: "view",
    kind: "custom",
    module: "routes/request-form.section.tsx",
    children: [
      {
        id: "item",
        labelKey: "req_tab_section_item",
        action: "view",
        kind: "custom",
        path: ":sectionid",
        param: "sectionid",
        paramList: "section/",
        module: "routes/request-form.section-item.tsx",
      },
    ],
  },
  {
    id: "result",
    labelKey: "req_tab_result",
    action: "view",
    kind: "table",
    module: "routes/request-form.result.tsx",
    // The results as xlsx or csv: a resource route (no page), the kind's export flag (docs/decisions/074).
    children: [
      {
        id: "export",
        labelKey: "req_export",
        action: "export",
        kind: "custom",
        bar: false,
        module: "routes/request-form.result-export.tsx",
      },
    ],
  },
  {
    id: "report",
    labelKey: "req_tab_report",
    action: "view",
    kind: "custom",
    module: "routes/request-form.report.tsx",
  },
];

const FORM_COLUMNS = [
  { key: "name", labelKey: "col_name", sortable: true },
  { key: "code", labelKey: "col_code", sortable: true, kind: "code" },
  { key: "count_question", labelKey: "req_col_count_question" },
  { key: "count_submission", labelKey: "req_col_count_submission" },
  { key: "datetime_update", labelKey: "col_updated", sortable: true, kind: "date" },
];

/** @type {ContentType[]} */
export const REQUESTS_TYPES = [
  kind({
    key: "approval-flow",
    segment: "approval-flow",
    param: "approvalflowid",
    api: "dashboard/approval-flow/",
    module: "approval_flow",
    labelKey: "menu_approval_flow",
    nounKey: "req_noun_flow",
    schema: "approval-flow",
    columns: [
      { key: "sort", labelKey: "req_col_sort", sortable: true },
      { key: "name", labelKey: "col_name", sortable: true },
      { key: "code", labelKey: "col_code", sortable: true, kind: "code" },
      { key: "type_request", labelKey: "req_col_type_request", kind: "label", labelPrefix: "req_type_" },
      { key: "count_step", labelKey: "req_col_count_step" },
    ],
    filters: ["type_request"],
    filterCodes: { type_request: "request_type" },
    defaultOrdering: "sort",
    // spec 001 §3 "Approval flow": which requests it applies to, in the order an administrator decides it.
    fields: [
      ...NAME_CODE,
      { name: "type_request", labelKey: "req_field_type_request", kind: "select", source: "code:request_type" },
      { name: "sort", labelKey: "req_field_sort", kind: "number", helpKey: "req_help_sort" },
      {
        name: "type_rule",
        labelKey: "req_field_type_rule",
        kind: "select",
        source: "code:type_rule",
        helpKey: "req_help_type_rule",
      },
      {
        name: "content_type_list",
        labelKey: "req_field_content_type_list",
        kind: "multiselect",
        source: "content-type",
        helpKey: "req_help_content_type_list",
      },
      { name: "price_gte", labelKey: "req_field_price_gte", kind: "decimal" },
      { name: "price_lte", labelKey: "req_field_price_lte", kind: "decimal", helpKey: "req_help_price" },
      { name: "desc", labelKey: "field_desc", kind: "textarea" },
    ],
    createDefaults: { sort: "999", type_rule: "1" },
    tabs: [
      INFORMATION,
      { id: "step", labelKey: "req_tab_step", action: "view", kind: "table", module: "routes/approval-flow.step.tsx" },
      // Who the flow is for (docs/decisions/060): the condition editor of groups and permission rules.
      {
        id: "condition",
        labelKey: "tab_condition",
        action: "view",
        kind: "form",
        module: "routes/approval-flow.condition.tsx",
      },
    ],
  }),
  kind({
    key: "enrollment-form",
    segment: "enrollment-form",
    param: "formid",
    api: "dashboard/enrollment-form/",
    module: "enroll_form",
    labelKey: "menu_enrollment_form",
    nounKey: "req_noun_enrollment_form",
    schema: "enrollment-form",
    columns: FORM_COLUMNS,
    defaultOrdering: "-datetime_update",
    fields: [...NAME_CODE, { name: "desc", labelKey: "field_desc", kind: "textarea" }],
    tabs: FORM_TABS,
  }),
  kind({
    key: "request-form",
    segment: "request-form",
    param: "formid",
    api: "dashboard/request-form/",
    module: "request_form",
    labelKey: "menu_request_form",
    nounKey: "req_noun_request_form",
    schema: "request-form",
    columns: [
      ...FORM_COLUMNS.slice(0, 2),
      { key: "type_request", labelKey: "req_col_type_request", kind: "label", labelPrefix: "req_type_" },
      ...FORM_COLUMNS.slice(2),
    ],
    defaultOrdering: "-datetime_update",
    fields: [
      ...NAME_CODE,
      { name: "type_request", labelKey: "req_field_type_request", kind: "select", source: "code:request_kind" },
      { name: "desc", labelKey: "field_desc", kind: "textarea" },
    ],
    tabs: FORM_TABS,
  }),
];
