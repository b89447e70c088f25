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
const days = new Map<string, string>();

/**
 * A date as the lists show it (the day, in UTC), remembered per language and day: a page of fifty
 * rows holds a handful of distinct days, and each Intl format call costs more than the whole
 * row's markup (docs/decisions/016).
 */
export function formatDay(language: string, value: string | number | Date): string {
  const time = value instanceof Date ? value.getTime() : typeof value === "number" ? value : Date.parse(value);
  if (Number.isNaN(time)) return "—";
  const key = `${language} ${Math.floor(time / DAY_MS)}`;
  let text = days.get(key);
  if (text === undefined) {
    if (days.size > 5_000) days.clear();
    days.set(key, (text = dateFormat(language).format(time)));
  }
  return text;
}

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
