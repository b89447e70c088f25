import { describe, expect, it } from "vitest";
import { checkRange, formatRange, parseRange } from "../../contract/test-range";

/** Draw rule ranges (spec 001 §3 "A random range is written like 1-5, 8, 10-12"; docs/decisions/064). */
describe("parseRange", () => {
  it("reads single numbers and runs, spaces ignored", () => {
    expect(parseRange("1-5, 8, 10-12")).toEqual({ ok: true, numbers: [1, 2, 3, 4, 5, 8, 10, 11, 12] });
    expect(parseRange(" 3 ")).toEqual({ ok: true, numbers: [3] });
    expect(parseRange("")).toEqual({ ok: true, numbers: [] });
  });
  it("merges overlapping and repeated parts", () => {
    expect(parseRange("1-5, 3-8, 8, 2")).toEqual({ ok: true, numbers: [1, 2, 3, 4, 5, 6, 7, 8] });
  });
  it("refuses what is not a range", () => {
    for (const bad of ["a", "1-", "-3", "1--2", "1,,2", "0", "1.5", "1-2-3"])
      expect(parseRange(bad), bad).toEqual({ ok: false, error: "syntax" });
    expect(parseRange("5-1")).toEqual({ ok: false, error: "order" });
    expect(parseRange("1-999999999")).toEqual({ ok: false, error: "too_long" });
  });
  it("formats numbers back, runs collapsed", () => {
    expect(formatRange([5, 1, 2, 3, 8, 10, 11, 12])).toBe("1-3, 5, 8, 10-12");
    expect(formatRange([])).toBe("");
  });
});

describe("checkRange against a bank", () => {
  const bank = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  it("accepts a range inside the bank and a number the pool holds", () => {
    expect(checkRange("1-5, 8", bank, 6)).toEqual({ ok: true, numbers: [1, 2, 3, 4, 5, 8] });
    expect(checkRange("", bank, 10)).toEqual({ ok: true, numbers: [] });
  });
  it("out of bank says how many the bank has", () => {
    expect(checkRange("8-12", bank, 1)).toEqual({ ok: false, error: "out_of_bank", count: 10, missing: [11, 12] });
  });
  it("too many says how many there are to draw from", () => {
    expect(checkRange("1-3", bank, 4)).toEqual({ ok: false, error: "too_many", count: 3 });
    expect(checkRange("", bank, 11)).toEqual({ ok: false, error: "too_many", count: 10 });
  });
  it("passes syntax errors through", () => {
    expect(checkRange("x", bank, 1)).toEqual({ ok: false, error: "syntax" });
  });
});
