import { describe, expect, it } from "vitest";
import { dateFormats, formatCalendarDay, formatInstant } from "~/lms/format";

/** Spaces as a reader sees them (the formatters keep a date on one line with no-break spaces). */
const plain = (s: string) => s.replace(/\u00a0/g, " ");

describe("one format per kind of date, in the page's language (docs/decisions/025)", () => {
  const at = "2026-11-24T09:54:00Z"; // 16:54 in Bangkok (+07:00)
  const en = dateFormats("en", 420);
  const th = dateFormats("th", 420);

  it("writes a date", () => {
    expect(plain(en.date(at))).toBe("24 Nov 2026");
    expect(plain(th.date(at))).toBe("24 พ.ย. 2569");
  });

  it("writes a date and time", () => {
    expect(plain(en.dateTime(at))).toBe("24 Nov 2026, 16:54");
    expect(plain(th.dateTime(at))).toBe("24 พ.ย. 2569 16:54");
  });

  it("writes a time", () => {
    expect(en.time(at)).toBe("16:54");
    expect(th.time(at)).toBe("16:54");
  });

  it("shows an instant in the organisation's zone: the day can differ from UTC's", () => {
    const lateUtc = "2026-11-20T20:00:00Z"; // 21 Nov, 03:00 in Bangkok
    expect(plain(en.date(lateUtc))).toBe("21 Nov 2026");
    expect(plain(dateFormats("en", 0).date(lateUtc))).toBe("20 Nov 2026");
    expect(plain(dateFormats("en", -300).dateTime(lateUtc))).toBe("20 Nov 2026, 15:00");
  });

  it("writes a calendar day as it is, whatever the zone, and its day and month for a chart", () => {
    expect(plain(formatCalendarDay("en", "2026-10-26"))).toBe("26 Oct 2026");
    expect(plain(formatCalendarDay("th", "2026-10-26"))).toBe("26 ต.ค. 2569");
    expect(plain(en.dayMonth("2026-10-26"))).toBe("26 Oct");
    expect(en.day("26/10/2026")).toBe("—");
  });

  it("breaks a line only between the date and the time", () => {
    const text = en.dateTime(at);
    expect(text.split(" ")).toEqual(["24\u00a0Nov\u00a02026,", "16:54"]);
    expect(en.date(at)).not.toContain(" ");
    expect(th.dateTime(at).split(" ")).toHaveLength(2);
  });

  it("says — for what is not a date", () => {
    expect(en.date(null)).toBe("—");
    expect(en.dateTime("")).toBe("—");
    expect(formatInstant("date", "en", "tomorrow", 420)).toBe("—");
  });

  it("gives the same text every time (remembered values included)", () => {
    const first = en.dateTime(at);
    expect(en.dateTime(Date.parse(at))).toBe(first);
    expect(en.dateTime(new Date(at))).toBe(first);
    expect(formatInstant("dateTime", "en", at, 420)).toBe(first);
  });
});
