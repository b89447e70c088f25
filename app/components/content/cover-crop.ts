import { cropRect } from "~/lms/crop";

/**
 * The cover image's crop, loaded when a picture is picked (app/components/content/cover-image.tsx):
 * a page whose user never picks one does not load it.
 */

/** Draws the part of `img` kept at position `at` (0…100) onto the canvas, at the canvas's size. */
export function drawCrop(canvas: HTMLCanvasElement, img: HTMLImageElement, at: number) {
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  const r = cropRect(img.naturalWidth, img.naturalHeight, canvas.width, canvas.height, at / 100);
  ctx.drawImage(img, r.x, r.y, r.w, r.h, 0, 0, canvas.width, canvas.height);
}

/**
 * The canvas as a JPEG file named after the picked one. Synchronous on purpose: Chromium encodes
 * `toBlob()` in idle time, which a busy page may not get for seconds — the upload then never left
 * (a flaky e2e test found it); `toDataURL()` encodes in this same event.
 */
export function croppedFile(canvas: HTMLCanvasElement, picked: File): File {
  const url = canvas.toDataURL("image/jpeg", 0.9);
  const binary = atob(url.slice(url.indexOf(",") + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new File([bytes], picked.name.replace(/\.[^.]+$/, "") + ".jpg", { type: "image/jpeg" });
}
