import { describe, expect, it } from "vitest";
import { CHECKIN_SOURCE, CHECKIN_SOURCE_NAME, isAttended, progressFromAttendance } from "../../contract/checkin-codes";
import { CHECKIN_SOURCE as ACTIVITY_SOURCE } from "../../contract/activity-codes";

/** A class learner's progress from attendance (docs/decisions/042): the pure rule both writers and the seed use. */
const IN = { datetime_checkin: "2026-06-10T02:00:00.000Z", datetime_checkout: null };
const IN_OUT = { datetime_checkin: "2026-06-10T02:00:00.000Z", datetime_checkout: "2026-06-10T05:00:00.000Z" };
const NONE = { datetime_checkin: null, datetime_checkout: null };

describe("progressFromAttendance", () => {
  it("check-in type 0: a check-in attends the session", () => {
    expect(progressFromAttendance([], 2, 0)).toBe(0);
    expect(progressFromAttendance([NONE], 2, 0)).toBe(0);
    expect(progressFromAttendance([IN], 2, 0)).toBe(21);
    expect(progressFromAttendance([IN, IN_OUT], 2, 0)).toBe(30);
  });

  it("check-in type 1: a session needs the check-out too", () => {
    expect(progressFromAttendance([IN, IN], 2, 1)).toBe(21);
    expect(progressFromAttendance([IN_OUT, IN], 2, 1)).toBe(21);
    expect(progressFromAttendance([IN_OUT, IN_OUT], 2, 1)).toBe(30);
    expect(progressFromAttendance([IN_OUT], 1, 1)).toBe(30);
  });

  it("a class without sessions has nothing to attend", () => {
    expect(progressFromAttendance([IN], 0, 0)).toBe(0);
  });

  it("isAttended reads a missing row as absent", () => {
    expect(isAttended(undefined, 0)).toBe(false);
    expect(isAttended(IN, 0)).toBe(true);
    expect(isAttended(IN, 1)).toBe(false);
  });
});

describe("check-in sources", () => {
  it("are one table shared by activity and class, each with its name", () => {
    expect(ACTIVITY_SOURCE).toBe(CHECKIN_SOURCE);
    expect([...CHECKIN_SOURCE_NAME.entries()]).toEqual([
      [-1, "none"],
      [0, "web"],
      [1, "mobile"],
      [2, "admin"],
      [3, "live"],
      [10, "force_completed"],
    ]);
  });
});
