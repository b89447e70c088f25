import { z } from "../zod";
import { MSG } from "../messages";
import { text } from "./text";
import {
  CHECKLIST_SCORE_MAX,
  INSPECTOR_KIND,
  INSPECTOR_KINDS,
  type InspectorKind,
  type SlotStatus,
} from "../activity-codes";
import { intField } from "./extras";
import { checkbox, code, id, idList, nullableId } from "./form-fields";
import type { IdName } from "./content";

/**
 * Activity's own screens (spec 000 §2.3; spec 001 §3 "Activity checklist and inspector"): the
 * checklist, inspector, check-in and verify schemas the dashboard and the API share, and the API's
 * answers. Every schema accepts what an HTML form posts (text) as well as JSON.
 */

export * from "../activity-codes";

const requiredText = (max: number) => text({ error: MSG.required }).trim().min(1, MSG.required).max(max, MSG.too_long);
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    text({ multiline: true, error: MSG.invalid }).trim().max(max, MSG.too_long),
  );

/**
 * POST/PATCH activity/{id}/checklist/[{checklistid}/]: full score 1–1000, pass score 0 to the full
 * score (pass_score_above_full), at least one of the verify-by flags (verify_by_required).
 */
export const checklistSchema = z
  .object({
    name: requiredText(200),
    desc: optionalText(2000),
    full_score: intField(1, CHECKLIST_SCORE_MAX),
    pass_score: intField(0, CHECKLIST_SCORE_MAX),
    // Where it is checked (issue 33: rows of the locations list, no longer free text); the API
    // checks they exist and that the room is the location's.
    location: nullableId(),
    room: nullableId(),
    is_check_by_learner: checkbox(),
    is_check_by_inspector: checkbox(),
    is_verify_by_inspector: checkbox(),
    is_verify_by_admin: checkbox(),
    is_attach_file: checkbox(),
  })
  .superRefine((v, ctx) => {
    if (v.pass_score > v.full_score)
      ctx.addIssue({ code: "custom", path: ["pass_score"], message: MSG.pass_score_above_full });
    if (!v.is_verify_by_inspector && !v.is_verify_by_admin)
      ctx.addIssue({ code: "custom", path: ["is_verify_by_admin"], message: MSG.verify_by_required });
  });
export type ChecklistInput = z.infer<typeof checklistSchema>;

/** POST activity/{id}/checklist/{checklistid}/inspector/: a kind and its target (group or account). */
export const inspectorSchema = z
  .object({
    kind: code(INSPECTOR_KINDS),
    group: z.preprocess((v) => (v === "" || v === null ? undefined : v), id().optional()),
    account: z.preprocess((v) => (v === "" || v === null ? undefined : v), id().optional()),
  })
  .superRefine((v, ctx) => {
    if (v.kind === INSPECTOR_KIND.group && v.group === undefined)
      ctx.addIssue({ code: "custom", path: ["group"], message: MSG.required });
    if (v.kind === INSPECTOR_KIND.account && v.account === undefined)
      ctx.addIssue({ code: "custom", path: ["account"], message: MSG.required });
  });
export type InspectorInput = z.infer<typeof inspectorSchema>;

/**
 * POST …/checklist/{checklistid}/slot/{slotid}/verify/: the score (0 to the checklist's full
 * score, checked by the API: score_above_full) and a note; `is_resubmit` sends it back (6) instead.
 * A score at or above the pass score passes (30), below it fails (-5).
 */
export const verifySchema = z
  .object({
    score: z.preprocess((v) => (v === "" || v === null ? undefined : v), intField(0, CHECKLIST_SCORE_MAX).optional()),
    note: optionalText(2000),
    is_resubmit: checkbox(),
  })
  .superRefine((v, ctx) => {
    if (!v.is_resubmit && v.score === undefined)
      ctx.addIssue({ code: "custom", path: ["score"], message: MSG.required });
  });
export type VerifyInput = z.infer<typeof verifySchema>;

/** POST activity/{id}/checklist/{checklistid}/checkin/: learners (enrollment ids) checked in or out by an administrator. */
export const checkinSchema = z.object({
  enrollment_list: idList().refine((ids) => ids.length > 0, MSG.required),
  action: z.enum(["in", "out"], { error: MSG.invalid_choice }),
});
export type CheckinInput = z.infer<typeof checkinSchema>;

/** An inspector rule as GET activity/{id}/inspector/ and a checklist's inspector_list answer it. */
export type InspectorRow = {
  id: number;
  checklist_id: number;
  kind: InspectorKind;
  group: IdName | null;
  account: { id: number; username: string; name: string } | null;
  datetime_create: string;
};

/** A checklist as GET activity/{id}/checklist/ lists it and every write on it answers. */
export type ChecklistRow = Omit<ChecklistInput, "location" | "room"> & {
  location: IdName | null;
  room: IdName | null;
  id: number;
  sort: number;
  inspector_list: InspectorRow[];
  /** Slots by status: checked in (21), waiting (22), passed (30), failed (-5), sent back (6). */
  count: { checked_in: number; waiting: number; passed: number; failed: number; resubmit: number };
  datetime_create: string;
  datetime_update: string;
};

/**
 * A learner's slot of one checklist as GET …/checklist/{checklistid}/slot/ lists it: every
 * enrolled learner, with `id` null and status 0 while they have no slot yet.
 */
export type SlotRow = {
  id: number | null;
  checklist_id: number;
  enrollment_id: number;
  account: { id: number; username: string; name: string };
  /** The learner's enrollment status in the activity. */
  enrollment_status: number;
  status: SlotStatus;
  score: number | null;
  note: string;
  answer: string;
  file: string | null;
  datetime_checkin: string | null;
  datetime_checkout: string | null;
  checkin_source: number | null;
  datetime_submit: string | null;
  verified_by: IdName | null;
  datetime_verify: string | null;
  /** Whether the asking account may verify it (an inspector of this learner, or an administrator the checklist allows). */
  can_verify: boolean;
};

/** GET activity/{id}/usage/?usage_type=: one event counted per day and per checklist. */
export type ActivityUsage = {
  usage_type: "checkin" | "submit" | "verify";
  total: number;
  days: { date: string; count: number }[];
  checklists: { id: number; name: string; count: number }[];
};
