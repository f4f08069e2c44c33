import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import type { BenchEngine } from "./engine.js";

/** Latency percentiles of one measurement, in microseconds. */
export interface LatencyStats {
  readonly samples: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly mean: number;
  readonly max: number;
}

export interface TimingOptions {
  /** Untimed calls first (JIT, caches), cycling through the inputs. Default 50. */
  readonly warmup?: number;
  /** Stop after this many timed calls. Default 5000. */
  readonly maxSamples?: number;
  /** …or once this much time has been spent timing, in ms, whichever comes first. Default 2000. */
  readonly budgetMs?: number;
  /** …but never before this many timed calls (a slow engine still gets a p50). Default 30. */
  readonly minSamples?: number;
}

/** Nearest-rank percentile of ascending `sorted` (p in 0–100). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/** Percentiles of durations given in nanoseconds, reported in microseconds. */
export function latencyStats(nanoseconds: Float64Array | number[]): LatencyStats {
  const sorted = Float64Array.from(nanoseconds).sort();
  let sum = 0;
  for (const value of sorted) sum += value;
  const micro = (value: number) => value / 1000;
  return {
    samples: sorted.length,
    p50: micro(percentile(sorted, 50)),
    p90: micro(percentile(sorted, 90)),
    p99: micro(percentile(sorted, 99)),
    mean: micro(sorted.length === 0 ? Number.NaN : sum / sorted.length),
    max: micro(sorted.length === 0 ? Number.NaN : sorted[sorted.length - 1]!),
  };
}

/**
 * Times `call(input)` one call at a time with `process.hrtime.bigint()`, cycling through
 * `inputs` (shuffle them first so a run cut short by the budget is still a fair sample).
 */
export function timeEach<T>(inputs: readonly T[], call: (input: T) => unknown, options: TimingOptions = {}): LatencyStats {
  if (inputs.length === 0) return latencyStats([]);
  const warmup = options.warmup ?? 50;
  const maxSamples = options.maxSamples ?? 5000;
  const budget = BigInt(Math.round((options.budgetMs ?? 2000) * 1e6));
  const minSamples = Math.min(options.minSamples ?? 30, maxSamples);
  let sink = 0;
  for (let index = 0; index < warmup; index++) sink ^= touch(call(inputs[index % inputs.length]!));
  const samples = new Float64Array(maxSamples);
  let count = 0;
  let spent = 0n;
  while (count < maxSamples && (count < minSamples || spent < budget)) {
    const input = inputs[count % inputs.length]!;
    const start = process.hrtime.bigint();
    const result = call(input);
    const elapsed = process.hrtime.bigint() - start;
    sink ^= touch(result);
    samples[count++] = Number(elapsed);
    spent += elapsed;
  }
  blackhole(sink);
  return latencyStats(samples.subarray(0, count));
}

/** Query latency of `engine` over `queries` (see `timeEach`). */
export function timeQueries(
  engine: BenchEngine,
  queries: readonly string[],
  limit: number,
  options: TimingOptions = {},
): LatencyStats {
  return timeEach(queries, (query) => engine.rank(query, limit), options);
}

/** Wall time of one call in milliseconds, and its result. */
export function timeOnce<T>(call: () => T): { ms: number; result: T } {
  const start = process.hrtime.bigint();
  const result = call();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, result };
}

let gcFunction: (() => void) | null | undefined;

// `--expose-gc` on the command line, or the same flag set at run time (V8 then exposes `gc`
// to contexts created afterwards), so `npm run bench` needs no extra node flags.
function findGc(): (() => void) | null {
  const global = (globalThis as { gc?: () => void }).gc;
  if (typeof global === "function") return global;
  try {
    v8.setFlagsFromString("--expose-gc");
    const exposed = vm.runInNewContext("gc") as unknown;
    return typeof exposed === "function" ? (exposed as () => void) : null;
  } catch {
    return null;
  }
}

/** Runs a full garbage collection when one can be forced; reports whether it could. */
export function collectGarbage(): boolean {
  gcFunction ??= findGc();
  if (gcFunction === null) return false;
  gcFunction();
  gcFunction();
  return true;
}

/**
 * A collection, a turn of the event loop, and another collection: WebAssembly memories of
 * dropped instances are released only after the turn, and until then they count in
 * `external`, so a measurement started without it reads low by their size.
 */
export async function settleMemory(): Promise<void> {
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 50));
  collectGarbage();
}

/** Memory a structure holds, from `process.memoryUsage()` around building it. */
export interface MemoryDelta {
  /** heapUsed + external (which includes ArrayBuffers and WebAssembly memories) retained after GC. */
  readonly retainedBytes: number;
  /** heapUsed alone retained after GC: the JS objects, without ArrayBuffers or WebAssembly memory. */
  readonly heapBytes: number;
  /**
   * The most heapUsed + external grew during the call, garbage included: the larger of the
   * reading right after the call and the reading V8 takes before each collection during it
   * (`v8.GCProfiler`), over the reading before the call. Always ≥ `retainedBytes`.
   */
  readonly peakBytes: number;
  /** Whether a GC ran before each reading; without one `retainedBytes` is noisy. */
  readonly exact: boolean;
}

// A build is one synchronous call, so nothing can sample memory while it runs; but the heap
// only shrinks at a collection, so its high-water mark is one of the readings V8 records
// just before each collection, or the reading when the call returns.
function peakDuring(profile: v8.GCProfilerResult, end: NodeJS.MemoryUsage): number {
  let peak = end.heapUsed + end.external;
  for (const entry of profile.statistics) {
    const heap = entry.beforeGC.heapStatistics;
    peak = Math.max(peak, heap.usedHeapSize + heap.externalMemory);
  }
  return peak;
}

/** Builds something and reports what it retains and its peak; keep the result alive while measuring. */
export function measureMemory<T>(build: () => T): { memory: MemoryDelta; result: T } {
  const exact = collectGarbage();
  const before = process.memoryUsage();
  const profiler = new v8.GCProfiler();
  profiler.start();
  const result = build();
  const end = process.memoryUsage();
  const peak = peakDuring(profiler.stop(), end);
  collectGarbage();
  const after = process.memoryUsage();
  const base = before.heapUsed + before.external;
  return {
    result,
    memory: {
      retainedBytes: after.heapUsed + after.external - base,
      heapBytes: after.heapUsed - before.heapUsed,
      peakBytes: Math.max(0, peak - base),
      exact,
    },
  };
}

/** Node, CPU and load average of a benchmark run, for the report headers (the machine is shared). */
export function runEnvironment(loadBefore: readonly number[], loadAfter: readonly number[] = os.loadavg()) {
  const cpus = os.cpus();
  return {
    node: process.version,
    v8: process.versions.v8,
    platform: `${os.platform()} ${os.arch()}`,
    cpu: cpus[0]?.model ?? "unknown",
    cores: cpus.length,
    loadAverageBefore: loadBefore.map((value) => Number(value.toFixed(2))),
    loadAverageAfter: loadAfter.map((value) => Number(value.toFixed(2))),
  };
}

/** A deterministic generator of numbers in [0, 1) (mulberry32): the same seed, the same run. */
export function seededRandom(seed = 0x5eed): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A deterministic shuffle (`seededRandom`), so every run and every engine sees the same order. */
export function shuffled<T>(items: readonly T[], seed = 0x5eed): T[] {
  const out = items.slice();
  const random = seededRandom(seed);
  for (let index = out.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [out[index], out[other]] = [out[other]!, out[index]!];
  }
  return out;
}

/** A markdown table; cells are printed as given. */
export function markdownTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const escape = (cell: string) => cell.replace(/\|/g, "\\|");
  const lines = [
    `| ${headers.map(escape).join(" | ")} |`,
    `|${headers.map((_, index) => (index === 0 ? "---" : "---:")).join("|")}|`,
    ...rows.map((row) => `| ${row.map(escape).join(" | ")} |`),
  ];
  return `${lines.join("\n")}\n`;
}

/** Writes pretty JSON (with a trailing newline), creating the folder. */
export function writeJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Writes text, creating the folder. */
export function writeText(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** Microseconds as a short human figure: `85 ns`, `12.3 µs`, `4.56 ms`. */
export function formatMicros(micros: number): string {
  if (!Number.isFinite(micros)) return "n/a";
  if (micros < 1) return `${(micros * 1000).toFixed(micros < 0.1 ? 1 : 0)} ns`;
  if (micros < 1000) return `${micros < 10 ? micros.toFixed(2) : micros.toFixed(1)} µs`;
  if (micros < 1e6) return `${(micros / 1000).toFixed(micros < 1e4 ? 2 : 1)} ms`;
  return `${(micros / 1e6).toFixed(2)} s`;
}

/** Milliseconds as a short human figure. */
export function formatMillis(ms: number): string {
  return formatMicros(ms * 1000);
}

/** Bytes as KiB/MiB. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return "n/a";
  if (Math.abs(bytes) < 1024) return `${Math.round(bytes)} B`;
  if (Math.abs(bytes) < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
}

/** `other / toolsift` as `12.3×` (how many times slower or bigger the other is). */
export function formatRatio(other: number, toolsift: number): string {
  if (!Number.isFinite(other) || !Number.isFinite(toolsift) || toolsift <= 0) return "n/a";
  const ratio = other / toolsift;
  return `${ratio >= 100 ? ratio.toFixed(0) : ratio >= 10 ? ratio.toFixed(1) : ratio.toFixed(2)}×`;
}

/** Reads `--name value` / `--name=value` / `--flag` from `process.argv`. */
export function argument(name: string): string | undefined {
  const args = process.argv.slice(2);
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === `--${name}`) {
      const next = args[index + 1];
      return next === undefined || next.startsWith("--") ? "" : next;
    }
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}

/** A comma-separated list argument, e.g. `--sizes 1000,10000`. */
export function listArgument(name: string): string[] | undefined {
  const value = argument(name);
  return value === undefined || value === "" ? undefined : value.split(",").map((item) => item.trim()).filter(Boolean);
}

// Keeps results observable so the optimizer cannot drop a call whose result is unused.
function touch(result: unknown): number {
  return Array.isArray(result) ? result.length : result === undefined ? 0 : 1;
}
let sinkValue = 0;
function blackhole(value: number): void {
  sinkValue ^= value;
}
/** For tests of the harness itself: the accumulated sink (never meaningful). */
export function sink(): number {
  return sinkValue;
}

/** True when the module at `moduleUrl` is the script node was asked to run. */
export function isMain(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  return path.resolve(script) === path.resolve(new URL(moduleUrl).pathname);
}

/** The median of some numbers (NaN for none). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Stats of a batch divided down to one call (`factor` = 1 / batch size). */
export function scaleStats(stats: LatencyStats, factor: number): LatencyStats {
  return {
    samples: stats.samples,
    p50: stats.p50 * factor,
    p90: stats.p90 * factor,
    p99: stats.p99 * factor,
    mean: stats.mean * factor,
    max: stats.max * factor,
  };
}
