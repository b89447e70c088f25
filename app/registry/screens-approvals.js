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
const APPROVAL = "routes/enrollment-approval.tsx";
const BUDGET = "budget_view_budget";

/** @type {Screen[]} */
export const APPROVALS_SCREENS = [
  { id: "enrollment-waiting", path: "enrollment", labelKey: "menu_enrollment", flag: VIEW, module: APPROVAL, post: DECIDE },
  { id: "enrollment-waiting-tab", path: "enrollment/waiting", labelKey: "menu_enrollment_waiting", flag: VIEW, module: APPROVAL, post: DECIDE, menu: false },
  { id: "enrollment-approved", path: "enrollment/approved", labelKey: "menu_enrollment_approved", flag: VIEW, module: APPROVAL, post: DECIDE, menu: false },
  { id: "enrollment-rejected", path: "enrollment/rejected", labelKey: "menu_enrollment_rejected", flag: VIEW, module: APPROVAL, post: DECIDE, menu: false },
  // A decision on several enrolments, confirmed (reached from the lists' form).
  { id: "enrollment-confirm", path: "enrollment/confirm", labelKey: "menu_enrollment_confirm", flag: CHANGE, module: "routes/enrollment-approval-confirm.tsx", post: { confirm: CHANGE }, menu: false },
  // The older single-list layout (spec 000 §2.10 "/enrollmentOld"): the same module and data.
  { id: "enrollment-old", path: "enrollmentOld", labelKey: "menu_enrollment_old", flag: VIEW, module: APPROVAL, post: DECIDE, menu: false },
  { id: "budget", path: "budget", labelKey: "menu_budget", flag: BUDGET, module: "routes/budget.tsx" },
  // One content's budget: `{type}-{id}` (docs/decisions/055); the seed prices the first course.
  { id: "budget-item", path: "budget/:budgetid", labelKey: "menu_budget_item", flag: BUDGET, module: "routes/budget.item.tsx", menu: false, example: "/dashboard/budget/course-1" },
];
