// Build time and retained memory per engine and catalogue size.
//
//   npx tsx --expose-gc bench/build.ts [--sizes 1000,10000] [--engines toolsift,minisearch]
import { measureMemoryApart } from "./apart.js";
import type { BenchCatalogue } from "./lib/catalogues.js";
import type { BenchEngine, EngineFactory } from "./lib/engine.js";
import { formatBytes, formatMillis, formatRatio, isMain, markdownTable, median, timeOnce } from "./lib/harness.js";
import { standaloneSetup } from "./lib/select.js";

export interface BuildResult {
  /** Median wall time of `runs` builds after the first, ms (the first alone when it is the only one). */
  readonly ms: number;
  readonly runs: number;
  /** The first build's wall time, ms: cold code, as an index built once per process sees it. */
  readonly firstMs: number;
  /** The last engine built, for the query and artifact measurements that follow. */
  readonly engine: BenchEngine;
}

/**
 * Repeats stop once this much time has gone into one engine's builds: enough for five builds
 * of about 2.5 s (the fastest peers at 10k, whose medians came from two builds at 5 s), while
 * a build of 20 s (100k) is not repeated.
 */
export const REPEAT_BUDGET_MS = 15_000;

/** A fresh engine of `factory` and the wall time of building it on the catalogue. */
function timedBuild(factory: EngineFactory, catalogue: Pick<BenchCatalogue, "docs">): { ms: number; engine: BenchEngine } {
  const engine = factory.create();
  return { ms: timeOnce(() => engine.build(catalogue.docs)).ms, engine };
}

/**
 * Builds once, then up to `runs` more times, and keeps the last index (memory:
 * `measureApart`). The first build also pays for compiling and optimizing the engine's code
 * (V8 tiers JavaScript and WebAssembly up while they run), as queries do in their warm-up;
 * it is reported apart, and the median of the rest is the build time.
 */
export function measureBuild(factory: EngineFactory, catalogue: BenchCatalogue, runs: number): BuildResult {
  const build = () => timedBuild(factory, catalogue);
  const first = build();
  let { engine } = first;
  const times: number[] = [];
  // Slow builds are not repeated: a 20 s build has no timer noise worth a median.
  for (let spent = first.ms; times.length < runs && spent < REPEAT_BUDGET_MS; ) {
    const next = build();
    times.push(next.ms);
    spent += next.ms;
    engine = next.engine;
  }
  // A lone first build is the figure when there are no more.
  const timed = times.length > 0 ? times : [first.ms];
  return { ms: median(timed), runs: timed.length, firstMs: first.ms, engine };
}

/**
 * Timed builds after the first per size: five at small sizes for a stable median; above 10k,
 * two, which only an engine whose first build left room in `REPEAT_BUDGET_MS` gets.
 */
export function buildRuns(size: number): number {
  return size <= 10_000 ? 5 : 2;
}

export interface PairedBuildResult {
  readonly peer: string;
  readonly pairs: number;
  /** Median over the pairs of the peer's build time over toolsift's (the two builds around it). */
  readonly ratio: number;
  readonly toolsiftMs: number;
  readonly peerMs: number;
}

/**
 * toolsift's builds interleaved with a peer's: toolsift, peer, toolsift, … so that each peer
 * build has a toolsift build on either side. On a shared machine whose speed drifts for
 * seconds at a time, medians taken one engine after another compare different moments; the
 * ratio of each peer build to the mean of its neighbours compares the same moment.
 */
export function measurePairedBuild(
  ours: EngineFactory,
  peer: EngineFactory,
  catalogue: Pick<BenchCatalogue, "docs">,
  pairs: number,
  time: (factory: EngineFactory) => number = (factory) => timedBuild(factory, catalogue).ms,
): PairedBuildResult {
  const oursTimes = [time(ours)];
  const peerTimes: number[] = [];
  const ratios: number[] = [];
  for (let pair = 0; pair < pairs; pair++) {
    peerTimes.push(time(peer));
    oursTimes.push(time(ours));
    ratios.push(peerTimes[pair]! / ((oursTimes[pair]! + oursTimes[pair + 1]!) / 2));
  }
  return { peer: peer.name, pairs, ratio: median(ratios), toolsiftMs: median(oursTimes), peerMs: median(peerTimes) };
}

if (isMain(import.meta.url)) {
  const { engines, catalogues } = await standaloneSetup();
  for (const catalogue of catalogues) {
    const rows: string[][] = [];
    let toolsiftMs = Number.NaN;
    for (const factory of engines) {
      const result = measureBuild(factory, catalogue, buildRuns(catalogue.docs.length));
      if (factory.name === "toolsift") toolsiftMs = result.ms;
      const memory = measureMemoryApart(factory.name, catalogue);
      rows.push([factory.name, formatMillis(result.ms), formatRatio(result.ms, toolsiftMs), formatBytes(memory.retainedBytes)]);
      console.error(`${catalogue.name} ${factory.name}: ${formatMillis(result.ms)}`);
    }
    console.log(`\n## build, ${catalogue.name}\n`);
    console.log(markdownTable(["engine", "build (median)", "× toolsift", "retained memory"], rows));
  }
}
