import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart } from "~/components/charts/BarChart";
import { LineChart } from "~/components/charts/LineChart";
import type { ChartProps } from "~/components/charts/frame";
import { bands, labelStep, labelledIndexes, niceAxis, stack, stats, yOf } from "~/components/charts/scale";

describe("niceAxis", () => {
  it.each([
    [7, { max: 8, step: 2, ticks: [0, 2, 4, 6, 8] }],
    [4, { max: 4, step: 1, ticks: [0, 1, 2, 3, 4] }],
    [1, { max: 1, step: 1, ticks: [0, 1] }],
    [3, { max: 3, step: 1, ticks: [0, 1, 2, 3] }],
    [45, { max: 60, step: 20, ticks: [0, 20, 40, 60] }],
    [100, { max: 100, step: 50, ticks: [0, 50, 100] }],
    [101, { max: 150, step: 50, ticks: [0, 50, 100, 150] }],
    [1234, { max: 1500, step: 500, ticks: [0, 500, 1000, 1500] }],
  ])("holds %d with round integer steps", (max, axis) => {
    expect(niceAxis(max)).toEqual(axis);
  });
  it("always reaches the largest value, never with a fractional step for counts", () => {
    for (let max = 1; max <= 2000; max += 7) {
      const a = niceAxis(max);
      expect(a.max).toBeGreaterThanOrEqual(max);
      expect(Number.isInteger(a.step)).toBe(true);
      expect(a.ticks[0]).toBe(0);
      expect(a.ticks.at(-1)).toBe(a.max);
      expect(a.ticks.length).toBeLessThanOrEqual(11);
    }
  });
  it("gives an empty or all-zero series an axis 0…4", () => {
    for (const max of [0, -5, NaN, Infinity])
      expect(niceAxis(max)).toEqual({ max: 4, step: 1, ticks: [0, 1, 2, 3, 4] });
  });
  it("allows fractional steps when asked", () => {
    expect(niceAxis(0.3, 3, false)).toEqual({ max: 0.3, step: 0.1, ticks: [0, 0.1, 0.2, 0.3] });
  });
});

describe("geometry", () => {
  it("splits the width into equal bands with centred bars", () => {
    const b = bands(4, 400, 0.2);
    expect(b.map((x) => x.center)).toEqual([50, 150, 250, 350]);
    expect(b[0]).toEqual({ x: 10, width: 80, center: 50 });
    expect(bands(0, 400)).toEqual([]);
  });
  it("places values from the bottom and clamps negatives to the axis", () => {
    expect(yOf(0, 8, 200)).toBe(200);
    expect(yOf(8, 8, 200)).toBe(0);
    expect(yOf(2, 8, 200)).toBe(150);
    expect(yOf(-3, 8, 200)).toBe(200);
    expect(yOf(0, 0, 200)).toBe(200); // a zero axis never divides by zero
  });
  it("stacks segments from the bottom; zero values have no height", () => {
    const [a, b, c] = stack([2, 0, 4], 8, 200);
    expect(a).toEqual({ y: 150, height: 50, value: 2, from: 0 });
    expect(b.height).toBe(0);
    expect(c).toEqual({ y: 50, height: 100, value: 4, from: 2 });
  });
  it("labels at most the wanted number of categories, always the last", () => {
    expect(labelStep(7, 10)).toBe(1);
    expect(labelStep(30, 10)).toBe(3);
    expect(labelStep(90, 10)).toBe(9);
    const idx = labelledIndexes(30, 10);
    expect(idx.size).toBe(10);
    expect(idx.has(29)).toBe(true);
    expect(labelledIndexes(0, 10).size).toBe(0);
  });
  it("sums a series and finds its highest day", () => {
    expect(stats([1, 5, 2, 5])).toEqual({ total: 13, max: 5, maxIndex: 1 });
    expect(stats([0, 0])).toEqual({ total: 0, max: 0, maxIndex: -1 });
    expect(stats([])).toEqual({ total: 0, max: 0, maxIndex: -1 });
  });
});

const props = (values: number[][]): ChartProps => ({
  title: "Visits",
  summary: "Visits over three days",
  categories: ["1 Jun", "2 Jun", "3 Jun"].map((label) => ({ label, fullLabel: `${label} 2026` })),
  series: values.map((v, i) => ({ key: `s${i}`, label: `Series ${i}`, color: "#1d4ed8", values: v })),
  format: (n) => n.toLocaleString("en"),
  table: { show: "Show table", category: "Date", total: "Total" },
  empty: "No data",
});
const count = (html: string, re: RegExp) => (html.match(re) ?? []).length;

describe("BarChart", () => {
  it("draws a labelled picture, one bar per non-zero value, a tooltip per day and the data table", () => {
    const html = renderToStaticMarkup(createElement(BarChart, props([[3, 0, 1200]])));
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Visits over three days"');
    expect(count(html, /<rect x="[\d.]+" y="[\d.]+" width="[\d.]+" height="[\d.]+" fill="#1d4ed8"/g)).toBe(2);
    expect(count(html, /<title>1 Jun 2026\nSeries 0: 3<\/title>/g)).toBe(1);
    expect(html).toContain("<title>3 Jun 2026\nSeries 0: 1,200</title>");
    expect(html).toContain("<details");
    expect(html).toContain('<th scope="row" class="py-1 pr-4 font-normal">2 Jun 2026</th>');
    expect(html).not.toContain("No data");
    expect(html).not.toContain("<ul"); // one series: the title names it, no legend
  });
  it("stacks several series with hatching, a legend and a total column", () => {
    const html = renderToStaticMarkup(
      createElement(
        BarChart,
        props([
          [1, 2, 3],
          [4, 0, 6],
        ]),
      ),
    );
    expect(html).toContain("<pattern");
    expect(count(html, /fill="url\(#[^)]+-hatch-1\)"/g)).toBe(2 + 1); // two bars + the legend swatch
    expect(html).toMatch(/<li[^>]*><svg[^>]*>.*<\/svg>Series 1<\/li>/);
    expect(html).toContain(">Total</th>");
  });
  it("says so when every value is zero, and still draws an axis", () => {
    const html = renderToStaticMarkup(createElement(BarChart, props([[0, 0, 0]])));
    expect(html).toContain("No data");
    expect(html).toContain(">4</text>");
    expect(count(html, /fill="#1d4ed8"/g)).toBe(0);
  });
});

describe("LineChart", () => {
  it("draws a line per series with distinct markers", () => {
    const html = renderToStaticMarkup(
      createElement(
        LineChart,
        props([
          [1, 2, 3],
          [0, 1, 0],
        ]),
      ),
    );
    expect(count(html, /<polyline/g)).toBe(2);
    expect(html).toContain("<circle");
    expect(html).toContain('stroke-dasharray="6 4"');
  });
});
