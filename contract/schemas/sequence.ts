import { z } from "../zod";
import { MSG } from "../messages";
import { text } from "./text";
import { checkbox, id, idList, nullableId } from "./form-fields";
import {
  SEQUENCE_CONTENT_LIMIT,
  SEQUENCE_CONTENT_TYPES,
  SEQUENCE_NAME_MAX,
  type SequenceContentType,
} from "../sequence-codes";

/**
 * A sequence's calls (contract/sequence-codes.ts; docs/decisions/098, 099): the curriculum of a
 * learning path or an onboarding plan — add a content at the end, move one, set what it depends
 * on, the step it sits under, its name in the plan and its anonymity.
 */

/** Add a content to the sequence (at its end). */
export const sequenceAddSchema = z.object({
  content_type: z
    .string({ error: MSG.required })
    .refine((v) => (SEQUENCE_CONTENT_TYPES as readonly string[]).includes(v), { message: MSG.invalid_choice })
    .transform((v) => v as SequenceContentType),
  content_id: id(),
});
const direction = z.enum(["up", "down"], { error: MSG.invalid_choice });
/** Its own name in the plan; blank is the content's own name. */
const ownName = () =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    text({ error: MSG.invalid }).trim().max(SEQUENCE_NAME_MAX, MSG.too_long).nullable(),
  );
/** What the edit form of one held content sets (the API's PATCH names any of them). */
const settings = {
  /** The contents of the same sequence (their held ids) a learner completes first. */
  depend_content_id_list: idList(SEQUENCE_CONTENT_LIMIT),
  /** The held content it sits under in the plan's tree, or none. */
  content_parent: nullableId(),
  name: ownName(),
  is_anonymous: checkbox(),
};

/**
 * A change of one held content (PATCH): a move one place up or down, and/or any of its settings.
 * Nothing to set is refused.
 */
export const sequenceChangeSchema = z.object({
  direction: direction.optional(),
  depend_content_id_list: settings.depend_content_id_list.optional(),
  content_parent: settings.content_parent.optional(),
  name: settings.name.optional(),
  is_anonymous: settings.is_anonymous.optional(),
});
/**
 * The same from the dashboard's forms: a move button posts its direction; the row's edit form
 * posts all its settings (nothing ticked is the empty list, an unticked box is false).
 */
export const sequenceFormSchema = z.union([
  z.object({ direction }),
  z.object({
    depend_content_id_list: settings.depend_content_id_list.default([]),
    content_parent: settings.content_parent,
    name: settings.name,
    is_anonymous: settings.is_anonymous,
  }),
]);

/** One held content, in order (GET dashboard/{type}/{id}/content/). */
export type SequenceContent = {
  id: number;
  position: number;
  content_type: SequenceContentType;
  content_id: number;
  /** Its name in the plan when it has one, else the content's own; `content_name` is always the content's. */
  name: string;
  content_name: string;
  code: string;
  is_display: boolean;
  is_anonymous: boolean;
  /** The held content (its id here) it sits under, or null. */
  content_parent: number | null;
  /** The held contents (their ids here) a learner completes first. */
  depend_content_id_list: number[];
};
