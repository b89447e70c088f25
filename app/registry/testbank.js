/**
 * Test bank (spec 000 §2.8 `/testbank…`, docs/decisions/063) as a content registry entry: the
 * engine's list and create page; its questions by number (the test question store's pages, owner
 * "bank") and their log as tabs; overall pages information (the engine's form), the bank's own
 * log, permission (the engine's rules) and usage requests by status. A bank is not published.
 *
 * @typedef {import("./content-typedefs.js").ContentType} ContentType
 * @typedef {import("./content-typedefs.js").Tab} Tab
 */
import { ENGINE_MODULES, PERMISSION, NAME_COLUMNS, HEAD_FIELDS, TAIL_FIELDS } from "./parts.js";

/** @type {ContentType} */
export const TESTBANK_TYPE = {
  key: "testbank",
  segment: "testbank",
  param: "testbankid",
  api: "dashboard/testbank/",
  module: "testbank",
  labelKey: "content_testbank",
  nounKey: "tbk_noun",
  i18n: ["testbank", "testCodes"],
  menuSection: "content",
  ...ENGINE_MODULES,
  publish: false,
  cover: false,
  cancelKind: "course",
  schema: "testbank",
  columns: [
    ...NAME_COLUMNS.slice(0, 2),
    { key: "type_question", labelKey: "tbk_col_type_question", kind: "label", labelPrefix: "tcd_type_" },
    { key: "count_question", labelKey: "tbk_col_count_question" },
    ...NAME_COLUMNS.slice(2),
    { key: "datetime_update", labelKey: "col_updated", sortable: true, kind: "date" },
  ],
  filters: ["type_question", "category", "provider"],
  filterSources: { category: "category-tree", provider: "provider" },
  filterCodes: { type_question: "testbank_type_question" },
  defaultOrdering: "-datetime_update",
  // spec 001 §3 "Test bank: name, type_question, category, provider, content_level".
  fields: [
    ...HEAD_FIELDS.slice(0, 2),
    {
      name: "type_question",
      labelKey: "tbk_field_type_question",
      kind: "select",
      source: "code:testbank_type_question",
      helpKey: "tbk_help_type_question",
    },
    ...HEAD_FIELDS.slice(2),
    ...TAIL_FIELDS,
  ],
  createDefaults: { type_question: "1" },
  // A bank has no enrollment: its rules say who may use it (draw from it), not who may see and enrol.
  permissionKeys: { title: "tbk_permission_title", intro: "tbk_permission_intro" },
  defaultTab: "question",
  // spec 000 §2.8: tabs log/{logid}, question/{number?}.
  tabs: [
    // The bank's questions by number: the test question store's editor (docs/decisions/064), with its own namespace (testQuestion).
    {
      id: "question",
      path: "question/:number?",
      labelKey: "tbk_tab_question",
      action: "view",
      kind: "custom",
      module: "routes/test-question.editor.tsx",
    },
    {
      id: "log",
      labelKey: "tbk_tab_log",
      action: "view",
      kind: "table",
      module: "routes/testbank.log.tsx",
      children: [
        {
          id: "entry",
          path: ":logid",
          labelKey: "tbk_log_entry",
          action: "view",
          kind: "custom",
          lists: { logid: "log/" },
          module: "routes/testbank.log-entry.tsx",
        },
      ],
    },
  ],
  // spec 000 §2.8: overall pages information, log, permission, usage ({usage_type?}).
  overall: [
    {
      id: "information",
      labelKey: "tab_information",
      action: "view",
      kind: "form",
      module: "routes/content.tab-form.tsx",
      // `overall` itself leads to its first page: a bank has no figures for a landing page (docs/decisions/076).
      aliases: [{ id: "overall", path: "overall", to: "overall/information" }],
    },
    {
      id: "log",
      labelKey: "tbk_overall_log",
      action: "view",
      kind: "table",
      module: "routes/testbank.overall-log.tsx",
    },
    // An overall page here: spec 000 §2.8 gives a bank's rule no address of its own (the tab's `permission/{id}` alias).
    { ...PERMISSION, aliases: [] },
    {
      id: "usage",
      path: "usage/:usage_type?",
      labelKey: "tbk_overall_usage",
      action: "view",
      kind: "table",
      module: "routes/testbank.overall-usage.tsx",
    },
  ],
};
