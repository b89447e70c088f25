import { videoPlayer } from "../../../contract/media-codes";
import type { Media } from "../../../contract/schemas/media";
import type { Preview } from "./preview-body";

/**
 * What a media item's preview shows (docs/decisions/084): a document's PDF in the browser's
 * viewer, a video's or an audio's file in its player, an external video in its provider's
 * embedded player; null for an item without a file or link (and for articles and flash cards,
 * whose own pages show them).
 */
export function mediaPreview(item: Pick<Media, "kind" | "file" | "video_provider" | "video_id">): Preview | null {
  if (item.kind === "external_video")
    return item.video_provider && item.video_id
      ? { kind: "embed", src: videoPlayer(item.video_provider, item.video_id) }
      : null;
  if (!item.file) return null;
  if (item.kind === "document") return /\.pdf$/i.test(item.file) ? { kind: "pdf", src: item.file } : null;
  if (item.kind === "video") return { kind: "video", src: item.file };
  if (item.kind === "audio") return { kind: "audio", src: item.file };
  return null;
}
