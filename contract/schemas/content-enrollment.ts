import { z } from "../zod";
import { MSG } from "../messages";
import {
  CANCEL_TYPE_CODES,
  CANCEL_TYPES_ALLOWED,
  CANCEL_TYPES_WITH_DURATION,
  IDENTIFICATION_METHOD,
  IDENTIFICATION_METHOD_CODES,
  LOCK_METHOD,
  LOCK_METHOD_CODES,
  RETRAIN_UNIT,
  SECONDS_PER_DAY,
  SECONDS_PER_MINUTE,
  TYPE_ACCESS,
  TYPE_WAITING,
  isCancelTypeAllowed,
  type CancelContentKind,
  type CancelType,
  type IdentificationMethod,
  type LockMethod,
  type RetrainUnit,
  type TypeAccess,
  type TypeWaiting,
} from "../codes";
import {
  always,
  checkbox,
  code,
  idList,
  int,
  isoDateTime,
  localDateTime,
  nullableId,
  withDefault,
} from "./form-fields";

/**
 * Enrollment settings of a content (spec 001 §3 "Enrollment settings", §4 "Cancel types", §5
 * validation), its enrollment identification and its prerequisites: the schemas both sides use.
 *
 * Each schema comes in two units. "api" is the wire: durations in seconds, instants as ISO-8601.
 * "form" is what an administrator types: the cancel and expiry durations in days, the lock
 * duration in minutes, times as datetime-local text in the organisation's zone. The rules are the
 * same; the dashboard converts a valid form to the wire (contract/units.ts, app/lms/time.ts).
 */
export type Units = "api" | "form";

const values = <T extends Record<string, number>>(table: T) => Object.values(table) as T[keyof T][];

/** A duration that must not be 0: whole days in the form, seconds (a whole number of days) on the wire. */
const days = (units: Units) =>
  units === "form"
    ? withDefault(int({ min: 1, max: 36_500, notZero: true }).nullable(), null)
    : withDefault(
        int({ min: 1, max: 36_500 * SECONDS_PER_DAY, notZero: true })
          .refine((s) => s % SECONDS_PER_DAY === 0, { message: MSG.whole_days, abort: true })
          .nullable(),
        null,
      );

const instant = (units: Units) => (units === "form" ? localDateTime() : isoDateTime());

/** End not before start (spec 001 §5 "Dates and times"); both are ISO UTC or both local text of one zone. */
const endNotBeforeStart = (p: { datetime_start?: unknown; datetime_end?: unknown }) =>
  !(typeof p.datetime_start === "string" && typeof p.datetime_end === "string" && p.datetime_end < p.datetime_start);

/** The enrollment period: open from / until (null: no bound). */
const period = (units: Units) =>
  z.preprocess(
    (v) => v ?? {},
    z
      .object({ datetime_start: instant(units), datetime_end: instant(units) })
      .refine(endNotBeforeStart, { message: MSG.date_end_before_start, path: ["datetime_end"], ...always }),
  );

/**
 * The cancel period: a cancel type the kind of content allows (course [2, 7]), a duration for the
 * types that carry one (7 after_enrolled: days after enrolling; also 3, 5, 6), a period for type 1.
 * A duration or period given for a type that has none is dropped.
 */
const cancelPeriod = (kind: CancelContentKind, units: Units) =>
  z.preprocess(
    (v) => v ?? {},
    z
      .object({
        type: withDefault(code(CANCEL_TYPE_CODES), CANCEL_TYPES_ALLOWED[kind][0]).refine(
          (t) => isCancelTypeAllowed(kind, t),
          { message: MSG.cancel_type_not_allowed, abort: true },
        ),
        duration: days(units),
        datetime_start: instant(units),
        datetime_end: instant(units),
      })
      .superRefine((p, ctx) => {
        // What the type needs is only asked once the type itself is right.
        if (!isCancelTypeAllowed(kind, p.type)) return;
        if (CANCEL_TYPES_WITH_DURATION.includes(p.type) && p.duration === null)
          ctx.addIssue({ code: "custom", message: MSG.required, path: ["duration"] });
        if (p.type === 1) {
          if (p.datetime_start === null)
            ctx.addIssue({ code: "custom", message: MSG.required, path: ["datetime_start"] });
          if (p.datetime_end === null) ctx.addIssue({ code: "custom", message: MSG.required, path: ["datetime_end"] });
          if (!endNotBeforeStart(p))
            ctx.addIssue({ code: "custom", message: MSG.date_end_before_start, path: ["datetime_end"] });
        }
      })
      .transform((p) => ({
        type: p.type as CancelType,
        duration: CANCEL_TYPES_WITH_DURATION.includes(p.type) ? p.duration : null,
        datetime_start: p.type === 1 ? p.datetime_start : null,
        datetime_end: p.type === 1 ? p.datetime_end : null,
      })),
  );

/** Defaults of spec 001 §3: minimum 0, maximum 10 learners a session; no condition on access. */
export const ENROLLMENT_DEFAULTS = {
  minimum_session_enrollment: 0,
  maximum_session_enrollment: 10,
  type_access: TYPE_ACCESS.no_condition,
  type_waiting: TYPE_WAITING.waiting_list,
  retrain_count: 1,
  retrain_unit: RETRAIN_UNIT.year,
} as const;

/**
 * The whole enrollment settings (PUT replaces them; a missing checkbox is false, a missing number
 * its default). Validation: the cancel type allowed for `kind`; durations and counts not 0;
 * minimum ≤ maximum session enrollment; period ends not before their starts.
 */
export function enrollmentSchema(kind: CancelContentKind, units: Units = "api") {
  return z
    .object({
      /** An enrollment form id (none exist yet: only null is accepted, docs/decisions/014). */
      form: nullableId(),
      /** Seats; 0 means no limit. */
      capacity: withDefault(int({ min: 0 }), 0),
      is_overlap_time: checkbox(),
      is_session_reserved: checkbox(),
      is_session_enrollment: checkbox(),
      minimum_session_enrollment: withDefault(int({ min: 0 }), ENROLLMENT_DEFAULTS.minimum_session_enrollment),
      maximum_session_enrollment: withDefault(
        int({ min: 1, notZero: true }),
        ENROLLMENT_DEFAULTS.maximum_session_enrollment,
      ),
      type_access: withDefault(code(values(TYPE_ACCESS)), ENROLLMENT_DEFAULTS.type_access),
      enrollment_required: checkbox(),
      type_waiting: withDefault(code(values(TYPE_WAITING)), ENROLLMENT_DEFAULTS.type_waiting),
      content_period_enroll: period(units),
      content_period_cancel: cancelPeriod(kind, units),
      is_allow_change_session_enrollment: checkbox(),
      is_user_canceled: checkbox(),
      is_rejected_able_re_enroll: checkbox(),
      /** How long a learner has after enrolling (days in the form, seconds on the wire); null: no limit. */
      duration_expire: days(units),
      is_retrain: checkbox(),
      retrain_count: withDefault(int({ min: 1, max: 1000, notZero: true }), ENROLLMENT_DEFAULTS.retrain_count),
      retrain_unit: withDefault(code(values(RETRAIN_UNIT)), ENROLLMENT_DEFAULTS.retrain_unit),
    })
    .refine(
      (s) =>
        !(
          typeof s.minimum_session_enrollment === "number" &&
          typeof s.maximum_session_enrollment === "number" &&
          s.minimum_session_enrollment > s.maximum_session_enrollment
        ),
      { message: MSG.session_min_above_max, path: ["minimum_session_enrollment"], ...always },
    );
}
export type EnrollmentInput = z.output<ReturnType<typeof enrollmentSchema>>;

/** GET/PUT dashboard/{content}/{id}/enrollment/: the settings as stored (defaults until saved). */
export type EnrollmentSettings = {
  form: number | null;
  capacity: number;
  is_overlap_time: boolean;
  is_session_reserved: boolean;
  is_session_enrollment: boolean;
  minimum_session_enrollment: number;
  maximum_session_enrollment: number;
  type_access: TypeAccess;
  enrollment_required: boolean;
  type_waiting: TypeWaiting;
  content_period_enroll: { datetime_start: string | null; datetime_end: string | null };
  content_period_cancel: {
    type: CancelType;
    duration: number | null;
    datetime_start: string | null;
    datetime_end: string | null;
  };
  is_allow_change_session_enrollment: boolean;
  is_user_canceled: boolean;
  is_rejected_able_re_enroll: boolean;
  duration_expire: number | null;
  is_retrain: boolean;
  retrain_count: number;
  retrain_unit: RetrainUnit;
  /** The cancel types this kind of content allows (for the form's choices). */
  cancel_type_choices: CancelType[];
  /** When the settings were last saved; null while they are the defaults. */
  datetime_update: string | null;
};

/** The configured minimums of lock attempt and lock duration (config iden-lock-…-minimum; seconds). */
export type LockMinimums = { attempt: number; durationSeconds: number };
export const DEFAULT_LOCK_MINIMUMS: LockMinimums = { attempt: 1, durationSeconds: 60 };

/**
 * Enrollment identification (spec 001 §3 "Enrollment and section identification"): is_enabled,
 * identification (the method: 0 otp, 1 random alert, 2 photo), lock_method (default 1), attempt
 * and duration_lock (seconds on the wire, minutes in the form), at least the configured minimums.
 * The lock duration is needed for lock method 1 (lock for a while) only.
 */
export function identificationSchema(min: LockMinimums = DEFAULT_LOCK_MINIMUMS, units: Units = "api") {
  const minMinutes = Math.max(1, Math.ceil(min.durationSeconds / SECONDS_PER_MINUTE));
  const duration =
    units === "form"
      ? int({ min: 1, max: 525_600, notZero: true }).refine((m) => m >= minMinutes, MSG.value_below_minimum)
      : int({ min: 1, max: 525_600 * SECONDS_PER_MINUTE, notZero: true })
          .refine((s) => s % SECONDS_PER_MINUTE === 0, { message: MSG.invalid, abort: true })
          .refine((s) => s >= min.durationSeconds, MSG.value_below_minimum);
  return z
    .object({
      is_enabled: checkbox(),
      identification: withDefault(code(IDENTIFICATION_METHOD_CODES), IDENTIFICATION_METHOD.otp),
      lock_method: withDefault(code(LOCK_METHOD_CODES), LOCK_METHOD.duration),
      attempt: withDefault(
        int({ min: 1, max: 100, notZero: true }).refine((n) => n >= min.attempt, MSG.value_below_minimum),
        Math.max(1, min.attempt),
      ),
      duration_lock: withDefault(duration.nullable(), null),
    })
    .superRefine((s, ctx) => {
      if (s.lock_method === LOCK_METHOD.duration && s.duration_lock === null)
        ctx.addIssue({ code: "custom", message: MSG.required, path: ["duration_lock"] });
    })
    .transform((s) => ({ ...s, duration_lock: s.lock_method === LOCK_METHOD.duration ? s.duration_lock : null }));
}
export type IdentificationInput = z.output<ReturnType<typeof identificationSchema>>;

/** GET/PUT dashboard/{content}/{id}/enrollment/identification/ */
export type EnrollmentIdentification = {
  is_enabled: boolean;
  identification: IdentificationMethod;
  lock_method: LockMethod;
  attempt: number;
  /** Seconds; null for lock method 2. */
  duration_lock: number | null;
  datetime_update: string | null;
};

/** PUT dashboard/{content}/{id}/enrollment/prerequisite/: the whole list (courses, for now). */
export const prerequisiteSchema = z.object({ prerequisite_list: idList(200) });
export type PrerequisiteInput = z.output<typeof prerequisiteSchema>;

/** One prerequisite in the answer. */
export type Prerequisite = { id: number; name: string; code: string; content_type: string };
/** GET/PUT dashboard/{content}/{id}/enrollment/prerequisite/ */
export type PrerequisiteAnswer = { results: Prerequisite[]; count: number };
