/**
 * Question ranges of a bank draw rule (spec 001 §3 "Question selection from a bank": "A random
 * range is written like 1-5, 8, 10-12"). Pure, shared by the API (validation, drawing) and the
 * dashboard (echoing a normalised range). docs/decisions/064:
 * - parts are separated by commas (spaces ignored); a part is `n` or `a-b` with 1 ≤ a ≤ b;
 * - overlapping or repeated parts are merged, not refused (`1-5, 3-8` is `1-8`): the set of
 *   numbers is what matters, and refusing would only make the administrator retype it;
 * - an empty range means "no range" (the whole bank, or what the tags select).
 */

export type RangeError = "syntax" | "order" | "too_long";
export type ParsedRange = { ok: true; numbers: number[] } | { ok: false; error: RangeError };

/** A bank holds far fewer questions; the cap stops `1-999999999` from allocating a huge array. */
export const RANGE_MAX_NUMBER = 100_000;

const PART = /^(\d+)(?:-(\d+))?$/;

/** `1-5, 8, 10-12` → the sorted, distinct numbers it names. */
export function parseRange(text: string): ParsedRange {
  const trimmed = text.replace(/\s+/g, "");
  if (!trimmed) return { ok: true, numbers: [] };
  const seen = new Set<number>();
  for (const part of trimmed.split(",")) {
    const m = PART.exec(part);
    if (!m) return { ok: false, error: "syntax" };
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (from < 1) return { ok: false, error: "syntax" };
    if (to < from) return { ok: false, error: "order" };
    if (to > RANGE_MAX_NUMBER) return { ok: false, error: "too_long" };
    for (let n = from; n <= to; n++) seen.add(n);
  }
  return { ok: true, numbers: [...seen].sort((a, b) => a - b) };
}

/** Numbers back to the written form, runs collapsed: [1,2,3,5] → "1-3, 5". */
export function formatRange(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(", ");
}

export type RangeCheck =
  | { ok: true; numbers: number[] }
  | { ok: false; error: RangeError }
  | { ok: false; error: "out_of_bank"; count: number; missing: number[] }
  | { ok: false; error: "too_many"; count: number };

/**
 * A range against the bank it draws from: every number must be a question of the bank (`count`
 * says how many it has), and `wanted` questions (0 = all of them) must fit in what the range and
 * the bank leave (`count` is then that pool's size).
 */
export function checkRange(text: string, bankNumbers: readonly number[], wanted: number): RangeCheck {
  const parsed = parseRange(text);
  if (!parsed.ok) return parsed;
  const inBank = new Set(bankNumbers);
  const missing = parsed.numbers.filter((n) => !inBank.has(n));
  if (missing.length) return { ok: false, error: "out_of_bank", count: inBank.size, missing };
  const pool = parsed.numbers.length ? parsed.numbers.length : inBank.size;
  if (wanted > pool) return { ok: false, error: "too_many", count: pool };
  return { ok: true, numbers: parsed.numbers };
}
