/** Numeric codes of the contract, written exactly as the spec gives them. */

/** analytic/session/ source (spec 002 §7). */
export const ANALYTIC_SOURCE = { learner_site: 0, dashboard: 10 } as const;

/** Import task status (spec 002 §4). */
export const IMPORT_STATUS = { failed: -1, in_progress: 2, succeeded: 3 } as const;

/** Identification send method (spec 002 §9): email only 0, sms only 1, both 99. */
export const SEND_METHOD = { email: 0, sms: 1, both: 99 } as const;

/** Forced use of the mobile app (spec 002 §6). */
export const FORCE_MOBILE_APP = { off: 0, all: 1, android: 2, ios: 3 } as const;

/** Terms documents a user accepts, in the order sign-in checks them (spec 000 §4). */
export const TERM_KINDS = ["privacy", "terms", "data_consent"] as const;
export type TermKind = (typeof TERM_KINDS)[number];

/** Languages: en and th always; jp and ch when the configuration adds them (spec 000 §1). */
export const BASE_LANGUAGES = ["en", "th"] as const;
export const OPTIONAL_LANGUAGES = ["jp", "ch"] as const;
export const ALL_LANGUAGES = [...BASE_LANGUAGES, ...OPTIONAL_LANGUAGES] as const;
export type Language = (typeof ALL_LANGUAGES)[number];

/**
 * Publish status of content (spec 001 §4 "Publish status"): derived, never stored. Not displayed →
 * unpublish; displayed with a start time still ahead → schedule; displayed otherwise → publish
 * (a start time that has passed is a schedule that has happened).
 */
export const PUBLISH_STATUS = { unpublish: "unpublish", schedule: "schedule", publish: "publish" } as const;
export type PublishStatus = (typeof PUBLISH_STATUS)[keyof typeof PUBLISH_STATUS];

/**
 * The labels of spec 001 §4 (draft, published, unpublished, scheduled publish), as dictionary keys.
 * An unpublished item that was never shown is a draft.
 */
export const PUBLISH_LABEL = {
  draft: "publish_label_draft",
  published: "publish_label_published",
  unpublished: "publish_label_unpublished",
  scheduled: "publish_label_scheduled",
} as const;
export type PublishLabel = (typeof PUBLISH_LABEL)[keyof typeof PUBLISH_LABEL];

/** What the publish status is derived from: the row as the database or the API answer holds it. */
export type Publishable = {
  is_display: boolean | number;
  datetime_start: string | null;
  /** When the item was (or is scheduled to be) first shown; null while a draft. */
  datetime_first_publish: string | null;
};

/** The one derivation of publish status and label, used by the API and the dashboard alike. */
export function derivePublishStatus(row: Publishable, now: Date): { status: PublishStatus; label: PublishLabel } {
  const at = now.toISOString();
  if (row.is_display !== true && row.is_display !== 1) {
    const shown = row.datetime_first_publish !== null && row.datetime_first_publish <= at;
    return { status: PUBLISH_STATUS.unpublish, label: shown ? PUBLISH_LABEL.unpublished : PUBLISH_LABEL.draft };
  }
  if (row.datetime_start !== null && row.datetime_start > at) return { status: PUBLISH_STATUS.schedule, label: PUBLISH_LABEL.scheduled };
  return { status: PUBLISH_STATUS.publish, label: PUBLISH_LABEL.published };
}

/** Image uploads (spec 001 §5 "URLs and files"): allowed extensions; the size limit is config `image-size-limit`. */
export const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "gif"] as const;

/** Typed tag calls (spec 002 §7 "Tags"): TYPE of dashboard/tag/type/{TYPE}/… ; `tag_list` holds GENERAL tags. */
export const GENERAL_TAG_TYPE = "GENERAL";
export const TAG_TYPES = ["CONTENT_CLUSTER", "CONTENT_SCHOOL", "EVENT_CHANNEL", "EVENT_CATEGORY", "EVENT_TYPE", "COURSE_TYPE", "IO_NUMBER"] as const;
export type TagType = (typeof TAG_TYPES)[number];

/**
 * The config-switched extras of content (spec 001 §3, 002 §7 "Config flags read by name"): the
 * form field, its tag type and the config flag that shows it. (event_zone is a location, not a tag.)
 */
export const CONTENT_TAG_EXTRAS = [
  { field: "cluster", type: "CONTENT_CLUSTER", config: "tag-is-content-cluster" },
  { field: "school", type: "CONTENT_SCHOOL", config: "tag-is-content-school" },
  { field: "course_type", type: "COURSE_TYPE", config: "tag-course-type-is-display" },
  { field: "event_channel", type: "EVENT_CHANNEL", config: "tag-is-event-channel" },
  { field: "event_category", type: "EVENT_CATEGORY", config: "tag-is-event-category" },
  { field: "event_type", type: "EVENT_TYPE", config: "tag-event-type-is-display" },
  { field: "io_number", type: "IO_NUMBER", config: "io-number-is-display" },
] as const satisfies readonly { field: string; type: TagType; config: string }[];
export type TagExtraField = (typeof CONTENT_TAG_EXTRAS)[number]["field"];
