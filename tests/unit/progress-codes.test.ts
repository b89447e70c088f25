import { describe, expect, it } from "vitest";
import {
  ADDED_BY,
  ADD_METHOD,
  BULK_TARGETS,
  PROGRESS_GROUPS,
  PROGRESS_SETS,
  PROGRESS_STATUS,
  PROGRESS_STATUS_CODES,
  TRANSITION_KINDS,
  allowedTransitions,
  bulkAffected,
  canTransition,
  progressGroupOf,
  type TransitionKind,
} from "../../contract/codes";

/**
 * The progress codes and rules of spec 001 §4, checked against the spec's own words: the
 * transition table is re-read from its text (not from the data under test) and every from × to
 * pair of every kind is asked, allowed and refused.
 */

describe("progress status codes", () => {
  it("are the spec's numbers exactly", () => {
    expect(PROGRESS_STATUS).toEqual({
      not_start: 0,
      waiting_approve: 1,
      waiting_list: 2,
      waiting_form: 3,
      waiting_content_request: 5,
      re_submit: 6,
      in_progress: 21,
      verifying: 22,
      survey_required: 23,
      completed: 30,
      completed_31: 31,
      cancel: -1,
      expired: -2,
      rejected: -3,
      content_canceled: -4,
      failed: -5,
      request_expired: -6,
      auto_logout: -9,
      canceled_by_assignment: -11,
      refreshment: -12,
    });
    expect(PROGRESS_STATUS_CODES).toHaveLength(20);
  });

  it("groups and selectable sets are the spec's lists", () => {
    expect(PROGRESS_GROUPS).toEqual({
      todo: [0, 1, 2, 3, 5],
      doing: [21, 22, 23, 6],
      done: [30, 31, -12, -11, -6, -5, -4, -3, -2, -1],
    });
    expect(PROGRESS_SETS).toEqual({
      progress: [-5, 0, 6, 21, 22, 23, 30],
      waiting: [2, 5, 3, 1],
      canceled: [-3, -6, -1, -11],
    });
    // Every code is in at most one group; only auto_logout is in none.
    for (const code of PROGRESS_STATUS_CODES) {
      const groups = Object.values(PROGRESS_GROUPS).filter((g) => (g as readonly number[]).includes(code));
      expect(groups.length, String(code)).toBe(code === -9 ? 0 : 1);
    }
    expect(progressGroupOf(22)).toBe("doing");
    expect(progressGroupOf(31)).toBe("done");
    expect(progressGroupOf(-9)).toBeNull();
  });

  it("add methods and added-by codes are the spec's", () => {
    expect(ADD_METHOD).toEqual({ enrolled: 0, assigned: 1, auto_assigned: 2, sync: 3 });
    expect(ADDED_BY).toEqual({
      n_a: 0,
      learner_list: 1,
      department: 2,
      level: 3,
      job_band: 4,
      group: 5,
      import_file: 6,
    });
  });
});

/** "0 to 22, 30, -5; 21 to 22, 30, -5" → the set of "from>to" pairs. */
function pairs(text: string): Set<string> {
  const out = new Set<string>();
  for (const clause of text.split(";")) {
    const m = /^\s*(-?\d+(?:\s+or\s+-?\d+)?)\s+to\s+(.+)$/.exec(clause);
    if (!m) throw new Error(`cannot read "${clause}"`);
    const froms = m[1].split(/\s+or\s+/).map(Number);
    const tos = m[2].split(/,|\bor\b/).map((s) => Number(s.trim()));
    for (const f of froms) for (const t of tos) out.add(`${f}>${t}`);
  }
  return out;
}

// The rows of "Admin manual progress changes allowed", in the spec's words (readings: docs/decisions/013).
const COURSE = "0 to 22, 30, -5; 21 to 22, 30, -5; 22 to 21, 30, -5; 30 to 21, 22, -5; -5 to 21, 22, 30";
const union = (...sets: Set<string>[]) => new Set(sets.flatMap((s) => [...s]));
const SPEC: Record<TransitionKind, Set<string>> = {
  course: pairs(COURSE),
  class: pairs(COURSE),
  learning_path: pairs(COURSE),
  onboard: pairs(COURSE),
  test: pairs(COURSE),
  // "as above, plus 6 reachable from 22 and 30, and 6 allowed" (6 moves like the activity row says).
  learning_result: union(pairs(COURSE), pairs("22 to 6; 30 to 6; 6 to 21, 22, 30, -5")),
  // "only among 22, 30, -5"
  assignment: pairs("22 to 30, -5; 30 to 22, -5; -5 to 22, 30"),
  // "as course, plus 6; 6 can go to 21, 22, 30, -5"
  activity: union(pairs(COURSE), pairs("0 to 6; 21 to 6; 22 to 6; 30 to 6; -5 to 6; 6 to 21, 22, 30, -5")),
  learning_material: pairs("0 or 21 to 30; 30 to 21"),
  live_offline: pairs("0 to 30 or -5; 30 to -5; -5 to 30"),
  live_convert: pairs("0 to 21 or 30; 21 to 30; 30 to 21"),
};

describe("admin manual progress changes (every kind, every from × to)", () => {
  it("covers every row of the table", () => {
    expect([...TRANSITION_KINDS].sort()).toEqual(Object.keys(SPEC).sort());
  });

  for (const kind of TRANSITION_KINDS) {
    it(`${kind}: exactly the spec's pairs are allowed`, () => {
      let allowed = 0;
      for (const from of PROGRESS_STATUS_CODES) {
        for (const to of PROGRESS_STATUS_CODES) {
          // 31 is completed like 30: a learner at 31 moves as one at 30 would; nobody is set to 31.
          const expected = SPEC[kind].has(`${from === 31 ? 30 : from}>${to}`);
          expect(canTransition(kind, from, to), `${kind}: ${from} → ${to}`).toBe(expected);
          if (expected) allowed++;
        }
      }
      expect(allowed).toBe([...SPEC[kind]].filter((p) => p.startsWith("30>")).length + SPEC[kind].size);
    });
  }

  it("refuses unknown codes, staying put and setting 31", () => {
    for (const kind of TRANSITION_KINDS) {
      expect(canTransition(kind, 99, 30)).toBe(false);
      expect(canTransition(kind, 0, 99)).toBe(false);
      for (const s of PROGRESS_STATUS_CODES) expect(canTransition(kind, s, s)).toBe(false);
      for (const s of PROGRESS_STATUS_CODES) expect(canTransition(kind, s, 31)).toBe(false);
    }
    expect(allowedTransitions("course", 21)).toEqual([22, 30, -5]);
    expect(allowedTransitions("course", 31)).toEqual([21, 22, -5]);
    expect(allowedTransitions("course", -2)).toEqual([]);
  });
});

describe("bulk change confirmation rules", () => {
  const all = PROGRESS_STATUS_CODES;
  it("to completed: not started, in progress, verifying, expired, re-submit (failed unaffected)", () => {
    expect(bulkAffected(30, all).sort((a, b) => a - b)).toEqual([-2, 0, 6, 21, 22]);
    expect(bulkAffected(30, [-5])).toEqual([]);
  });
  it("to in progress: completed, failed, expired", () => {
    expect(bulkAffected(21, all).sort((a, b) => a - b)).toEqual([-5, -2, 30, 31]);
  });
  it("to expired: all except in progress (and those already expired)", () => {
    expect(bulkAffected(-2, all).sort((a, b) => a - b)).toEqual(
      all.filter((s) => s !== 21 && s !== -2).sort((a, b) => a - b),
    );
  });
  it("to re-submit: verifying, completed, failed, expired", () => {
    expect(bulkAffected(6, all).sort((a, b) => a - b)).toEqual([-5, -2, 22, 30, 31]);
  });
  it("has exactly the four targets, and keeps only the statuses given", () => {
    expect([...BULK_TARGETS]).toEqual([30, 21, -2, 6]);
    expect(bulkAffected(30, [0, 0, 30, 99])).toEqual([0, 0]);
  });
});
