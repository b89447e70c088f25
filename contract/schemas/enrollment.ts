import { z } from "../zod";
import type { Paged } from "../http";
import { MSG } from "../messages";
import { text } from "./text";
import { code, isBlank } from "./form-fields";
import {
  ADD_METHOD,
  ENROLL_ADD_METHODS,
  EXPORT_FORMATS,
  MAX_ENROLL_IDS,
  PROGRESS_GROUP_KEYS,
  PROGRESS_SET_KEYS,
  isBulkTarget,
  isProgressStatus,
  type AddMethod,
  type AddedBy,
  type BulkTarget,
  type ProgressAction,
  type ProgressGroup,
  type ProgressSet,
  type ProgressStatus,
} from "../codes";

/**
 * Enrollment records, learners and progress of a content item (spec 001 §4; docs/decisions/013):
 * the input schemas the dashboard and the API share, and the API's answers. Inputs accept what an
 * HTML form posts (texts, repeated fields) as well as JSON. (The enrollment *settings* of a content
 * item are another file: content-enrollment.ts.)
 */

const MAX_ID = 2_147_483_647;
/** How many data rows one import file may hold. */
export const MAX_IMPORT_ROWS = 5000;

const toInt = (v: unknown) => (typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v);

const id = () =>
  z.preprocess(toInt, z.number({ error: MSG.invalid }).int(MSG.invalid).min(1, MSG.invalid).max(MAX_ID, MSG.invalid));

/** A list of ids: an array (of numbers or texts), one comma-separated text, or nothing. Duplicates dropped. */
const idList = (max: number) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === "") return [];
      if (typeof v === "string")
        return v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean);
      if (typeof v === "number") return [v];
      return v;
    },
    z
      .array(id(), { error: MSG.invalid })
      .max(max, MSG.too_long)
      .transform((ids) => [...new Set(ids)]),
  );

const checkbox = () =>
  z.preprocess(
    (v) => {
      if (v === true || v === "true" || v === "on" || v === "1" || v === 1) return true;
      if (
        v === undefined ||
        v === false ||
        v === "false" ||
        v === "off" ||
        v === "0" ||
        v === 0 ||
        v === "" ||
        v === null
      )
        return false;
      return v;
    },
    z.boolean({ error: MSG.invalid }),
  );

/**
 * POST …/enroll/: learners by account id, by department (optionally with every sub-department) or
 * by group; any combination, at least one id (else {detail: [enroll_method_required]}). Each
 * account found is enrolled once; its added_by is the first of learner list, department, group
 * that found it.
 */
/** An administrator's choice of add method (contract/codes.ts ENROLL_ADD_METHODS), enrolled when none is given. */
export const addMethodField = () =>
  z.preprocess((v) => (isBlank(v) ? ADD_METHOD.enrolled : v), code(ENROLL_ADD_METHODS));

export const enrollSchema = z
  .object({
    account_list: idList(MAX_ENROLL_IDS),
    department_list: idList(200),
    include_sub_department: checkbox().default(false),
    group_list: idList(200),
    add_method: addMethodField(),
  })
  .refine((v) => v.account_list.length + v.department_list.length + v.group_list.length > 0, {
    message: MSG.enroll_method_required,
  });
export type EnrollInput = z.output<typeof enrollSchema>;

/**
 * The enrol page's learner picker (docs/decisions/017): the search typed and the accounts ticked,
 * carried from one search or page of the picker to the next (no id required here).
 */
export const enrollPickerSchema = z.object({
  q: text().trim().max(200, MSG.too_long).default(""),
  account_list: idList(MAX_ENROLL_IDS),
});

/** A progress status code given as a number or its text; anything else is invalid_choice. */
const statusCode = () =>
  z
    .preprocess(
      toInt,
      z.number({ error: MSG.required }).refine((n) => isProgressStatus(n), MSG.invalid_choice),
    )
    .transform((n) => n as ProgressStatus);

/** PATCH …/progress/{enrollmentId}/: the new status (only what the kind's transition row allows). */
export const progressChangeSchema = z.object({ status: statusCode() });
export type ProgressChangeInput = z.output<typeof progressChangeSchema>;

/**
 * POST …/progress/bulk/: a bulk target (30, 21, -2, 6); `preview` only counts; `enrollment_list`
 * limits the change to those enrollments of the content (none: all of its learners).
 */
export const bulkProgressSchema = z.object({
  target: z
    .preprocess(
      toInt,
      z.number({ error: MSG.required }).refine((n) => isBulkTarget(n), MSG.invalid_choice),
    )
    .transform((n) => n as BulkTarget),
  preview: checkbox().default(false),
  enrollment_list: idList(MAX_ENROLL_IDS),
});
export type BulkProgressInput = z.output<typeof bulkProgressSchema>;

/** The learner list's own query keys (besides page, page_size, search, ordering). */
export const learnerQuerySchema = z.object({
  status_group: z.enum(PROGRESS_GROUP_KEYS as [ProgressGroup, ...ProgressGroup[]]).optional(),
  status_set: z.enum(PROGRESS_SET_KEYS as [ProgressSet, ...ProgressSet[]]).optional(),
  status: statusCode().optional(),
});
/** Orderings the learner list accepts (`-` for descending). */
export const LEARNER_ORDERINGS = [
  "name",
  "username",
  "email",
  "status",
  "datetime_enroll",
  "datetime_start",
  "datetime_complete",
  "datetime_update",
] as const;
export const LEARNER_DEFAULT_ORDERING = "-datetime_enroll";

/** GET …/learner/export/ and …/progress/export/: the spreadsheet type (EXPORT_FORMATS, contract/codes.ts). */
export const exportQuerySchema = z.object({ format_type: z.enum(EXPORT_FORMATS).default("xlsx") });

export type IdName = { id: number; name: string };

/** A row of GET …/learner/ and …/progress/ (one enrollment). */
export type EnrollmentRow = {
  id: number;
  account: {
    id: number;
    username: string;
    email: string;
    first_name: string;
    last_name: string;
    department: IdName | null;
  };
  status: ProgressStatus;
  /** todo / doing / done, or null (auto_logout belongs to no group). */
  status_group: ProgressGroup | null;
  add_method: AddMethod;
  added_by: AddedBy;
  datetime_enroll: string;
  datetime_start: string | null;
  datetime_complete: string | null;
  datetime_update: string;
  /** The statuses an administrator may set by hand from the current one. */
  allowed_status: ProgressStatus[];
};

/** A row of GET …/enroll/account/: an active account to pick, and whether it is already enrolled. */
export type EnrollCandidate = {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  department: IdName | null;
  is_enrolled: boolean;
};
/** GET …/enroll/account/: the paged accounts, and the course's seats (null: no capacity). */
export type EnrollCandidates = Paged<EnrollCandidate> & { seats: Seats | null };

/**
 * What happened to one account of an enrolment call: enrolled (a seat, not started), put on the
 * waiting list (the course was full and its setting says so), already enrolled, refused because
 * the course is full and closes when full (nothing written), or not found (docs/decisions/017).
 */
export type EnrollOutcome = "enrolled" | "waiting_list" | "already_enrolled" | "full" | "not_found";
/** A course's seats: capacity (never 0 here: 0 means no limit and answers null), seats held, and what enrolment does when full. */
export type Seats = { capacity: number; taken: number; when_full: "waiting_list" | "closed" };
/** POST …/enroll/ answer; `seats` after the call (null: no capacity). */
export type EnrollAnswer = {
  results: { account: number; username: string | null; added_by: AddedBy | null; result: EnrollOutcome }[];
  enrolled: number;
  waiting_list: number;
  already_enrolled: number;
  full: number;
  not_found: number;
  seats: Seats | null;
};

/** Why an import row was refused (full: the course closes when full and had no seat left). */
export type ImportRefusal = "not_found" | "duplicate" | "missing_value" | "full";
/** POST …/enroll/import/ answer: one entry per data row (row = its line in the file, header is 1). */
export type ImportAnswer = {
  column: "username" | "email";
  results: {
    row: number;
    value: string;
    account: number | null;
    result: "enrolled" | "waiting_list" | "already_enrolled" | ImportRefusal;
    refused: boolean;
  }[];
  enrolled: number;
  waiting_list: number;
  already_enrolled: number;
  refused: number;
  seats: Seats | null;
};

/** A row of GET …/progress/{enrollmentId}/history/: one status change of the learner. */
export type ProgressLogRow = {
  id: number;
  /** null: the record was created (enrolment). */
  from_status: ProgressStatus | null;
  to_status: ProgressStatus;
  action_type: ProgressAction;
  is_bulk: boolean;
  /** Who made the change (null when the account is gone or nobody did). */
  by: { id: number; username: string; first_name: string; last_name: string } | null;
  datetime_create: string;
};
/** GET …/progress/{enrollmentId}/history/: the paged changes, newest first, and the enrollment they belong to. */
export type ProgressHistoryAnswer = Paged<ProgressLogRow> & { enrollment: EnrollmentRow };

/** POST …/progress/bulk/ with preview: who the change would touch, per current status and per choice. */
export type BulkPreview = {
  target: BulkTarget;
  preview: true;
  total: number;
  affected: number;
  unaffected: number;
  by_status: { status: ProgressStatus; count: number; affected: boolean }[];
  /** Every bulk target with the number of learners it would change. */
  choices: { target: BulkTarget; affected: number }[];
};
/** POST …/progress/bulk/ without preview. */
export type BulkApplied = { target: BulkTarget; preview: false; changed: number };
