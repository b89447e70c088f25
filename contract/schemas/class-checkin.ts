import { checkinSchema } from "./activity";
import type { IdName } from "./content";

/**
 * Class check-in calls (docs/decisions/042): the by-hand check-in body is activity's (enrollment
 * ids and in | out), and the answers of the session list, a session's learners, the log and the report.
 */
export { checkinSchema as classCheckinSchema };
export type { CheckinInput as ClassCheckinInput } from "./activity";

/** A learner as the check-in answers name them. */
export type CheckinAccount = { id: number; username: string; name: string };

/** A row of GET class/{id}/checkin/: one session (check-in point) with its counts. */
export type CheckinSessionRow = {
  id: number;
  name: string;
  date: string;
  start_time: string;
  end_time: string;
  datetime_start: string;
  datetime_end: string;
  qr_version: number;
  enrolled: number;
  checked_in: number;
  checked_out: number;
  /** Checked in by QR code (the schedule's is_qr_code, docs/decisions/077); off: by hand only. */
  is_qr_code: boolean;
};

/** A row of GET class/{id}/checkin/{sessionid}/: a learner of the class and their attendance at the session. */
export type CheckinLearnerRow = {
  enrollment_id: number;
  account: CheckinAccount;
  enrollment_status: number;
  datetime_checkin: string | null;
  checkin_source: number | null;
  datetime_checkout: string | null;
  checkout_source: number | null;
};
/** GET class/{id}/checkin/{sessionid}/: the paged learners plus the session and the class's check-in type. */
export type CheckinSessionAnswer = { session: CheckinSessionRow; check_in_type: number };

/** A row of GET class/{id}/checkin/log/: one event, newest first. */
export type CheckinLogRow = {
  id: number;
  action: "in" | "out" | "reset";
  source: number;
  datetime_create: string;
  session: IdName | null;
  account: CheckinAccount | null;
  created_by: IdName | null;
};

/** One session's attendance in a report row. */
export type CheckinReportCell = {
  session_id: number;
  datetime_checkin: string | null;
  checkin_source: number | null;
  datetime_checkout: string | null;
  checkout_source: number | null;
};
/** A row of GET class/{id}/checkin/report/: a learner, how many sessions they attended, and each session. */
export type CheckinReportRow = {
  enrollment_id: number;
  account: CheckinAccount;
  enrollment_status: number;
  attended: number;
  sessions: CheckinReportCell[];
};
/** GET class/{id}/checkin/report/ beside its paged rows: the sessions (columns) and the check-in type. */
export type CheckinReportAnswer = { session_list: IdName[]; session_count: number; check_in_type: number };
