/**
 * Shared Intl formatters. Building one is costly (ICU data, ~0.2–0.5 ms) and
 * `Date#toLocaleDateString` builds one on every call, which made a 50-row list's date column the
 * dearest part of its render (docs/decisions/011): one per language and options, kept.
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
