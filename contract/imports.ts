import { IMPORT_STATUS } from "./codes";
import type { AccountRef } from "./schemas/user";

/**
 * Bulk imports that run as jobs (issue 15 §2, docs/decisions/032): the status codes of spec 001
 * §4 "Import task", the history item of spec 001 §3 (id, input_filename, status, percent, plus
 * our counts), the socket's events of spec 002 §7, and the user file's columns. Zod-free: the
 * dashboard's components read these (docs/decisions/016).
 */
export { IMPORT_STATUS };
export type ImportStatus = (typeof IMPORT_STATUS)[keyof typeof IMPORT_STATUS];

/** What can be imported (users; learners' credit, docs/decisions/075); the socket's path may end in one of these (websocket/alert/import/{module}/). */
export const IMPORT_MODULES = ["user", "credit"] as const;
export type ImportModule = (typeof IMPORT_MODULES)[number];

/**
 * `all_or_nothing` (the default): one bad row and nothing is written, the error file says why.
 * `valid_rows`: the good rows are written, the bad ones come back in the error file.
 */
export const IMPORT_MODES = ["all_or_nothing", "valid_rows"] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** The client's events on the socket (spec 002 §7); the server answers under the same name. */
export const IMPORT_EVENTS = { history: "import_history", processing: "import_history_processing_list" } as const;
export type ImportEvent = (typeof IMPORT_EVENTS)[keyof typeof IMPORT_EVENTS];
/** The socket's path under the API root; a module name may follow. */
export const IMPORT_SOCKET_PATH = "websocket/alert/import/";
/** How many rows `import_history` answers: the most recent. */
export const IMPORT_HISTORY_RECENT = 20;

/** The most data rows one user file may hold (the bench imports this many in under a minute). */
export const MAX_USER_IMPORT_ROWS = 10_000;

/**
 * The user file's columns, in the template's order: the user form's fields (spec 001 §3 "User")
 * by their API names. Department, position and level are given by code (or by name when no code
 * matches and the name is unique), the supervisor by username. A file may leave out any column
 * but the required ones; columns it does not name are left as they are on existing accounts.
 */
export const USER_IMPORT_COLUMNS = [
  "username",
  "email",
  "first_name",
  "last_name",
  "gender",
  "title",
  "middle_name",
  "code",
  "code2",
  "phone",
  "id_card",
  "department",
  "position",
  "level",
  "supervisor",
  "company",
  "address",
  "date_start",
  "date_joined",
  "date_birth",
  "expired_date",
  "count_experience_year",
  "count_experience_month",
  "work_experience",
  "language",
  "is_subscribe",
  "is_force_reset_password",
  "is_active",
  "password",
  // What a learner condition also reads (docs/decisions/083); the location is chosen on the form.
  "job_family",
  "work_shift",
  "english_score",
] as const;
/** Also read when present, never in the template: a password's confirmation. */
export const USER_IMPORT_EXTRA_COLUMNS = ["confirm_password"] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number] | (typeof USER_IMPORT_EXTRA_COLUMNS)[number];
/** Without these a file is refused whole (the required fields of the user form but the password). */
export const USER_IMPORT_REQUIRED = ["username", "email", "first_name", "last_name", "gender"] as const;

/** An import history item: GET dashboard/import-history/{id}/, the lists, the socket's rows. */
export type ImportHistoryItem = {
  id: number;
  module: ImportModule;
  input_filename: string;
  status: ImportStatus;
  /** 0–100; 100 only once succeeded. */
  percent: number;
  mode: ImportMode;
  /** Data rows in the file. */
  count_total: number;
  /** Rows imported: created + updated + unchanged. */
  count_success: number;
  /** Rows refused (in the error file). */
  count_failed: number;
  count_created: number;
  count_updated: number;
  /** Rows naming an existing account with the same values: nothing written for them. */
  count_unchanged: number;
  /** Why it failed or what to know (a message key): import_rows_refused, import_interrupted, server_error. */
  message: string | null;
  /** Whether GET …/{id}/error-file/ has the refused rows. */
  has_error_file: boolean;
  created_by: AccountRef | null;
  datetime_create: string;
  datetime_update: string;
  datetime_finish: string | null;
};

/** What the socket sends: the answer to an event, or a push while a job runs. */
export type ImportSocketMessage =
  { event: ImportEvent; results: ImportHistoryItem[] } | { event: "error"; detail: string };
