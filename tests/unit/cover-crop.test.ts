import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { croppedCover } from "~/lms/cover-upload.server";

/**
 * A cover picture sent without JavaScript is cropped on the server as the browser would have
 * cropped it (R302; app/lms/crop.ts): the centred part of the target's proportions, at its size.
 */
const SIZE = { width: 800, height: 450 };
/** A picture `w`×`h`: red, with a blue band of `band` pixels across its middle (along the long side). */
async function picture(w: number, h: number, format: "png" | "jpeg" | "gif") {
  const band = await sharp({ create: { width: w, height: Math.round(h / 3), channels: 3, background: "#0000ff" } })
    .png()
    .toBuffer();
  const img = sharp({ create: { width: w, height: h, channels: 3, background: "#ff0000" } }).composite([
    { input: band, top: Math.round(h / 3), left: 0 },
  ]);
  return new File([await img.toFormat(format).toBuffer()], `pic.${format === "jpeg" ? "jpg" : format}`, {
    type: `image/${format}`,
  });
}
const sizeOf = async (f: File) => {
  const m = await sharp(Buffer.from(await f.arrayBuffer())).metadata();
  return { width: m.width, height: m.height, format: m.format };
};

describe("a cover sent whole", () => {
  it("is cropped to the configured size, as a JPEG, keeping the centre", async () => {
    for (const [w, h] of [
      [1200, 400],
      [600, 1200],
      [3000, 2000],
    ]) {
      const out = await croppedCover(await picture(w, h, "png"), SIZE);
      expect(await sizeOf(out), `${w}×${h}`).toEqual({ width: 800, height: 450, format: "jpeg" });
      expect(out.name).toBe("pic.jpg");
    }
    // The tall picture's centre is its blue band: the crop's middle pixel is blue.
    const tall = await croppedCover(await picture(600, 1200, "png"), SIZE);
    const { data } = await sharp(Buffer.from(await tall.arrayBuffer()))
      .extract({ left: 400, top: 225, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[2]).toBeGreaterThan(200);
    expect(data[0]).toBeLessThan(60);
  });
  it("goes as it came when the browser cropped it already, when it is a GIF, or no picture at all", async () => {
    for (const file of [
      await picture(800, 450, "jpeg"),
      await picture(1200, 400, "gif"),
      new File([Buffer.from("hello")], "fake.png"),
    ]) {
      expect(await croppedCover(file, SIZE)).toBe(file);
    }
  });
});
