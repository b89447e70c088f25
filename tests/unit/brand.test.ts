import { describe, expect, it } from "vitest";
import { brandStyle, hexToRgb } from "~/lms/brand";

describe("brand colour (spec 000 §5: hex colours have 3 or 6 digits)", () => {
  it("reads 3 and 6 digit colours", () => {
    expect(hexToRgb("#1d4ed8")).toEqual([29, 78, 216]);
    expect(hexToRgb("#fff")).toEqual([255, 255, 255]);
  });
  it.each(["#12345", "red", "", null, "#12345678"])("refuses %s", (v) => expect(hexToRgb(v)).toBeNull());
  it("picks a readable foreground", () => {
    expect(brandStyle("#1d4ed8")?.["--color-primary-fg"]).toBe("255 255 255");
    expect(brandStyle("#fde047")?.["--color-primary-fg"]).toBe("15 23 42");
  });
});
