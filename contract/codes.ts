/**
 * Numeric codes of the contract, written exactly as the spec gives them. Zod-free, like every
 * module outside contract/schemas/: dashboard components import their values from here, never from
 * a schema module (that would ship zod to the browser: docs/decisions/016).
 */

/** analytic/session/ source (spec 002 §7). */
export const ANALYTIC_SOURCE = { learner_site: 0, dashboard: 10 } as const;

/** Import task status (spec 002 §4). */
export const IMPORT_STATUS = { failed: -1, in_progress: 2, succeeded: 3 } as const;

/** Identification send method (spec 002 §9): email only 0, sms only 1, both 99. */
export const SEND_METHOD = { email: 0, sms: 1, both: 99 } as const;

/** Forced use of the mobile app (spec 002 §6). */
export const FORCE_MOBILE_APP = { off: 0, all: 1, android: 2, ios: 3 } as const;

/** Terms documents a user accepts, in the order sign-in checks them (spec 000 §4). */
export const TERM_KINDS = ["privacy", "terms", "data_consent"] as const;
export type TermKind = (typeof TERM_KINDS)[number];

/** Languages: en and th always; jp and ch when the configuration adds them (spec 000 §1). */
export const BASE_LANGUAGES = ["en", "th"] as const;
export const OPTIONAL_LANGUAGES = ["jp", "ch"] as const;
export const ALL_LANGUAGES = [...BASE_LANGUAGES, ...OPTIONAL_LANGUAGES] as const;
export type Language = (typeof ALL_LANGUAGES)[number];

/**
 * Publish status of content (spec 001 §4 "Publish status"): derived, never stored. Not displayed →
 * unpublish; displayed with a start time still ahead → schedule; displayed otherwise → publish
 * (a start time that has passed is a schedule that has happened).
 */
export const PUBLISH_STATUS = { unpublish: "unpublish", schedule: "schedule", publish: "publish" } as const;
export type PublishStatus = (typeof PUBLISH_STATUS)[keyof typeof PUBLISH_STATUS];

/**
 * The labels of spec 001 §4 (draft, published, unpublished, scheduled publish), as dictionary keys.
 * An unpublished item that was never shown is a draft.
 */
export const PUBLISH_LABEL = {
  draft: "publish_label_draft",
  published: "publish_label_published",
  unpublished: "publish_label_unpublished",
  scheduled: "publish_label_scheduled",
} as const;
export type PublishLabel = (typeof PUBLISH_LABEL)[keyof typeof PUBLISH_LABEL];

/** What the publish status is derived from: the row as the database or the API answer holds it. */
export type Publishable = {
  is_display: boolean | number;
  datetime_start: string | null;
  /** When the item was (or is scheduled to be) first shown; null while a draft. */
  datetime_first_publish: string | null;
};

/** The one derivation of publish status and label, used by the API and the dashboard alike. */
export function derivePublishStatus(row: Publishable, now: Date): { status: PublishStatus; label: PublishLabel } {
  const at = now.toISOString();
  if (row.is_display !== true && row.is_display !== 1) {
    const shown = row.datetime_first_publish !== null && row.datetime_first_publish <= at;
    return { status: PUBLISH_STATUS.unpublish, label: shown ? PUBLISH_LABEL.unpublished : PUBLISH_LABEL.draft };
  }
  if (row.datetime_start !== null && row.datetime_start > at)
    return { status: PUBLISH_STATUS.schedule, label: PUBLISH_LABEL.scheduled };
  return { status: PUBLISH_STATUS.publish, label: PUBLISH_LABEL.published };
}

/** Image uploads (spec 001 §5 "URLs and files"): allowed extensions; the size limit is config `image-size-limit`. */
export const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "gif"] as const;

/** Typed tag calls (spec 002 §7 "Tags"): TYPE of dashboard/tag/type/{TYPE}/… ; `tag_list` holds GENERAL tags. */
export const GENERAL_TAG_TYPE = "GENERAL";
export const TAG_TYPES = [
  "CONTENT_CLUSTER",
  "CONTENT_SCHOOL",
  "EVENT_CHANNEL",
  "EVENT_CATEGORY",
  "EVENT_TYPE",
  "COURSE_TYPE",
  "IO_NUMBER",
] as const;
export type TagType = (typeof TAG_TYPES)[number];

/**
 * The config-switched extras of content (spec 001 §3, 002 §7 "Config flags read by name"): the
 * form field, its tag type and the config flag that shows it. (event_zone is a location, not a tag.)
 */
export const CONTENT_TAG_EXTRAS = [
  { field: "cluster", type: "CONTENT_CLUSTER", config: "tag-is-content-cluster" },
  { field: "school", type: "CONTENT_SCHOOL", config: "tag-is-content-school" },
  { field: "course_type", type: "COURSE_TYPE", config: "tag-course-type-is-display" },
  { field: "event_channel", type: "EVENT_CHANNEL", config: "tag-is-event-channel" },
  { field: "event_category", type: "EVENT_CATEGORY", config: "tag-is-event-category" },
  { field: "event_type", type: "EVENT_TYPE", config: "tag-event-type-is-display" },
  { field: "io_number", type: "IO_NUMBER", config: "io-number-is-display" },
] as const satisfies readonly { field: string; type: TagType; config: string }[];
export type TagExtraField = (typeof CONTENT_TAG_EXTRAS)[number]["field"];

/**
 * Learner progress status (spec 001 §4 "Progress status codes"), exactly as the spec numbers them.
 * 30 and 31 are both "completed" (docs/decisions/013): 30 is what an administrator sets.
 */
export const PROGRESS_STATUS = {
  not_start: 0,
  waiting_approve: 1,
  waiting_list: 2,
  waiting_form: 3,
  waiting_content_request: 5,
  re_submit: 6,
  in_progress: 21,
  verifying: 22,
  survey_required: 23,
  completed: 30,
  completed_31: 31,
  cancel: -1,
  expired: -2,
  rejected: -3,
  content_canceled: -4,
  failed: -5,
  request_expired: -6,
  auto_logout: -9,
  canceled_by_assignment: -11,
  refreshment: -12,
} as const;
export type ProgressStatus = (typeof PROGRESS_STATUS)[keyof typeof PROGRESS_STATUS];
/** Every progress status code, in the spec's order. */
export const PROGRESS_STATUS_CODES: readonly ProgressStatus[] = Object.values(PROGRESS_STATUS);
export const isProgressStatus = (n: unknown): n is ProgressStatus =>
  typeof n === "number" && (PROGRESS_STATUS_CODES as readonly number[]).includes(n);
/** The two codes that both mean completed. */
export const COMPLETED_STATUSES: readonly ProgressStatus[] = [30, 31];

/** Status groups (spec 001 §4): to do, doing, done. -9 auto_logout belongs to none (docs/decisions/013). */
export const PROGRESS_GROUPS = {
  todo: [0, 1, 2, 3, 5],
  doing: [21, 22, 23, 6],
  done: [30, 31, -12, -11, -6, -5, -4, -3, -2, -1],
} as const satisfies Record<string, readonly ProgressStatus[]>;
export type ProgressGroup = keyof typeof PROGRESS_GROUPS;
export const PROGRESS_GROUP_KEYS = Object.keys(PROGRESS_GROUPS) as ProgressGroup[];
/** The group of a status, or null (auto_logout). */
export function progressGroupOf(status: number): ProgressGroup | null {
  return PROGRESS_GROUP_KEYS.find((g) => (PROGRESS_GROUPS[g] as readonly number[]).includes(status)) ?? null;
}

/** Selectable sets (spec 001 §4): the statuses offered together in a filter. */
export const PROGRESS_SETS = {
  progress: [-5, 0, 6, 21, 22, 23, 30],
  waiting: [2, 5, 3, 1],
  canceled: [-3, -6, -1, -11],
} as const satisfies Record<string, readonly ProgressStatus[]>;
export type ProgressSet = keyof typeof PROGRESS_SETS;
export const PROGRESS_SET_KEYS = Object.keys(PROGRESS_SETS) as ProgressSet[];

/** Add methods (spec 001 §4 "Assignment", 002 §9). */
export const ADD_METHOD = { enrolled: 0, assigned: 1, auto_assigned: 2, sync: 3 } as const;
export type AddMethod = (typeof ADD_METHOD)[keyof typeof ADD_METHOD];
/**
 * The add methods an administrator's enrolment offers (R149; spec 001 §4 "a 0-2 subset in
 * assignment forms"; docs/decisions/074): enrolled (the default), assigned, auto assigned. Sync is
 * the organisation sync's own.
 */
export const ENROLL_ADD_METHODS = [ADD_METHOD.enrolled, ADD_METHOD.assigned, ADD_METHOD.auto_assigned] as const;
/** Added-by: how an administrator picked the learner (spec 001 §4, 002 §9). */
export const ADDED_BY = {
  n_a: 0,
  learner_list: 1,
  department: 2,
  level: 3,
  job_band: 4,
  group: 5,
  import_file: 6,
} as const;
export type AddedBy = (typeof ADDED_BY)[keyof typeof ADDED_BY];
/** How many ids one enrolment call may name. */
export const MAX_ENROLL_IDS = 1000;

/**
 * The kinds of the "Admin manual progress changes allowed" table (spec 001 §4), one per row;
 * course, class, learning path, onboard and test share the first row.
 */
export const TRANSITION_KINDS = [
  "course",
  "class",
  "learning_path",
  "onboard",
  "test",
  "learning_result",
  "assignment",
  "activity",
  "learning_material",
  "live_offline",
  "live_convert",
] as const;
export type TransitionKind = (typeof TRANSITION_KINDS)[number];
type TransitionRow = Readonly<Partial<Record<ProgressStatus, readonly ProgressStatus[]>>>;

/** 0 to 22, 30, -5; 21 to 22, 30, -5; 22 to 21, 30, -5; 30 to 21, 22, -5; -5 to 21, 22, 30. */
const CONTENT_ROW: TransitionRow = {
  0: [22, 30, -5],
  21: [22, 30, -5],
  22: [21, 30, -5],
  30: [21, 22, -5],
  [-5]: [21, 22, 30],
};

/**
 * The table as data: from → the statuses an administrator may set by hand. Readings of the rows the
 * spec words loosely are in docs/decisions/013 (learning result and activity: where 6 comes in).
 */
export const ADMIN_TRANSITIONS: Readonly<Record<TransitionKind, TransitionRow>> = {
  course: CONTENT_ROW,
  class: CONTENT_ROW,
  learning_path: CONTENT_ROW,
  onboard: CONTENT_ROW,
  test: CONTENT_ROW,
  // As above, plus 6 reachable from 22 and 30, and 6 itself allowed (to 21, 22, 30, -5).
  learning_result: { ...CONTENT_ROW, 22: [21, 30, -5, 6], 30: [21, 22, -5, 6], 6: [21, 22, 30, -5] },
  // Only among 22, 30, -5.
  assignment: { 22: [30, -5], 30: [22, -5], [-5]: [22, 30] },
  // As course, plus 6 (reachable from every state of the course row); 6 can go to 21, 22, 30, -5.
  activity: {
    0: [22, 30, -5, 6],
    21: [22, 30, -5, 6],
    22: [21, 30, -5, 6],
    30: [21, 22, -5, 6],
    [-5]: [21, 22, 30, 6],
    6: [21, 22, 30, -5],
  },
  // 0 or 21 to 30; 30 to 21.
  learning_material: { 0: [30], 21: [30], 30: [21] },
  // 0 to 30 or -5; 30 to -5; -5 to 30.
  live_offline: { 0: [30, -5], 30: [-5], [-5]: [30] },
  // 0 to 21 or 30; 21 to 30; 30 to 21.
  live_convert: { 0: [21, 30], 21: [30], 30: [21] },
};

/** A learner at 31 is completed like 30, so the 30 row applies (docs/decisions/013). */
const asTableStatus = (s: number) => (s === 31 ? 30 : s);

/** The statuses an administrator may set by hand from `from`, for that kind of content. */
export function allowedTransitions(kind: TransitionKind, from: number): readonly ProgressStatus[] {
  return ADMIN_TRANSITIONS[kind][asTableStatus(from) as ProgressStatus] ?? [];
}

/** Whether an administrator may change a learner from `from` to `to` by hand. */
export function canTransition(kind: TransitionKind, from: number, to: number): boolean {
  return from !== to && allowedTransitions(kind, from).includes(to as ProgressStatus);
}

/**
 * Bulk change targets and whom each affects (spec 001 §4 "Confirmation rules for bulk change"):
 * to completed → not started, in progress, verifying, expired, re-submit (failed unaffected);
 * to in progress → completed, failed, expired; to expired → all except in progress; to re-submit →
 * verifying, completed, failed, expired. A learner already at the target is never affected.
 */
export const BULK_TARGETS = [30, 21, -2, 6] as const satisfies readonly ProgressStatus[];
export type BulkTarget = (typeof BULK_TARGETS)[number];
export const isBulkTarget = (n: unknown): n is BulkTarget =>
  typeof n === "number" && (BULK_TARGETS as readonly number[]).includes(n);
const BULK_RULES: Readonly<Record<BulkTarget, (s: number) => boolean>> = {
  30: (s) => [0, 21, 22, -2, 6].includes(s),
  21: (s) => [30, 31, -5, -2].includes(s),
  [-2]: (s) => s !== 21,
  6: (s) => [22, 30, 31, -5, -2].includes(s),
};

/** Of the given current statuses, those a bulk change to `target` would change. */
export function bulkAffected<S extends number>(target: BulkTarget, statuses: readonly S[]): S[] {
  return statuses.filter((s) => s !== target && BULK_RULES[target](s));
}

/**
 * Progress action types (spec 001 §4 "Other code lists": override, update slot, check-in, verify,
 * chain reaction) as the progress history stores them, plus `enroll`: the enrolment that creates a
 * record (from no status to its first one). An administrator's change by hand or in bulk is an
 * override (docs/decisions/017).
 *
 * Enrollment approvals add theirs (docs/decisions/054): approve, reject, cancel_reject (back to
 * waiting) and close_enrollment (a form-required learner rejected when enrollment closed).
 * A cancelled class adds content_cancel: its unfinished learners moved to -4 (docs/decisions/077).
 * A learner's enrolment adds form_submit (the enrollment form answered, out of form required) and
 * request_expired (its approval flow's step waited too long: -6) (docs/decisions/074).
 */
export const PROGRESS_ACTIONS = [
  "override",
  "update_slot",
  "check_in",
  "verify",
  "chain_reaction",
  "enroll",
  "approve",
  "reject",
  "cancel_reject",
  "close_enrollment",
  "content_cancel",
  "form_submit",
  "request_expired",
] as const;
export type ProgressAction = (typeof PROGRESS_ACTIONS)[number];

/**
 * Statuses that hold no seat of a content's capacity: the waiting set (1, 2, 3, 5), the canceled
 * set (-1, -3, -6, -11) and content canceled (-4). Every other record holds one — not started,
 * learning, finished, failed or expired alike (docs/decisions/017).
 */
export const SEAT_FREE_STATUSES: readonly ProgressStatus[] = [...PROGRESS_SETS.waiting, ...PROGRESS_SETS.canceled, -4];
export const holdsSeat = (status: number) => !(SEAT_FREE_STATUSES as readonly number[]).includes(status);

/**
 * Cancel types (spec 001 §4 "Cancel types", 002 §9), exactly as the spec numbers them, and the
 * ones each kind of content allows. Type 7 (after_enrolled) carries a duration stored in seconds
 * and shown in days (86400 seconds a day).
 */
export const CANCEL_TYPE = {
  unpublish: -1,
  unlimited: 0,
  set_cancel_period: 1,
  before_learning_period_end: 2,
  duration_after_expire: 3,
  schedule_by_transaction: 4,
  before_xx_start: 5,
  before_xx_end: 6,
  after_enrolled: 7,
} as const;
export type CancelType = (typeof CANCEL_TYPE)[keyof typeof CANCEL_TYPE];
export const CANCEL_TYPE_CODES: readonly CancelType[] = Object.values(CANCEL_TYPE);
/** Allowed per content type: activity [7]; course [2,7]; event [5,6,1]; online learning path [2,7]; schedule learning path [5,6,1]. */
export const CANCEL_TYPES_ALLOWED = {
  activity: [7],
  course: [2, 7],
  event: [5, 6, 1],
  learning_path_online: [2, 7],
  learning_path_schedule: [5, 6, 1],
} as const satisfies Record<string, readonly CancelType[]>;
export type CancelContentKind = keyof typeof CANCEL_TYPES_ALLOWED;
/** Whether a kind of content allows a cancel type: the one check both sides use. */
export function isCancelTypeAllowed(kind: CancelContentKind, type: unknown): type is CancelType {
  return typeof type === "number" && (CANCEL_TYPES_ALLOWED[kind] as readonly number[]).includes(type);
}
/** The cancel types that carry a duration in seconds (the others carry none, type 1 a period). */
export const CANCEL_TYPES_WITH_DURATION: readonly CancelType[] = [3, 5, 6, 7];
export const SECONDS_PER_DAY = 86_400;
export const SECONDS_PER_MINUTE = 60;

/** Enrollment access types (spec 001 §4 "Enrollment", 002 §9). */
export const TYPE_ACCESS = {
  no_condition: -1,
  waiting_list: 0,
  close_enroll_after_full: 1,
  waiting_approve: 2,
  waiting_approve_flow: 3,
} as const;
export type TypeAccess = (typeof TYPE_ACCESS)[keyof typeof TYPE_ACCESS];
/** Enrollment waiting types (spec 001 §4, 002 §9). */
export const TYPE_WAITING = { waiting_list: 0, close_enroll_after_full: 1 } as const;
export type TypeWaiting = (typeof TYPE_WAITING)[keyof typeof TYPE_WAITING];
/**
 * What enrolment does once a content with a capacity is full (docs/decisions/017): the access
 * types that name it decide (waiting list 0 → the waiting list, close after full 1 → closed); the
 * others (no condition, approval) leave it to the waiting type.
 */
export function whenFull(typeAccess: number, typeWaiting: number): "waiting_list" | "closed" {
  if (typeAccess === TYPE_ACCESS.waiting_list) return "waiting_list";
  if (typeAccess === TYPE_ACCESS.close_enroll_after_full) return "closed";
  return typeWaiting === TYPE_WAITING.close_enroll_after_full ? "closed" : "waiting_list";
}
/** Retrain period units (not shown in the spec: docs/decisions/014). */
export const RETRAIN_UNIT = { day: 0, week: 1, month: 2, year: 3 } as const;
export type RetrainUnit = (typeof RETRAIN_UNIT)[keyof typeof RETRAIN_UNIT];

/**
 * Identification methods (spec 001 §3 "Identification"): 0 otp, 1 random alert, 2 photo. The one
 * table for enrollment and curriculum identification and the identification log.
 */
export const IDENTIFICATION_METHOD = { otp: 0, random_alert: 1, photo: 2 } as const;
export type IdentificationMethod = (typeof IDENTIFICATION_METHOD)[keyof typeof IDENTIFICATION_METHOD];
export const IDENTIFICATION_METHOD_CODES: readonly IdentificationMethod[] = Object.values(IDENTIFICATION_METHOD);
/**
 * Lock methods after too many failed identifications (default 1; the spec shows no other value nor
 * the numbers' meanings: docs/decisions/009, 014): 1 locked for duration_lock, 2 locked until an
 * administrator unlocks.
 */
export const LOCK_METHOD = { duration: 1, until_unlocked: 2 } as const;
export type LockMethod = (typeof LOCK_METHOD)[keyof typeof LOCK_METHOD];
export const LOCK_METHOD_CODES: readonly LockMethod[] = Object.values(LOCK_METHOD);

/**
 * Content permission rules (spec 001 §3 "Permission mode", 002 §6 "Content access levels"): a
 * rule's `permission` is the access level (view 1, view_enroll 2; default 2) and its `mode` the
 * rule choice (department 2, user 3; the default 1 is everyone). See docs/decisions/014.
 */
export const PERMISSION_ACCESS = { view: 1, view_enroll: 2 } as const;
export type PermissionAccess = (typeof PERMISSION_ACCESS)[keyof typeof PERMISSION_ACCESS];
export const PERMISSION_RULE = { everyone: 1, department: 2, user: 3 } as const;
export type PermissionRule = (typeof PERMISSION_RULE)[keyof typeof PERMISSION_RULE];
/** How a condition's criteria combine (operator, default 1): every filled criterion, or any one. */
export const CONDITION_OPERATOR = { all: 1, any: 2 } as const;
export type ConditionOperator = (typeof CONDITION_OPERATOR)[keyof typeof CONDITION_OPERATOR];
/**
 * The numeric range pairs of a condition (`{name}_gte`, `{name}_lte`; -1 means unset): years,
 * but the English score (spec 001 §3 "Learner conditions also cover … english score";
 * docs/decisions/083), which is points.
 */
export const PERMISSION_RANGES = [
  "age",
  "experience",
  "level_year",
  "service",
  "level_group_year",
  "english_score",
] as const;
export type PermissionRange = (typeof PERMISSION_RANGES)[number];
/** The ranges counted in points rather than years, and their highest bound (TOEIC tops at 990). */
export const POINT_RANGES: Partial<Record<PermissionRange, number>> = { english_score: 999 };
/** The learner condition's text lists (docs/decisions/083): values matched against the account's. */
export const CONDITION_TEXT_LISTS = ["company_code", "job_family", "work_shift"] as const;
export type ConditionTextList = (typeof CONDITION_TEXT_LISTS)[number];
/**
 * A budget category's type (spec 001 §4 "Budget category type … type 1 or 2 turns one flag off;
 * -1 turns both off"; docs/decisions/083): where it can be picked — both the plan and the actual
 * cost (0, the default), the plan only (1), the actual cost only (2), neither (-1: retired).
 */
export const BUDGET_CATEGORY_TYPE = { none: -1, both: 0, plan: 1, actual: 2 } as const;
export type BudgetCategoryType = (typeof BUDGET_CATEGORY_TYPE)[keyof typeof BUDGET_CATEGORY_TYPE];
/** The types in the order a form offers them: both, plan only, actual cost only, neither. */
export const BUDGET_CATEGORY_TYPES: readonly BudgetCategoryType[] = [
  BUDGET_CATEGORY_TYPE.both,
  BUDGET_CATEGORY_TYPE.plan,
  BUDGET_CATEGORY_TYPE.actual,
  BUDGET_CATEGORY_TYPE.none,
];
/** Whether a category of `type` can be picked on the plan or the actual cost page. */
export const budgetTypeAllows = (type: number, kind: "plan" | "actual") =>
  type === BUDGET_CATEGORY_TYPE.both ||
  type === (kind === "plan" ? BUDGET_CATEGORY_TYPE.plan : BUDGET_CATEGORY_TYPE.actual);

/** GET …/learner/export/ and …/progress/export/: the spreadsheet type (`format_type`). */
export { EXPORT_FORMATS, type ExportFormat } from "./export-formats";
