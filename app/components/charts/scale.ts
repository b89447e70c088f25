/**
 * The arithmetic of the charts, kept apart from the markup so it can be tested: a value axis with
 * round ticks, bands for the categories, bar and point positions. No dependencies.
 */

export type Axis = { max: number; step: number; ticks: number[] };

/**
 * A value axis from 0 that holds `max`, with about `count` round steps (1, 2 or 5 × 10ⁿ). Counts
 * never get fractional steps; an empty or all-zero series still gets an axis (0…count).
 */
export function niceAxis(max: number, count = 4, integer = true): Axis {
  const target = Math.max(1, Math.round(count));
  const top = Number.isFinite(max) && max > 0 ? max : 0;
  if (top === 0) {
    const step = integer ? 1 : 1 / target;
    return { max: step * target, step, ticks: Array.from({ length: target + 1 }, (_, i) => round(i * step)) };
  }
  const raw = top / target;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / magnitude;
  let step = (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * magnitude;
  if (integer) step = Math.max(1, Math.round(step));
  const axisMax = round(Math.ceil(round(top / step)) * step);
  const ticks: number[] = [];
  for (let v = 0; v <= axisMax + step / 2; v += step) ticks.push(round(v));
  return { max: axisMax, step, ticks };
}

/** A coordinate as written into the SVG: one decimal is plenty and keeps the page small. */
export const px = (v: number) => Math.round(v * 10) / 10;

/** Floating-point noise off (0.1 + 0.2 → 0.3). */
const round = (v: number) => Math.round(v * 1e9) / 1e9;

export type Band = { x: number; width: number; center: number };

/** `n` equal bands across `width`; the bar in each takes `1 - gap` of it, centred. */
export function bands(n: number, width: number, gap = 0.2): Band[] {
  if (n <= 0) return [];
  const band = width / n;
  const barWidth = band * (1 - Math.min(0.9, Math.max(0, gap)));
  return Array.from({ length: n }, (_, i) => ({
    x: i * band + (band - barWidth) / 2,
    width: barWidth,
    center: i * band + band / 2,
  }));
}

/** Where `value` sits on a value axis drawn `height` tall (0 at the bottom). */
export const yOf = (value: number, axisMax: number, height: number) =>
  height - (Math.max(0, value) / (axisMax || 1)) * height;

export type Segment = { y: number; height: number; value: number; from: number };

/**
 * One bar per band, made of the series' segments stacked from the bottom (a single series is a
 * stack of one). A zero value gives a segment of height 0 (nothing is drawn for it).
 */
export function stack(values: number[], axisMax: number, height: number): Segment[] {
  let base = 0;
  return values.map((raw) => {
    const value = Math.max(0, raw);
    const from = base;
    base += value;
    const top = yOf(base, axisMax, height);
    return { y: top, height: yOf(from, axisMax, height) - top, value, from };
  });
}

/** Every how many categories a label fits, so at most `maxLabels` are written (the last always is). */
export function labelStep(n: number, maxLabels: number): number {
  if (n <= 0) return 1;
  return Math.max(1, Math.ceil(n / Math.max(1, maxLabels)));
}

/** Which category indexes get an axis label: every `step`-th counted back from the last one. */
export function labelledIndexes(n: number, maxLabels: number): Set<number> {
  const step = labelStep(n, maxLabels);
  const out = new Set<number>();
  for (let i = n - 1; i >= 0; i -= step) out.add(i);
  return out;
}

/** Total, highest value and where it first occurs (index -1 when every value is 0 or there are none). */
export function stats(values: number[]) {
  let total = 0;
  let max = 0;
  let maxIndex = -1;
  values.forEach((v, i) => {
    total += v;
    if (v > max) {
      max = v;
      maxIndex = i;
    }
  });
  return { total, max, maxIndex };
}
