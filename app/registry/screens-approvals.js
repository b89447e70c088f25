/**
 * Enrollment approvals and budgets (issue 17 §3–4; docs/decisions/054, 055): the screens that are
 * not registry types (screens.js), in the menu's "learning" section unless they say otherwise.
 * The approval pages are one module (routes/enrollment-approval.tsx, the old single list
 * included), each a screen of its own so each has its title and guard. Plain data (client-safe:
 * the browser reads screens for titles).
 *
 * @typedef {import("./menu.js").Screen} Screen
 */

const VIEW = "enrollment_view_enrollment";
const CHANGE = "enrollment_change_enrollment";
const DECIDE = { approve: CHANGE, reject: CHANGE, "cancel-reject": CHANGE, close: CHANGE };
/**
 * The deciders of enrolment flows see and decide the enrolments at their steps without the
 * enrollment flags (docs/decisions/074); cancelling a rejection and closing stay the flag's.
 */
const DECIDES = ["decides_enrollment"];
const DECIDES_POST = { approve: DECIDES, reject: DECIDES };
const APPROVAL = "routes/enrollment-approval.tsx";
const BUDGET = "budget_view_budget";
const listed = (id, path, labelKey, extra = {}) => ({
  id,
  path,
  labelKey,
  flag: VIEW,
  also: DECIDES,
  module: APPROVAL,
  post: DECIDE,
  postAlso: DECIDES_POST,
  ...extra,
});

/** @type {Screen[]} */
export const APPROVALS_SCREENS = [
  listed("enrollment-waiting", "enrollment", "menu_enrollment"),
  listed("enrollment-waiting-tab", "enrollment/waiting", "menu_enrollment_waiting", { menu: false }),
  listed("enrollment-approved", "enrollment/approved", "menu_enrollment_approved", { menu: false }),
  listed("enrollment-rejected", "enrollment/rejected", "menu_enrollment_rejected", { menu: false }),
  // A decision confirmed on a page of its own: several enrolments, or a rejection (its reason, issue 33 item 12).
  {
    id: "enrollment-confirm",
    path: "enrollment/confirm",
    labelKey: "menu_enrollment_confirm",
    flag: CHANGE,
    also: DECIDES,
    module: "routes/enrollment-approval-confirm.tsx",
    post: { confirm: CHANGE },
    postAlso: { confirm: DECIDES },
    menu: false,
  },
  // A list as xlsx or csv (a resource route, no page; docs/decisions/074).
  {
    id: "enrollment-export",
    path: "enrollment/export",
    labelKey: "menu_enrollment_export",
    flag: VIEW,
    also: DECIDES,
    module: "routes/enrollment-approval-export.tsx",
    menu: false,
  },
  // Enrolments and completions in a period, across contents (issue 33 item 13; docs/decisions/086): the
  // home's two period cards open it. Organisation-wide, so the view flag only (no decider's guard).
  {
    id: "enrollment-period",
    path: "enrollment/period",
    labelKey: "menu_enrollment_period",
    flag: VIEW,
    module: "routes/enrollment-period.tsx",
    menu: false,
  },
  {
    id: "enrollment-period-export",
    path: "enrollment/period/export",
    labelKey: "menu_enrollment_period_export",
    flag: VIEW,
    module: "routes/enrollment-period-export.tsx",
    menu: false,
  },
  // The older single-list layout (spec 000 §2.10 "/enrollmentOld"): the same module and data.
  listed("enrollment-old", "enrollmentOld", "menu_enrollment_old", { menu: false }),
  // One enrolment waiting in its content's approval flow: the request page every kind of request has.
  {
    id: "enrollment-request-item",
    path: "enrollment/request/:requestid",
    labelKey: "req_enrollment_request_title",
    flag: VIEW,
    also: DECIDES,
    module: "routes/learning-request.item.tsx",
    menu: false,
    params: { requestid: { api: "dashboard/enrollment/request/" } },
    post: { decide: CHANGE },
    postAlso: { decide: DECIDES },
  },
  {
    id: "enrollment-request-reject",
    path: "enrollment/request/:requestid/reject",
    labelKey: "req_reject_title",
    flag: VIEW,
    also: DECIDES,
    module: "routes/learning-request.reject.tsx",
    menu: false,
    params: { requestid: { api: "dashboard/enrollment/request/" } },
    post: { reject: CHANGE },
    postAlso: { reject: DECIDES },
  },
  { id: "budget", path: "budget", labelKey: "menu_budget", flag: BUDGET, module: "routes/budget.tsx" },
  // The list as xlsx or csv (a resource route, no page; issue 33 §14, docs/decisions/075).
  {
    id: "budget-export",
    path: "budget/export",
    labelKey: "menu_budget_export",
    flag: "budget_export_budget",
    module: "routes/budget.export.tsx",
    menu: false,
  },
  // One content's budget: `{type}-{id}` (docs/decisions/055); the seed prices the first course.
  {
    id: "budget-item",
    path: "budget/:budgetid",
    labelKey: "menu_budget_item",
    flag: BUDGET,
    module: "routes/budget.item.tsx",
    menu: false,
    example: "/dashboard/budget/course-1",
  },
];
