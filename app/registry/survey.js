/**
 * Survey (spec 000 §2.8 `/survey…`, docs/decisions/062) as a content registry entry: the engine's
 * list (with survey type and publish filters), create page and information form; its domain
 * (what it asks about: its target type and instructors, and the contents that attach it); its
 * sections and questions — the one form builder's tabs (routes/request-form.section*.tsx,
 * docs/decisions/057), whose API is mounted under the survey too; the engine's gamification tab.
 * Published is the engine's show / hide / schedule, read as type_expire (spec 001 §4).
 *
 * @typedef {import("./content-typedefs.js").ContentType} ContentType
 * @typedef {import("./content-typedefs.js").Tab} Tab
 */
import { ENGINE_MODULES, GAMIFICATION, INFORMATION, NAME_COLUMNS, STATE_COLUMNS } from "./parts.js";

/** @type {ContentType} */
export const SURVEY_TYPE = {
  key: "survey",
  segment: "survey",
  param: "surveyid",
  api: "dashboard/survey/",
  module: "survey",
  labelKey: "content_survey",
  nounKey: "svy_noun",
  // The builder's tabs render the requests namespace themselves; the survey's own texts are here.
  i18n: ["survey"],
  menuSection: "content",
  // No cover image: its resource has none (tests/api/registry-drift.test.ts holds the two together).
  cover: false,
  ...ENGINE_MODULES,
  cancelKind: "course",
  schema: "survey",
  // An instructor without the view flag sees the surveys that evaluate them (docs/decisions/067).
  viewScopes: ["instructor"],
  columns: [
    ...NAME_COLUMNS.slice(0, 2),
    { key: "survey_type", labelKey: "svy_col_type", kind: "label", labelPrefix: "svy_type_" },
    ...NAME_COLUMNS.slice(2),
    { key: "count_question", labelKey: "svy_col_count_question" },
    ...STATE_COLUMNS,
  ],
  filters: ["survey_type", "category", "provider", "publish_status"],
  filterSources: { category: "category-tree", provider: "provider" },
  filterCodes: { publish_status: "publish_status", survey_type: "survey_type" },
  defaultOrdering: "-datetime_update",
  // spec 001 §3 "Survey": what an administrator sets; the provider, left blank, is the provider role in use.
  fields: [
    // Start from a template (docs/decisions/067): its questions and settings are copied; a plain select, JS or not.
    {
      name: "template",
      labelKey: "svy_field_template",
      kind: "select",
      source: "dashboard/survey/template/",
      on: "create",
      helpKey: "svy_help_template",
    },
    { name: "name", labelKey: "field_name", kind: "text" },
    { name: "code", labelKey: "field_code", kind: "text" },
    {
      name: "survey_type",
      labelKey: "svy_field_type",
      kind: "select",
      source: "code:survey_type",
      helpKey: "svy_help_type",
    },
    { name: "category", labelKey: "field_category", kind: "select", source: "category-tree" },
    { name: "provider", labelKey: "field_provider", kind: "select", source: "provider", helpKey: "svy_help_provider" },
    { name: "contact", labelKey: "svy_field_contact", kind: "text" },
    { name: "desc", labelKey: "field_desc", kind: "textarea" },
    { name: "is_anonymous", labelKey: "svy_field_is_anonymous", kind: "checkbox", helpKey: "svy_help_is_anonymous" },
    { name: "is_editable", labelKey: "svy_field_is_editable", kind: "checkbox", helpKey: "svy_help_is_editable" },
    { name: "is_required", labelKey: "svy_field_is_required", kind: "checkbox", helpKey: "svy_help_is_required" },
    { name: "is_template", labelKey: "svy_field_is_template", kind: "checkbox" },
    // content_period_doing.datetime_end: answering closes then (after the start).
    { name: "datetime_end", labelKey: "svy_field_datetime_end", kind: "datetime", helpKey: "svy_help_datetime_end" },
  ],
  createDefaults: { survey_type: "1", is_editable: "on" },
  defaultTab: "information",
  // spec 000 §2.8: under /survey/{surveyid} domain, gamification, section, section/{sectionid}.
  tabs: [
    INFORMATION,
    { id: "domain", labelKey: "svy_tab_domain", action: "view", kind: "form", module: "routes/survey.domain.tsx" },
    {
      id: "section",
      labelKey: "svy_tab_section",
      action: "view",
      kind: "custom",
      module: "routes/request-form.section.tsx",
      children: [
        {
          id: "item",
          labelKey: "svy_tab_section_item",
          action: "view",
          kind: "custom",
          path: ":sectionid",
          param: "sectionid",
          paramList: "section/",
          module: "routes/request-form.section-item.tsx",
        },
      ],
    },
    GAMIFICATION,
  ],
  overall: [],
};
