import { describe, expect, it } from "vitest";
import { chosenChecklist, everyDay } from "~/lms/activity-overall.server";
import type { ChecklistRow } from "../../contract/schemas/activity";

describe("activity overall: every day of a usage chart", () => {
  it("fills the quiet days between the first and the last with 0", () => {
    expect(
      everyDay([
        { date: "2026-02-27", count: 2 },
        { date: "2026-03-02", count: 1 },
      ]),
    ).toEqual([
      { date: "2026-02-27", count: 2 },
      { date: "2026-02-28", count: 0 },
      { date: "2026-03-01", count: 0 },
      { date: "2026-03-02", count: 1 },
    ]);
  });
  it("no events: no days; a very long span keeps its latest days", () => {
    expect(everyDay([])).toEqual([]);
    const long = everyDay([
      { date: "2000-01-01", count: 1 },
      { date: "2026-01-01", count: 3 },
    ]);
    expect(long.length).toBe(1100);
    expect(long[long.length - 1]).toEqual({ date: "2026-01-01", count: 3 });
  });
});

describe("activity overall: the checklist a slot id names", () => {
  const lists = [{ id: 4 }, { id: 9 }] as ChecklistRow[];
  it("the first without one, or none (the verify overview)", () => {
    expect(chosenChecklist(lists, undefined)?.id).toBe(4);
    expect(chosenChecklist([], undefined)).toBeNull();
    expect(chosenChecklist(lists, undefined, true)).toBeNull();
  });
  it("one of the activity's, else 404", () => {
    expect(chosenChecklist(lists, "9")?.id).toBe(9);
    for (const bad of ["5", "x", "9.0", "-4"]) {
      let thrown: unknown;
      try {
        chosenChecklist(lists, bad);
      } catch (e) {
        thrown = e;
      }
      expect((thrown as Response).status, bad).toBe(404);
    }
  });
});
