// recall@k for k = 1…10 as an inline SVG line chart, with the previous run as a dashed line
// so a settings change can be judged at a glance.
import { recallAt } from "../../../src/eval/index.js";
import { svg } from "../ui/dom.js";

export interface Curve {
  readonly label: string;
  /** recall@1 … recall@10, each 0–1. */
  readonly values: readonly number[];
}

const WIDTH = 640;
const HEIGHT = 260;
const PAD = { left: 46, right: 18, top: 16, bottom: 38 };

export function recallChart(current: Curve, previous?: Curve): SVGSVGElement {
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (k: number) => PAD.left + ((k - 1) / 9) * plotWidth;
  const y = (value: number) => PAD.top + (1 - value) * plotHeight;
  const path = (values: readonly number[]) => values.map((value, index) => `${index === 0 ? "M" : "L"}${x(index + 1).toFixed(1)},${y(value).toFixed(1)}`).join(" ");
  const summary = current.values.map((value, index) => `recall@${index + 1} ${(value * 100).toFixed(1)}%`).join(", ");
  const chart = svg("svg", { class: "chart", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": `recall@k chart: ${summary}` });
  for (const value of [0, 0.25, 0.5, 0.75, 1]) {
    chart.append(
      svg("line", { class: value === 0 ? "axis" : "grid", x1: PAD.left, x2: WIDTH - PAD.right, y1: y(value), y2: y(value) }),
      svg("text", { x: PAD.left - 8, y: y(value) + 4, "text-anchor": "end" }, `${value * 100}%`),
    );
  }
  for (let k = 1; k <= 10; k++) chart.append(svg("text", { x: x(k), y: HEIGHT - PAD.bottom + 18, "text-anchor": "middle" }, String(k)));
  chart.append(svg("text", { x: PAD.left + plotWidth / 2, y: HEIGHT - 4, "text-anchor": "middle" }, "k (tools shown)"));
  if (previous !== undefined) {
    chart.append(svg("path", { d: path(previous.values), fill: "none", stroke: "currentColor", "stroke-opacity": "0.35", "stroke-width": 2, "stroke-dasharray": "5 4" }));
  }
  const area = `${path(current.values)} L${x(10).toFixed(1)},${y(0).toFixed(1)} L${x(1).toFixed(1)},${y(0).toFixed(1)} Z`;
  chart.append(svg("path", { class: "area", d: area, opacity: "0.6" }), svg("path", { class: "curve", d: path(current.values) }));
  current.values.forEach((value, index) => {
    const k = index + 1;
    chart.append(svg("circle", { class: "dot", cx: x(k), cy: y(value), r: 3.5 }, svg("title", {}, `recall@${k}: ${(value * 100).toFixed(1)}%`)));
    if (k === 1 || k === 5 || k === 10) {
      chart.append(svg("text", { class: "value-label", x: x(k), y: y(value) - 9, "text-anchor": k === 10 ? "end" : k === 1 ? "start" : "middle" }, `${(value * 100).toFixed(1)}%`));
    }
  });
  return chart;
}

/** recall@k for k = 1…10 from `evaluateDetailed`'s rows, with the library's `recallAt`. */
export function recallCurve(rows: readonly { relevant: readonly string[]; hits: readonly string[] }[]): number[] {
  const sets = rows.map((row) => new Set(row.relevant));
  const values: number[] = [];
  for (let k = 1; k <= 10; k++) {
    const sum = rows.reduce((total, row, index) => total + recallAt(row.hits, sets[index]!, k), 0);
    values.push(rows.length === 0 ? 0 : sum / rows.length);
  }
  return values;
}
