import { z } from "../zod";
import { MSG } from "../messages";
import { code, id, idList, isBlank } from "./form-fields";
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
  PATH_CONTENT_LIMIT,
  PATH_CONTENT_TYPES,
  type LearningPathKind,
  type PathContentType,
} from "../learning-path-codes";
import type { TagExtraField } from "../codes";

/**
 * Learning paths (spec 000 §2.6, issue 36 §1, docs/decisions/098): the engine's content fields,
 * the path's kind (chosen when it is made: its cancel types follow it) and, for a scheduled path,
 * its learning period (`datetime_learn_start` / `_end`; the engine's `datetime_start` is the
 * publish schedule). Its curriculum: the contents in their order, each with the contents of the
 * same path a learner completes first.
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

/** Add a content to the path's curriculum (at its end). */
export const pathContentAddSchema = z.object({
  content_type: z
    .string({ error: MSG.required })
    .refine((v) => (PATH_CONTENT_TYPES as readonly string[]).includes(v), { message: MSG.invalid_choice })
    .transform((v) => v as PathContentType),
  content_id: id(),
});
const direction = z.enum(["up", "down"], { error: MSG.invalid_choice });

/**
 * A change of one content of the curriculum (PATCH): a move one place up or down, and/or the
 * contents of the same path a learner completes before it. Nothing to set is refused.
 */
export const pathContentChangeSchema = z.object({
  direction: direction.optional(),
  depend_list: idList(PATH_CONTENT_LIMIT).optional(),
});
/**
 * The same from the dashboard's forms: a move button posts its direction; the dependency choice
 * with nothing ticked posts nothing, which is the empty list.
 */
export const pathContentFormSchema = z.union([
  z.object({ direction }),
  z.object({ depend_list: idList(PATH_CONTENT_LIMIT).default([]) }),
]);

export type LearningPathRow = ContentRow & {
  kind: LearningPathKind;
  datetime_learn_start: string | null;
  datetime_learn_end: string | null;
  count_content: number;
};
export type LearningPath = LearningPathRow & ContentDetail;

/** One content of a path's curriculum, in order (GET dashboard/learning-path/{id}/content/). */
export type PathContent = {
  id: number;
  position: number;
  content_type: PathContentType;
  content_id: number;
  name: string;
  code: string;
  is_display: boolean;
  /** The path contents (their ids here) a learner completes first. */
  depend_list: number[];
};
