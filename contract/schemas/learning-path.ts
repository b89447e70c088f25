import { z } from "../zod";
import { code, isBlank } from "./form-fields";
import { liveInstant } from "./live";
import {
  ALL_TAG_EXTRAS,
  DEFAULT_CONTENT_LIMITS,
  activitySchemas,
  type ContentDetail,
  type ContentLimits,
  type ContentRow,
} from "./content";
import {
  LEARNING_PATH_KIND,
  LEARNING_PATH_KIND_CODES,
  LEARNING_PATH_MSG,
  type LearningPathKind,
} from "../learning-path-codes";
import type { TagExtraField } from "../codes";

/**
 * Learning paths (spec 000 §2.6, issue 36 §1, docs/decisions/098): the engine's content fields,
 * the path's kind (chosen when it is made: its cancel types follow it) and, for a scheduled path,
 * its learning period (`datetime_learn_start` / `_end`; the engine's `datetime_start` is the
 * publish schedule). Its curriculum is a sequence (./sequence.ts).
 */

const period = { message: LEARNING_PATH_MSG.learn_end_before_start, path: ["datetime_learn_end"] };
const endAfterStart = (d: { datetime_learn_start?: string | null; datetime_learn_end?: string | null }) =>
  !d.datetime_learn_start ||
  !d.datetime_learn_end ||
  Date.parse(d.datetime_learn_end) > Date.parse(d.datetime_learn_start);
/** A moment, or null when blank (an online path has no period). */
const optionalInstant = () => z.preprocess((v) => (isBlank(v) ? null : v), liveInstant().nullable());

export function learningPathSchemas(
  limits: ContentLimits = DEFAULT_CONTENT_LIMITS,
  enabledExtras: readonly TagExtraField[] = ALL_TAG_EXTRAS,
) {
  const { create, update } = activitySchemas(limits, enabledExtras);
  const own = {
    kind: z.preprocess((v) => (isBlank(v) ? LEARNING_PATH_KIND.online : v), code(LEARNING_PATH_KIND_CODES)),
    datetime_learn_start: optionalInstant(),
    datetime_learn_end: optionalInstant(),
  };
  return {
    create: create
      .extend({
        ...own,
        datetime_learn_start: own.datetime_learn_start.default(null),
        datetime_learn_end: own.datetime_learn_end.default(null),
      })
      .superRefine((d, ctx) => {
        // A scheduled path runs between two dates; an online one has none (they are dropped).
        if (d.kind !== LEARNING_PATH_KIND.schedule) return;
        for (const key of ["datetime_learn_start", "datetime_learn_end"] as const)
          if (!d[key]) ctx.addIssue({ code: "custom", message: LEARNING_PATH_MSG.learn_period_required, path: [key] });
      })
      .refine(endAfterStart, period),
    // The kind stays as made; a PATCH naming one end is checked against the stored other by the API.
    update: update
      .extend({
        datetime_learn_start: own.datetime_learn_start.optional(),
        datetime_learn_end: own.datetime_learn_end.optional(),
      })
      .refine(endAfterStart, period),
  };
}

export type LearningPathRow = ContentRow & {
  kind: LearningPathKind;
  datetime_learn_start: string | null;
  datetime_learn_end: string | null;
  count_content: number;
};
export type LearningPath = LearningPathRow & ContentDetail;
