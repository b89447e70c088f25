import { Link, useLocation } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "~/i18n/react";
import type { ChartCategory } from "~/components/charts/frame";
import { stats } from "~/components/charts/scale";
import { useDates } from "~/components/use-dates";
import { formatCalendarDay, numberFormat } from "~/lms/format";

type Tab = { id: string; href: string; labelKey: string };

/**
 * Numbers and the organisation's calendar days (the API's `YYYY-MM-DD`) written for the page language: a day as
 * every date of the dashboard is written, and as its day and month on a chart's axis
 * (app/lms/format.ts, docs/decisions/025).
 */
export function useFormats() {
  const { i18n } = useTranslation();
  const lang = i18n.language || "en";
  return useMemo(() => {
    const number = numberFormat(lang);
    const longDay = (iso: string) => formatCalendarDay(lang, iso);
    const shortDay = (iso: string) => formatCalendarDay(lang, iso, "dayMonth");
    return {
      number: (n: number) => number.format(n),
      shortDay,
      longDay,
      /** Chart categories for a daily series. */
      days: (dates: string[]): ChartCategory[] => dates.map((d) => ({ label: shortDay(d), fullLabel: longDay(d) })),
    };
  }, [lang]);
}
export type Formats = ReturnType<typeof useFormats>;

/** "Title: N days from … to …; total …, highest … on …" — the gist of a daily chart for screen readers. */
export function useSeriesSummary() {
  const { t } = useTranslation();
  const f = useFormats();
  return (title: string, dates: string[], series: { label: string; values: number[] }[]) => {
    const parts = series.map((s) => {
      const st = stats(s.values);
      return st.maxIndex < 0
        ? t("chart_summary_series_zero", { series: s.label })
        : t("chart_summary_series", {
            series: s.label,
            total: f.number(st.total),
            max: f.number(st.max),
            date: f.longDay(dates[st.maxIndex]),
          });
    });
    const head = t("chart_summary_period", {
      title,
      days: f.number(dates.length),
      from: f.longDay(dates[0]),
      to: f.longDay(dates[dates.length - 1]),
    });
    return [head, ...parts].join(" ");
  };
}

/** The page heading, the tabs of the home section and the period chooser (plain links: no script needed). */
export function HomeHeader({
  title,
  tabs,
  current,
  days,
  periods,
  from,
  to,
}: {
  title: string;
  tabs: Tab[];
  current: string;
  days: number;
  periods: number[];
  from: string;
  to: string;
}) {
  const { t } = useTranslation();
  const f = useFormats();
  const dates = useDates();
  const { pathname } = useLocation();
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {tabs.length > 1 ? (
        <nav aria-label={t("home_tabs")} className="mt-4 border-b border-slate-200">
          <ul className="-mb-px flex gap-1">
            {tabs.map((tab) => {
              const active = tab.id === current;
              return (
                <li key={tab.id}>
                  <Link
                    to={`${tab.href}?days=${days}`}
                    aria-current={active ? "page" : undefined}
                    className={`inline-block border-b-2 px-4 py-2 text-sm ${active ? "border-primary font-medium text-slate-900" : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900"}`}
                  >
                    {t(tab.labelKey)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <nav aria-label={t("home_period")} className="flex items-center gap-2">
          <span className="text-sm text-slate-700" aria-hidden="true">
            {t("home_period")}
          </span>
          <ul className="flex overflow-hidden rounded border border-slate-300 text-sm">
            {periods.map((p) => {
              const active = p === days;
              return (
                <li key={p} className="border-l border-slate-300 first:border-l-0">
                  <Link
                    to={`${pathname}?days=${p}`}
                    aria-current={active ? "true" : undefined}
                    className={`block px-3 py-1.5 ${active ? "bg-primary font-medium text-primary-fg" : "bg-white text-slate-800 hover:bg-slate-100"}`}
                  >
                    {t("home_last_days", { n: f.number(p) })}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {/* The organisation's days (docs/decisions/077), as one period. */}
        <p className="text-sm text-slate-600">{dates.period(from, to)}</p>
      </div>
    </header>
  );
}

/** Summary figures as a definition list of cards. */
export function FigureCards({
  label,
  items,
}: {
  label: string;
  items: { key: string; label: string; value: string; hint?: string }[];
}) {
  return (
    <section aria-label={label} className="mb-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
        {items.map((it) => (
          <div key={it.key} className="rounded border border-slate-200 bg-white px-4 py-3">
            <dt className="text-sm text-slate-600">{it.label}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{it.value}</dd>
            {it.hint ? <dd className="mt-0.5 text-xs text-slate-600">{it.hint}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * What waits for the viewer (issue 33 item 13): each count a link to the list it counts, filtered
 * as counted; only the lists the viewer may open are given (app/lms/home-actions.server.ts).
 */
export function ActionCards({
  items,
  heading = "home_actions_heading",
  id = "home-actions-title",
}: {
  items: { key: string; count: number; capped: boolean; href: string }[];
  heading?: string;
  id?: string;
}) {
  const { t } = useTranslation();
  const f = useFormats();
  if (!items.length) return null;
  return (
    <section aria-labelledby={id} className="mb-6">
      <h2 id={id} className="mb-2 text-lg font-semibold text-slate-900">
        {t(heading)}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
        {items.map((it) => (
          <li key={it.key}>
            <Link
              to={it.href}
              className="block rounded border border-slate-200 bg-white px-4 py-3 hover:border-primary focus-visible:border-primary"
            >
              <span className="block text-sm text-slate-600">{t(`home_action_${it.key}`)}</span>
              <span className="mt-1 block text-2xl font-semibold tabular-nums text-slate-900">
                {it.capped ? t("home_action_more", { n: f.number(it.count) }) : f.number(it.count)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Chart colours: each at least 4.5:1 on white, told apart by hatching or markers as well. */
export const CHART_COLORS = { blue: "#1d4ed8", amber: "#b45309", red: "#b91c1c", teal: "#0f766e" } as const;
