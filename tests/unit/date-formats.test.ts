import { describe, expect, it } from "vitest";
import { dateFormats, formatCalendarDay, formatInstant, formatPeriod } from "~/lms/format";

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

  it("writes a calendar day with the date's format, not as ISO text, in either language (docs/decisions/077)", () => {
    expect(plain(en.date("2027-03-31"))).toBe("31 Mar 2027");
    expect(plain(th.date("2027-03-31"))).toBe("31 มี.ค. 2570");
    // West of UTC the day stays the day: a calendar day has no zone.
    expect(plain(dateFormats("en", -300).date("2027-03-31"))).toBe("31 Mar 2027");
  });

  it("writes a wall time (a date and time without a zone) as it is, and a clock time as it is", () => {
    expect(plain(en.dateTime("2026-07-01T09:00"))).toBe("1 Jul 2026, 09:00");
    expect(en.time("09:30")).toBe("09:30");
  });

  it("writes a period once: what both ends share is written once (the fourth kind)", () => {
    expect(plain(en.period("2026-06-01T07:00:00Z", "2026-06-01T08:00:00Z"))).toBe("1 Jun 2026, 14:00–15:00");
    expect(plain(th.period("2026-06-01T07:00:00Z", "2026-06-01T08:00:00Z"))).toBe("1 มิ.ย. 2569 14:00–15:00");
    // Thai's range pattern writes "0:00": the hour keeps its leading zero, as every other time.
    expect(plain(th.period("2026-12-06T00:00", "2026-12-06T09:59"))).toBe("6 ธ.ค. 2569 00:00–09:59");
    expect(plain(en.period("2026-06-01T07:00:00Z", "2026-06-02T02:00:00Z"))).toBe(
      "1 Jun 2026, 14:00 – 2 Jun 2026, 09:00",
    );
    expect(plain(en.period("2026-12-06", "2027-03-31"))).toBe("6 Dec 2026 – 31 Mar 2027");
    expect(plain(en.period("2026-06-01", "2026-06-30"))).toBe("1 – 30 Jun 2026");
    expect(plain(th.period("2026-12-06", "2027-03-31"))).toBe("6 ธ.ค. 2569 – 31 มี.ค. 2570");
    // Inside each end no line break; between them one may fall.
    expect(en.period("2026-12-06", "2027-03-31")).toBe("6\u00a0Dec\u00a02026 – 31\u00a0Mar\u00a02027");
    // One end missing: the other alone; neither: a dash. An end before its start: both written.
    expect(plain(en.period("2026-07-06", null))).toBe("6 Jul 2026");
    expect(en.period(null, null)).toBe("—");
    expect(plain(formatPeriod("date", "en", "2027-01-02", "2027-01-01", 420))).toBe("2 Jan 2027 – 1 Jan 2027");
  });
});
