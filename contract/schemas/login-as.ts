import { z } from "../zod";
import { MSG } from "../messages";
import { id, isBlank } from "./form-fields";
import type { AccountRef, UserRow } from "./user";

/**
 * Login as (issue 15 §6, spec 002 §6, docs/decisions/033): the start form, the log's rows and
 * the words of how an acting ended. Shared by the API and the dashboard.
 */

/** How long an administrator may act as someone, in minutes: long enough for a half day's
 * checking, short enough that a forgotten one ends by itself well before the session's 12 h. */
export const LOGIN_AS_MINUTES = { min: 5, max: 240, default: 30 } as const;

/**
 * How an acting ended: `leave` the administrator returned, `expired` its time ran out,
 * `logout` the session was signed out, `session_end` the session died (idle, too old, its
 * administrator deactivated), `account_inactive` the target was deactivated meanwhile.
 */
export const LOGIN_AS_END_REASONS = ["leave", "expired", "logout", "session_end", "account_inactive"] as const;
export type LoginAsEndReason = (typeof LOGIN_AS_END_REASONS)[number];

/** An integer given as a number or as its text; a blank one is the default. */
const minutes = z.preprocess(
  (v) => (isBlank(v) ? LOGIN_AS_MINUTES.default : typeof v === "string" && /^\s*-?\d{1,6}\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: MSG.login_as_duration })
    .int(MSG.login_as_duration)
    .min(LOGIN_AS_MINUTES.min, MSG.login_as_duration)
    .max(LOGIN_AS_MINUTES.max, MSG.login_as_duration),
);

/** POST dashboard/login-as/: whom to act as, and for how many minutes. */
export const loginAsStartSchema = z.object({ account: id(), duration: minutes });
export type LoginAsStartInput = z.infer<typeof loginAsStartSchema>;

/** A row of GET dashboard/login-as/account/: a user the caller may act as, and whether that user can use the dashboard. */
export type LoginAsCandidate = UserRow & { can_use_dashboard: boolean };

/** A row of GET dashboard/login-as/log/ (and the answer of log/{id}/). */
export type LoginAsLogRow = {
  id: number;
  administrator: AccountRef;
  account: AccountRef;
  duration_minutes: number;
  datetime_start: string;
  datetime_expire: string;
  /** When it ended: as recorded, or its expiry once that has passed; null while it may run, or when its session vanished unseen. */
  datetime_end: string | null;
  end_reason: LoginAsEndReason | null;
  /** Seconds from start to end, when the end is known. */
  duration_seconds: number | null;
  /** Still acting now. */
  is_active: boolean;
  count_write: number;
  ip: string | null;
};

/** A row of GET dashboard/login-as/log/{id}/write/. */
/** `target_name`: the row the answer named, or null; `fields`: the names of the fields sent (docs/decisions/079). */
export type LoginAsWriteRow = {
  id: number;
  method: string;
  path: string;
  status: number;
  datetime_create: string;
  target_name: string | null;
  fields: string[];
};
