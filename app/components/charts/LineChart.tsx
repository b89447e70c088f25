import { ChartFrame, type ChartProps } from "./frame";
import { px } from "./scale";

/** Each series has its own marker shape and dash, so lines differ by more than colour. */
const DASHES = [undefined, "6 4", "2 3"] as const;

function Marker({ shape, x, y, color }: { shape: number; x: number; y: number; color: string }) {
  switch (shape % 3) {
    case 1:
      return <rect x={x - 3} y={y - 3} width={6} height={6} fill="#ffffff" stroke={color} strokeWidth={1.5} />;
    case 2:
      return <path d={`M${x},${y - 3.5}L${x + 3.5},${y + 3}L${x - 3.5},${y + 3}Z`} fill={color} />;
    default:
      return <circle cx={x} cy={y} r={3} fill={color} />;
  }
}

/** A line per series over the categories, with markers (left out when the points crowd). */
export function LineChart(props: ChartProps) {
  const { categories, series } = props;
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const markers = categories.length <= 45;
  return (
    <ChartFrame
      {...props}
      axisMax={max}
      legendMark={(s, i) => (
        <>
          <line
            x1={1}
            x2={21}
            y1={6}
            y2={6}
            stroke={s.color}
            strokeWidth={2}
            strokeDasharray={DASHES[i % DASHES.length]}
          />
          <Marker shape={i} x={11} y={6} color={s.color} />
        </>
      )}
    >
      {(plot) =>
        series.map((s, k) => {
          const points = plot.bands.map((b, i) => [px(b.center), plot.y(s.values[i] ?? 0)] as const);
          return (
            <g key={s.key}>
              <polyline
                points={points.map(([x, y]) => `${x},${y}`).join(" ")}
                fill="none"
                stroke={s.color}
                strokeWidth={2}
                strokeLinejoin="round"
                strokeDasharray={DASHES[k % DASHES.length]}
              />
              {markers ? points.map(([x, y], i) => <Marker key={i} shape={k} x={x} y={y} color={s.color} />) : null}
            </g>
          );
        })
      }
    </ChartFrame>
  );
}
