/**
 * Shared Intl formatters. Building one is costly (ICU data, ~0.2–0.5 ms) and
 * `Date#toLocaleDateString` builds one on every call, which made a 50-row list's date column the
 * dearest part of its render (docs/decisions/016): one per language and options, kept.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/** The locale a dashboard language formats with. */
export const intlLocale = (language: string) => (language === "th" ? "th-TH" : "en-GB");

export function dateFormat(language: string, options: Intl.DateTimeFormatOptions = { timeZone: "UTC" }): Intl.DateTimeFormat {
  const key = `date ${language} ${JSON.stringify(options)}`;
  let f = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(intlLocale(language), options)));
  return f;
}

export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `number ${language} ${JSON.stringify(options)}`;
  let f = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!f) formatters.set(key, (f = new Intl.NumberFormat(intlLocale(language), options)));
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

const instant = (value: string | number | Date) => (value instanceof Date ? value.getTime() : typeof value === "number" ? value : Date.parse(value));

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
export function formatInstant(kind: DateKind, language: string, value: string | number | Date, offsetMinutes: number): string {
  const time = instant(value);
  if (Number.isNaN(time)) return "—";
  const local = time + offsetMinutes * 60_000;
  const key = `${kind} ${language} ${Math.floor(local / (kind === "date" || kind === "dayMonth" ? DAY_MS : 60_000))}`;
  let text = texts.get(key);
  if (text === undefined) {
    if (texts.size > 5_000) texts.clear();
    texts.set(key, (text = unbreakable(dateFormat(language, { ...KINDS[kind], timeZone: "UTC" }).formatToParts(local))));
  }
  return text;
}

/** A calendar day (`YYYY-MM-DD`, no zone) as a date, or as the day and month of a chart's axis. */
export const formatCalendarDay = (language: string, day: string, kind: "date" | "dayMonth" = "date") =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatInstant(kind, language, `${day}T00:00:00Z`, 0) : "—";

/** The formatters of one page: its language and the organisation's zone, bound once. */
export function dateFormats(language: string, offsetMinutes: number) {
  const of = (kind: DateKind) => (value: string | number | Date | null | undefined) => (value == null || value === "" ? "—" : formatInstant(kind, language, value, offsetMinutes));
  return {
    date: of("date"),
    dateTime: of("dateTime"),
    time: of("time"),
    day: (day: string) => formatCalendarDay(language, day),
    dayMonth: (day: string) => formatCalendarDay(language, day, "dayMonth"),
  };
}
export type DateFormats = ReturnType<typeof dateFormats>;

/**
 * A translated label with one value put in, e.g. "Delete {{name}}": translated once, then filled
 * per use by string joining. i18next interpolates on every call, which a table of fifty rows or a
 * pager of ten links repeats for the same words.
 */
export function labelTemplate(t: (key: string, options?: Record<string, unknown>) => string, key: string, param: string) {
  const mark = "\u0000";
  const parts = t(key, { [param]: mark }).split(mark);
  return (value: string | number) => (parts.length === 2 ? `${parts[0]}${value}${parts[1]}` : t(key, { [param]: value }));
}
