import { useId, type ReactNode } from "react";
import { bands, labelledIndexes, niceAxis, px, yOf, type Axis, type Band } from "./scale";

/** One series of a chart: its label (legend, tooltips, table), colour and a second, non-colour cue. */
export type ChartSeries = {
  key: string;
  label: string;
  /** Must reach 3:1 against white (WCAG 1.4.11); the pattern or marker tells series apart without it. */
  color: string;
  values: number[];
};
/** A point of the category axis: a short label for the axis, a full one for tooltips and the table. */
export type ChartCategory = { label: string; fullLabel: string };

export type ChartProps = {
  title: string;
  /** What a screen reader hears for the picture: the gist of the data in one or two sentences. */
  summary: string;
  categories: ChartCategory[];
  series: ChartSeries[];
  format: (n: number) => string;
  /** Texts of the data table under the chart. */
  table: { show: string; category: string; total?: string };
  /** Said inside the plot when every value is 0. */
  empty?: string;
  height?: number;
};

export const WIDTH = 720;
const MARGIN = { top: 12, right: 28, bottom: 30, left: 48 };
const AXIS_TEXT = "#475569"; // slate-600: 7.6:1 on white
const GRID = "#e2e8f0";

export type Plot = {
  bands: Band[];
  y: (v: number) => number;
  axisMax: number;
  width: number;
  height: number;
  ids: string;
};

/**
 * What every chart shares: the figure and its caption, the value axis with grid lines, the
 * category labels, a tooltip (<title>) per category, the legend and the figures as a table in a
 * <details> (so they are there for screen readers and without JavaScript). The chart draws its
 * marks with `children(plot)`; `axisMax` is the largest value it will draw.
 */
export function ChartFrame({
  title,
  summary,
  categories,
  series,
  format,
  table,
  empty,
  height = 240,
  axisMax,
  legendMark,
  children,
}: ChartProps & {
  axisMax: number;
  legendMark: (s: ChartSeries, index: number, ids: string) => ReactNode;
  children: (plot: Plot) => ReactNode;
}) {
  const ids = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const axis: Axis = niceAxis(axisMax);
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const plot: Plot = {
    bands: bands(categories.length, plotWidth),
    y: (v) => px(yOf(v, axis.max, plotHeight)),
    axisMax: axis.max,
    width: plotWidth,
    height: plotHeight,
    ids,
  };
  const labelled = labelledIndexes(categories.length, 10);
  const step = plotWidth / Math.max(1, categories.length);
  const tooltip = (i: number) =>
    [categories[i].fullLabel, ...series.map((s) => `${s.label}: ${format(s.values[i] ?? 0)}`)].join("\n");
  const allZero = series.every((s) => s.values.every((v) => !v));
  return (
    <figure className="min-w-0 rounded border border-slate-200 bg-white p-4">
      <figcaption className="mb-2 font-medium text-slate-900">{title}</figcaption>
      {/* Below ~560 px the picture scrolls sideways (keyboard too) rather than shrinking its text out of reach. */}
      <div
        className="overflow-x-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-primary/40"
        tabIndex={0}
        role="group"
        aria-label={title}
      >
        <svg
          viewBox={`0 0 ${WIDTH} ${height}`}
          role="img"
          aria-label={summary}
          className="h-auto w-full min-w-[560px]"
          preserveAspectRatio="xMidYMid meet"
        >
          <title>{summary}</title>
          <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
            {axis.ticks.map((t) => (
              <g key={t}>
                <line
                  x1={0}
                  x2={plot.width}
                  y1={plot.y(t)}
                  y2={plot.y(t)}
                  stroke={t === 0 ? AXIS_TEXT : GRID}
                  strokeWidth={1}
                />
                <text x={-6} y={plot.y(t)} dy="0.32em" textAnchor="end" fontSize={11} fill={AXIS_TEXT}>
                  {format(t)}
                </text>
              </g>
            ))}
            {children(plot)}
            {plot.bands.map((b, i) =>
              labelled.has(i) ? (
                <text key={i} x={px(b.center)} y={plot.height + 18} textAnchor="middle" fontSize={11} fill={AXIS_TEXT}>
                  {categories[i].label}
                </text>
              ) : null,
            )}
            {allZero && empty ? (
              <text x={plot.width / 2} y={plot.height / 2} textAnchor="middle" fontSize={13} fill={AXIS_TEXT}>
                {empty}
              </text>
            ) : null}
            {/* Full-height hover targets last, so each category's tooltip shows even over an empty day. */}
            {plot.bands.map((_, i) => (
              <rect key={i} x={px(i * step)} y={0} width={px(step)} height={plot.height} fill="transparent">
                <title>{tooltip(i)}</title>
              </rect>
            ))}
          </g>
        </svg>
      </div>
      {series.length > 1 ? (
        <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
          {series.map((s, i) => (
            <li key={s.key} className="flex items-center gap-2">
              <svg width={22} height={12} aria-hidden="true" className="shrink-0">
                {legendMark(s, i, ids)}
              </svg>
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      <DataTable title={title} categories={categories} series={series} format={format} table={table} />
    </figure>
  );
}

function DataTable({
  title,
  categories,
  series,
  format,
  table,
}: Pick<ChartProps, "title" | "categories" | "series" | "format" | "table">) {
  const withTotal = series.length > 1 && table.total;
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer text-primary underline-offset-2 hover:underline">{table.show}</summary>
      <div className="mt-2">
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-1 pr-4 font-medium">
                {table.category}
              </th>
              {series.map((s) => (
                <th key={s.key} scope="col" className="py-1 pr-4 text-right font-medium">
                  {s.label}
                </th>
              ))}
              {withTotal ? (
                <th scope="col" className="py-1 text-right font-medium">
                  {table.total}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {categories.map((c, i) => (
              <tr key={i} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {c.fullLabel}
                </th>
                {series.map((s) => (
                  <td key={s.key} className="py-1 pr-4 text-right tabular-nums">
                    {format(s.values[i] ?? 0)}
                  </td>
                ))}
                {withTotal ? (
                  <td className="py-1 text-right tabular-nums">
                    {format(series.reduce((t, s) => t + (s.values[i] ?? 0), 0))}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
