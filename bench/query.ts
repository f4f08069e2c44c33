// Query latency (p50/p90/p99) per engine, for long user-style requests and short model-style
// queries, separately.
//
//   npx tsx bench/query.ts [--sizes 1000,10000] [--engines toolsift,wink-bm25] [--budget-ms 2000]
import type { BenchCatalogue } from "./lib/catalogues.js";
import type { BenchEngine } from "./lib/engine.js";
import {
  argument,
  formatMicros,
  formatRatio,
  isMain,
  markdownTable,
  timeOnce,
  timeQueries,
  type LatencyStats,
  type TimingOptions,
} from "./lib/harness.js";
import { standaloneSetup } from "./lib/select.js";

/** How many hits each query asks for: a search_tools page plus headroom, as a session over-asks. */
export const QUERY_LIMIT = 10;

export interface QueryResult {
  readonly long: LatencyStats;
  readonly short: LatencyStats;
}

/** Latency of one built engine on the catalogue's long and short query sets. */
export function measureQueries(engine: BenchEngine, catalogue: BenchCatalogue, options: TimingOptions = {}): QueryResult {
  return {
    long: timeQueries(engine, catalogue.long.queries, QUERY_LIMIT, options),
    short: timeQueries(engine, catalogue.short.queries, QUERY_LIMIT, options),
  };
}

/** Timing options from `--budget-ms` / `--max-samples`. */
export function timingFromArgs(): TimingOptions {
  const budget = argument("budget-ms");
  const samples = argument("max-samples");
  return {
    ...(budget ? { budgetMs: Number(budget) } : {}),
    ...(samples ? { maxSamples: Number(samples) } : {}),
  };
}

if (isMain(import.meta.url)) {
  const { engines, catalogues } = await standaloneSetup();
  for (const catalogue of catalogues) {
    const rows: string[][] = [];
    let ours: QueryResult | undefined;
    for (const factory of engines) {
      const engine = factory.create();
      const build = timeOnce(() => engine.build(catalogue.docs));
      const result = measureQueries(engine, catalogue, timingFromArgs());
      if (factory.name === "toolsift") ours = result;
      console.error(`${catalogue.name} ${factory.name}: built in ${build.ms.toFixed(0)} ms, long p50 ${formatMicros(result.long.p50)}`);
      for (const kind of ["long", "short"] as const) {
        const stats = result[kind];
        rows.push([
          factory.name,
          kind,
          formatMicros(stats.p50),
          formatMicros(stats.p90),
          formatMicros(stats.p99),
          ours ? formatRatio(stats.p50, ours[kind].p50) : "n/a",
          ours ? formatRatio(stats.p99, ours[kind].p99) : "n/a",
          String(stats.samples),
        ]);
      }
    }
    console.log(`\n## query latency, ${catalogue.name}\n`);
    console.log(markdownTable(["engine", "queries", "p50", "p90", "p99", "p50 × toolsift", "p99 × toolsift", "samples"], rows));
  }
}
