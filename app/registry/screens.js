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

/** @type {Screen[]} */
export const SCREENS = [
  { id: "home-learning", path: "", index: true, labelKey: "menu_home_learning", flag: "dashboard_view_dashboard", module: "routes/home.learning.tsx" },
  { id: "home-usage", path: "home/usage", labelKey: "menu_home_usage", flag: "usage_dashboard_view_usage_dashboard", module: "routes/home.usage.tsx" },
  // Bulk user import as a job with live progress, and the import history (issue 15 §2, docs/decisions/032).
  // The job's page is the import page with ?job={id}; its live events and its files are resource
  // routes. Under /import/, not /user/: the user area's pages carry the user type's dictionaries.
  { id: "user-import", path: "import/user", labelKey: "menu_user_import", flag: "import_add_import", module: "routes/import.user.tsx", section: "master", post: { upload: "import_add_import" } },
  { id: "user-import-events", path: "import/user/events", labelKey: "menu_user_import", flag: "import_add_import", module: "routes/import.user-events.tsx", menu: false },
  { id: "user-import-file", path: "import/user/file", labelKey: "menu_user_import", flag: "import_add_import", module: "routes/import.user-file.tsx", menu: false },
  { id: "import-history", path: "log/import-history", labelKey: "menu_import_history", flag: "import_history_view_import_history", module: "routes/log.import-history.tsx", section: "log" },
  // Login as and its log (issue 15 §6, docs/decisions/033). Leaving is routes/login-as.leave.tsx,
  // outside the shell: it needs only a session, whatever flags the account acted as holds.
  { id: "login-as", path: "login-as", labelKey: "menu_login_as", flag: "login_as_add_login_as", module: "routes/login-as.tsx", section: "admin", post: { start: "login_as_add_login_as" } },
  { id: "login-as-log", path: "login-as/log", labelKey: "menu_login_as_log", flag: "login_as_view_login_as", module: "routes/login-as.log.tsx", section: "log" },
  // Issue 17: assignment, approvals, requests (each area's own file).
  ...ASSIGNMENT_SCREENS.map((s) => ({ section: "learning", ...s })),
  ...APPROVALS_SCREENS.map((s) => ({ section: "learning", ...s })),
  ...REQUESTS_SCREENS.map((s) => ({ section: "learning", ...s })),
  // A live's recordings kept (docs/decisions/066), beside the live sessions.
  ...LIVE_SCREENS.map((s) => ({ section: "content", contentType: "live", ...s })),
];
