// Cost curves of toolsift alone as the catalogue grows: query latency (long and short
// queries), build time, artifact bytes, load time and memory at 1k, 3k, 10k, 30k and 100k
// tools (the MCP catalogue replicated with id prefixes), with the growth exponent of each
// curve. Writes bench/curves.json, bench/curves.md and bench/cost-curves.svg.
//
//   npx tsx bench/curves.ts [--sizes 1000,3000,10000,30000,100000] [--budget-ms 1000]
import os from "node:os";
import path from "node:path";
import { measureApart } from "./apart.js";
import { buildRuns, measureBuild } from "./build.js";
import { benchCatalogues, sizeLabel, type BenchCatalogue } from "./lib/catalogues.js";
import { recordInstanceMemories } from "./lib/core-memory.js";
import { repoRoot } from "./lib/datasets.js";
import type { EngineFactory } from "./lib/engine.js";
import {
  argument,
  formatBytes,
  formatMicros,
  formatMillis,
  listArgument,
  markdownTable,
  runEnvironment,
  settleMemory,
  writeJson,
  writeText,
} from "./lib/harness.js";
import { logLogChart, type Panel } from "./lib/log-log-svg.js";
import { selectEngines } from "./lib/select.js";
import { loadRuns, measureArtifact } from "./load.js";
import { QUERY_LIMIT } from "./query.js";

const CURVE_SIZES = [1_000, 3_000, 10_000, 30_000, 100_000];
const sizes = (listArgument("sizes") ?? CURVE_SIZES.map(String)).map(Number);
const budgetMs = Number(argument("budget-ms") ?? 1000);

/** Everything measured at one catalogue size. Times in ms (latency in µs), sizes in bytes. */
interface Point {
  readonly tools: number;
  readonly terms: number | undefined;
  readonly latency: { longP50: number; longP99: number; shortP50: number; shortP99: number; longSamples: number; shortSamples: number };
  readonly buildMs: number;
  readonly buildRuns: number;
  readonly artifactBytes: number;
  readonly loadMs: number;
  readonly memory: {
    /** Linear memory of the index's core instance (it never shrinks, so this is also its peak). */
    readonly wasmBytes: number;
    /** JS heap the index retains after a forced GC (ids, maps; not the core). */
    readonly heapBytes: number;
    /** wasmBytes + heapBytes: what holding the index costs. */
    readonly indexBytes: number;
    /** High-water mark of heap + external during the build, over the start (see harness `measureMemory`). */
    readonly buildPeakBytes: number;
  };
}

/** The metrics that get a growth exponent, with how to read each from a point. */
const METRICS: readonly { key: string; label: string; unit: "µs" | "ms" | "bytes"; read: (point: Point) => number }[] = [
  { key: "longP50", label: "query p50, long", unit: "µs", read: (point) => point.latency.longP50 },
  { key: "longP99", label: "query p99, long", unit: "µs", read: (point) => point.latency.longP99 },
  { key: "shortP50", label: "query p50, short", unit: "µs", read: (point) => point.latency.shortP50 },
  { key: "shortP99", label: "query p99, short", unit: "µs", read: (point) => point.latency.shortP99 },
  { key: "buildMs", label: "build", unit: "ms", read: (point) => point.buildMs },
  { key: "loadMs", label: "load", unit: "ms", read: (point) => point.loadMs },
  { key: "artifactBytes", label: "artifact", unit: "bytes", read: (point) => point.artifactBytes },
  { key: "wasmBytes", label: "core WASM memory", unit: "bytes", read: (point) => point.memory.wasmBytes },
  { key: "heapBytes", label: "JS heap retained", unit: "bytes", read: (point) => point.memory.heapBytes },
  { key: "indexBytes", label: "index memory (WASM + JS heap)", unit: "bytes", read: (point) => point.memory.indexBytes },
  { key: "buildPeakBytes", label: "peak during build", unit: "bytes", read: (point) => point.memory.buildPeakBytes },
];

/** Slope of log y against log x between the first and last point: y ∝ x^slope there. */
function growthExponent(first: readonly [number, number], last: readonly [number, number]): number {
  const [x0, y0] = first;
  const [x1, y1] = last;
  if (!(x0 > 0 && x1 > x0 && y0 > 0 && y1 > 0)) return Number.NaN;
  return Math.log(y1 / y0) / Math.log(x1 / x0);
}

function measurePoint(factory: EngineFactory, catalogue: BenchCatalogue): Point {
  const tools = catalogue.docs.length;
  const { result: build, memories } = recordInstanceMemories(() => measureBuild(factory, catalogue, buildRuns(tools)));
  // The last instance created belongs to the index measureBuild kept.
  const wasmBytes = memories.at(-1)?.buffer.byteLength ?? Number.NaN;
  const apart = measureApart(factory.name, catalogue, budgetMs);
  const { query } = apart;
  const artifact = measureArtifact(factory, build.engine, catalogue.long.queries[0] ?? "search", loadRuns(tools));
  if ("skipped" in artifact) throw new Error(`artifact: ${artifact.skipped}`);
  const heapBytes = apart.memory.heapBytes;
  const terms = build.engine.termCount?.();
  return {
    tools,
    terms,
    latency: {
      longP50: query.long.p50,
      longP99: query.long.p99,
      shortP50: query.short.p50,
      shortP99: query.short.p99,
      longSamples: query.long.samples,
      shortSamples: query.short.samples,
    },
    buildMs: build.ms,
    buildRuns: build.runs,
    artifactBytes: artifact.bytes,
    loadMs: artifact.loadMs,
    memory: { wasmBytes, heapBytes, indexBytes: wasmBytes + heapBytes, buildPeakBytes: apart.memory.peakBytes },
  };
}

function formatMetric(value: number, unit: "µs" | "ms" | "bytes"): string {
  return unit === "µs" ? formatMicros(value) : unit === "ms" ? formatMillis(value) : formatBytes(value);
}

// Decimal units on the chart's axes: its ticks are powers of ten.
function siBytes(bytes: number): string {
  for (const [unit, scale] of [["GB", 1e9], ["MB", 1e6], ["kB", 1e3]] as const) {
    if (bytes >= scale) return `${Number((bytes / scale).toPrecision(3))} ${unit}`;
  }
  return `${bytes} B`;
}
function tickTime(micros: number): string {
  if (micros >= 1e6) return `${Number((micros / 1e6).toPrecision(3))} s`;
  if (micros >= 1e3) return `${Number((micros / 1e3).toPrecision(3))} ms`;
  if (micros >= 1) return `${Number(micros.toPrecision(3))} µs`;
  return `${Number((micros * 1e3).toPrecision(3))} ns`;
}

function chart(points: readonly Point[], subtitle: string): string {
  const series = (read: (point: Point) => number) => points.map((point) => [point.tools, read(point)] as const);
  const panels: Panel[] = [
    {
      title: "Query latency",
      yLabel: `time per query (${QUERY_LIMIT} hits)`,
      formatY: tickTime,
      series: [
        { name: "long p50", color: "#1f77b4", points: series((point) => point.latency.longP50) },
        { name: "long p99", color: "#1f77b4", dashed: true, points: series((point) => point.latency.longP99) },
        { name: "short p50", color: "#d62728", points: series((point) => point.latency.shortP50) },
        { name: "short p99", color: "#d62728", dashed: true, points: series((point) => point.latency.shortP99) },
      ],
    },
    {
      title: "Build and load time",
      yLabel: "time",
      formatY: (ms) => tickTime(ms * 1000),
      series: [
        { name: "build", color: "#2ca02c", points: series((point) => point.buildMs) },
        { name: "load (artifact)", color: "#9467bd", points: series((point) => point.loadMs) },
      ],
    },
    {
      title: "Artifact size",
      yLabel: "bytes",
      formatY: siBytes,
      series: [{ name: "artifact", color: "#ff7f0e", points: series((point) => point.artifactBytes) }],
    },
    {
      title: "Memory",
      yLabel: "bytes",
      formatY: siBytes,
      series: [
        { name: "index (core WASM + JS heap)", color: "#8c564b", points: series((point) => point.memory.indexBytes) },
        { name: "core WASM memory", color: "#e377c2", dashed: true, points: series((point) => point.memory.wasmBytes) },
        { name: "peak during build", color: "#17becf", points: series((point) => point.memory.buildPeakBytes) },
      ],
    },
  ];
  return logLogChart(panels, {
    title: "toolsift cost curves (log-log)",
    subtitle,
    xLabel: "catalogue size (tools)",
    formatX: (tools) => sizeLabel(tools),
    xTicks: points.map((point) => point.tools),
  });
}

function summary(points: readonly Point[], exponents: Record<string, number>, upper: Record<string, number>, header: string): string {
  const out: string[] = ["# Cost curves", "", header, ""];
  out.push(
    markdownTable(
      ["tools", "terms", "long p50", "long p99", "short p50", "short p99", "build", "load", "artifact", "artifact/tool", "core WASM", "JS heap", "index/tool", "build peak"],
      points.map((point) => [
        point.tools.toLocaleString("en-US"),
        point.terms === undefined || !Number.isFinite(point.terms) ? "n/a" : point.terms.toLocaleString("en-US"),
        formatMicros(point.latency.longP50),
        formatMicros(point.latency.longP99),
        formatMicros(point.latency.shortP50),
        formatMicros(point.latency.shortP99),
        formatMillis(point.buildMs),
        formatMillis(point.loadMs),
        formatBytes(point.artifactBytes),
        formatBytes(point.artifactBytes / point.tools),
        formatBytes(point.memory.wasmBytes),
        formatBytes(point.memory.heapBytes),
        formatBytes(point.memory.indexBytes / point.tools),
        formatBytes(point.memory.buildPeakBytes),
      ]),
    ),
  );
  const first = points[0]!;
  const before = points[points.length - 2] ?? first;
  const last = points[points.length - 1]!;
  const fixed = (value: number | undefined) => (value !== undefined && Number.isFinite(value) ? value.toFixed(2) : "n/a");
  out.push(
    `Growth exponent: the slope of log y against log x between ${sizeLabel(first.tools)} and ${sizeLabel(last.tools)} tools (y ∝ n^slope; 1 is linear, 0 flat); ` +
      `the last column is the same slope over the last step only (${sizeLabel(before.tools)} → ${sizeLabel(last.tools)}), where fixed costs no longer dominate.`,
    "",
    markdownTable(
      ["curve", `at ${sizeLabel(first.tools)}`, `at ${sizeLabel(last.tools)}`, "exponent", `exponent ${sizeLabel(before.tools)}→${sizeLabel(last.tools)}`],
      METRICS.map((metric) => [
        metric.label,
        formatMetric(metric.read(first), metric.unit),
        formatMetric(metric.read(last), metric.unit),
        fixed(exponents[metric.key]),
        fixed(upper[metric.key]),
      ]),
    ),
  );
  out.push("![toolsift cost curves](cost-curves.svg)", "");
  return `${out.join("\n").trimEnd()}\n`;
}

const loadBefore = os.loadavg();
const startedAt = new Date();
const { engines, notes } = await selectEngines(["toolsift"]);
const factory = engines[0];
if (factory === undefined) {
  console.error([...notes, "toolsift is not available (run `npm run build` first); no curves"].join("\n"));
  process.exit(1);
}
const { catalogues, skipped } = benchCatalogues(sizes, { seal: false });
if (catalogues.length === 0) {
  console.error([...skipped, "no catalogue; no curves"].join("\n"));
  process.exit(1);
}

const points: Point[] = [];
for (const catalogue of catalogues) {
  await settleMemory();
  const point = measurePoint(factory, catalogue);
  points.push(point);
  console.error(
    `${catalogue.name}: build ${formatMillis(point.buildMs)}, long p50 ${formatMicros(point.latency.longP50)}, ` +
      `short p50 ${formatMicros(point.latency.shortP50)}, artifact ${formatBytes(point.artifactBytes)}, ` +
      `load ${formatMillis(point.loadMs)}, core ${formatBytes(point.memory.wasmBytes)}`,
  );
}

const environment = runEnvironment(loadBefore);
const firstPoint = points[0]!;
const previousPoint = points[points.length - 2] ?? firstPoint;
const lastPoint = points[points.length - 1]!;
const slopes = (from: Point) =>
  Object.fromEntries(METRICS.map((metric) => [metric.key, growthExponent([from.tools, metric.read(from)], [lastPoint.tools, metric.read(lastPoint)])]));
const exponents = slopes(firstPoint);
const lastStepExponents = slopes(previousPoint);
const header =
  `Generated by \`npm run bench:curves\` (\`tsx bench/curves.ts${process.argv.length > 2 ? ` ${process.argv.slice(2).join(" ")}` : ""}\`) on ${startedAt.toISOString().slice(0, 10)}: ` +
  `Node ${environment.node}, ${environment.cpu}, ${environment.cores} cores, load average ${environment.loadAverageBefore[0]} at the start and ${environment.loadAverageAfter[0]} at the end ` +
  "(the machine is shared and noisy: p99 and single builds move from run to run; the exponents of build, artifact and memory are stable). " +
  `toolsift alone, default options, on the MCP catalogue replicated with id prefixes (\`r<k>__<id>\`). Latency: long queries are the ToolBench test requests, ` +
  `short ones 2–4 keywords from tool ids (bench/lib/query-sets.ts), ${QUERY_LIMIT} hits, timed one by one for up to ${budgetMs} ms per set ` +
  "on an index built in a process of its own (bench/apart-child.ts), where the JS heap and build peak below are measured too. " +
  "Build is the median of 5 builds after a first, untimed one up to 10k, and of 2 above; load is the artifact loaded into a fresh index (median of up to 5, one above 10k). " +
  "Core WASM memory is the linear memory of the index's core instance (read from the instance, bench/lib/core-memory.ts; linear memory never shrinks, so it is also the core's peak); " +
  "JS heap is the heap the index retains after a forced GC; build peak is the high-water mark of heap + external memory during the build (`v8.GCProfiler`, bench/lib/harness.ts `measureMemory`).";

writeJson(path.join(repoRoot, "bench/curves.json"), {
  generatedAt: startedAt.toISOString(),
  environment,
  settings: { sizes, budgetMs, limit: QUERY_LIMIT },
  notes: [...notes, ...skipped],
  points,
  exponents,
  lastStepExponents,
});
writeText(path.join(repoRoot, "bench/curves.md"), summary(points, exponents, lastStepExponents, header));
writeText(
  path.join(repoRoot, "bench/cost-curves.svg"),
  chart(points, `MCP catalogue replicated; Node ${environment.node}, ${environment.cores} cores, load average ${environment.loadAverageBefore[0]}–${environment.loadAverageAfter[0]} (shared machine)`),
);
console.error("wrote bench/curves.json, bench/curves.md and bench/cost-curves.svg");
