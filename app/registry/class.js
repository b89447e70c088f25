/**
 * Class (spec 000 §2.4, docs/decisions/040) as a content registry entry. Its own file because
 * content.js is long; it lists the engine's pieces (parts.js), so the
 * class lists exactly the engine tabs course and activity list, never copies of them.
 *
 * @typedef {import("./content-typedefs.js").ContentType} ContentType
 * @typedef {import("./content-typedefs.js").Tab} Tab
 */
import { FEATURES } from "../../contract/features.js";
import {
  COMPETENCY,
  ECERTIFICATE,
  ENGINE_MODULES,
  GAMIFICATION,
  HEAD_FIELDS,
  INFORMATION,
  LEARNER,
  LIST,
  NAME_COLUMNS,
  OVERALL_INDEX,
  PERMISSION,
  PREREQUISITE,
  STATE_COLUMNS,
  SURVEY,
  TAIL_FIELDS,
  budgetTab,
  enrollmentTab,
  progressOverall,
} from "./parts.js";

/** @type {ContentType} */
export const CLASS_TYPE = {
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
  readOnly: {
    noticeKey: "cls_cancelled_notice",
    atField: "datetime_cancel",
    refusalKey: "cls_msg_cancelled",
    reason: { field: "cancel_reason", key: "cls_cancelled_reason" },
  },
  schema: "class",
  // A class has no cover image (spec 001 §3 names one for a class program and a session, not a class).
  cover: false,
  columns: [
    ...NAME_COLUMNS,
    { key: "status", labelKey: "col_class_status", kind: "label", labelPrefix: "cls_status_" },
    { key: "session_count", labelKey: "col_session_count" },
    ...STATE_COLUMNS,
  ],
  ...LIST,
  // The derived class status (0 ongoing, 1 upcoming, 2 past, 3 canceled) beside the engine's filters.
  filters: [...LIST.filters, "status"],
  filterCodes: { ...LIST.filterCodes, status: "class_status" },
  fields: [
    ...HEAD_FIELDS,
    { name: "date_end", labelKey: "field_class_date_end", kind: "date" },
    // The class program it belongs to (docs/decisions/044); preset when created under a program.
    { name: "class_program", labelKey: "field_class_program", kind: "select", source: "class-program" },
    { name: "batch", labelKey: "field_batch", kind: "number" },
    { name: "check_in_type", labelKey: "field_check_in_type", kind: "select", source: "code:check_in_type" },
    // Not stored: a changed check-in type resets every learner's check-ins and progress, which the
    // API refuses unless this is ticked (its refusal shows at check_in_type; docs/decisions/042).
    { name: "confirm_check_in_reset", labelKey: "field_confirm_check_in_reset", kind: "checkbox", on: "edit" },
    {
      name: "qr_code_holder",
      labelKey: "field_qr_code_holder",
      kind: "select",
      source: "code:qr_code_holder",
      helpKey: "cls_help_qr_code_holder",
    },
    {
      name: "check_in_group",
      labelKey: "field_check_in_group",
      kind: "select",
      source: "code:check_in_group",
      helpKey: "cls_help_check_in_group",
    },
    {
      name: "is_user_check_in",
      labelKey: "field_is_user_check_in",
      kind: "checkbox",
      helpKey: "cls_help_is_user_check_in",
    },
    {
      name: "is_allow_change_qr",
      labelKey: "field_is_allow_change_qr",
      kind: "checkbox",
      helpKey: "cls_help_is_allow_change_qr",
    },
    ...TAIL_FIELDS,
    // Its event zone, a location (docs/decisions/043): by its switch, saved by its own call.
    {
      name: "event_zone",
      labelKey: "field_event_zone",
      kind: "select",
      source: "dashboard/location/filter/",
      on: "edit",
      feature: FEATURES.eventZone,
      call: { path: "dashboard/location/zone/event/{id}/", key: "zone" },
    },
  ],
  // A new class: the administrator holds the code, learners scan it, staff may reprint it (spec 001
  // §3 "qr_code_holder (default 1), check_in_group (default 0)"; docs/decisions/046).
  createDefaults: {
    qr_code_holder: "1",
    check_in_group: "0",
    check_in_type: "0",
    is_user_check_in: "on",
    is_allow_change_qr: "on",
  },
  defaultTab: "information",
  // /class/status/{status?}: the list of one derived status, by name (docs/decisions/040).
  listPages: [
    {
      id: "status",
      path: "status/:status?",
      labelKey: "cls_status_views",
      action: "view",
      module: "routes/class.status.tsx",
      // It is the list (routes/content.list.tsx) with its row actions.
      post: { toggle: "class_publish_class", delete: "class_delete_class" },
    },
  ],
  // spec 000 §2.4 class tabs: budget (actual, price), curriculum (create, {sessionid} edit),
  // ecertificate, enrollment (prerequisite), gamification, information, permission (admin,
  // condition), schedule, survey, check-in, material; competency as issue 16 asks. The old
  // enrollment page comes with issue 16's later parts.
  tabs: [
    INFORMATION,
    {
      // The sessions (routes/class.curriculum.tsx), added at curriculum/create and edited at
      // curriculum/{sessionid}/edit, whose overlap answer is its own confirmation (docs/decisions/040).
      id: "curriculum",
      labelKey: "tab_curriculum",
      action: "view",
      kind: "table",
      api: "session/",
      module: "routes/class.curriculum.tsx",
      // The session's own address (spec 000 §2.4 "{sessionid} with edit, live, …") is its edit page
      // (aliases.js: a redirect with the edit page's guard; docs/decisions/077).
      aliases: [
        {
          id: "session",
          path: "curriculum/:sessionid",
          to: "curriculum/:sessionid/edit",
          action: "change",
          lists: { sessionid: "session/" },
        },
      ],
      children: [
        // Linked from the curriculum's own header (only while the class can change), not the sub-page bar.
        {
          id: "create",
          labelKey: "cls_session_create",
          action: "change",
          kind: "form",
          bar: false,
          module: "routes/class.session-create.tsx",
        },
        {
          id: "edit",
          labelKey: "cls_session_edit",
          action: "change",
          kind: "form",
          param: "sessionid",
          paramList: "session/",
          module: "routes/class.session-edit.tsx",
        },
        // A session's own pages (docs/decisions/045), reached from its row and its edit page: its
        // live details (types 1 and 5), the class materials it uses, and its surveys — the engine's
        // survey tab with the session's rows (`api`, `{sessionid}` filled from the URL).
        {
          id: "live",
          labelKey: "cls_session_live",
          action: "view",
          kind: "form",
          param: "sessionid",
          paramList: "session/",
          module: "routes/class.session-live.tsx",
        },
        {
          id: "material",
          labelKey: "cls_session_material",
          action: "view",
          kind: "table",
          param: "sessionid",
          paramList: "session/",
          module: "routes/class.session-material.tsx",
        },
        {
          id: "survey",
          labelKey: "cls_session_survey",
          action: "view",
          kind: "table",
          param: "sessionid",
          paramList: "session/",
          api: "session/{sessionid}/survey/",
          module: "routes/content.tab-survey.tsx",
          texts: { intro: "cls_session_survey_intro" },
        },
        // An Activity made from the class's curriculum (docs/decisions/045): creating one also needs
        // the activity add flag; unlinking is a change of the class.
        {
          id: "create-activity",
          labelKey: "cls_activity_create",
          action: "change",
          kind: "form",
          bar: false,
          module: "routes/class.activity-create.tsx",
          post: { create: "activity_add_activity", delete: "class_change_class" },
        },
      ],
    },
    // The class's learning materials: the engine's curriculum (sections of slot forms), at the
    // API's material/ (api/content/types.ts `curriculum.path`; docs/decisions/045).
    // Its texts say "materials", and nothing of publishing: a class's sections do not gate it.
    {
      id: "material",
      labelKey: "tab_material",
      action: "change",
      kind: "custom",
      api: "material/",
      module: "routes/content.curriculum.tsx",
      texts: { title: "tab_material", intro: "cls_material_intro", empty: "cls_material_empty", warning: "" },
    },
    {
      id: "schedule",
      labelKey: "tab_schedule",
      action: "view",
      kind: "table",
      api: "session/",
      module: "routes/class.schedule.tsx",
    },
    // A check-in point is a session (docs/decisions/042): the sessions, then one session's learners
    // checked in and out by hand (its action needs the progress flag: route-manifest.js).
    {
      id: "checkin",
      path: "checkin/:checkinid?",
      lists: { checkinid: "checkin/" },
      labelKey: "tab_checkin",
      action: "view",
      kind: "table",
      module: "routes/class.checkin.tsx",
    },
    enrollmentTab([{ ...PREREQUISITE, feature: FEATURES.classDependency }]),
    // The enrolment by session, as the previous product showed it (docs/decisions/046): the
    // settings in effect and each session's seats and learners, read-only.
    {
      id: "enrollment-old",
      labelKey: "cls_enrollment_old",
      action: "view",
      kind: "table",
      api: "session-enrollment/",
      module: "routes/class.enrollment-old.tsx",
    },
    PERMISSION,
    COMPETENCY,
    budgetTab(FEATURES.price),
    ECERTIFICATE,
    GAMIFICATION,
    SURVEY,
    // Under a program only (spec 000 §2.4 "plus settings (permission, terms)", docs/decisions/047):
    // the terms a learner accepts for the class, and the engine's permission rules.
    {
      id: "settings",
      labelKey: "cls_settings",
      action: "view",
      kind: "custom",
      mountedOnly: true,
      api: "terms/",
      module: "routes/class.settings.tsx",
      children: [
        {
          id: "permission",
          labelKey: "tab_permission",
          action: "change",
          kind: "table",
          module: "routes/content.permission.tsx",
        },
        { id: "terms", labelKey: "cls_terms", action: "view", kind: "form", module: "routes/class.terms.tsx" },
      ],
    },
  ],
  // spec 000 §2.4 overall: check-in (per session), learner, log (the check-in log), progress and
  // report (attendance, with its download) — docs/decisions/042.
  overall: [
    {
      id: "check-in",
      labelKey: "cls_overall_checkin",
      action: "view",
      kind: "table",
      module: "routes/class.overall-checkin.tsx",
    },
    // A learner's sessions when the class enrols by session (docs/decisions/046), from their row.
    {
      ...LEARNER,
      children: [
        ...(LEARNER.children ?? []),
        {
          id: "session",
          labelKey: "cls_session_enrollment",
          action: "view",
          kind: "form",
          param: "enrollmentid",
          paramList: "learner/",
          module: "routes/class.learner-session.tsx",
        },
      ],
    },
    { id: "log", labelKey: "cls_overall_log", action: "view", kind: "table", module: "routes/class.overall-log.tsx" },
    progressOverall(),
    {
      id: "report",
      labelKey: "cls_overall_report",
      action: "view",
      kind: "table",
      module: "routes/class.overall-report.tsx",
      children: [
        {
          id: "export",
          labelKey: "cls_report_download_xlsx",
          action: "export",
          kind: "custom",
          module: "routes/class.overall-report-export.tsx",
        },
      ],
    },
  ],
  overallIndex: OVERALL_INDEX,
  // Cancelling (POST class/{id}/cancel/) is permanent: its confirmation is a page of its own,
  // linked from the curriculum tab, so it works without JavaScript.
  pages: [
    { id: "cancel", path: "cancel", labelKey: "cls_cancel_title", action: "change", module: "routes/class.cancel.tsx" },
  ],
};
