// Small log-log line charts as hand-written SVG (no plotting dependency): a grid of panels,
// each with decade gridlines, labelled axes, a legend and a dashed "∝ n" reference line, on
// a white background so the chart reads the same in a browser and in GitHub's dark theme.

/** One line of a panel: points as `[x, y]`, both > 0. */
export interface Series {
  readonly name: string;
  readonly color: string;
  readonly dashed?: boolean;
  readonly points: readonly (readonly [number, number])[];
}

export interface Panel {
  readonly title: string;
  readonly yLabel: string;
  /** Formats a y tick (a power of ten, or 2× / 5× one when the range is narrow). */
  readonly formatY: (value: number) => string;
  readonly series: readonly Series[];
}

export interface ChartOptions {
  readonly title: string;
  readonly subtitle?: string;
  readonly xLabel: string;
  readonly formatX: (value: number) => string;
  /** x ticks to label (the measured sizes). */
  readonly xTicks: readonly number[];
  /** Panels per row. Default 2. */
  readonly columns?: number;
}

const PANEL_WIDTH = 460;
const PANEL_HEIGHT = 320;
const MARGIN = { left: 78, right: 16, top: 34, bottom: 52 };
const HEADER = 56;

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function round(value: number): string {
  return value.toFixed(1);
}

/** Ticks between two positive numbers: powers of ten, plus 2× and 5× when under two decades. */
export function logTicks(min: number, max: number): number[] {
  const low = Math.floor(Math.log10(min));
  const high = Math.ceil(Math.log10(max));
  const steps = high - low < 2 ? [1, 2, 5] : [1];
  const ticks: number[] = [];
  for (let exponent = low; exponent <= high; exponent++) {
    for (const step of steps) ticks.push(step * 10 ** exponent);
  }
  return ticks.filter((tick) => tick >= 10 ** low && tick <= 10 ** high);
}

function panelSvg(panel: Panel, options: ChartOptions, originX: number, originY: number): string {
  const plotWidth = PANEL_WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = PANEL_HEIGHT - MARGIN.top - MARGIN.bottom;
  const xs = options.xTicks;
  const ys = panel.series.flatMap((series) => series.points.map(([, y]) => y)).filter((y) => y > 0 && Number.isFinite(y));
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs);
  const yTicks = logTicks(Math.min(...ys), Math.max(...ys));
  const yMin = yTicks[0]!;
  const yMax = yTicks[yTicks.length - 1]!;
  const left = originX + MARGIN.left;
  const top = originY + MARGIN.top;
  const xAt = (x: number) => left + ((Math.log10(x) - Math.log10(xMin)) / (Math.log10(xMax) - Math.log10(xMin))) * plotWidth;
  const yAt = (y: number) => top + plotHeight - ((Math.log10(y) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin))) * plotHeight;
  const out: string[] = [];
  out.push(`<g>`);
  out.push(`<text x="${round(originX + PANEL_WIDTH / 2)}" y="${round(originY + 20)}" text-anchor="middle" font-size="14" font-weight="bold">${escapeXml(panel.title)}</text>`);
  out.push(`<rect x="${left}" y="${top}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="#888"/>`);
  for (const tick of yTicks) {
    const y = round(yAt(tick));
    out.push(`<line x1="${left}" x2="${left + plotWidth}" y1="${y}" y2="${y}" stroke="#e3e3e3"/>`);
    out.push(`<text x="${left - 6}" y="${y}" dy="4" text-anchor="end" font-size="11">${escapeXml(panel.formatY(tick))}</text>`);
  }
  for (const tick of xs) {
    const x = round(xAt(tick));
    out.push(`<line x1="${x}" x2="${x}" y1="${top}" y2="${top + plotHeight}" stroke="#e3e3e3"/>`);
    out.push(`<text x="${x}" y="${top + plotHeight + 16}" text-anchor="middle" font-size="11">${escapeXml(options.formatX(tick))}</text>`);
  }
  out.push(`<text x="${round(left + plotWidth / 2)}" y="${top + plotHeight + 38}" text-anchor="middle" font-size="12">${escapeXml(options.xLabel)}</text>`);
  const yLabelX = originX + 16;
  const yLabelY = round(top + plotHeight / 2);
  out.push(`<text x="${yLabelX}" y="${yLabelY}" transform="rotate(-90 ${yLabelX} ${yLabelY})" text-anchor="middle" font-size="12">${escapeXml(panel.yLabel)}</text>`);

  // The reference slope starts at the first series' first point, so a curve parallel to it grows linearly.
  const anchor = panel.series[0]?.points[0];
  const legend: { name: string; color: string; dashed: boolean; reference?: boolean }[] = [];
  if (anchor !== undefined) {
    const [x0, y0] = anchor;
    const x1 = Math.min(xMax, x0 * (yMax / y0));
    out.push(
      `<line x1="${round(xAt(x0))}" y1="${round(yAt(y0))}" x2="${round(xAt(x1))}" y2="${round(yAt((y0 * x1) / x0))}" stroke="#999" stroke-width="1" stroke-dasharray="2 4"/>`,
    );
    legend.push({ name: "∝ n (linear, for reference)", color: "#999", dashed: true, reference: true });
  }
  for (const series of panel.series) {
    const points = series.points.filter(([x, y]) => x > 0 && y > 0 && Number.isFinite(y));
    const path = points.map(([x, y]) => `${round(xAt(x))},${round(yAt(y))}`).join(" ");
    out.push(
      `<polyline points="${path}" fill="none" stroke="${series.color}" stroke-width="2"${series.dashed ? ' stroke-dasharray="6 4"' : ""}/>`,
    );
    for (const [x, y] of points) out.push(`<circle cx="${round(xAt(x))}" cy="${round(yAt(y))}" r="3" fill="${series.color}"/>`);
    legend.push({ name: series.name, color: series.color, dashed: series.dashed ?? false });
  }
  legend.forEach((entry, index) => {
    const y = top + 14 + index * 16;
    const x = left + 10;
    const dash = entry.reference ? ' stroke-dasharray="2 4"' : entry.dashed ? ' stroke-dasharray="6 4"' : "";
    out.push(`<line x1="${x}" x2="${x + 22}" y1="${y - 4}" y2="${y - 4}" stroke="${entry.color}" stroke-width="${entry.reference ? 1 : 2}"${dash}/>`);
    out.push(`<text x="${x + 28}" y="${y}" font-size="11">${escapeXml(entry.name)}</text>`);
  });
  out.push(`</g>`);
  return out.join("\n");
}

/**
 * A grid of log-log panels sharing an x axis, as a standalone SVG document.
 *
 * @example
 * logLogChart([{ title: "Build", yLabel: "ms", formatY: String, series: [{ name: "build", color: "#1f77b4", points: [[1e3, 80], [1e5, 9000]] }] }],
 *   { title: "Cost", xLabel: "tools", formatX: String, xTicks: [1e3, 1e5] });
 */
export function logLogChart(panels: readonly Panel[], options: ChartOptions): string {
  const columns = options.columns ?? 2;
  const rows = Math.ceil(panels.length / columns);
  const width = columns * PANEL_WIDTH;
  const height = HEADER + rows * PANEL_HEIGHT;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif" fill="#222">`,
  );
  out.push(`<rect width="${width}" height="${height}" fill="#fff"/>`);
  out.push(`<text x="${width / 2}" y="24" text-anchor="middle" font-size="17" font-weight="bold">${escapeXml(options.title)}</text>`);
  if (options.subtitle !== undefined) {
    out.push(`<text x="${width / 2}" y="44" text-anchor="middle" font-size="12" fill="#555">${escapeXml(options.subtitle)}</text>`);
  }
  panels.forEach((panel, index) => {
    out.push(panelSvg(panel, options, (index % columns) * PANEL_WIDTH, HEADER + Math.floor(index / columns) * PANEL_HEIGHT));
  });
  out.push(`</svg>`);
  return `${out.join("\n")}\n`;
}
