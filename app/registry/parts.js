/**
 * The engine's pieces, declared once and listed by every content type (content.js, one file per
 * type) and master data kind (master.js) that has them: the generic list, create and item
 * modules, the list's generic parts, the form fields every type shares, and the tabs and overall
 * pages whose screens are the engine's (routes/content.*). A type lists these plus its own; never
 * a copy of them. Plain data (client-safe).
 *
 * @typedef {import("./content-typedefs.js").Tab} Tab
 * @typedef {import("./content-typedefs.js").Column} Column
 * @typedef {import("./content-typedefs.js").FormField} FormField
 * @typedef {import("./content-typedefs.js").Feature} Feature
 */
import { FEATURES } from "../../contract/features.js";

export const ENGINE_MODULES = {
  listModule: "routes/content.list.tsx",
  createModule: "routes/content.create.tsx",
  detailModule: "routes/content.detail.tsx",
};

/** @type {Tab} the engine's information tab: the type's form, saved whole. */
export const INFORMATION = {
  id: "information",
  labelKey: "tab_information",
  action: "view",
  kind: "form",
  module: "routes/content.tab-form.tsx",
};

/** @type {Tab} */
export const PERMISSION = {
  id: "permission",
  labelKey: "tab_permission",
  action: "change",
  kind: "table",
  module: "routes/content.permission.tsx",
  children: [
    {
      id: "admin",
      labelKey: "tab_permission_admin",
      action: "change",
      kind: "table",
      module: "routes/content.permission-admin.tsx",
      api: "permission/admin/",
    },
    {
      id: "condition",
      labelKey: "tab_permission_condition",
      action: "change",
      kind: "form",
      param: "permissionid",
      paramList: "permission/",
      module: "routes/content.permission-condition.tsx",
    },
  ],
  // spec 000 §2.3, §2.4, §2.9 "permission (admin, {permissionid} with condition)": a rule's own address is its condition page.
  aliases: [
    {
      id: "permission-rule",
      path: "permission/:permissionid",
      to: "permission/:permissionid/condition",
      lists: { permissionid: "permission/" },
    },
  ],
};

/**
 * @type {Tab} the sequence of a learning path or an onboarding plan (docs/decisions/099): its
 * contents of other types in order, with their dependencies, parent, name in the plan and
 * anonymity. Its calls: {path}/{id}/content/ (api/content/features/sequence/).
 */
export const SEQUENCE = {
  id: "curriculum",
  labelKey: "tab_curriculum",
  action: "view",
  kind: "table",
  module: "routes/content.sequence.tsx",
  api: "content/",
};

export const LIST = {
  filters: ["category", "provider", "publish_status"],
  // Where each filter's options come from (app/lms/content.server.ts optionsFor); publish status is a code list.
  filterSources: { category: "category-tree", provider: "provider" },
  filterCodes: { publish_status: "publish_status" },
  defaultOrdering: "-datetime_update",
};
/** @type {Column[]} */
export const NAME_COLUMNS = [
  { key: "name", labelKey: "col_name", sortable: true },
  { key: "code", labelKey: "col_code", sortable: true, kind: "code" },
  { key: "category", labelKey: "col_category", kind: "ref" },
  { key: "provider", labelKey: "col_provider", kind: "ref" },
];
/** @type {Column[]} */
export const STATE_COLUMNS = [
  { key: "publish_status", labelKey: "col_publish_status", kind: "publish" },
  { key: "datetime_update", labelKey: "col_updated", sortable: true, kind: "date" },
  { key: "is_display", labelKey: "col_display", kind: "display" },
];
// Presentation only: validation lives in the contract's schema (contract/schemas/content.ts),
// whose constraints the form reads; the config flag of each extra is in CONTENT_TAG_EXTRAS.
/** @type {FormField[]} */
export const HEAD_FIELDS = [
  { name: "name", labelKey: "field_name", kind: "text" },
  { name: "code", labelKey: "field_code", kind: "text" },
  { name: "category", labelKey: "field_category", kind: "select", source: "category-tree" },
  { name: "provider", labelKey: "field_provider", kind: "select", source: "provider" },
  { name: "content_level", labelKey: "field_content_level", kind: "select", source: "level" },
  // The learning program the content belongs to (issue 36 §3, docs/decisions/097); none by default.
  { name: "program", labelKey: "field_program", kind: "select", source: "learning-program" },
];
/** @type {FormField[]} */
export const TAIL_FIELDS = [
  { name: "tag_list", labelKey: "field_tag_list", kind: "multiselect", source: "tag/type/GENERAL" },
  { name: "is_environmental", labelKey: "field_is_environmental", kind: "checkbox" },
  { name: "desc", labelKey: "field_desc", kind: "textarea" },
  ...["cluster", "school", "course_type", "event_channel", "event_category", "event_type", "io_number"].map((name) => ({
    name,
    labelKey: `field_${name}`,
    kind: "multiselect",
    source: "tag-extra",
  })),
];
/** @type {Tab} */
export const PREREQUISITE = {
  id: "prerequisite",
  labelKey: "tab_prerequisite",
  action: "enrollment",
  kind: "table",
  module: "routes/content.enrollment-prerequisite.tsx",
};
/** @type {(children: Tab[]) => Tab} */
export const enrollmentTab = (children) => ({
  id: "enrollment",
  labelKey: "tab_enrollment",
  action: "enrollment",
  kind: "form",
  module: "routes/content.enrollment.tsx",
  children,
});
// The extras (issue 6 item 4, docs/decisions/012): anyone who may view the item sees them;
// changing needs its change flag (the e-certificate its certificate flag).
/** @type {Tab} */
export const COMPETENCY = {
  id: "competency",
  labelKey: "tab_competency",
  action: "view",
  kind: "table",
  feature: FEATURES.competency,
  module: "routes/content.tab-competency.tsx",
};
/** @type {(price: Feature) => Tab} the budget with its price page, which exists by `price`. */
export const budgetTab = (price) => ({
  id: "budget",
  labelKey: "tab_budget",
  action: "view",
  kind: "form",
  module: "routes/content.tab-budget.tsx",
  children: [
    {
      id: "price",
      labelKey: "tab_budget_price",
      action: "view",
      kind: "form",
      feature: price,
      module: "routes/content.tab-budget-price.tsx",
    },
    {
      id: "actual",
      labelKey: "tab_budget_actual",
      action: "view",
      kind: "form",
      module: "routes/content.tab-budget-actual.tsx",
    },
  ],
});
/** @type {Tab} */
export const ECERTIFICATE = {
  id: "ecertificate",
  labelKey: "tab_ecertificate",
  action: "view",
  kind: "form",
  module: "routes/content.tab-ecertificate.tsx",
};
/** @type {Tab} */
export const GAMIFICATION = {
  id: "gamification",
  labelKey: "tab_gamification",
  action: "view",
  kind: "table",
  feature: FEATURES.gamification,
  module: "routes/content.tab-gamification.tsx",
};
// The learner list with its enrolment page and export; the progress list with the bulk change's
// confirmation page, export and one learner's history (issue 6 items 5–6, docs/decisions/013, 017).
/** @type {Tab} */
export const LEARNER = {
  id: "learner",
  labelKey: "overall_learner",
  action: "learner",
  kind: "table",
  module: "routes/content.overall-learner.tsx",
  children: [
    {
      id: "enroll",
      labelKey: "enr_enroll_title",
      action: "learner",
      kind: "custom",
      module: "routes/content.overall-enroll.tsx",
    },
    {
      id: "export",
      labelKey: "enr_export",
      action: "export",
      kind: "custom",
      module: "routes/content.overall-export.tsx",
    },
  ],
};
/**
 * @type {Tab} what waits for an administrator on the content: enrolments waiting and completions
 * to verify, with the pages where each is dealt with (spec 000 §2.6 "overall with inbox").
 */
export const INBOX = {
  id: "inbox",
  labelKey: "overall_inbox",
  action: "learner",
  kind: "table",
  module: "routes/content.overall-inbox.tsx",
};
/** @type {(own?: Tab[]) => Tab} the progress list, with a type's own sub-pages after the engine's. */
export const progressOverall = (own = []) => ({
  id: "progress",
  labelKey: "overall_progress",
  action: "progress",
  kind: "table",
  module: "routes/content.overall-progress.tsx",
  children: [
    {
      id: "bulk",
      labelKey: "enr_bulk_title",
      action: "progress",
      kind: "custom",
      module: "routes/content.overall-bulk.tsx",
    },
    {
      id: "export",
      labelKey: "enr_export",
      action: "export",
      kind: "custom",
      module: "routes/content.overall-export.tsx",
    },
    {
      id: "history",
      labelKey: "enr_history_title",
      action: "progress",
      kind: "table",
      param: "enrollmentid",
      paramList: "progress/",
      module: "routes/content.overall-progress-history.tsx",
    },
    ...own,
  ],
});
/** @type {Tab} */
export const SURVEY = {
  id: "survey",
  labelKey: "tab_survey",
  action: "view",
  kind: "table",
  module: "routes/content.tab-survey.tsx",
  // An attached survey's results among the content's learners, and their individual answers as
  // xlsx/csv (docs/decisions/081), reached from the tab's rows.
  children: [
    {
      id: "result",
      labelKey: "ext_survey_results",
      action: "view",
      kind: "custom",
      param: "surveyrowid",
      paramList: "survey/",
      bar: false,
      module: "routes/content.survey-result.tsx",
    },
    {
      id: "result-export",
      path: ":surveyrowid/result/export",
      labelKey: "ext_survey_results_export",
      action: "export",
      kind: "custom",
      param: "surveyrowid",
      paramList: "survey/",
      bar: false,
      module: "routes/content.survey-result-export.tsx",
    },
  ],
};
/** @type {Tab} The overall landing page, overall/: each overall page with its counts (docs/decisions/021). */
export const OVERALL_INDEX = {
  id: "index",
  labelKey: "overall_title",
  action: "view",
  kind: "custom",
  module: "routes/content.overall-index.tsx",
};

/**
 * The tabs of a type that strings contents together — a learning path, "the same tabs as an
 * activity", and onboarding, "same tabs as a learning path" (spec 000 §2.6): information, its
 * sequence, enrollment with prerequisites behind the type's `dependency` switch, permission,
 * competency, budget with actual and price, e-certificate, gamification.
 * @param {Feature} dependency
 * @returns {Tab[]}
 */
export const sequenceHolderTabs = (dependency) => [
  INFORMATION,
  SEQUENCE,
  enrollmentTab([{ ...PREREQUISITE, feature: dependency }]),
  PERMISSION,
  COMPETENCY,
  budgetTab(FEATURES.price),
  ECERTIFICATE,
  GAMIFICATION,
];
/** @type {Tab[]} their overall pages: the inbox, learners and progress (spec 000 §2.6 "overall with inbox"). */
export const SEQUENCE_HOLDER_OVERALL = [INBOX, LEARNER, progressOverall()];
