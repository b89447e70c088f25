import { ChartFrame, type ChartProps, type ChartSeries } from "./frame";
import { px, stack } from "./scale";

/** Series after the first are hatched, so stacked parts differ by more than colour. */
const HATCHES = [null, 45, -45, 0] as const;

function HatchPattern({ id, series, angle }: { id: string; series: ChartSeries; angle: number }) {
  return (
    <pattern id={id} width={6} height={6} patternUnits="userSpaceOnUse" patternTransform={`rotate(${angle})`}>
      <rect width={6} height={6} fill={series.color} />
      <line x1={0} y1={0} x2={0} y2={6} stroke="#ffffff" strokeWidth={2} />
    </pattern>
  );
}

const fillOf = (ids: string, index: number, s: ChartSeries) =>
  HATCHES[index % HATCHES.length] === null ? s.color : `url(#${ids}-hatch-${index})`;

/**
 * A bar per category; with several series the bars are stacked (solid, then hatched parts, with a
 * legend). Server-rendered SVG: no script needed to see it, a tooltip per bar, the figures as a table.
 */
export function BarChart(props: ChartProps) {
  const { categories, series } = props;
  const totals = categories.map((_, i) => series.reduce((t, s) => t + Math.max(0, s.values[i] ?? 0), 0));
  return (
    <ChartFrame
      {...props}
      axisMax={Math.max(0, ...totals)}
      legendMark={(s, i, ids) => (
        <rect x={1} y={1} width={20} height={10} fill={fillOf(ids, i, s)} stroke={s.color} strokeWidth={1} />
      )}
    >
      {(plot) => (
        <>
          <defs>
            {series.map((s, i) => {
              const angle = HATCHES[i % HATCHES.length];
              return angle === null ? null : (
                <HatchPattern key={s.key} id={`${plot.ids}-hatch-${i}`} series={s} angle={angle} />
              );
            })}
          </defs>
          {plot.bands.map((b, i) =>
            stack(
              series.map((s) => s.values[i] ?? 0),
              plot.axisMax,
              plot.height,
            ).map((seg, k) =>
              seg.height > 0 ? (
                <rect
                  key={`${i}-${series[k].key}`}
                  x={px(b.x)}
                  y={px(seg.y)}
                  width={px(b.width)}
                  height={px(seg.height)}
                  fill={fillOf(plot.ids, k, series[k])}
                  stroke={series.length > 1 ? "#ffffff" : "none"}
                  strokeWidth={series.length > 1 ? 0.5 : 0}
                />
              ) : null,
            ),
          )}
        </>
      )}
    </ChartFrame>
  );
}
