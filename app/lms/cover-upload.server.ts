import sharp from "sharp";
import type { ConfigDict } from "../../contract/config";
import type { Lms } from "./api.server";
import { cropRect } from "./crop";

/**
 * A cover picture as the page asks for it (spec 001 §5: jpg, png or gif, cropped to the
 * configured width and height, 800 by 450 by default). With JavaScript the browser crops it before
 * sending (app/components/content/cover-image.tsx); without, it arrives whole, and is cropped here
 * the same way (R302): the centred part of the picture's proportions — the browser's starting
 * position — scaled to the size, as a JPEG. sharp (libvips) does the decoding and scaling.
 */
export type CoverSize = { width: number; height: number };

/** The configured cover size (config image-width, image-height). */
export const coverSize = (config: ConfigDict): CoverSize => ({
  width: Number(config["image-width"]?.value ?? 800),
  height: Number(config["image-height"]?.value ?? 450),
});

/** Kinds cropped here; a GIF goes as it is (it may be animated, as the browser sends it too). */
const CROPPED = new Set(["jpeg", "png"]);

/** A JPEG's or PNG's pixels turned upright (EXIF orientation, as the browser draws it); null for any other file. */
async function upright(data: Buffer) {
  try {
    const meta = await sharp(data).metadata();
    if (!meta.format || !CROPPED.has(meta.format)) return null;
    return await sharp(data).rotate().toBuffer({ resolveWithObject: true });
  } catch {
    return null;
  }
}

/**
 * The file to send: `file` cropped to `size`, or as it came when it is the size already (the
 * browser's crop), a GIF, or no picture sharp reads (the API answers that one's refusal).
 */
export async function croppedCover(file: File, size: CoverSize): Promise<File> {
  const oriented = await upright(Buffer.from(await file.arrayBuffer()));
  if (!oriented) return file;
  const { width: w, height: h } = oriented.info;
  if (w === size.width && h === size.height) return file;
  const r = cropRect(w, h, size.width, size.height);
  const jpeg = await sharp(oriented.data)
    .extract({ left: r.x, top: r.y, width: r.w, height: r.h })
    .resize(size.width, size.height)
    .jpeg({ quality: 90 })
    .toBuffer();
  return new File([jpeg], `${file.name.replace(/\.[^.]+$/, "") || "cover"}.jpg`, { type: "image/jpeg" });
}

/** POST the cover (field `image`) to `path`, cropped as the page asks. */
export async function sendCover<T>(api: Lms, path: string, file: File, size: CoverSize, accept: number[]) {
  const cropped = await croppedCover(file, size);
  const body = new FormData();
  body.set("image", cropped, cropped.name);
  return api.upload<T>(path, body, { accept });
}
