import { z } from "../zod";
import { MSG } from "../messages";
import { text } from "./text";
import { checkbox, code, dateOnly, idList, int, isBlank, nullableId } from "./form-fields";
import {
  CHECK_IN_GROUPS,
  CHECK_IN_TYPES,
  CLASS_MSG,
  DEFAULT_SESSION_START,
  QR_CODE_HOLDERS,
  SESSION_TYPES,
  type ClassStatus,
} from "../class-codes";
import type { ContentDetail, ContentRow, IdName } from "./content";
import { sessionUrlSchema } from "./class-session-pages";

/**
 * A class's own fields (spec 001 §3 "A class has batch, qr_code_holder (default 1),
 * check_in_group (default 0), is_user_check_in, check_in_type, is_allow_change_qr") and its end
 * date, which sessions may not pass (docs/decisions/040); contract/schemas/content.ts adds them to
 * the common content schemas. And the session form (spec 001 §3 "Session and schedule", §5).
 */
const withDefault = <S extends z.ZodType>(schema: S, fallback: unknown) =>
  z.preprocess((v) => (isBlank(v) ? fallback : v), schema);

export const classOwnFields = {
  batch: withDefault(int({ min: 0, max: 100_000 }).nullable(), null),
  qr_code_holder: withDefault(code(QR_CODE_HOLDERS), 1),
  // 0 each session, 1 the day's sessions together (docs/decisions/046).
  check_in_group: withDefault(code(CHECK_IN_GROUPS), 0),
  is_user_check_in: checkbox(),
  check_in_type: withDefault(code(CHECK_IN_TYPES), 0),
  is_allow_change_qr: checkbox(),
  // Blank or absent is null on create (dateOnly); no default, so a PATCH without it keeps the stored end date.
  date_end: dateOnly(),
  // The class program it belongs to, or none (docs/decisions/044).
  class_program: nullableId(),
  // Not stored: the administrator confirms that a changed check-in type resets every learner's
  // progress (docs/decisions/042).
  confirm_check_in_reset: checkbox(),
};

/**
 * POST dashboard/location/zone/event/{id}/ (spec 002 §7 "Locations"): the class's event zone, a
 * location's id, or null (blank) to clear it (docs/decisions/043).
 */
export const eventZoneSchema = z.object({ zone: nullableId() });

/** "YYYY-MM-DD" naming a real day. */
const isCalendarDate = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .refine((v) => TIME.test(v), MSG.invalid);

/**
 * POST / PATCH dashboard/class/{id}/session/: one session on one date, start and end times in the
 * organisation's zone. `confirm_overlap` says the administrator saw the overlap and saves anyway.
 */
export function sessionSchema(limits: { text: number; description: number; url?: number }) {
  return z
    .object({
      name: text({ error: MSG.required }).trim().min(1, MSG.required).max(limits.text, MSG.too_long),
      desc: z.preprocess(
        (v) => (v == null ? "" : v),
        text({ multiline: true, error: MSG.invalid }).max(limits.description, MSG.too_long),
      ),
      type: withDefault(code(SESSION_TYPES), 3),
      date: z.preprocess(
        (v) => (isBlank(v) ? undefined : v),
        z.string({ error: MSG.required }).refine(isCalendarDate, MSG.invalid),
      ),
      start_time: withDefault(time(), DEFAULT_SESSION_START),
      end_time: time(),
      location: nullableId(),
      room: nullableId(),
      capacity: withDefault(int({ min: 0, max: 1_000_000 }), 0),
      is_display: checkbox(),
      // Edited on the session's live page (docs/decisions/045): absent, they stay as they are; given
      // (an API caller), the live page's rules apply.
      is_playback: z.union([z.undefined(), checkbox()]),
      url: z.union([z.undefined(), sessionUrlSchema(limits.url ?? 255)]),
      instructor_list: idList(200).default([]),
      // Checked in by QR code (spec 001 §3 "Schedule adds is_qr_code", docs/decisions/077). Absent is
      // "as it is" (a new session: yes, as every session was before); the session form always says.
      is_qr_code: z.union([z.undefined(), checkbox()]),
      confirm_overlap: checkbox(),
    })
    .superRefine((s, ctx) => {
      // One day, so "end not before start" and "end time after start time" are both about the times.
      if (s.end_time < s.start_time)
        ctx.addIssue({ code: "custom", path: ["end_time"], message: CLASS_MSG.end_before_start });
      else if (s.end_time === s.start_time)
        ctx.addIssue({ code: "custom", path: ["end_time"], message: CLASS_MSG.end_time_after_start });
    });
}
export type SessionInput = z.infer<ReturnType<typeof sessionSchema>>;

/**
 * POST dashboard/class/{id}/cancel/ (docs/decisions/077): why — required, told to the learners.
 * Up to the description limit (config description-limit), as a long text of the class.
 */
export const classCancelSchema = (limits: { description: number }) =>
  z.object({
    reason: text({ multiline: true, error: MSG.required })
      .trim()
      .min(1, MSG.required)
      .max(limits.description, MSG.too_long),
  });

/** A row of GET dashboard/class/ beyond the common content row. */
export type ClassRow = ContentRow & {
  status: ClassStatus;
  session_count: number;
  first_start: string | null;
  last_end: string | null;
  datetime_cancel: string | null;
  cancel_reason: string;
};
export type Class = ClassRow &
  ContentDetail & {
    batch: number | null;
    qr_code_holder: number;
    check_in_group: number;
    is_user_check_in: boolean;
    check_in_type: number;
    is_allow_change_qr: boolean;
    date_end: string | null;
    is_read_only: boolean;
    class_program: IdName | null;
    event_zone: IdName | null;
  };

/** A session as GET dashboard/class/{id}/session/ answers it. */
export type ClassSession = {
  id: number;
  name: string;
  desc: string;
  type: number;
  date: string;
  start_time: string;
  end_time: string;
  datetime_start: string;
  datetime_end: string;
  location: IdName | null;
  room: IdName | null;
  capacity: number;
  is_display: boolean;
  is_playback: boolean;
  url: string;
  instructor_list: IdName[];
  is_qr_code: boolean;
};
