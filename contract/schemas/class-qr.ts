import { z } from "../zod";
import { CHECKIN_SOURCE } from "../checkin-codes";
import { MSG } from "../messages";
import type { ClassSession } from "./class";
import type { IdName } from "./content";

/**
 * A class session's check-in QR code (docs/decisions/042 "QR code"): the administrator's answers
 * (the sheet to print, one per session) and the learner's (what the code stands for, what a scan did).
 */

/** The class a sheet or a code names. */
export type QrClass = {
  id: number;
  name: string;
  code: string;
  check_in_type: number;
  is_cancelled: boolean;
  // Its check-in options (docs/decisions/046): who holds the code, self check-in, regenerating allowed.
  qr_code_holder: number;
  is_user_check_in: boolean;
  is_allow_change_qr: boolean;
};

/** One session's sheet: its code (the token the QR's address ends with), its version and when it was made. */
export type QrSheet = { token: string; qr_version: number; datetime_qr: string | null; session: ClassSession };

/** GET / POST dashboard/class/{id}/checkin/{sessionid}/qr/: one session's sheet and its class. */
export type QrSheetAnswer = QrSheet & { class: QrClass };
/** GET dashboard/class/{id}/checkin/qr/: every session's sheet, by start. */
export type QrSheetsAnswer = { class: QrClass; results: QrSheet[] };

/** The learner's attendance at the code's session (null: not checked in yet). */
export type QrAttendance = {
  datetime_checkin: string | null;
  checkin_source: number | null;
  datetime_checkout: string | null;
  checkout_source: number | null;
};

/**
 * GET class/checkin/?code=: what the learner's page shows — the class and session, their
 * attendance, and what a scan would do now (`next_action`; null: nothing more, they are done).
 * An invalid or expired code is a 400 qr_code_expired_or_invalid, a learner not in the class a 403.
 */
export type QrCheckinAnswer = {
  class: Pick<QrClass, "id" | "name" | "code" | "check_in_type">;
  session: {
    id: number;
    name: string;
    date: string;
    start_time: string;
    end_time: string;
    location: IdName | null;
    room: IdName | null;
  };
  attendance: QrAttendance | null;
  next_action: "in" | "out" | null;
};
/**
 * A good code outside its session's check-in window (docs/decisions/077): 400 with
 * cls_msg_checkin_not_open or cls_msg_checkin_closed, the session it is for and the window
 * (ISO instants), so the learner's page can say which session and when.
 */
export type QrWindowRefusal = {
  detail: string;
  session: Pick<QrCheckinAnswer["session"], "id" | "name" | "date" | "start_time" | "end_time">;
  opens: string;
  closes: string;
};
/** POST class/checkin/: what the scan did (`action`; null and `already` when nothing was left to do) and the state after it. */
export type QrScanAnswer = QrCheckinAnswer & { action: "in" | "out" | null; already: boolean };

/** The sources a scan may name: 0 web (the default) or 1 mobile; the others are written by the system. */
export const QR_SCAN_SOURCES = [CHECKIN_SOURCE.web, CHECKIN_SOURCE.mobile] as const;

/** POST class/checkin/ {code, source?}: source 0 (the default) or 1, given as a number or its digits; anything else refused. */
export const qrScanSchema = z.object({
  code: z.string().trim().min(1).max(200),
  source: z
    .union([z.literal(QR_SCAN_SOURCES), z.enum(QR_SCAN_SOURCES.map(String) as [string, ...string[]])], {
      error: MSG.invalid_choice,
    })
    .optional()
    .transform((v) => (v === undefined ? CHECKIN_SOURCE.web : Number(v))),
});
export type QrScanInput = z.output<typeof qrScanSchema>;
