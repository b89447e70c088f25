/** The demo accounts the seed creates (one per role), printed at first start; tests read them too. */
export type DemoAccount = { username: string; role: string };
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { username: "admin", role: "superuser" },
  { username: "instructor", role: "instructor" },
  { username: "provider", role: "provider" },
  { username: "inspector", role: "inspector" },
  { username: "manager", role: "manager" },
  { username: "viewer", role: "viewer (read only: sees content, changes nothing)" },
  { username: "learner", role: "learner (no dashboard permission)" },
  { username: "sysadmin", role: "system user" },
  { username: "staff1", role: "administrator" },
  { username: "staff2", role: "administrator" },
];
