import { describe, expect, it } from "vitest";
import { fromLocalInput, toLocalInput, zonedValues } from "~/lms/time";

describe("dates typed in the organisation's zone (+07:00)", () => {
  it("shows an instant in the zone", () =>
    expect(toLocalInput("2026-12-01T02:30:00.000Z", 420)).toBe("2026-12-01T09:30"));
  it("reads a typed value in the zone", () =>
    expect(fromLocalInput("2026-12-01T09:30", 420)).toBe("2026-12-01T09:30:00+07:00"));
  it("round-trips", () =>
    expect(Date.parse(fromLocalInput(toLocalInput("2026-12-01T02:30:00.000Z", 420), 420)!)).toBe(
      Date.parse("2026-12-01T02:30:00Z"),
    ));
  it("refuses what is not a date", () => expect(fromLocalInput("tomorrow", 420)).toBeNull());
  it("handles zones west of UTC", () =>
    expect(fromLocalInput("2026-01-01T00:00", -300)).toBe("2026-01-01T00:00:00-05:00"));
});

describe("a form's date-and-time fields read in the organisation's zone (docs/decisions/077)", () => {
  it("turns the named fields into instants with the zone's offset, and leaves the rest", () => {
    expect(
      zonedValues(
        { datetime_live_start: "2026-06-01T14:00", name: "2026-06-01T14:00", other: 3 },
        ["datetime_live_start"],
        420,
      ),
    ).toEqual({
      datetime_live_start: "2026-06-01T14:00:00+07:00",
      name: "2026-06-01T14:00",
      other: 3,
    });
  });
  it("leaves a blank or unreadable value as typed, for the schema to answer", () => {
    expect(zonedValues({ a: "", b: "soon" }, ["a", "b"], 420)).toEqual({ a: "", b: "soon" });
    expect(zonedValues(null, ["a"], 420)).toBeNull();
  });
});
