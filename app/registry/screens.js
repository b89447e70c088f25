/**
 * The screens that are not content types (home pages, and the master data, log and report areas
 * as they are built): each with its path, route module, title key and the permission flag that
 * shows it. The menu (menu.js) lists them, the route manifest routes them, the guards check them,
 * and the page titles name them. Its own file because the browser reads it for titles without
 * the content registry. Plain data (client-safe).
 *
 * @typedef {import("./menu.js").Screen} Screen
 */

import { ASSIGNMENT_SCREENS } from "./screens-assignment.js";
import { APPROVALS_SCREENS } from "./screens-approvals.js";
import { REQUESTS_SCREENS } from "./screens-requests.js";
import { LIVE_SCREENS } from "./screens-live.js";

/**
 * A module's import page, its live events and its files (routes/import.page.tsx, import.events.tsx,
 * import.file.tsx serve every module; app/components/imports/import-pages.ts has what differs).
 * @returns {Screen[]}
 */
function importScreens(module, labelKey, flag) {
  return [
    {
      id: `${module}-import`,
      path: `import/${module}`,
      labelKey,
      flag,
      module: "routes/import.page.tsx",
      section: "master",
      post: { upload: flag },
    },
    {
      id: `${module}-import-events`,
      path: `import/${module}/events`,
      labelKey,
      flag,
      module: "routes/import.events.tsx",
      menu: false,
    },
    {
      id: `${module}-import-file`,
      path: `import/${module}/file`,
      labelKey,
      flag,
      module: "routes/import.file.tsx",
      menu: false,
    },
  ];
}

/** @type {Screen[]} */
export const SCREENS = [
  {
    id: "home-learning",
    path: "",
    index: true,
    labelKey: "menu_home_learning",
    flag: "dashboard_view_dashboard",
    module: "routes/home.learning.tsx",
  },
  {
    id: "home-usage",
    path: "home/usage",
    labelKey: "menu_home_usage",
    flag: "usage_dashboard_view_usage_dashboard",
    module: "routes/home.usage.tsx",
  },
  // Bulk user import as a job with live progress, and the import history (issue 15 §2, docs/decisions/032).
  // The job's page is the import page with ?job={id}; its live events and its files are resource
  // routes. Under /import/, not /user/: the user area's pages carry the user type's dictionaries.
  // Learners' credit imports the same way (docs/decisions/075): the same modules, its own flag
  // (the account's transaction flag, as the API asks besides the import flag).
  ...importScreens("user", "menu_user_import", "import_add_import"),
  ...importScreens("credit", "menu_credit_import", "account_transaction_account"),
  {
    id: "import-history",
    path: "log/import-history",
    labelKey: "menu_import_history",
    flag: "import_history_view_import_history",
    module: "routes/log.import-history.tsx",
    section: "log",
  },
  // Login as and its log (issue 15 §6, docs/decisions/033). Leaving is routes/login-as.leave.tsx,
  // outside the shell: it needs only a session, whatever flags the account acted as holds.
  {
    id: "login-as",
    path: "login-as",
    labelKey: "menu_login_as",
    flag: "login_as_add_login_as",
    module: "routes/login-as.tsx",
    section: "admin",
    post: { start: "login_as_add_login_as" },
  },
  {
    id: "login-as-log",
    path: "login-as/log",
    labelKey: "menu_login_as_log",
    flag: "login_as_view_login_as",
    module: "routes/login-as.log.tsx",
    section: "log",
  },
  // The log as xlsx or csv (a resource route, no page; issue 33 item 14, docs/decisions/079).
  {
    id: "login-as-log-export",
    path: "login-as/log/export",
    labelKey: "menu_login_as_log_export",
    flag: "login_as_export_login_as",
    module: "routes/login-as.log-export.tsx",
    section: "log",
    menu: false,
  },
  // The user list as xlsx or csv (a resource route, no page; issue 33 item 14, docs/decisions/081).
  // Under /export/, not /user/: /user/{segment} is a user's page.
  {
    id: "user-export",
    path: "export/user",
    labelKey: "menu_user_export",
    flag: "account_export_account",
    module: "routes/user.export.tsx",
    section: "master",
    menu: false,
  },
  // Issue 17: assignment, approvals, requests (each area's own file).
  ...ASSIGNMENT_SCREENS.map((s) => ({ section: "learning", ...s })),
  ...APPROVALS_SCREENS.map((s) => ({ section: "learning", ...s })),
  ...REQUESTS_SCREENS.map((s) => ({ section: "learning", ...s })),
  // A live's recordings kept (docs/decisions/066), beside the live sessions.
  ...LIVE_SCREENS.map((s) => ({ section: "content", contentType: "live", ...s })),
];
