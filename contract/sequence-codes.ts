/**
 * A sequence of contents (issue 36, docs/decisions/098 and 099): the curriculum of a learning
 * path and of an onboarding plan — contents of other types in order, each with the contents of
 * the same sequence a learner completes first, the step it sits under, its own name in the plan
 * and whether it is answered anonymously (spec 001 §3 "Onboard content": content_id,
 * content_type, depend_content_id_list, name, is_anonymous, content_parent).
 */

/** The content types a sequence may hold, by their registry key (spec 000 §2.6; issue 36 §1). */
export const SEQUENCE_CONTENT_TYPES = [
  "course",
  "class",
  "activity",
  "test",
  "survey",
  "live",
  "article",
  "audio",
  "document",
  "external_video",
  "flash_card",
  "video",
] as const;
export type SequenceContentType = (typeof SEQUENCE_CONTENT_TYPES)[number];

/** A sequence holds at most this many contents; a content's dependencies and parent are among them. */
export const SEQUENCE_CONTENT_LIMIT = 100;
/** The longest name a held content may be given in its plan. */
export const SEQUENCE_NAME_MAX = 255;

/** The sequence's own messages (their texts: contract/i18n/sequence.{en,th}.json). */
export const SEQUENCE_MSG = {
  content_already_held: "seq_err_content_already_held",
  content_not_found: "seq_err_content_not_found",
  depend_cycle: "seq_err_depend_cycle",
  depend_not_held: "seq_err_depend_not_held",
  parent_cycle: "seq_err_parent_cycle",
  parent_not_held: "seq_err_parent_not_held",
  full: "seq_err_full",
} as const;
