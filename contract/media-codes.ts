/**
 * Media content's code tables (issue 19; spec 000 §2.9, spec 001 §3 "Learning material", §5 "URLs
 * and files"; docs/decisions/069), without zod so any side may import them. The six media types are
 * one module: what differs between them is the row of MEDIA_KINDS, never a copy of the code.
 */

export const MEDIA_KIND_KEYS = ["article", "audio", "document", "external_video", "flash_card", "video"] as const;
export type MediaKind = (typeof MEDIA_KIND_KEYS)[number];
export const isMediaKind = (v: unknown): v is MediaKind =>
  typeof v === "string" && (MEDIA_KIND_KEYS as readonly string[]).includes(v);

/**
 * What a kind holds besides the engine's columns: `file` the upload kind its file is checked
 * against (contract/upload-rules.ts; video and audio also get a duration and a thumbnail), `link`
 * an external video's URL, `body` an article's text, `cards` a flash card set's cards.
 */
export type MediaKindRow = {
  key: MediaKind;
  file: "video" | "audio" | "document" | null;
  link: boolean;
  body: boolean;
  cards: boolean;
};
export const MEDIA_KINDS: Readonly<Record<MediaKind, MediaKindRow>> = {
  article: { key: "article", file: null, link: false, body: true, cards: false },
  audio: { key: "audio", file: "audio", link: false, body: false, cards: false },
  document: { key: "document", file: "document", link: false, body: false, cards: false },
  external_video: { key: "external_video", file: null, link: true, body: false, cards: false },
  flash_card: { key: "flash_card", file: null, link: false, body: false, cards: true },
  video: { key: "video", file: "video", link: false, body: false, cards: false },
};

/**
 * The material lists of spec 002 §7 ("Material paths"), at dashboard/material/{path}/, and the
 * kinds each one lists: the video list holds external videos too (spec: "video for external
 * video"); a document is the downloadable file and the PDF (docs/decisions/069). The other three
 * (image, weblink, scorm) hold no media kind: they list the links and files the organisation's
 * curricula already hold, to reuse (contract/curriculum-codes.ts REUSE_LISTS, docs/decisions/072).
 */
export const MATERIAL_LISTS: Readonly<Record<string, readonly MediaKind[]>> = {
  video: ["video", "external_video"],
  audio: ["audio"],
  pdf: ["document"],
  filedownload: ["document"],
};

/** The video services an external video may come from (docs/decisions/069). */
export const VIDEO_PROVIDERS = ["youtube", "vimeo"] as const;
export type VideoProvider = (typeof VIDEO_PROVIDERS)[number];

/** The provider and its video id of a link, or null when it is no video link of an accepted provider. */
export function parseVideoLink(link: string): { provider: VideoProvider; id: string } | null {
  let u: URL;
  try {
    u = new URL(link.trim());
  } catch {
    return null;
  }
  const host = u.hostname.toLowerCase().replace(/^www\.|^m\./, "");
  const path = u.pathname.split("/").filter(Boolean);
  const yt = /^[A-Za-z0-9_-]{11}$/;
  if (host === "youtu.be" && yt.test(path[0] ?? "")) return { provider: "youtube", id: path[0] };
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const v = u.searchParams.get("v");
    if (path[0] === "watch" && v && yt.test(v)) return { provider: "youtube", id: v };
    if (["embed", "shorts", "live", "v"].includes(path[0] ?? "") && yt.test(path[1] ?? ""))
      return { provider: "youtube", id: path[1] };
    return null;
  }
  if (host === "vimeo.com" && /^\d{6,12}$/.test(path[0] ?? "")) return { provider: "vimeo", id: path[0] };
  if (host === "player.vimeo.com" && path[0] === "video" && /^\d{6,12}$/.test(path[1] ?? ""))
    return { provider: "vimeo", id: path[1] };
  return null;
}

/**
 * Where each provider's thumbnails and players live: the thumbnail URL built from a video id (spec
 * 002 §7: "a video thumbnail URL is built from a video-service video id") and the embedded player
 * a dialog shows (spec 000 §2.1 YouTube dialog). The dashboard's Content-Security-Policy lets
 * exactly these origins in (app/lms/security-headers.server.ts; issue 33 found the thumbnails blocked).
 */
export const VIDEO_ORIGINS = {
  youtube: { thumbnail: "https://i.ytimg.com", player: "https://www.youtube-nocookie.com" },
  vimeo: { thumbnail: "https://vumbnail.com", player: "https://player.vimeo.com" },
} as const satisfies Record<VideoProvider, { thumbnail: string; player: string }>;

export const videoThumbnail = (provider: VideoProvider, id: string) =>
  provider === "youtube"
    ? `${VIDEO_ORIGINS.youtube.thumbnail}/vi/${id}/hqdefault.jpg`
    : `${VIDEO_ORIGINS.vimeo.thumbnail}/${id}.jpg`;

/** The embedded player of a provider's video (a dialog's frame). */
export const videoPlayer = (provider: VideoProvider, id: string) =>
  provider === "youtube" ? `${VIDEO_ORIGINS.youtube.player}/embed/${id}` : `${VIDEO_ORIGINS.vimeo.player}/video/${id}`;

/** A learner-made card's review status. */
export const UGC_STATUS = { waiting: 0, approved: 1, rejected: -1 } as const;
export type UgcStatus = (typeof UGC_STATUS)[keyof typeof UGC_STATUS];
export const UGC_STATUS_CODES: readonly UgcStatus[] = Object.values(UGC_STATUS);

/** Limits: an article's body, a card's side, the cards of one set. */
export const MEDIA_LIMITS = { body: 20000, cardSide: 500, cards: 200 } as const;

/** Media's own messages (texts in contract/i18n/media.{en,th}.json). */
export const MEDIA_MSG = {
  /** A file-kind item needs its file before it is shown. */
  file_required: "media_msg_file_required",
  /** A flash card set needs a card before it is shown. */
  card_required: "media_msg_card_required",
  /** A learner's card can be reviewed while it waits only. */
  ugc_not_waiting: "media_msg_ugc_not_waiting",
} as const;

/** Seconds → "H:MM:SS" or "M:SS" (a file's duration as the pages show it). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds)) return "";
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, "0");
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}
