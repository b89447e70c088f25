import { SECONDS_PER_DAY, SECONDS_PER_MINUTE } from "./codes";

/**
 * Durations: the API takes and answers seconds; the forms show days, minutes or "HH:MM" time text.
 * Zod-free, so dashboard components may import these (docs/decisions/016); the schemas of
 * contract/schemas/ use them too.
 */

/** Days ↔ seconds (spec 001 §4: 86400 seconds a day). */
export const daysToSeconds = (d: number | null) => (d === null ? null : d * SECONDS_PER_DAY);
export const secondsToDays = (s: number | null) => (s === null ? null : Math.round(s / SECONDS_PER_DAY));
/** Minutes ↔ seconds (identification duration_lock is stored in seconds, shown in minutes). */
export const minutesToSeconds = (m: number | null) => (m === null ? null : m * SECONDS_PER_MINUTE);
export const secondsToMinutes = (s: number | null) => (s === null ? null : Math.ceil(s / SECONDS_PER_MINUTE));

/** Time text runs to 999:59 (hours:minutes): the longest duration, in seconds. */
export const MAX_DURATION_SECONDS = 999 * 3600 + 59 * 60;

/**
 * Durations are entered as time text "HH:MM" — hours and minutes (hours may run to 999) — and
 * stored in seconds (docs/decisions/009). "1:30" and "01:30" are 5400 seconds. Anything else: null.
 */
export function timeTextToSeconds(text: string): number | null {
  const m = /^\s*(\d{1,3}):([0-5]\d)\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 3600 + Number(m[2]) * 60;
}

/** Seconds as the "HH:MM" time text (seconds below a minute are dropped). */
export function secondsToTimeText(seconds: number | null | undefined): string {
  const s = Math.max(0, Math.floor(Number(seconds) || 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}
