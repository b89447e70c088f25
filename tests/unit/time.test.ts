import { describe, expect, it } from "vitest";
import { fromLocalInput, toLocalInput } from "~/lms/time";

describe("dates typed in the organisation's zone (+07:00)", () => {
  it("shows an instant in the zone", () => expect(toLocalInput("2026-12-01T02:30:00.000Z", 420)).toBe("2026-12-01T09:30"));
  it("reads a typed value in the zone", () => expect(fromLocalInput("2026-12-01T09:30", 420)).toBe("2026-12-01T09:30:00+07:00"));
  it("round-trips", () => expect(Date.parse(fromLocalInput(toLocalInput("2026-12-01T02:30:00.000Z", 420), 420)!)).toBe(Date.parse("2026-12-01T02:30:00Z")));
  it("refuses what is not a date", () => expect(fromLocalInput("tomorrow", 420)).toBeNull());
  it("handles zones west of UTC", () => expect(fromLocalInput("2026-01-01T00:00", -300)).toBe("2026-01-01T00:00:00-05:00"));
});
