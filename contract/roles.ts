import { ACTIONS, DASHBOARD_FLAG, MODULES, flag, viewFlag, type Action, type Module } from "./permissions";

/**
 * The staff roles the demo organisation is seeded with, and the flags each holds. The superuser
 * holds every flag without a role. Auth group id 1 is the administrator (spec 002 §6: it sees the
 * icon settings), so the administrator is listed first and seeded first.
 */
const all = (modules: readonly Module[], actions: readonly Action[]) =>
  modules.flatMap((m) => actions.map((a) => flag(m, a)));

const CONTENT: Module[] = [
  "course",
  "class",
  "class_program",
  "live",
  "onboard",
  "learning_program",
  "survey",
  "learning_path",
  "playlist",
  "activity",
  "testbank",
  "test",
  "material",
  "coniclex",
];

export const ROLES = [
  { code: "administrator", name: "Administrator", flags: all(MODULES, ACTIONS) },
  {
    code: "instructor",
    name: "Instructor",
    flags: [
      DASHBOARD_FLAG,
      ...CONTENT.map((m) => viewFlag(m, "instructor")),
      ...all(CONTENT, ["view", "change", "progress", "learner"]),
      ...all(["discussion"], ["view", "change"]),
    ],
  },
  {
    code: "provider",
    name: "Content provider",
    flags: [
      DASHBOARD_FLAG,
      ...CONTENT.map((m) => viewFlag(m, "provider")),
      ...all(CONTENT, ["view", "add", "change", "delete", "publish", "learner", "progress", "export"]),
      ...all(["category", "instructor", "provider", "budget", "gamification"], ["view"]),
    ],
  },
  {
    code: "inspector",
    name: "Inspector",
    flags: [DASHBOARD_FLAG, viewFlag("activity", "instructor"), ...all(["activity"], ["progress", "learner"])],
  },
  {
    code: "manager",
    name: "Manager",
    flags: [
      DASHBOARD_FLAG,
      ...CONTENT.map((m) => viewFlag(m, "manager")),
      ...all(["usage_dashboard", "learner_dashboard", "report", "learning_history"], ["view", "export"]),
      ...all(["assignment", "enrollment"], ["view", "add", "change"]),
    ],
  },
  {
    // Read-only staff (docs/decisions/018): sees every content item and its tabs, changes nothing.
    // The permission matrix refuses it every page and call that needs more than the view flag.
    code: "viewer",
    name: "Viewer (read only)",
    // …and the forms, approval flows and requests of issue 17 (docs/decisions/056–058), read only.
    flags: [
      DASHBOARD_FLAG,
      ...all(CONTENT, ["view"]),
      ...all(["approval_flow", "request_form", "material_request", "enroll_form"], ["view"]),
    ],
  },
] as const;
export type RoleCode = (typeof ROLES)[number]["code"];
