import { z } from "../zod";
import { MSG } from "../messages";
import {
  MEDIA_LIMITS,
  UGC_STATUS_CODES,
  parseVideoLink,
  type MediaKind,
  type UgcStatus,
  type VideoProvider,
} from "../media-codes";
import { code } from "./form-fields";
import { linkSchema } from "./curriculum";
import {
  ALL_TAG_EXTRAS,
  DEFAULT_CONTENT_LIMITS,
  courseSchemas,
  type ContentDetail,
  type ContentLimits,
  type ContentRow,
  type IdName,
} from "./content";
import type { TagExtraField } from "../codes";

/**
 * Media content's schemas (issue 19; spec 001 §3 "Learning material": name, code, is_display,
 * instructors, category, provider, program; docs/decisions/069). Every media type takes the
 * engine's fields with instructors (as a course); what a kind adds is a row of MEDIA_KINDS: an
 * external video's link (URL rules of spec 001 §5 with an accepted provider), an article's body.
 * A file travels by its own call (`{id}/file/`), a flash card's cards too.
 */

const URL_LIMIT = 255;

/** An external video's link: required, http(s), at most 255, and a video of an accepted provider. */
export const videoLinkSchema = () =>
  linkSchema(URL_LIMIT, false).superRefine((s, ctx) => {
    if (typeof s === "string" && /^https?:\/\//i.test(s) && s.length <= URL_LIMIT && !parseVideoLink(s))
      ctx.addIssue({ code: "custom", message: MSG.invalid_video_link, input: s });
  });

const body = () =>
  z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    z.string({ error: MSG.invalid }).max(MEDIA_LIMITS.body, MSG.too_long),
  );

/** The create and update schemas of media kind `kind` (CONTENT_SCHEMAS names them by kind). */
export const mediaSchemas =
  (kind: MediaKind) =>
  (limits: ContentLimits = DEFAULT_CONTENT_LIMITS, enabledExtras: readonly TagExtraField[] = ALL_TAG_EXTRAS) => {
    const { create, update } = courseSchemas(limits, enabledExtras);
    if (kind === "external_video")
      return {
        create: create.extend({ url: videoLinkSchema() }),
        update: update.extend({ url: videoLinkSchema().optional() }),
      };
    if (kind === "article")
      return {
        create: create.extend({ body: body().default("") }),
        update: update.extend({ body: body().optional() }),
      };
    return { create, update };
  };

/** CONTENT_SCHEMAS' entries of the six kinds (contract/schemas/content.ts spreads them in). */
export const MEDIA_SCHEMAS = {
  article: mediaSchemas("article"),
  audio: mediaSchemas("audio"),
  document: mediaSchemas("document"),
  external_video: mediaSchemas("external_video"),
  flash_card: mediaSchemas("flash_card"),
  video: mediaSchemas("video"),
} as const;

/** POST {id}/file/ as JSON: a finished resumable upload to claim (the multipart form sends `file` instead). */
export const mediaFileSchema = z.object({
  file_upload_id: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(200, MSG.invalid),
});

const side = () =>
  z.string({ error: MSG.required }).trim().min(1, MSG.required).max(MEDIA_LIMITS.cardSide, MSG.too_long);
/** A card (a set's own, or a learner's): front and back. */
export const cardSchema = z.object({ front: side(), back: side() });
export const cardUpdateSchema = z.object({ front: side().optional(), back: side().optional() });
/** PATCH ugc/{id}/: an administrator's review of a learner's card (and its text, while it waits). */
export const ugcReviewSchema = z.object({
  status: code(UGC_STATUS_CODES).optional(),
  front: side().optional(),
  back: side().optional(),
});

/** A row of GET dashboard/{kind}/. */
export type MediaRow = ContentRow & {
  kind: MediaKind;
  file_name: string | null;
  file_size: number | null;
  /** Seconds (video, audio), or null. */
  duration: number | null;
  /** The duration as the list shows it ("1:05:03", "2:03"; "" without one). */
  duration_text: string;
  /** The thumbnail's URL (a stored file's, or built from the provider's video id), or null. */
  thumbnail: string | null;
  card_count: number;
};
/** GET dashboard/{kind}/{id}/. */
export type Media = MediaRow &
  ContentDetail & {
    instructor_list: IdName[];
    /** The stored file's URL, or null. */
    file: string | null;
    url: string | null;
    video_provider: VideoProvider | null;
    video_id: string | null;
    body: string;
    /** The contents whose curriculum requires it (it cannot be deleted or hidden while there are any). */
    dependent_list: MediaDependant[];
  };
/** A content that requires a media item: its type, id and name, and the slot naming it. */
export type MediaDependant = { content_type: string; content_id: number; content_name: string; material: string };

export type MediaCard = { id: number; sort: number; front: string; back: string };
export type UgcCard = {
  id: number;
  account: { id: number; username: string; first_name: string; last_name: string } | null;
  front: string;
  back: string;
  status: UgcStatus;
  datetime_create: string;
  datetime_update: string;
};
/** A row of GET dashboard/material/{list}/: the paged filter shape's option with what a picker shows. */
export type MaterialOption = {
  id: number;
  name: string;
  code: string;
  value: number;
  kind: MediaKind;
  file_name: string | null;
  duration: number | null;
  thumbnail: string | null;
  url: string | null;
};
