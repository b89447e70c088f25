import { describe, expect, it } from "vitest";
import en from "../../contract/i18n/ui.en.json";
import th from "../../contract/i18n/ui.th.json";
import { formatFileSize } from "~/lms/format";

/** File sizes in B, KB, MB or GB as fits, in both languages (R394: they were always in KB). */
const tOf = (dict: Record<string, string>) => (key: string, o?: Record<string, unknown>) =>
  dict[key].replace("{{size}}", String(o?.size));

describe("a file size", () => {
  it("takes the unit that shows it below 1024, one decimal past bytes", () => {
    const t = tOf(en);
    expect(formatFileSize(0, "en", t)).toBe("0 B");
    expect(formatFileSize(10, "en", t)).toBe("10 B");
    expect(formatFileSize(1023, "en", t)).toBe("1,023 B");
    expect(formatFileSize(1024, "en", t)).toBe("1 KB");
    expect(formatFileSize(39_500, "en", t)).toBe("38.6 KB");
    expect(formatFileSize(10_485_760, "en", t)).toBe("10 MB");
    expect(formatFileSize(1_048_575, "en", t)).toBe("1 MB");
    expect(formatFileSize(4 * 1024 ** 3, "en", t)).toBe("4 GB");
    expect(formatFileSize(5 * 1024 ** 4, "en", t)).toBe("5,120 GB");
  });
  it("names the units in Thai", () => {
    const t = tOf(th);
    expect(formatFileSize(10, "th", t)).toBe("10 ไบต์");
    expect(formatFileSize(1536, "th", t)).toBe("1.5 กิโลไบต์");
    expect(formatFileSize(10_485_760, "th", t)).toBe("10 เมกะไบต์");
    expect(formatFileSize(1.5 * 1024 ** 3, "th", t)).toBe("1.5 กิกะไบต์");
  });
});
