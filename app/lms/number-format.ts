/**
 * Numbers and file sizes in the page's language: the part of app/lms/format.ts (which re-exports
 * it) that needs no dates, its own module so that a page showing a file size (a cover image's
 * limit) does not load every date format with it (docs/decisions/087).
 */

/** The locale a dashboard language formats with. */
export const intlLocale = (language: string) => (language === "th" ? "th-TH" : "en-GB");

/** Building a formatter is costly (docs/decisions/016): one per language and options, kept. */
const formatters = new Map<string, Intl.NumberFormat>();

export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `number ${language} ${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.NumberFormat(intlLocale(language), options)));
  return f;
}

/** The units a file size is shown in, each 1024 of the one before (ui's size_* texts name them). */
const SIZE_UNITS = ["size_b", "size_kb", "size_mb", "size_gb"] as const;

/**
 * A file size in B, KB, MB or GB, whichever shows it below 1024 (R394: "12 KB", "3.4 MB",
 * "1.2 GB"; Thai names the units), one decimal past bytes; `t` is the page's translator.
 */
export function formatFileSize(
  bytes: number,
  language: string,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  let value = Math.max(0, Number(bytes) || 0);
  let unit = 0;
  while (unit < SIZE_UNITS.length - 1 && Math.round(value * 10) / 10 >= 1024) {
    value /= 1024;
    unit++;
  }
  return t(SIZE_UNITS[unit], {
    size: numberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value),
  });
}
