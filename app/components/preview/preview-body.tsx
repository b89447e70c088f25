/**
 * What a preview shows (docs/decisions/084; spec 000 §2.1 "Dialogs: iframe, YouTube, PDF viewer,
 * media player, SCORM player"), the same in the dialog and on the page of its own: a PDF in the
 * browser's viewer (a frame of the file, served inline), a video or audio file in the browser's
 * player, a YouTube or Vimeo video in its provider's embedded player, a SCORM package launched
 * from its entry point in a sandboxed frame (its scripts run in an origin of their own).
 */

/** A previewable thing: its kind and the address the frame or player loads. */
export type Preview = { kind: "pdf" | "video" | "audio" | "embed" | "scorm"; src: string };

/** The sandbox of a SCORM package's frame (the API serves its files with the same policy). */
const SCORM_SANDBOX = "allow-scripts allow-forms allow-popups";

export function PreviewBody({ preview, title }: { preview: Preview; title: string }) {
  const frame = "h-[70vh] w-full rounded border border-slate-200 bg-white";
  switch (preview.kind) {
    case "pdf":
      return <iframe src={preview.src} title={title} className={frame} data-testid="preview-frame" />;
    case "video":
      return (
        <video
          controls
          preload="metadata"
          src={preview.src}
          aria-label={title}
          className="aspect-video w-full rounded bg-black"
          data-testid="preview-player"
        />
      );
    case "audio":
      return (
        <audio
          controls
          preload="metadata"
          src={preview.src}
          aria-label={title}
          className="w-full"
          data-testid="preview-player"
        />
      );
    case "embed":
      return (
        <iframe
          src={preview.src}
          title={title}
          className="aspect-video w-full rounded bg-black"
          allow="encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          data-testid="preview-frame"
        />
      );
    case "scorm":
      return (
        <iframe src={preview.src} title={title} sandbox={SCORM_SANDBOX} className={frame} data-testid="preview-frame" />
      );
  }
}
