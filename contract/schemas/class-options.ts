import { z } from "../zod";
import { MSG } from "../messages";
import { QR_SCAN_SOURCES } from "./class-qr";
import { CHECKIN_SOURCE } from "../checkin-codes";
import { checkbox, idList } from "./form-fields";
import { text } from "./text";
import type { QrClass } from "./class-qr";
import type { IdName } from "./content";

/**
 * The class options that take effect (docs/decisions/046, 047): a learner's personal check-in
 * code when the learner holds the code (qr_code_holder 0), staff scanning it, a learner's session
 * enrollment, and the terms of a class inside a program.
 */

/** One learner's personal code (qr_code_holder 0): what staff scan. */
export type LearnerQr = {
  enrollment_id: number;
  account: { id: number; name: string; username: string };
  token: string;
};
/** GET dashboard/class/{id}/checkin/learner-qr/: every learner holding a seat with their code. */
export type LearnerQrAnswer = { class: QrClass; results: LearnerQr[] };

/** POST dashboard/class/{id}/checkin/{sessionid}/scan/ {code, source?}: staff scan a learner's code (source 0 web, 1 mobile). */
export const staffScanSchema = z.object({
  code: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(200, MSG.too_long),
  source: z
    .union([z.literal(QR_SCAN_SOURCES), z.enum(QR_SCAN_SOURCES.map(String) as [string, ...string[]])], {
      error: MSG.invalid_choice,
    })
    .optional()
    .transform((v) => (v === undefined ? CHECKIN_SOURCE.web : Number(v))),
});
/** What a staff scan did: the learner, the action (null and `already` when nothing was left). */
export type StaffScanAnswer = {
  enrollment_id: number;
  account: { id: number; name: string; username: string };
  action: "in" | "out" | null;
  already: boolean;
};

/** PUT dashboard/class/{id}/learner/{enrollmentid}/session/ {session_list}: the sessions the learner attends. */
export const sessionEnrollmentSchema = z.object({ session_list: idList(500).default([]) });
export type SessionEnrollmentInput = z.output<typeof sessionEnrollmentSchema>;

/** One session as a learner's session enrollment page shows it: chosen or not, with its seats. */
export type SessionChoice = {
  id: number;
  name: string;
  date: string;
  start_time: string;
  end_time: string;
  capacity: number;
  taken: number;
  chosen: boolean;
};
/** GET dashboard/class/{id}/learner/{enrollmentid}/session/: the learner, the rules and every session. */
export type SessionEnrollmentAnswer = {
  enrollment_id: number;
  account: { id: number; name: string; username: string };
  settings: {
    is_session_enrollment: boolean;
    minimum: number;
    maximum: number;
    is_allow_change: boolean;
    is_overlap_time: boolean;
  };
  /** The learner has chosen before and changing is not allowed: the page is read-only. */
  is_locked: boolean;
  results: SessionChoice[];
};

/** A learner as the enrolment overview lists them. */
export type OverviewLearner = {
  enrollment_id: number;
  status: number;
  datetime_enroll: string;
  account: { id: number; name: string; username: string };
};
/** GET dashboard/class/{id}/session-enrollment/: the enrolment by session (the enrollment-old tab). */
export type SessionEnrollmentOverview = {
  settings: SessionEnrollmentAnswer["settings"];
  capacity: number;
  enrolled: number;
  sessions: (Omit<SessionChoice, "chosen"> & { learners: OverviewLearner[] })[];
  unassigned: OverviewLearner[];
};

/** GET / PUT dashboard/class/{id}/terms/: the terms a learner accepts for a class inside a program (`class_program` null: a class on its own, none). */
export const classTermsSchema = (limit: number) =>
  z.object({
    terms: z.preprocess(
      (v) => (v == null ? "" : v),
      text({ multiline: true, error: MSG.invalid }).max(limit, MSG.too_long),
    ),
    is_terms_required: checkbox(),
  });
export type ClassTerms = {
  terms: string;
  is_terms_required: boolean;
  accepted_count: number;
  class_program: IdName | null;
};
