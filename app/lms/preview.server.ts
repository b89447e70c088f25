import { videoPlayer } from "../../contract/media-codes";
import { youtubeVideoId, type Material } from "../../contract/schemas/curriculum";
import type { Preview } from "~/components/preview/preview-body";

/** A SCORM slot's stored package (media/material/{hash}.zip), launched at media/scorm/{hash}/. */
const SCORM_FILE = /^\/api\/media\/material\/([0-9a-f]{40})\.zip$/;
const extension = (file: string) => /\.([a-z0-9]{1,5})$/i.exec(file)?.[1]?.toLowerCase() ?? "";

/**
 * What a curriculum slot's preview shows (docs/decisions/084), or null when it has nothing to show
 * in the browser (a weblink opens its own site; office files, tables and generic slots download or
 * have no file): a PDF of a document or file slot, a media slot's mp4 or mp3, a YouTube slot's video
 * in the privacy-enhanced player, a SCORM slot's stored package from its entry point.
 */
export function materialPreview(m: Pick<Material, "slot_type" | "file" | "url">): Preview | null {
  const file = m.file ?? "";
  const ext = extension(file);
  switch (m.slot_type) {
    case "document":
    case "file":
      return ext === "pdf" ? { kind: "pdf", src: file } : null;
    case "media":
      return ext === "mp4" ? { kind: "video", src: file } : ext === "mp3" ? { kind: "audio", src: file } : null;
    case "youtube": {
      const id = m.url ? youtubeVideoId(m.url) : null;
      return id ? { kind: "embed", src: videoPlayer("youtube", id) } : null;
    }
    case "scorm": {
      const hash = SCORM_FILE.exec(file)?.[1];
      return hash ? { kind: "scorm", src: `/api/media/scorm/${hash}/` } : null;
    }
    default:
      return null;
  }
}

/** The previews of a curriculum's slots, by slot id (only those that have one). */
export function materialPreviews(materials: readonly Material[]): Record<number, Preview> {
  const out: Record<number, Preview> = {};
  for (const m of materials) {
    const p = materialPreview(m);
    if (p) out[m.id] = p;
  }
  return out;
}
