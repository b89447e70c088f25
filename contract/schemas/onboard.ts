import { z } from "../zod";
import { checkbox, dateOnly } from "./form-fields";
import {
  ALL_TAG_EXTRAS,
  DEFAULT_CONTENT_LIMITS,
  activitySchemas,
  type ContentDetail,
  type ContentLimits,
  type ContentRow,
} from "./content";
import type { TagExtraField } from "../codes";

/**
 * Onboarding plans (spec 000 §2.6, spec 001 §3 "Content: course, onboard, …"; issue 36 §2,
 * docs/decisions/099): the engine's content fields, a sequence of contents (./sequence.ts) with
 * each one's dependencies, anonymity and parent, and its rule for new employees: when
 * `is_auto_enroll` is on, the API's scheduler enrols every active account whose start date is on
 * or after `onboard_start_from` (and not after today), once, and that day is its onboard date.
 */

/** The plan's own messages (their texts: contract/i18n/onboard.{en,th}.json). */
export const ONBOARD_MSG = { start_from_required: "onb_err_start_from_required" } as const;

export function onboardSchemas(
  limits: ContentLimits = DEFAULT_CONTENT_LIMITS,
  enabledExtras: readonly TagExtraField[] = ALL_TAG_EXTRAS,
) {
  const { create, update } = activitySchemas(limits, enabledExtras);
  const own = { is_auto_enroll: checkbox(), onboard_start_from: dateOnly() };
  const needsFrom = (d: { is_auto_enroll?: boolean; onboard_start_from?: string | null }) =>
    !d.is_auto_enroll || !!d.onboard_start_from;
  const rule = { message: ONBOARD_MSG.start_from_required, path: ["onboard_start_from"] };
  return {
    create: create
      .extend({
        is_auto_enroll: own.is_auto_enroll.default(false),
        onboard_start_from: own.onboard_start_from.default(null),
      })
      .refine(needsFrom, rule),
    // A PATCH naming one of the two is checked against the stored other by the API.
    update: update
      .extend({ is_auto_enroll: own.is_auto_enroll.optional(), onboard_start_from: own.onboard_start_from.optional() })
      .refine((d) => d.is_auto_enroll !== true || d.onboard_start_from !== null, rule),
  };
}

export type OnboardRow = ContentRow & {
  count_content: number;
  is_auto_enroll: boolean;
  onboard_start_from: string | null;
};
export type Onboard = OnboardRow & ContentDetail;
export type OnboardInput = z.infer<ReturnType<typeof onboardSchemas>["create"]>;
