import { z } from "../zod";
import { checkboxField } from "./extras";
import type { IdentificationStatus } from "../extras-codes";

export {
  DISCUSSION_ORDERING,
  IDENTIFICATION_ORDERING,
  IDENTIFICATION_STATUS,
  type IdentificationStatus,
} from "../extras-codes";
/** For the seeds (server code); the one declaration is in contract/codes.ts. */
export { IDENTIFICATION_METHOD } from "../codes";

/**
 * The overall pages of a content item beyond learners and progress (spec 000 §2.5 "Overall pages:
 * discussion, identification"; issue 6 item 6): the discussion threads with their replies, and
 * the identification attempt log. Any content type can have them (content_type + content id).
 */

// ── Discussion ─────────────────────────────────────────────────────────────────────────────────

/** PATCH a thread or a reply: hide or show it (learners no longer see a hidden one). */
export const discussionHideSchema = z.object({ is_hidden: checkboxField() });
export type DiscussionHideInput = z.infer<typeof discussionHideSchema>;

export type DiscussionAuthor = { id: number; name: string; username: string };
export type DiscussionReply = {
  id: number;
  body: string;
  account: DiscussionAuthor;
  is_hidden: boolean;
  datetime_create: string;
};
/** A row of GET {path}/{id}/discussion/ (search title and body; filter is_hidden; ordering). */
export type DiscussionThreadRow = {
  id: number;
  title: string;
  body: string;
  account: DiscussionAuthor;
  is_hidden: boolean;
  reply_count: number;
  datetime_create: string;
  /** The latest reply's time, or the thread's own. */
  datetime_last_activity: string;
};
/** GET {path}/{id}/discussion/{threadid}/: the thread and all its replies, oldest first. */
export type DiscussionThread = DiscussionThreadRow & { reply_list: DiscussionReply[] };

// ── Identification attempts ────────────────────────────────────────────────────────────────────

/**
 * A row of GET {path}/{id}/identification/ — read-only, paged, newest first; filters `method`
 * (0/1/2), `status` (waiting/pass/failed), `search` (learner name, username or email), ordering
 * `datetime_create` / `learner`.
 */
export type IdentificationAttempt = {
  id: number;
  account: DiscussionAuthor;
  method: number;
  status: IdentificationStatus;
  /** The section the learner was in, when known. */
  section: string | null;
  datetime_create: string;
};
