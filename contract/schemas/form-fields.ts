import { z } from "../zod";
import { MSG } from "../messages";

/**
 * Field shapes shared by the settings forms of content (enrollment, identification, permission
 * conditions…). Each accepts what an HTML form posts (text, a missing checkbox) as well as JSON.
 */

/** Integer columns in both dialects: larger numbers name no row. */
export const MAX_ID = 2_147_483_647;
/** Counts and durations stay far below this (and inside a 32-bit integer column). */
export const MAX_COUNT = 1_000_000_000;

export const isBlank = (v: unknown) => v === undefined || v === null || v === "" || v === "null";
/** An integer given as text becomes a number; anything else is left for the schema to refuse. */
export const toInt = (v: unknown) => (typeof v === "string" && /^\s*-?\d{1,12}\s*$/.test(v) ? Number(v) : v);

/** A blank value (missing, "", null) becomes `fallback` before the schema sees it. */
export const withDefault = <S extends z.ZodType>(schema: S, fallback: z.input<S>) =>
  z.preprocess((v) => (isBlank(v) ? fallback : v), schema);

/** A checkbox: true, "true", "on", "1" are ticked; false, "false", "off", "0", "" and a missing one are not. */
export const checkbox = () =>
  z.preprocess(
    (v) => {
      if (v === true || v === "true" || v === "on" || v === "1" || v === 1) return true;
      if (
        v === undefined ||
        v === false ||
        v === "false" ||
        v === "off" ||
        v === "0" ||
        v === 0 ||
        v === "" ||
        v === null
      )
        return false;
      return v;
    },
    z.boolean({ error: MSG.invalid }),
  );

/**
 * A whole number between `min` and `max`. `notZero`: 0 is refused with its own message
 * (spec 001 §5 "a value may not be 0"), before the bounds are checked. The first failed check
 * stops the rest, so a field gets one message; refinements chained after it run only on a
 * number that passed. `rangeMessage`: what a number out of bounds is told (default `invalid`).
 */
export const int = (opts: { min?: number; max?: number; notZero?: boolean; rangeMessage?: string } = {}) => {
  const { min = 0, max = MAX_COUNT, notZero = false, rangeMessage = MSG.invalid } = opts;
  return z.preprocess(
    toInt,
    z
      .number()
      .int(MSG.invalid)
      .refine((n) => !(notZero && n === 0), { message: MSG.value_not_zero, abort: true })
      .refine((n) => n >= min && n <= max, { message: rangeMessage, abort: true }),
  );
};

/** One of the numeric codes of a code table; another number is `invalid_choice`. */
export const code = <T extends number>(codes: readonly T[]) =>
  z.preprocess(
    toInt,
    z
      .number()
      .refine((n) => (codes as readonly number[]).includes(n), { message: MSG.invalid_choice, abort: true })
      .transform((n) => n as T),
  );

/** A row id: a positive integer, given as a number or as its text. */
export const id = () => z.preprocess(toInt, z.number().int(MSG.invalid).min(1, MSG.invalid).max(MAX_ID, MSG.invalid));

/** An optional id: "", "null" and null clear it. */
export const nullableId = () =>
  z.preprocess(
    (v) => (isBlank(v) ? null : toInt(v)),
    z.number({ error: MSG.invalid }).int(MSG.invalid).min(1, MSG.invalid).max(MAX_ID, MSG.invalid).nullable(),
  );

/**
 * A list of ids: an array (of numbers or texts) or one comma-separated text (spec 001 §3
 * "comma-separated ids parsed into numbers"); "" and a missing list are empty. Duplicates dropped.
 */
export const idList = (max = 1000) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === "") return [];
      if (typeof v === "string")
        return v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean);
      if (typeof v === "number") return [v];
      return v;
    },
    z
      .array(id(), { error: MSG.invalid })
      .max(max, MSG.too_long)
      .transform((ids) => [...new Set(ids)]),
  );

const ISO_DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO-8601 date and time with Z or an offset (a real calendar date), as UTC ISO text. */
export function parseIsoDateTime(s: string): string | null {
  const m = ISO_DATETIME.exec(s);
  if (!m) return null;
  const [y, mo, d, h, mi] = [1, 2, 3, 4, 5].map((i) => Number(m[i]));
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d || h > 23 || mi > 59) return null;
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/** An instant: ISO-8601 with Z or an offset (as UTC ISO text), or null when blank. */
export const isoDateTime = () =>
  z.preprocess(
    (v) => (isBlank(v) ? null : v),
    z
      .string({ error: MSG.invalid })
      .transform((s, ctx) => {
        const iso = parseIsoDateTime(s);
        if (iso === null) {
          ctx.issues.push({ code: "custom", message: MSG.invalid, input: s });
          return z.NEVER;
        }
        return iso;
      })
      .nullable(),
  );

const realDate = (y: number, m: number, d: number) => {
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
};

/** What a datetime-local input posts ("2026-06-01T09:30", a real date and time), or null when blank. */
export const localDateTime = () =>
  z.preprocess(
    (v) => (isBlank(v) ? null : v),
    z
      .string({ error: MSG.invalid })
      .refine((s) => {
        const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(s);
        return !!m && realDate(+m[1], +m[2], +m[3]) && +m[4] < 24 && +m[5] < 60;
      }, MSG.invalid)
      .nullable(),
  );

/** A calendar date "YYYY-MM-DD", or null when blank. */
export const dateOnly = () =>
  z.preprocess(
    (v) => (isBlank(v) ? null : v),
    z
      .string({ error: MSG.invalid })
      .refine((s) => {
        const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
        return !!m && realDate(+m[1], +m[2], +m[3]);
      }, MSG.invalid)
      .nullable(),
  );

/** Options for a refinement that also runs when other fields failed (so every error shows at once). */
export const always = { when: () => true } as const;
