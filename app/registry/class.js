/**
 * Class (spec 000 §2.4, docs/decisions/040) as a content registry entry. Its own file because
 * content.js is long; content.js calls `classType` with the engine's pieces it declares, so the
 * class lists exactly the engine tabs course and activity list, never copies of them.
 *
 * @typedef {import("./content.js").ContentType} ContentType
 * @typedef {import("./content.js").Tab} Tab
 */
import { FEATURES } from "../../contract/features.js";
import { ENGINE_MODULES, PERMISSION } from "./parts.js";

/**
 * @param {{ LIST: any, NAME_COLUMNS: any[], STATE_COLUMNS: any[], HEAD_FIELDS: any[], TAIL_FIELDS: any[], PREREQUISITE: Tab,
 *   enrollmentTab: (c: Tab[]) => Tab, COMPETENCY: Tab, budgetTab: (f: any) => Tab, ECERTIFICATE: Tab, GAMIFICATION: Tab, SURVEY: Tab,
 *   LEARNER: Tab, progressOverall: (own?: Tab[]) => Tab, OVERALL_INDEX: Tab }} p
 * @returns {ContentType}
 */
export const classType = (p) => ({
  key: "class",
  segment: "class",
  param: "classid",
  api: "dashboard/class/",
  module: "class",
  labelKey: "content_class",
  nounKey: "noun_class",
  i18n: ["class"],
  menuSection: "content",
  ...ENGINE_MODULES,
  cancelKind: "event",
  // A cancelled class is read-only for good (the API's is_read_only): no publishing, a notice instead.
  readOnly: { noticeKey: "cls_cancelled_notice", atField: "datetime_cancel", refusalKey: "cls_msg_cancelled" },
  schema: "class",
  // A class has no cover image (spec 001 §3 names one for a class program and a session, not a class).
  cover: false,
  columns: [
    ...p.NAME_COLUMNS,
    { key: "status", labelKey: "col_class_status", kind: "label", labelPrefix: "cls_status_" },
    { key: "session_count", labelKey: "col_session_count" },
    ...p.STATE_COLUMNS,
  ],
  ...p.LIST,
  // The derived class status (0 ongoing, 1 upcoming, 2 past, 3 canceled) beside the engine's filters.
  filters: [...p.LIST.filters, "status"],
  filterCodes: { ...p.LIST.filterCodes, status: "class_status" },
  fields: [
    ...p.HEAD_FIELDS,
    { name: "date_end", labelKey: "field_class_date_end", kind: "date" },
    // The class program it belongs to (docs/decisions/044); preset when created under a program.
    { name: "class_program", labelKey: "field_class_program", kind: "select", source: "class-program" },
    { name: "batch", labelKey: "field_batch", kind: "number" },
    { name: "check_in_type", labelKey: "field_check_in_type", kind: "select", source: "code:check_in_type" },
    // Not stored: a changed check-in type resets every learner's check-ins and progress, which the
    // API refuses unless this is ticked (its refusal shows at check_in_type; docs/decisions/042).
    { name: "confirm_check_in_reset", labelKey: "field_confirm_check_in_reset", kind: "checkbox", on: "edit" },
    { name: "qr_code_holder", labelKey: "field_qr_code_holder", kind: "select", source: "code:qr_code_holder" },
    { name: "check_in_group", labelKey: "field_check_in_group", kind: "number" },
    { name: "is_user_check_in", labelKey: "field_is_user_check_in", kind: "checkbox" },
    { name: "is_allow_change_qr", labelKey: "field_is_allow_change_qr", kind: "checkbox" },
    ...p.TAIL_FIELDS,
    // Its event zone, a location (docs/decisions/043): by its switch, saved by its own call.
    {
      name: "event_zone", labelKey: "field_event_zone", kind: "select", source: "dashboard/location/filter/", on: "edit",
      feature: FEATURES.eventZone, call: { path: "dashboard/location/zone/event/{id}/", key: "zone" },
    },
  ],
  defaultTab: "information",
  // /class/status/{status?}: the list of one derived status, by name (docs/decisions/040).
  listPages: [
    {
      id: "status", path: "status/:status?", labelKey: "cls_status_views", action: "view", module: "routes/class.status.tsx",
      // It is the list (routes/content.list.tsx) with its row actions.
      post: { toggle: "class_publish_class", delete: "class_delete_class" },
    },
  ],
  // spec 000 §2.4 class tabs: budget (actual, price), curriculum (create, {sessionid} edit),
  // ecertificate, enrollment (prerequisite), gamification, information, permission (admin,
  // condition), schedule, survey, check-in; competency as issue 16 asks. Material and the old
  // enrollment page come with issue 16's later parts.
  tabs: [
    { id: "information", labelKey: "tab_information", action: "view", kind: "form", module: "routes/content.tab-form.tsx" },
    {
      // The sessions (routes/class.curriculum.tsx), added at curriculum/create and edited at
      // curriculum/{sessionid}/edit, whose overlap answer is its own confirmation (docs/decisions/040).
      id: "curriculum", labelKey: "tab_curriculum", action: "view", kind: "table", api: "session/", module: "routes/class.curriculum.tsx",
      children: [
        // Linked from the curriculum's own header (only while the class can change), not the sub-page bar.
        { id: "create", labelKey: "cls_session_create", action: "change", kind: "form", bar: false, module: "routes/class.session-create.tsx" },
        { id: "edit", labelKey: "cls_session_edit", action: "change", kind: "form", param: "sessionid", paramList: "session/", module: "routes/class.session-edit.tsx" },
      ],
    },
    { id: "schedule", labelKey: "tab_schedule", action: "view", kind: "table", api: "session/", module: "routes/class.schedule.tsx" },
    // A check-in point is a session (docs/decisions/042): the sessions, then one session's learners
    // checked in and out by hand (its action needs the progress flag: route-manifest.js).
    { id: "checkin", path: "checkin/:checkinid?", lists: { checkinid: "checkin/" }, labelKey: "tab_checkin", action: "view", kind: "table", module: "routes/class.checkin.tsx" },
    p.enrollmentTab([{ ...p.PREREQUISITE, feature: FEATURES.classDependency }]),
    PERMISSION,
    p.COMPETENCY,
    p.budgetTab(FEATURES.price),
    p.ECERTIFICATE,
    p.GAMIFICATION,
    p.SURVEY,
  ],
  // spec 000 §2.4 overall: check-in (per session), learner, log (the check-in log), progress and
  // report (attendance, with its download) — docs/decisions/042.
  overall: [
    { id: "check-in", labelKey: "cls_overall_checkin", action: "view", kind: "table", module: "routes/class.overall-checkin.tsx" },
    p.LEARNER,
    { id: "log", labelKey: "cls_overall_log", action: "view", kind: "table", module: "routes/class.overall-log.tsx" },
    p.progressOverall(),
    {
      id: "report", labelKey: "cls_overall_report", action: "view", kind: "table", module: "routes/class.overall-report.tsx",
      children: [{ id: "export", labelKey: "cls_report_download_xlsx", action: "export", kind: "custom", module: "routes/class.overall-report-export.tsx" }],
    },
  ],
  overallIndex: p.OVERALL_INDEX,
  // Cancelling (POST class/{id}/cancel/) is permanent: its confirmation is a page of its own,
  // linked from the curriculum tab, so it works without JavaScript.
  pages: [{ id: "cancel", path: "cancel", labelKey: "cls_cancel_title", action: "change", module: "routes/class.cancel.tsx" }],
});
