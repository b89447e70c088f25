/**
 * Check-in codes shared by activity (docs/decisions/023) and class (docs/decisions/042), and the
 * rule that turns a class learner's attendance into their progress.
 */

/** Check-in sources (spec 001 §4): -1 none, 0 web, 1 mobile, 2 admin, 3 live session, 10 force completed. */
export const CHECKIN_SOURCE = { none: -1, web: 0, mobile: 1, admin: 2, live: 3, force_completed: 10 } as const;
export type CheckinSource = (typeof CHECKIN_SOURCE)[keyof typeof CHECKIN_SOURCE];
export const CHECKIN_SOURCES: readonly CheckinSource[] = Object.values(CHECKIN_SOURCE);
/** A source's name (its translation key suffix), e.g. 2 → "admin". */
export const CHECKIN_SOURCE_NAME: ReadonlyMap<number, keyof typeof CHECKIN_SOURCE> = new Map(
  (Object.entries(CHECKIN_SOURCE) as [keyof typeof CHECKIN_SOURCE, number][]).map(([name, code]) => [code, name]),
);

/** What a class check-in log row records: a check-in, a check-out, or a reset (the check-in type changed). */
export const CHECKIN_LOG_ACTIONS = ["in", "out", "reset"] as const;
export type CheckinLogAction = (typeof CHECKIN_LOG_ACTIONS)[number];

/**
 * When a class session's check-in is open (docs/decisions/042, 077): from an hour before it starts
 * to an hour after it ends. A QR scan is taken only inside it; by hand, staff may check in from
 * its opening on (also after it closes, to put a record right), never before — a session that
 * has not opened has had nobody in it yet.
 */
export const CHECKIN_WINDOW_MINUTES = 60;
export function checkinWindow(session: { datetime_start: string; datetime_end: string }): {
  opens: string;
  closes: string;
} {
  const shift = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();
  return {
    opens: shift(session.datetime_start, -CHECKIN_WINDOW_MINUTES),
    closes: shift(session.datetime_end, CHECKIN_WINDOW_MINUTES),
  };
}
/** Whether a session's check-in has opened at `now`. */
export const checkinOpened = (session: { datetime_start: string; datetime_end: string }, now: Date) =>
  Date.parse(checkinWindow(session).opens) <= now.getTime();

/** Class check-in types (spec 001 §4): 0 check-in only, 1 check-in and check-out. */
export const CHECK_IN_TYPE = { checkin: 0, checkin_checkout: 1 } as const;

/**
 * The progress statuses attendance drives (0 not started, 21 in progress, 30 completed): an
 * enrollment at any other status (waiting, cancelled, expired, failed…) got it elsewhere and
 * attendance must not undo it.
 */
export const ATTENDANCE_DRIVEN: readonly number[] = [0, 21, 30];

/** One learner's attendance at one session, as the progress rule reads it. */
export type AttendanceMark = { datetime_checkin: string | null; datetime_checkout: string | null };

/** Whether a session counts as attended: checked in (type 0), or checked in and out (type 1). */
export const isAttended = (a: AttendanceMark | undefined, checkInType: number): boolean =>
  !!a?.datetime_checkin && (checkInType !== CHECK_IN_TYPE.checkin_checkout || !!a.datetime_checkout);

/**
 * A class learner's progress from their attendance (docs/decisions/042): every session attended →
 * 30 completed; any check-in at all → 21 in progress; none → 0. A class without sessions has
 * nothing to attend: 0. `marks` holds the learner's rows (any session order; missing = absent).
 */
export function progressFromAttendance(
  marks: readonly AttendanceMark[],
  sessionCount: number,
  checkInType: number,
): 0 | 21 | 30 {
  if (sessionCount <= 0) return 0;
  const attended = marks.filter((m) => isAttended(m, checkInType)).length;
  if (attended >= sessionCount) return 30;
  return marks.some((m) => m.datetime_checkin) ? 21 : 0;
}
