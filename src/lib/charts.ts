/**
 * SVG charts rendered at build time with Observable Plot on a linkedom document: the pages ship the markup
 * only, no chart script. Marks use currentColor so the charts follow the page's light or dark scheme.
 */
import * as Plot from "@observablehq/plot";
import { parseHTML } from "linkedom";

const { document } = parseHTML("<!doctype html><html><body></body></html>");

const WIDTH = 640;

function render(options: Plot.PlotOptions): string {
  const chart = Plot.plot({ document: document as unknown as Document, width: WIDTH, ...options });
  // One image with one name: Plot also names its mark groups (`<g aria-label="bar">`), which ARIA forbids on an
  // element without a role (axe-core: aria-prohibited-attr); the figure's caption and data table say the rest.
  chart.setAttribute("role", "img");
  for (const part of chart.querySelectorAll("[aria-label]")) part.removeAttribute("aria-label");
  return chart.outerHTML;
}

export interface YearPoint {
  year: number;
  value: number;
  /** Series name; points without one form the main line. */
  series: string | null;
}

/** Values by year: a line through the main series and a dot for every point (other series too). */
export function yearChart(
  points: readonly YearPoint[],
  label: string,
  yLabel: string,
  percent = false,
): string {
  const main = points.filter((p) => p.series === null);
  const years = [...new Set(points.map((p) => p.year))].sort((a, b) => a - b);
  return render({
    ariaLabel: label,
    height: 240,
    marginLeft: 48,
    // Ticks on whole years only (a fractional tick would print as a repeated year).
    x: { label: "Year", tickFormat: "d", ticks: years.length <= 12 ? years : undefined },
    y: { label: yLabel, percent, grid: true, zero: true },
    marks: [
      Plot.lineY(main, { x: "year", y: "value", stroke: "currentColor" }),
      Plot.dot(points, {
        x: "year",
        y: "value",
        fill: "currentColor",
        r: 3.5,
        title: (p: YearPoint) => p.series ?? "",
      }),
    ],
  });
}

export interface Bar {
  label: string;
  value: number;
}

/** Horizontal bars in the given order, labels on the left. */
export function barChart(bars: readonly Bar[], label: string, xLabel: string): string {
  const longest = Math.max(0, ...bars.map((b) => b.label.length));
  return render({
    ariaLabel: label,
    height: 30 + bars.length * 22,
    marginLeft: Math.min(220, 12 + longest * 6.5),
    // Room for the value printed after the longest bar.
    marginRight: 40,
    x: { label: xLabel, grid: true },
    y: { label: null, domain: bars.map((b) => b.label) },
    marks: [
      Plot.barX(bars, { x: "value", y: "label", fill: "currentColor" }),
      Plot.text(bars, {
        x: "value",
        y: "label",
        text: (b: Bar) => String(b.value),
        dx: 4,
        textAnchor: "start",
      }),
      Plot.ruleX([0]),
    ],
  });
}

/** Vertical bars in the given order (months, bins). */
export function columnChart(bars: readonly Bar[], label: string, yLabel: string): string {
  return render({
    ariaLabel: label,
    height: 260,
    marginLeft: 48,
    x: { label: null, domain: bars.map((b) => b.label) },
    y: { label: yLabel, grid: true },
    marks: [Plot.barY(bars, { x: "label", y: "value", fill: "currentColor" }), Plot.ruleY([0])],
  });
}
