/**
 * Enrollment approvals and budgets (issue 17 §3–4): registry types of the engine (content.js,
 * master.js). Budget categories (spec 000 §2.11 "/budget-category, create, {categoryid}") are
 * master data, so they sit in the menu's master data section beside the other kinds, served by
 * the engine's list, create and information modules (docs/decisions/037, 055). Plain data
 * (client-safe).
 *
 * @typedef {import("./content-typedefs.js").ContentType} ContentType
 */

import { ENGINE_MODULES, INFORMATION } from "./parts.js";

/** @type {ContentType[]} */
export const APPROVALS_TYPES = [
  {
    ...ENGINE_MODULES,
    publish: false,
    cover: false,
    key: "budget_category",
    segment: "budget-category",
    param: "categoryid",
    api: "dashboard/budget-category/",
    module: "budget",
    labelKey: "menu_budget_category",
    nounKey: "noun_budget_category",
    schema: "budget_category",
    i18n: ["budgetCategory"],
    menuSection: "master",
    nameFields: ["name_bp"],
    codeField: "code",
    columns: [
      { key: "name_bp", labelKey: "col_budget_name_bp", sortable: true },
      { key: "name_ac", labelKey: "col_budget_name_ac", sortable: true },
      { key: "code", labelKey: "col_code", sortable: true, kind: "code" },
      // Where it can be picked (docs/decisions/083).
      { key: "type", labelKey: "col_budget_type", kind: "label", labelPrefix: "bgt_type_" },
      { key: "count_record", labelKey: "col_budget_count_record" },
    ],
    filters: [],
    filterSources: {},
    overall: [],
    defaultOrdering: "name_bp",
    defaultTab: "information",
    fields: [
      { name: "name_bp", labelKey: "field_budget_name_bp", kind: "text" },
      { name: "name_ac", labelKey: "field_budget_name_ac", kind: "text" },
      { name: "code", labelKey: "field_code", kind: "text" },
      { name: "type", labelKey: "field_budget_type", kind: "select", source: "code:budget_category_type" },
    ],
    tabs: [INFORMATION],
    searchKey: "bgt_category_search_placeholder",
  },
];
