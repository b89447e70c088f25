/**
 * Activity's code tables (spec 001 §3 "Activity checklist and inspector", §4; docs/decisions/023).
 */

/** Who inspects a checklist: the learner's direct manager, a group's members, or one account. */
export const INSPECTOR_KIND = { direct_manager: 1, group: 2, account: 3 } as const;
export type InspectorKind = (typeof INSPECTOR_KIND)[keyof typeof INSPECTOR_KIND];
export const INSPECTOR_KINDS = Object.values(INSPECTOR_KIND);

/**
 * A learner's slot of one checklist, in progress codes (spec 001 §4): 0 not started, 21 checked in
 * (doing), 22 submitted and waiting for verification, 30 passed, -5 failed, 6 sent back to re-submit.
 */
export const SLOT_STATUSES = [0, 21, 22, 30, -5, 6] as const;
export type SlotStatus = (typeof SLOT_STATUSES)[number];
/** The slots an inspector has work on: submitted and waiting for verification. */
export const SLOT_WAITING: readonly SlotStatus[] = [22];

/** Check-in sources (spec 001 §4), shared with class check-in: contract/checkin-codes.ts. */
export { CHECKIN_SOURCE, CHECKIN_SOURCES } from "./checkin-codes";

/** overall/usage/{usage_type?}: which event the page counts per day (default check-in). */
export const USAGE_TYPES = ["checkin", "submit", "verify"] as const;
export type UsageType = (typeof USAGE_TYPES)[number];

/** checklist/…/slot/…/verify/{view_type?}: which slots the verify page steps through (default waiting). */
export const VERIFY_VIEW_TYPES = ["waiting", "all"] as const;
export type VerifyViewType = (typeof VERIFY_VIEW_TYPES)[number];

/** Highest full score of a checklist. */
export const CHECKLIST_SCORE_MAX = 1000;

/**
 * The enrollment's status from its slots (one per checklist; a missing slot is 0), the activity's
 * rule: any slot sent back → 6; every checklist passed → 30; every checklist decided and one failed
 * → -5; any waiting for verification → 22; anything begun → 21; otherwise 0 (not started).
 */
export function enrollmentStatusFromSlots(slots: readonly number[], checklistCount: number): number {
  const all = [...slots, ...Array(Math.max(0, checklistCount - slots.length)).fill(0)];
  if (!all.length) return 0;
  if (all.includes(6)) return 6;
  if (all.every((s) => s === 30)) return 30;
  if (all.every((s) => s === 30 || s === -5)) return -5;
  if (all.includes(22)) return 22;
  if (all.some((s) => s !== 0)) return 21;
  return 0;
}
