// Build time and retained memory per engine and catalogue size.
//
//   npx tsx --expose-gc bench/build.ts [--sizes 1000,10000] [--engines toolsift,minisearch]
import { measureMemoryApart } from "./apart.js";
import type { BenchCatalogue } from "./lib/catalogues.js";
import type { BenchEngine, EngineFactory } from "./lib/engine.js";
import { formatBytes, formatMillis, formatRatio, isMain, markdownTable, median, timeOnce } from "./lib/harness.js";
import { standaloneSetup } from "./lib/select.js";

export interface BuildResult {
  /** Median wall time of `runs` builds, ms. */
  readonly ms: number;
  readonly runs: number;
  /** The last engine built, for the query and artifact measurements that follow. */
  readonly engine: BenchEngine;
}

/** Repeats stop once this much time has gone into one engine's builds. */
export const REPEAT_BUDGET_MS = 5000;

/** Builds up to `runs` times and keeps the last index (memory: `measureApart`). */
export function measureBuild(factory: EngineFactory, catalogue: BenchCatalogue, runs: number): BuildResult {
  const times: number[] = [];
  let engine: BenchEngine | undefined;
  // Slow builds are not repeated: a 20 s build has no timer noise worth a median.
  for (let run = 0; run < runs && (run === 0 || times.reduce((sum, ms) => sum + ms, 0) < REPEAT_BUDGET_MS); run++) {
    const next = factory.create();
    times.push(timeOnce(() => next.build(catalogue.docs)).ms);
    engine = next;
  }
  return { ms: median(times), runs: times.length, engine: engine! };
}

/** Runs per size: a few at small sizes for a stable median, one at 100k. */
export function buildRuns(size: number): number {
  return size <= 10_000 ? 3 : 1;
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
