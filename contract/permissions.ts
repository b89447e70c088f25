/**
 * The flat permission flags of spec 002 §6, named once.
 *
 * A flag is `{module}_{action}_{module}` (Django's `app.codename` flattened, which is how the
 * original server spells `dashboard_view_dashboard`), plus the view variants
 * `{module}_view_{module}_by_{scope}`. Every module gets every action, so a flag name can be
 * built without a lookup table; which flags a role holds is in roles.ts.
 */
export const MODULES = [
  "dashboard",
  "usage_dashboard",
  "learner_dashboard",
  "homepage",
  "registration",
  "config",
  "account",
  "import",
  "department",
  "administrator",
  "authority",
  "term",
  "identification",
  "learning_history",
  "group",
  "competency",
  "highlight",
  "news",
  "notification_template",
  "notification_trigger",
  "category",
  "instructor",
  "provider",
  "location",
  "messenger",
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
  "approval_flow",
  "request_form",
  "material_request",
  "log",
  "import_history",
  "assignment",
  "suggestion",
  "enrollment",
  "enroll_form",
  "budget",
  "gamification",
  "informative",
  "discussion",
  "report",
  "coniclex",
  "login_as",
  "material",
] as const;
export type Module = (typeof MODULES)[number];

export const ACTIONS = [
  "view",
  "add",
  "change",
  "delete",
  "publish",
  "transaction",
  "progress",
  "certificate",
  "enrollment",
  "learner",
  "export",
] as const;
export type Action = (typeof ACTIONS)[number];

/** View has variants restricting what is seen to the user's own scope. */
export const VIEW_SCOPES = ["provider", "instructor", "manager", "department", "organization"] as const;
export type ViewScope = (typeof VIEW_SCOPES)[number];

export const flag = (module: Module, action: Action): string => `${module}_${action}_${module}`;
export const viewFlag = (module: Module, scope: ViewScope): string => `${module}_view_${module}_by_${scope}`;

/** Flags the spec says are always true (spec 002 §6 "Rules"). */
export const ALWAYS_TRUE_FLAGS = [
  "class_inbox_class",
  "activity_verify_activity",
  "activity_checkin_activity",
  "location_export_report",
] as const;

export const ALL_FLAGS: readonly string[] = [
  ...MODULES.flatMap((m) => [...ACTIONS.map((a) => flag(m, a)), ...VIEW_SCOPES.map((s) => viewFlag(m, s))]),
  ...ALWAYS_TRUE_FLAGS,
];
const FLAG_SET = new Set(ALL_FLAGS);
export const isFlag = (name: string): boolean => FLAG_SET.has(name);

/** The one flag without which nobody may use the dashboard (spec 000 §4). */
export const DASHBOARD_FLAG = flag("dashboard", "view");

/** The permission answer: role lists with their in-use entry and every flag as a boolean. */
export type RoleEntry = { id: number; name: string; code: string | null; is_in_use: boolean };
export type PermissionAnswer = {
  auth_group_list: RoleEntry[];
  group_list: RoleEntry[];
  provider_list: RoleEntry[];
  instructor_list: RoleEntry[];
  department_list: RoleEntry[];
  permission: Record<string, boolean>;
  /** The kinds of requests the account decides a step of (docs/decisions/074): `decides_{kind}`. */
  decides?: DecidedKind[];
  /** The kinds of which some item grants the account a role (docs/decisions/102): `granted_{kind}`. */
  granted?: GrantedKind[];
};

/**
 * The kinds of requests whose approval flows name their deciders (docs/decisions/074): an account
 * named on a step, or the supervisor a step asks for, decides those requests without the kind's
 * flags. `decides_{kind}` is the guard that stands for "decides a step of such a flow": not a flag
 * of the answer, but read from its `decides` list (answerHolds), as `administers_{kind}` is.
 */
export const DECIDED_KINDS = ["learning_request", "material_request", "enrollment"] as const;
export type DecidedKind = (typeof DECIDED_KINDS)[number];
export const decides = (kind: DecidedKind) => `decides_${kind}`;
const DECIDES_PREFIX = "decides_";

/**
 * The kinds whose items name their own administrators (spec 001 §3 Group admin_list): an account
 * an item lists may manage that item without the kind's flags, and the permission answer says
 * which items it administers (`{kind}_list`). `administers_{kind}` is the guard that stands for
 * "administers at least one": not a flag of the answer, but read from it (answerHolds).
 */
export const ADMINISTERED_KINDS = ["group"] as const;
export type AdministeredKind = (typeof ADMINISTERED_KINDS)[number];
export const administers = (kind: AdministeredKind) => `administers_${kind}`;
const ADMINISTERS_PREFIX = "administers_";

/**
 * The kinds whose items grant roles to the accounts they name (a playlist's owner and
 * collaborators, docs/decisions/102): such an account sees and changes those items as its role
 * allows, without the kind's flags. `granted_{kind}` is the guard that stands for "some item of
 * the kind grants it a role": read from the answer's `granted` list (answerHolds); what one item
 * grants is that item's own answer (GET {kind}/{id}/grant/).
 */
export const GRANTED_KINDS = ["learning_playlist"] as const;
export type GrantedKind = (typeof GRANTED_KINDS)[number];
export const granted = (kind: GrantedKind) => `granted_${kind}`;
const GRANTED_PREFIX = "granted_";

/** Whether a permission answer passes `guard`: a flag it holds, or `administers_{kind}` for an account administering an item of that kind. */
export function answerHolds(
  answer: Pick<PermissionAnswer, "permission" | "group_list" | "decides" | "granted">,
  guard: string,
): boolean {
  if (guard.startsWith(DECIDES_PREFIX))
    return (answer.decides ?? []).includes(guard.slice(DECIDES_PREFIX.length) as DecidedKind);
  if (guard.startsWith(GRANTED_PREFIX))
    return (answer.granted ?? []).includes(guard.slice(GRANTED_PREFIX.length) as GrantedKind);
  if (guard.startsWith(ADMINISTERS_PREFIX)) {
    const kind = guard.slice(ADMINISTERS_PREFIX.length) as AdministeredKind;
    return ADMINISTERED_KINDS.includes(kind) && (answer[`${kind}_list`]?.length ?? 0) > 0;
  }
  return !!answer.permission[guard];
}

/** Every guard a permission answer passes: its flags, its `administers_{kind}` and its `decides_{kind}`. */
export const answerGuards = (answer: PermissionAnswer): Set<string> =>
  new Set([
    ...Object.keys(answer.permission).filter((f) => answer.permission[f]),
    ...[...ADMINISTERED_KINDS.map(administers), ...DECIDED_KINDS.map(decides), ...GRANTED_KINDS.map(granted)].filter(
      (g) => answerHolds(answer, g),
    ),
  ]);

/** A guard that is a flag, `administers_{kind}` or `decides_{kind}`. */
export const isGuardFlag = (name: string): boolean =>
  isFlag(name) ||
  (ADMINISTERED_KINDS as readonly string[]).some((k) => name === administers(k as AdministeredKind)) ||
  DECIDED_KINDS.some((k) => name === decides(k)) ||
  GRANTED_KINDS.some((k) => name === granted(k));
