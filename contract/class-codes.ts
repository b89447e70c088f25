/**
 * Class code tables (spec 001 §4 "Class status", check-in and session codes) and the derived
 * class status, shared by the API and the dashboard (docs/decisions/040).
 */

/** 0 ongoing, 1 upcoming, 2 past, 3 canceled (spec 001 §4). */
export const CLASS_STATUS = { ongoing: 0, upcoming: 1, past: 2, canceled: 3 } as const;
export type ClassStatus = (typeof CLASS_STATUS)[keyof typeof CLASS_STATUS];
export const CLASS_STATUS_CODES: readonly ClassStatus[] = Object.values(CLASS_STATUS);

/**
 * The status route's segment values, /class/status/{status?} (the spec does not show them):
 * the status names, which read better in a URL than the digits and map one to one onto 0–3.
 */
export const CLASS_STATUS_SEGMENTS = Object.keys(CLASS_STATUS) as (keyof typeof CLASS_STATUS)[];
export const classStatusOfSegment = (segment: string): ClassStatus | null =>
  (CLASS_STATUS as Record<string, ClassStatus>)[segment] ?? null;

/**
 * The session type that replays a live item (`live_id`, docs/decisions/070): 1 live rerun. An
 * external conference (5) happens at its own link, so it takes no live item.
 */
export const LIVE_ITEM_SESSION_TYPES = [1] as const;
export const takesLiveItem = (type: number) => (LIVE_ITEM_SESSION_TYPES as readonly number[]).includes(type);

/** Session types: 0 information, 1 live rerun, 3 classroom, 5 external conference (spec 001 §4). */
export const SESSION_TYPES = [0, 1, 3, 5] as const;
export type SessionType = (typeof SESSION_TYPES)[number];
/** Check-in types: 0 check-in, 1 check-in and check-out. */
export const CHECK_IN_TYPES = [0, 1] as const;
/** QR code holder: 0 learner, 1 administrator (default 1). */
export const QR_CODE_HOLDERS = [0, 1] as const;
/**
 * Check-in group (spec 001 §3 "check_in_group (default 0)", docs/decisions/046): 0 each session
 * is checked in on its own; 1 one check-in (or check-out) covers every session of that day.
 */
export const CHECK_IN_GROUPS = [0, 1] as const;
export const CHECK_IN_GROUP = { session: 0, day: 1 } as const;
export const QR_HOLDER = { learner: 0, admin: 1 } as const;
/** A session's start time when none is given (spec 002 defaults). */
export const DEFAULT_SESSION_START = "06:00";

/**
 * A class's status at `now`: canceled once cancelled (permanent); otherwise from its sessions —
 * upcoming before the first starts, past after the last ends, ongoing between. A class without
 * sessions is upcoming: it is still being planned (docs/decisions/040).
 */
export function deriveClassStatus(
  c: { datetime_cancel: string | null; first_start: string | null; last_end: string | null },
  now: Date,
): ClassStatus {
  if (c.datetime_cancel) return CLASS_STATUS.canceled;
  const at = now.toISOString();
  if (!c.first_start || !c.last_end || at < c.first_start) return CLASS_STATUS.upcoming;
  if (at > c.last_end) return CLASS_STATUS.past;
  return CLASS_STATUS.ongoing;
}

/** Message keys of the class's own rules (their texts: contract/i18n/class.{en,th}.json). */
export const CLASS_MSG = {
  cancelled: "cls_msg_cancelled",
  publish_no_session: "cls_msg_publish_no_session",
  end_before_start: "cls_msg_end_before_start",
  end_time_after_start: "cls_msg_end_time_after_start",
  after_class_end: "cls_msg_after_class_end",
  overlap: "cls_msg_overlap",
  room_not_in_location: "cls_msg_room_not_in_location",
  // Check-in (docs/decisions/042).
  check_in_type_reset: "cls_msg_check_in_type_reset",
  not_checked_in: "cls_msg_not_checked_in",
  no_check_out: "cls_msg_no_check_out",
  // A session's check-in window and QR switch (docs/decisions/077).
  checkin_not_open: "cls_msg_checkin_not_open",
  checkin_closed: "cls_msg_checkin_closed",
  session_no_qr: "cls_msg_session_no_qr",
  // The check-in options (docs/decisions/046).
  user_check_in_off: "cls_msg_user_check_in_off",
  qr_holder_learner: "cls_msg_qr_holder_learner",
  qr_holder_admin: "cls_msg_qr_holder_admin",
  qr_change_off: "cls_msg_qr_change_off",
  // Session enrollment (docs/decisions/046).
  session_enrollment_off: "cls_msg_session_enrollment_off",
  sessions_below_minimum: "cls_msg_sessions_below_minimum",
  sessions_above_maximum: "cls_msg_sessions_above_maximum",
  session_change_off: "cls_msg_session_change_off",
  sessions_overlap: "cls_msg_sessions_overlap",
  session_full: "cls_msg_session_full",
  // A program class's terms (docs/decisions/047).
  terms_required: "cls_msg_terms_required",
} as const;
