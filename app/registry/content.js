/**
 * THE content registry (spec 000 §2.3–§2.12): for each content type its key, URL segment, API
 * path, permission module, list columns and filters, form fields, tabs (with their sub-pages and
 * the flag of each), overall pages and default tab. The route table, the menu, the tab bars, the
 * breadcrumbs and every guard read it; nothing repeats it. Plain data, safe for the client.
 *
 * A tab or page with a `module` is built and gets a route; one without is declared (so the tree is
 * complete) but gets no route and no tab until its screen exists.
 *
 * @typedef {string | readonly string[]} Feature  config switch names (contract/features.js)
 * @typedef {"view"|"add"|"change"|"delete"|"publish"|"transaction"|"progress"|"certificate"|"enrollment"|"learner"|"export"} Action
 * @typedef {{ id: string, labelKey: string, action?: Action, kind?: "form"|"table"|"review"|"custom", module?: string, children?: Tab[], param?: string, paramList?: string, feature?: Feature, path?: string, lists?: Record<string, string>, api?: string, flagOnly?: boolean, post?: Record<string, string>, bar?: false, mountedOnly?: boolean, texts?: Record<string, string>, aliases?: import("./aliases.js").SpecAlias[] }} Tab
 *   `aliases`: spec addresses the page serves under another path (aliases.js): each a redirect route.
 *   `texts`: dictionary keys a module serving several tabs shows for this one instead of its own
 *   (a class's material tab, the engine's curriculum page: title, intro, empty; docs/decisions/045).
 *   `mountedOnly`: a tab only where the type is mounted under another's item (a program's class
 *   settings, mounts.js; docs/decisions/047): no route and no tab for the type on its own.
 *   `bar: false`: a sub-page left out of the sub-page bar because its tab's page links to it
 *   itself (a class's "Add a session", beside the sessions it adds to).
 *   `post`: what its action needs per form intent, as flags, when they are not its type's (a
 *   program's class list shows, hides and deletes classes: the class's flags).
 *   `feature`: the config switch(es) the page exists by (app/registry/features.js, docs/decisions/020).
 *   `api`: the API path under the item that a module serving several tabs calls for this one
 *   (the administrators: a content's `permission/admin/`, a provider's `admin/`; docs/decisions/035);
 *   a `{param}` in it is that route parameter's value (a class session's surveys:
 *   `session/{sessionid}/survey/`, docs/decisions/045).
 *   A sub-page with a `param` is one row's page, `{tab}/:{param}/{id}` (a permission rule's
 *   condition): it is reached from the tab's rows, not from the sub-page bar; `paramList` is the
 *   API list (under the item's path) whose rows' ids fill the parameter. `path`: its own path under
 *   the tab or `overall/` when it is not its id (activity's `checkin/:slotid?`); `lists` then names
 *   where each parameter's values come from, as an ItemPage's.
 * @typedef {{ id: string, path: string, labelKey: string, action?: Action, module: string, lists?: Record<string, string>, summary?: string }} ItemPage
 *   A page of an item outside the tab bar, at its own `path` under the item (spec 000 §2.5
 *   `identification/{transactionid?}`…); `lists` names, per path parameter, the API list under
 *   the item whose rows' ids fill it (`{param}` in it: that parameter's value); `summary` the
 *   key of its figures on the overall landing page (overall pages use their id).
 * @typedef {{ key: string, labelKey: string, sortable?: boolean, kind?: "text"|"code"|"ref"|"publish"|"display"|"date"|"image"|"active"|"label", labelPrefix?: string }} Column
 *   `active`: an account's state (active / inactive); `label`: a code shown as the key `{labelPrefix}{value}`.
 * @typedef {{ name: string, labelKey: string, kind: "text"|"textarea"|"select"|"multiselect"|"checkbox"|"password"|"email"|"tel"|"date"|"datetime"|"number"|"decimal"|"hidden"|"account", source?: string, on?: "create"|"edit", feature?: Feature, call?: { path: string, key: string }, noneKey?: string, helpKey?: string, showWhen?: { field: string, values: string[] } }} FormField
 *   `showWhen`: shown only while the form's field `field` holds one of `values` (a checkbox: "on"),
 *   and while that field is shown itself: a choice's own fields (an assignment's expiry date only
 *   with "until a date"). Not shown, it is not posted; without JavaScript the choice's "show its
 *   fields" button (intent `choose`) brings the form back as typed with its fields (docs/decisions/075).
 *   `source`: a filter list, "category-tree", "tag-extra", `code:{name}` (a code list), or a list's
 *   full API path when it lives beside its data (`dashboard/location/filter/`, docs/decisions/039).
 *   `on: "create"`: the field is on the create page only (a password, a kind chosen once); `"edit"`:
 *   on the information tab only (a field saved by its own call, which needs the item's id).
 *   `helpKey`: a text shown under the field, saying what the setting does.
 *   `feature`: the config switch(es) the field exists by (docs/decisions/020): off, it is neither
 *   shown nor posted.
 *   `account`: one account among all of them, searched (app/lms/account-field.server.ts): its
 *   `source` is an account list taking `search` and `id_list` (its query applies to the search),
 *   `noneKey` labels the "no account" choice.
 *   `call`: the field is not part of the item's own PATCH but sent by its own call after it, as
 *   spec 002 §7 names one (`{id}` the item's id; the body `{[key]: value}`, blank → null): the
 *   class's event zone, `location/zone/event/{id}/` with `zone` (docs/decisions/043).
 * @typedef {{
 *   key: string, segment: string, param: string, api: string, module: string, labelKey: string, nounKey: string, i18n: string[], menuSection: string,
 *   listModule?: string, createModule?: string, detailModule?: string, cancelKind?: string, schema: string, viewScopes?: string[], administeredBy?: "group",
 *   columns: Column[], filters: string[], filterSources: Record<string, string>, defaultOrdering: string, fields: FormField[],
 *   defaultTab: string, tabs: Tab[], overall: Tab[], feature?: Feature, overallIndex?: Tab, pages?: ItemPage[],
 *   publish?: boolean, cover?: boolean, deletable?: boolean, nameFields?: string[], codeField?: string,
 *   filterCodes?: Record<string, string>, listPages?: ListPage[], listScreens?: string[], listExport?: string, searchKey?: string,
 *   readOnly?: { noticeKey: string, atField?: string, refusalKey: string, reason?: { field: string, key: string } }, createDefaults?: Record<string, string>, coverUnpublishes?: boolean,
 *   permissionKeys?: { title: string, intro: string }, library?: { of: string }
 * }} ContentType
 *   `library`: a content library type (library.js, docs/decisions/071): `of` the organisation's type it repeats.
 *   `permissionKeys`: the permission tab's title and intro in the type's namespace, for a type whose
 *   rules grant something other than seeing and enrolling (a test bank: who may use it).
 *   `coverUnpublishes: false`: removing its cover image leaves it published (a class program).
 *   `createDefaults`: what the create form shows before the user changes it (form values: a
 *   ticked box is "on"), where the spec gives a default (a class's check-in options).
 *   The traits of a kind without them (master.js): `publish: false` (no publish panel, badge or
 *   show/hide), `cover: false` (no image), `deletable: false`; `nameFields` / `codeField` name a
 *   row without `name` / `code` (a user: first and last name, username); `filterCodes` the list
 *   filters whose options are a code list (app/lms/code-options.ts), not a filter list;
 *   `listPages` the pages beside the list; `listScreens` ids of screens (screens.js) the list links to;
 *   `listExport` the id of the resource screen (screens.js) that exports the list as xlsx/csv;
 *   `searchKey` the list search's placeholder when it looks in more than name and code.
 *   `readOnly`: its items can become read-only for good (a cancelled class, docs/decisions/040):
 *   an item the API answers with `is_read_only: true` has no publish panel (its publish action
 *   refuses with `refusalKey`) and shows `noticeKey` above its tabs, with `{{date}}` the item's
 *   `atField` (when it became so), and `reason.key` with `{{reason}}` its `reason.field` (why) when set.
 * @typedef {{ id: string, path: string, labelKey: string, module: string, action?: Action, flag?: string, menu?: boolean, under?: string, params?: Record<string, { api: string }>, post?: Record<string, string> }} ListPage
 *   A page beside a type's list, `{segment}/{path}` (the user area's departments, levels,
 *   history): guarded by the type's flag for `action`, or by its own `flag` (departments have
 *   their own module); `menu`: listed in the type's menu section too; `under`: linked from that
 *   list page's header instead of the list's. A path parameter (one department's page) needs
 *   `params`: the API list whose first id the route tests request (route-manifest.js
 *   ParamSource); such a page is reached from rows, never linked. `post`: what its action needs
 *   per form intent, a flag (as a screen's `post`), since its flag may not be the type's.
 *   `i18n`: the type's own dictionary namespaces (contract/i18n/{ns}.*.json), which its pages render
 *   beside the engine's (app/i18n/namespaces.ts); the first holds its nouns and its own tab labels.
 *   Its menu label (`labelKey`) is the shell's, as the menu is on every page.
 *   `nounKey`: the dictionary key of the type's noun as the engine's texts say it ("course"), in
 *   its first namespace; with it `{nounKey}_title` ("Course", a sentence's first word), `_a` ("a
 *   course"), `_a_title` ("A course") and `_plural_title` ("Courses"). Engine texts name the type
 *   by `{{noun}}`, `{{Noun}}`, `{{a_noun}}`, `{{A_noun}}` and `{{Nouns}}`, which the engine's
 *   translator fills (app/components/content/use-content-translation.ts).
 */

import { FEATURES } from "../../contract/features.js";
import { ENGINE_MODULES, PERMISSION } from "./parts.js";
import { classType } from "./class.js";
import { classProgramType } from "./class-program.js";
import { surveyType } from "./survey.js";
import { liveType } from "./live.js";
import { mediaTypes } from "./media.js";
import { libraryTypes } from "./library.js";
import { testbankType } from "./testbank.js";
import { testType } from "./test.js";
import { MOUNTS } from "./mounts.js";
import { aliasesOf } from "./aliases.js";

/*
 * The engine's pieces, declared once and listed by every type that has them: the list's generic
 * parts, the form fields every type shares, and the tabs and overall pages whose screens are the
 * engine's (routes/content.*). A type lists these plus its own.
 */
const LIST = {
  filters: ["category", "provider", "publish_status"],
  // Where each filter's options come from (app/lms/content.server.ts optionsFor); publish status is a code list.
  filterSources: { category: "category-tree", provider: "provider" },
  filterCodes: { publish_status: "publish_status" },
  defaultOrdering: "-datetime_update",
};
/** @type {Column[]} */
const NAME_COLUMNS = [
  { key: "name", labelKey: "col_name", sortable: true },
  { key: "code", labelKey: "col_code", sortable: true, kind: "code" },
  { key: "category", labelKey: "col_category", kind: "ref" },
  { key: "provider", labelKey: "col_provider", kind: "ref" },
];
/** @type {Column[]} */
const STATE_COLUMNS = [
  { key: "publish_status", labelKey: "col_publish_status", kind: "publish" },
  { key: "datetime_update", labelKey: "col_updated", sortable: true, kind: "date" },
  { key: "is_display", labelKey: "col_display", kind: "display" },
];
// Presentation only: validation lives in the contract's schema (contract/schemas/content.ts),
// whose constraints the form reads; the config flag of each extra is in CONTENT_TAG_EXTRAS.
/** @type {FormField[]} */
const HEAD_FIELDS = [
  { name: "name", labelKey: "field_name", kind: "text" },
  { name: "code", labelKey: "field_code", kind: "text" },
  { name: "category", labelKey: "field_category", kind: "select", source: "category-tree" },
  { name: "provider", labelKey: "field_provider", kind: "select", source: "provider" },
  { name: "content_level", labelKey: "field_content_level", kind: "select", source: "level" },
];
/** @type {FormField[]} */
const TAIL_FIELDS = [
  { name: "tag_list", labelKey: "field_tag_list", kind: "multiselect", source: "tag/type/GENERAL" },
  { name: "is_environmental", labelKey: "field_is_environmental", kind: "checkbox" },
  { name: "desc", labelKey: "field_desc", kind: "textarea" },
  ...["cluster", "school", "course_type", "event_channel", "event_category", "event_type", "io_number"].map((name) => ({ name, labelKey: `field_${name}`, kind: "multiselect", source: "tag-extra" })),
];
/** @type {Tab} */
const PREREQUISITE = { id: "prerequisite", labelKey: "tab_prerequisite", action: "enrollment", kind: "table", module: "routes/content.enrollment-prerequisite.tsx" };
/** @type {(children: Tab[]) => Tab} */
const enrollmentTab = (children) => ({ id: "enrollment", labelKey: "tab_enrollment", action: "enrollment", kind: "form", module: "routes/content.enrollment.tsx", children });
// The extras (issue 6 item 4, docs/decisions/012): anyone who may view the item sees them;
// changing needs its change flag (the e-certificate its certificate flag).
/** @type {Tab} */
const COMPETENCY = { id: "competency", labelKey: "tab_competency", action: "view", kind: "table", feature: FEATURES.competency, module: "routes/content.tab-competency.tsx" };
/** @type {(price: Feature) => Tab} the budget with its price page, which exists by `price`. */
const budgetTab = (price) => ({
  id: "budget", labelKey: "tab_budget", action: "view", kind: "form", module: "routes/content.tab-budget.tsx",
  children: [
    { id: "price", labelKey: "tab_budget_price", action: "view", kind: "form", feature: price, module: "routes/content.tab-budget-price.tsx" },
    { id: "actual", labelKey: "tab_budget_actual", action: "view", kind: "form", module: "routes/content.tab-budget-actual.tsx" },
  ],
});
/** @type {Tab} */
const ECERTIFICATE = { id: "ecertificate", labelKey: "tab_ecertificate", action: "view", kind: "form", module: "routes/content.tab-ecertificate.tsx" };
/** @type {Tab} */
const GAMIFICATION = { id: "gamification", labelKey: "tab_gamification", action: "view", kind: "table", feature: FEATURES.gamification, module: "routes/content.tab-gamification.tsx" };
// The learner list with its enrolment page and export; the progress list with the bulk change's
// confirmation page, export and one learner's history (issue 6 items 5–6, docs/decisions/013, 017).
/** @type {Tab} */
const LEARNER = {
  id: "learner", labelKey: "overall_learner", action: "learner", kind: "table", module: "routes/content.overall-learner.tsx",
  children: [
    { id: "enroll", labelKey: "enr_enroll_title", action: "learner", kind: "custom", module: "routes/content.overall-enroll.tsx" },
    { id: "export", labelKey: "enr_export", action: "export", kind: "custom", module: "routes/content.overall-export.tsx" },
  ],
};
/** @type {(own?: Tab[]) => Tab} the progress list, with a type's own sub-pages after the engine's. */
const progressOverall = (own = []) => ({
  id: "progress", labelKey: "overall_progress", action: "progress", kind: "table", module: "routes/content.overall-progress.tsx",
  children: [
    { id: "bulk", labelKey: "enr_bulk_title", action: "progress", kind: "custom", module: "routes/content.overall-bulk.tsx" },
    { id: "export", labelKey: "enr_export", action: "export", kind: "custom", module: "routes/content.overall-export.tsx" },
    { id: "history", labelKey: "enr_history_title", action: "progress", kind: "table", param: "enrollmentid", paramList: "progress/", module: "routes/content.overall-progress-history.tsx" },
    ...own,
  ],
});
/** @type {Tab} */
const SURVEY = {
  id: "survey", labelKey: "tab_survey", action: "view", kind: "table", module: "routes/content.tab-survey.tsx",
  // An attached survey's results among the content's learners, and their individual answers as
  // xlsx/csv (docs/decisions/081), reached from the tab's rows.
  children: [
    { id: "result", labelKey: "ext_survey_results", action: "view", kind: "custom", param: "surveyrowid", paramList: "survey/", bar: false, module: "routes/content.survey-result.tsx" },
    { id: "result-export", path: ":surveyrowid/result/export", labelKey: "ext_survey_results_export", action: "export", kind: "custom", param: "surveyrowid", paramList: "survey/", bar: false, module: "routes/content.survey-result-export.tsx" },
  ],
};
/** @type {Tab} The overall landing page, overall/: each overall page with its counts (docs/decisions/021). */
const OVERALL_INDEX = { id: "index", labelKey: "overall_title", action: "view", kind: "custom", module: "routes/content.overall-index.tsx" };

/** @type {ContentType[]} */
export const CONTENT_TYPES = [
  {
    key: "course",
    segment: "course",
    param: "courseid",
    api: "dashboard/course/",
    module: "course",
    labelKey: "content_course",
    nounKey: "noun_course",
    i18n: ["course"],
    menuSection: "content",
    ...ENGINE_MODULES,
    // The cancel types its enrollment allows (contract/codes.ts CANCEL_TYPES_ALLOWED).
    cancelKind: "course",
    // Its form schemas: contract/schemas/content.ts CONTENT_SCHEMAS[schema].
    schema: "course",
    columns: [{ key: "image", labelKey: "col_cover", kind: "image" }, ...NAME_COLUMNS, ...STATE_COLUMNS],
    ...LIST,
    fields: [...HEAD_FIELDS, { name: "instructor_list", labelKey: "field_instructor_list", kind: "multiselect", source: "instructor" }, ...TAIL_FIELDS],
    defaultTab: "information",
    // spec 000 §2.5: budget, competency, curriculum (identification), ecertificate, enrollment
    // (identification, prerequisite), gamification, information (review), permission, survey.
    tabs: [
      {
        id: "information", labelKey: "tab_information", action: "view", kind: "form", module: "routes/content.tab-form.tsx",
        children: [{ id: "review", labelKey: "tab_review", action: "view", kind: "review", module: "routes/course.review.tsx" }],
      },
      {
        id: "curriculum", labelKey: "tab_curriculum", action: "change", kind: "custom", module: "routes/content.curriculum.tsx",
        children: [{ id: "identification", labelKey: "tab_identification", action: "change", kind: "form", module: "routes/content.curriculum-identification.tsx" }],
      },
      enrollmentTab([
        { id: "identification", labelKey: "tab_identification", action: "enrollment", kind: "form", module: "routes/content.enrollment-identification.tsx" },
        { ...PREREQUISITE, feature: FEATURES.courseDependency },
      ]),
      PERMISSION,
      COMPETENCY,
      budgetTab(FEATURES.coursePrice),
      ECERTIFICATE,
      GAMIFICATION,
      SURVEY,
    ],
    overall: [
      LEARNER,
      progressOverall(),
      { id: "discussion", labelKey: "overall_discussion", action: "view", kind: "table", module: "routes/content.overall-discussion.tsx" },
      { id: "identification", labelKey: "overall_identification", action: "view", kind: "table", module: "routes/content.overall-identification.tsx" },
    ],
    overallIndex: OVERALL_INDEX,
    // spec 000 §2.5 identification/{transactionid?} with curriculum and {progressid?}: the
    // identification sessions of the course's learners (docs/decisions/021).
    pages: [
      { id: "identification", path: "identification", labelKey: "idt_title", action: "view", summary: "transaction", module: "routes/content.identification.tsx" },
      { id: "identification.transaction", path: "identification/:transactionid", labelKey: "idt_transaction", action: "view", module: "routes/content.identification-transaction.tsx", lists: { transactionid: "identification/transaction/" } },
      { id: "identification.curriculum", path: "identification/:transactionid/curriculum", labelKey: "idt_curriculum", action: "view", module: "routes/content.identification-curriculum.tsx", lists: { transactionid: "identification/transaction/" } },
      {
        id: "identification.progress", path: "identification/:transactionid/:progressid", labelKey: "idt_progress", action: "progress", module: "routes/content.identification-progress.tsx",
        lists: { transactionid: "identification/transaction/", progressid: "identification/transaction/{transactionid}/progress/" },
      },
    ],
  },
  {
    // Activity (spec 000 §2.3, docs/decisions/023): the engine's tabs, plus its checklists with
    // their inspectors, the verify page, and the overall pages per checklist (slot).
    key: "activity",
    segment: "activity",
    param: "activityid",
    api: "dashboard/activity/",
    module: "activity",
    labelKey: "content_activity",
    nounKey: "noun_activity",
    i18n: ["activity", "activityOverall"],
    menuSection: "content",
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
      { id: "information", labelKey: "tab_information", action: "view", kind: "form", module: "routes/content.tab-form.tsx" },
      {
        id: "checklist", labelKey: "tab_checklist", action: "view", kind: "table", module: "routes/activity.checklist.tsx",
        children: [{ id: "inspector", labelKey: "tab_inspector", action: "view", kind: "table", module: "routes/activity.checklist-inspector.tsx" }],
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
        id: "checkin", path: "checkin/:slotid?", lists: { slotid: "checklist/" }, labelKey: "overall_checkin", action: "progress", kind: "table", module: "routes/activity.overall-checkin.tsx",
        // The spec's spelling (spec 000 §2.3 "check-in (optional {slotid})"), as a class's overall/check-in.
        aliases: [{ id: "check-in", path: "overall/check-in/:slotid?", to: "overall/checkin/:slotid?" }],
      },
      LEARNER,
      // One checklist's slots: overall/progress/{slotid}.
      progressOverall([{ id: "slot", path: ":slotid", lists: { slotid: "checklist/" }, labelKey: "act_slot_progress", action: "progress", kind: "table", module: "routes/activity.overall-slot-progress.tsx" }]),
      { id: "usage", path: "usage/:usage_type?", labelKey: "overall_usage", action: "view", kind: "custom", module: "routes/activity.overall-usage.tsx" },
      { id: "verify", path: "verify/:slotid?", lists: { slotid: "checklist/" }, labelKey: "overall_verify", action: "progress", kind: "table", module: "routes/activity.overall-verify.tsx" },
    ],
    overallIndex: OVERALL_INDEX,
    pages: [
      { id: "checklist.item", path: "checklist/:checklistid", labelKey: "act_checklist_title", action: "view", module: "routes/activity.checklist-item.tsx", lists: { checklistid: "checklist/" } },
      {
        id: "checklist.verify", path: "checklist/:checklistid?/slot/:slotid?/verify/:view_type?", labelKey: "act_verify_title", action: "progress", module: "routes/activity.slot-verify.tsx",
        lists: { checklistid: "checklist/", slotid: "checklist/{checklistid}/slot/" },
      },
    ],
  },
  // Class (spec 000 §2.4, docs/decisions/040): app/registry/class.js, from the engine's pieces above.
  classType({ LIST, NAME_COLUMNS, STATE_COLUMNS, HEAD_FIELDS, TAIL_FIELDS, PREREQUISITE, enrollmentTab, COMPETENCY, budgetTab, ECERTIFICATE, GAMIFICATION, SURVEY, LEARNER, progressOverall, OVERALL_INDEX }),
  // Class program (spec 000 §2.4, docs/decisions/044): app/registry/class-program.js; its classes open under it (mounts.js).
  classProgramType({ LIST, NAME_COLUMNS, STATE_COLUMNS, HEAD_FIELDS, TAIL_FIELDS, COMPETENCY }),
  // Survey (spec 000 §2.8, docs/decisions/062): app/registry/survey.js; its questions are the one form builder's.
  surveyType({ NAME_COLUMNS, STATE_COLUMNS, GAMIFICATION }),
  // Live session (spec 000 §2.7, docs/decisions/066): app/registry/live.js.
  liveType({ NAME_COLUMNS, STATE_COLUMNS, HEAD_FIELDS, TAIL_FIELDS, LIST, enrollmentTab, budgetTab, LEARNER, progressOverall, OVERALL_INDEX }),
  // Test bank (spec 000 §2.8, docs/decisions/063): app/registry/testbank.js; its questions are the test question store's.
  testbankType({ NAME_COLUMNS, HEAD_FIELDS, TAIL_FIELDS }),
  // Test (spec 000 §2.8, docs/decisions/064): app/registry/test.js; attempts and overall pages from test-overall.js.
  testType({ LIST, NAME_COLUMNS, STATE_COLUMNS, HEAD_FIELDS, TAIL_FIELDS, PREREQUISITE, enrollmentTab, COMPETENCY, GAMIFICATION, OVERALL_INDEX }),
  // Media: article, audio, document, external video, flash card, video (spec 000 §2.9, docs/decisions/069): app/registry/media.js, one factory.
  ...mediaTypes({ NAME_COLUMNS, STATE_COLUMNS, HEAD_FIELDS, TAIL_FIELDS, LIST, enrollmentTab, GAMIFICATION, LEARNER, progressOverall, OVERALL_INDEX }),
];

// The content library (`/coniclex…`, docs/decisions/071): the same types again over the
// library's collection (app/registry/library.js), after the organisation's.
CONTENT_TYPES.push(...libraryTypes(CONTENT_TYPES));

/**
 * The flag of an action on a content type: `{module}_{action}_{module}` (contract/permissions.ts).
 * @param {ContentType} type
 * @param {Action} action
 */
export const contentFlag = (type, action) => `${type.module}_${action}_${type.module}`;

/**
 * The flags besides `contentFlag(type, action)` that also let an account do `action`: for "view",
 * the view scopes the type understands (`{module}_view_{module}_by_{scope}`: an inspector without
 * the activity view flag sees the activities they inspect, spec 002 §6); the API narrows the rows.
 * @param {ContentType} type
 * @param {Action} action
 * @returns {string[]}
 */
export const alsoFlags = (type, action, opts = {}) => [
  ...(action === "view" ? (type.viewScopes ?? []).map((s) => `${type.module}_view_${type.module}_by_${s}`) : []),
  ...adminGuards(type, action, opts),
];

/**
 * For a kind whose items name their administrators (`administeredBy`, spec 001 §3 admin_list), an
 * account administering one of them views and changes it without the kind's flags: the guard
 * `administers_{kind}` (contract/permissions.ts answerHolds), the API narrowing to its items. Not
 * for a page marked `flagOnly` (who administers an item stays the flag's business: decision 041).
 * @param {ContentType} type
 * @param {Action} action
 * @param {{ flagOnly?: boolean }} [opts]
 * @returns {string[]}
 */
export const adminGuards = (type, action, opts = {}) =>
  type.administeredBy && !opts.flagOnly && (action === "view" || action === "change") ? [`administers_${type.administeredBy}`] : [];

/**
 * Content type by its URL segment.
 * @param {string} segment
 */
export const contentBySegment = (segment) => CONTENT_TYPES.find((t) => t.segment === segment);

/**
 * Built tabs (with a module), children included, in declaration order.
 * @param {Tab[]} tabs
 * @returns {(Tab & { children: Tab[] })[]}
 */
export const builtTabs = (tabs) =>
  tabs.filter((t) => t.module).map((t) => ({ ...t, children: (t.children ?? []).filter((c) => c.module) }));

/**
 * A sub-page's path under its tab or overall page: its own `path`, else `:{param}/{id}` (one row's
 * page) or `{id}`.
 * @param {Tab} child
 */
const subPath = (child) => child.path ?? (child.param ? `:${child.param}/${child.id}` : child.id);

/**
 * Where a page's path parameters come from: `param`/`paramList` or `lists`.
 * @param {Tab} page
 */
const paramsOf = (page) => ({
  ...(page.param ? { param: page.param, paramList: page.paramList } : {}),
  ...(page.lists ? { lists: page.lists } : {}),
});

/**
 * Every route the registry yields: id, URL path under /dashboard/, module, the flag that guards it
 * and the content type. routes.table.js defines them; the permission matrix test walks them.
 */
export function contentRoutes(types = CONTENT_TYPES) {
  return routesOf(types).map((r) => withAlso(r, types));
}

/** A route and its children with the flags that also pass its guard (alsoFlags). */
function withAlso(route, types) {
  const type = types.find((t) => t.key === route.type);
  const action = route.flag.slice(type.module.length + 1, -(type.module.length + 1));
  const also = alsoFlags(type, action, { flagOnly: route.flagOnly });
  return { ...route, ...(also.length ? { alsoBy: also } : {}), ...(route.children ? { children: route.children.map((c) => withAlso(c, types)) } : {}) };
}

function routesOf(types) {
  const out = [];
  for (const type of types) {
    const base = type.segment;
    const item = `${base}/:${type.param}`;
    if (type.listModule) out.push({ id: `${type.key}.list`, path: base, module: type.listModule, flag: contentFlag(type, "view"), type: type.key });
    for (const page of type.listPages ?? []) {
      out.push({
        id: `${type.key}.list.${page.id}`, path: `${base}/${page.path}`, module: page.module, flag: page.flag ?? contentFlag(type, page.action ?? "view"), type: type.key, listPage: page.id,
        ...(page.params ? { params: page.params } : {}),
        ...(page.post ? { post: page.post } : {}),
      });
    }
    if (type.createModule) out.push({ id: `${type.key}.create`, path: `${base}/create`, module: type.createModule, flag: contentFlag(type, "add"), type: type.key });
    if (type.detailModule) out.push(detailRoute(type, item, type.key, false));
    // The same create and item pages under each type it is mounted in (mounts.js): a class of a
    // program at class-program/:classprogramid/class/:classid/…, served by the same modules.
    for (const m of MOUNTS.filter((x) => x.child === type.segment)) {
      const parent = types.find((t) => t.segment === m.parent);
      if (!parent) continue;
      const under = `${parent.segment}/:${parent.param}/${m.path}`;
      const prefix = `${parent.key}.${type.key}`;
      const mounted = { mountedIn: parent.key, mountParam: parent.param, mountList: `${m.path}/` };
      if (type.createModule) out.push({ id: `${prefix}.create`, path: `${under}/create`, module: type.createModule, flag: contentFlag(type, "add"), type: type.key, ...mounted });
      if (type.detailModule) {
        const detail = detailRoute(type, `${under}/:${type.param}`, prefix, true);
        out.push({ ...detail, ...mounted, children: detail.children.map((c) => ({ ...c, ...mounted })) });
      }
    }
  }
  return out;
}

/**
 * An item's layout route at `path` with its tabs, overall pages and item pages as children, ids
 * under `idPrefix` (the type's key, or `{parent}.{type}` where it is mounted; `mounted`: its
 * `mountedOnly` tabs too).
 */
function detailRoute(type, path, idPrefix, mounted) {
  const detail = { id: `${idPrefix}.detail`, path, module: type.detailModule, flag: contentFlag(type, "view"), type: type.key, children: [] };
  for (const tab of builtTabs(type.tabs).filter((t) => mounted || !t.mountedOnly)) {
    // A tab's own `path` may carry an optional parameter (a class's `checkin/:checkinid?`, its `lists` the values).
    detail.children.push({ id: `${idPrefix}.tab.${tab.id}`, path: tab.path ?? tab.id, module: tab.module, flag: contentFlag(type, tab.action ?? "view"), type: type.key, tab: tab.id, ...(tab.flagOnly ? { flagOnly: true } : {}), ...(tab.post ? { post: tab.post } : {}), ...(tab.lists ? { lists: tab.lists } : {}) });
    for (const child of tab.children) {
      const path = `${tab.id}/${subPath(child)}`;
      detail.children.push({ id: `${idPrefix}.tab.${tab.id}.${child.id}`, path, module: child.module, flag: contentFlag(type, child.action ?? "view"), type: type.key, tab: tab.id, sub: child.id, ...paramsOf(child), ...(child.post ? { post: child.post } : {}) });
    }
  }
  for (const page of builtTabs(type.overall)) {
    detail.children.push({ id: `${idPrefix}.overall.${page.id}`, path: `overall/${page.path ?? page.id}`, module: page.module, flag: contentFlag(type, page.action ?? "view"), type: type.key, overall: page.id, ...paramsOf(page) });
    // Sub-pages of an overall page are its siblings (overall/{page}/{child}), so the page
    // itself needs no <Outlet/> and a child without a component is a resource route. A child
    // with a `param` is one row's page: overall/{page}/:{param}/{child}.
    for (const child of page.children) {
      const path = `overall/${page.id}/${subPath(child)}`;
      detail.children.push({ id: `${idPrefix}.overall.${page.id}.${child.id}`, path, module: child.module, flag: contentFlag(type, child.action ?? "view"), type: type.key, overall: page.id, sub: child.id, ...paramsOf(child) });
    }
  }
  if (type.overallIndex?.module) detail.children.push({ id: `${idPrefix}.overall`, path: "overall", module: type.overallIndex.module, flag: contentFlag(type, type.overallIndex.action ?? "view"), type: type.key, overall: "index" });
  for (const page of type.pages ?? []) {
    detail.children.push({ id: `${idPrefix}.page.${page.id}`, path: page.path, module: page.module, flag: contentFlag(type, page.action ?? "view"), type: type.key, page: page.id, ...(page.lists ? { lists: page.lists } : {}) });
  }
  // Spec addresses its pages serve under another path (aliases.js): a redirect with the page's guard.
  for (const alias of aliasesOf({ tabs: builtTabs(type.tabs).filter((t) => mounted || !t.mountedOnly), overall: type.overall })) {
    detail.children.push({ id: `${idPrefix}.alias.${alias.id}`, path: alias.path, module: "routes/content.alias.tsx", flag: contentFlag(type, alias.action), type: type.key, alias: alias.id, ...(alias.lists ? { lists: alias.lists } : {}) });
  }
  return detail;
}
