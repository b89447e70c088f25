import { describe, expect, it } from "vitest";
import { cropRect } from "~/lms/crop";

describe("cover crop to 800×450 (spec 001 §5 image defaults)", () => {
  it("keeps the full height of a wide picture, centred", () =>
    expect(cropRect(1600, 450, 800, 450)).toEqual({ x: 400, y: 0, w: 800, h: 450 }));
  it("keeps the full width of a tall picture, slid by position", () => {
    expect(cropRect(800, 1000, 800, 450, 0)).toEqual({ x: 0, y: 0, w: 800, h: 450 });
    expect(cropRect(800, 1000, 800, 450, 1)).toEqual({ x: 0, y: 550, w: 800, h: 450 });
  });
  it("uses all of a picture already in proportion", () =>
    expect(cropRect(1600, 900, 800, 450)).toEqual({ x: 0, y: 0, w: 1600, h: 900 }));
});
