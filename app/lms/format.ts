import { intlLocale } from "./number-format";

// Numbers and file sizes are number-format.ts's (a page showing a file size needs no dates).
export { formatFileSize, intlLocale, numberFormat } from "./number-format";

/**
 * Shared Intl formatters. Building one is costly (ICU data, ~0.2–0.5 ms) and
 * `Date#toLocaleDateString` builds one on every call, which made a 50-row list's date column the
 * dearest part of its render (docs/decisions/016): one per language and options, kept.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function dateFormat(
  language: string,
  options: Intl.DateTimeFormatOptions = { timeZone: "UTC" },
): Intl.DateTimeFormat {
  const key = `date ${language} ${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(intlLocale(language), options)));
  return f;
}

const DAY_MS = 86_400_000;
const NBSP = "\u00a0";

/**
 * The kinds of date the dashboard shows, one format each, in the page's language
 * (docs/decisions/025): a date ("24 Nov 2026", "24 พ.ย. 2569"), a date and time
 * ("24 Nov 2026, 16:54", "24 พ.ย. 2569 16:54"), a time ("16:54"), and the day and month of a
 * chart's axis ("24 Nov"). Thai dates are Thai: Intl's th-TH, Buddhist era. An instant is shown
 * in the organisation's zone (config `time-zone-offset-minutes`, docs/decisions/010), the zone
 * dates are typed in; a calendar day (the API's `YYYY-MM-DD`) is shown as it is.
 */
const KINDS = {
  date: { day: "numeric", month: "short", year: "numeric" },
  dateTime: { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  time: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  dayMonth: { day: "numeric", month: "short" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateKind = keyof typeof KINDS;

const instant = (value: string | number | Date) =>
  value instanceof Date ? value.getTime() : typeof value === "number" ? value : Date.parse(value);

/**
 * Parts joined so that a line breaks only between the date and the time, never inside either
 * (a table column of dates then needs no `nowrap` to stay legible, and can still narrow).
 */
function unbreakable(parts: Intl.DateTimeFormatPart[]): string {
  const hour = parts.findIndex((p) => p.type === "hour");
  return parts.map((p, i) => (i === hour - 1 && hour > 0 ? p.value : p.value.replace(/ /g, NBSP))).join("");
}

const texts = new Map<string, string>();

/**
 * An instant (ISO text, epoch ms or Date) as `kind`, in the zone `offsetMinutes` east of UTC;
 * "—" when it is not a date. Remembered per language, kind and minute: a page of fifty rows holds
 * a handful of distinct values, and each Intl call costs more than the row's markup
 * (docs/decisions/016).
 */
export function formatInstant(
  kind: DateKind,
  language: string,
  value: string | number | Date,
  offsetMinutes: number,
): string {
  const time = instant(value);
  if (Number.isNaN(time)) return "—";
  const local = time + offsetMinutes * 60_000;
  const key = `${kind} ${language} ${Math.floor(local / (kind === "date" || kind === "dayMonth" ? DAY_MS : 60_000))}`;
  let text = texts.get(key);
  if (text === undefined) {
    if (texts.size > 5_000) texts.clear();
    texts.set(
      key,
      (text = unbreakable(dateFormat(language, { ...KINDS[kind], timeZone: "UTC" }).formatToParts(local))),
    );
  }
  return text;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A date and time without a zone, as a datetime-local input or a form's answer holds it: a wall time. */
const WALL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A calendar day (`YYYY-MM-DD`, no zone) as a date, or as the day and month of a chart's axis. */
export const formatCalendarDay = (language: string, day: string, kind: "date" | "dayMonth" = "date") =>
  CALENDAR_DAY.test(day) ? formatInstant(kind, language, `${day}T00:00:00Z`, 0) : "—";

/**
 * What a value holds, as an instant and the zone to show it in: an instant (ISO with a zone, epoch
 * ms, a Date) in the organisation's; a calendar day or a wall time (no zone: it is already the
 * organisation's, docs/decisions/010) as it is.
 */
function reading(value: string | number | Date, offsetMinutes: number): { at: string | number | Date; offset: number } {
  if (typeof value === "string" && CALENDAR_DAY.test(value)) return { at: `${value}T00:00:00Z`, offset: 0 };
  if (typeof value === "string" && WALL_TIME.test(value)) return { at: `${value}Z`, offset: 0 };
  return { at: value, offset: offsetMinutes };
}

/**
 * A period — from `start` to `end` — as one text (the fourth kind, docs/decisions/077): Intl's range
 * format, which writes what both ends share once ("1 Jun 2026, 14:00–15:00", "1 – 30 Jun 2026",
 * "6 Dec 2026 – 31 Mar 2027"). `kind` "date" for days, "dateTime" for moments. Either end missing
 * or not a date: "—". Within each end the spaces do not break; a long period breaks around its dash.
 */
export function formatPeriod(
  kind: "date" | "dateTime",
  language: string,
  start: string | number | Date,
  end: string | number | Date,
  offsetMinutes: number,
): string {
  const from = reading(start, offsetMinutes);
  const to = reading(end, offsetMinutes);
  const a = instant(from.at) + from.offset * 60_000;
  const b = instant(to.at) + to.offset * 60_000;
  if (Number.isNaN(a) || Number.isNaN(b)) return "—";
  if (b < a)
    return `${formatInstant(kind, language, from.at, from.offset)} – ${formatInstant(kind, language, to.at, to.offset)}`;
  const parts = dateFormat(language, { ...KINDS[kind], timeZone: "UTC" }).formatRangeToParts(a, b);
  // The dash between the ends one way in both languages (Intl writes " – ", thin-spaced " – " or " - "):
  // an en dash, spaced when the ends are spaced. Within an end, no-break spaces.
  const dash = (v: string) => (/^\s/.test(v) ? " – " : "–");
  // Thai's range pattern drops the hour's leading zero ("0:00–23:59"); every other time reads "00:00".
  const text = (p: Intl.DateTimeRangeFormatPart) =>
    p.type === "hour" ? p.value.padStart(2, "0") : p.value.replace(/ /g, NBSP);
  return parts
    .map((p) => (p.source === "shared" && p.type === "literal" && /[–-]/.test(p.value) ? dash(p.value) : text(p)))
    .join("");
}

/**
 * The formatters of one page: its language and the organisation's zone, bound once. One per kind
 * (docs/decisions/025, 077) — date, date and time, time, period — each taking what the API
 * answers: `date` an instant or a calendar day, `dateTime` an instant or a wall time, `time` an
 * instant or a clock time ("09:30"), `period` two of those.
 */
export function dateFormats(language: string, offsetMinutes: number) {
  const of = (kind: DateKind) => (value: string | number | Date | null | undefined) => {
    if (value == null || value === "") return "—";
    if (kind === "time" && typeof value === "string" && CLOCK.test(value)) return value;
    const r = reading(value, offsetMinutes);
    return formatInstant(kind, language, r.at, r.offset);
  };
  const day = (value: string | null | undefined) => (value ? formatCalendarDay(language, value) : "—");
  return {
    date: of("date"),
    dateTime: of("dateTime"),
    time: of("time"),
    /** From `start` to `end`: days when both are calendar days, else moments. */
    period: (start: string | number | Date | null | undefined, end: string | number | Date | null | undefined) => {
      if (start == null || start === "" || end == null || end === "")
        return start ? of(isDay(start) ? "date" : "dateTime")(start) : "—";
      return formatPeriod(isDay(start) && isDay(end) ? "date" : "dateTime", language, start, end, offsetMinutes);
    },
    /** A calendar day (`YYYY-MM-DD`) only: anything else is "—". */
    day,
    dayMonth: (value: string) => formatCalendarDay(language, value, "dayMonth"),
  };
}
const isDay = (v: string | number | Date) => typeof v === "string" && CALENDAR_DAY.test(v);
export type DateFormats = ReturnType<typeof dateFormats>;

/**
 * A translated label with one value put in, e.g. "Delete {{name}}": translated once, then filled
 * per use by string joining. i18next interpolates on every call, which a table of fifty rows or a
 * pager of ten links repeats for the same words.
 */
export function labelTemplate(
  t: (key: string, options?: Record<string, unknown>) => string,
  key: string,
  param: string,
) {
  const mark = "\u0000";
  const parts = t(key, { [param]: mark }).split(mark);
  return (value: string | number) =>
    parts.length === 2 ? `${parts[0]}${value}${parts[1]}` : t(key, { [param]: value });
}
