// Pruned against exhaustive query latency of toolsift on one index (docs/performance.md
// "Query: block-max pruning"): each query is timed once per mode, the two modes alternating
// query by query in this process, so both see the same machine at the same moment. The
// answers are checked to be identical before timing.
//
//   npx tsx bench/pruning.ts [--sizes 1000,10000,100000] [--budget-ms 2000]
import type { BenchCatalogue } from "./lib/catalogues.js";
import { benchCatalogues, DEFAULT_SIZES } from "./lib/catalogues.js";
import { argument, formatMicros, isMain, latencyStats, listArgument, markdownTable, type LatencyStats } from "./lib/harness.js";
import { loadToolsift } from "./lib/toolsift.js";
import { QUERY_LIMIT } from "./query.js";

type Mode = "auto" | "off";

/** The ranker surface this benchmark needs (`Bm25ToolRanker` with `setPruning`). */
interface PruningRanker {
  rank(query: string, limit: number): readonly { id: string; score: number }[];
  setPruning(mode: Mode): PruningRanker;
}

export interface PruningResult {
  readonly catalogue: string;
  readonly tools: number;
  /** Per query set and mode: latency in µs. */
  readonly long: { readonly pruned: LatencyStats; readonly exhaustive: LatencyStats };
  readonly short: { readonly pruned: LatencyStats; readonly exhaustive: LatencyStats };
  /** Queries whose hits differed between the modes (0 when pruning is exact). */
  readonly differing: number;
}

// Alternates the modes query by query, for at most `budgetMs` per set (at least one pass).
function timeModes(ranker: PruningRanker, queries: readonly string[], budgetMs: number): { pruned: LatencyStats; exhaustive: LatencyStats } {
  const samples: Record<Mode, number[]> = { auto: [], off: [] };
  for (const query of queries.slice(0, 50)) for (const mode of ["off", "auto"] as const) ranker.setPruning(mode).rank(query, QUERY_LIMIT);
  const budget = BigInt(Math.round(budgetMs * 1e6));
  let spent = 0n;
  for (let index = 0; index < 5000 && (index < queries.length || spent < budget); index++) {
    const query = queries[index % queries.length]!;
    // The order alternates too, so neither mode always runs on the other's warm caches.
    const order: readonly Mode[] = index % 2 === 0 ? ["off", "auto"] : ["auto", "off"];
    for (const mode of order) {
      ranker.setPruning(mode);
      const start = process.hrtime.bigint();
      ranker.rank(query, QUERY_LIMIT);
      const elapsed = process.hrtime.bigint() - start;
      samples[mode].push(Number(elapsed));
      spent += elapsed;
    }
  }
  return { pruned: latencyStats(samples.auto), exhaustive: latencyStats(samples.off) };
}

function differing(ranker: PruningRanker, queries: readonly string[]): number {
  let count = 0;
  for (const query of queries) {
    const exhaustive = JSON.stringify(ranker.setPruning("off").rank(query, QUERY_LIMIT));
    if (JSON.stringify(ranker.setPruning("auto").rank(query, QUERY_LIMIT)) !== exhaustive) count += 1;
  }
  return count;
}

/** Builds toolsift over `catalogue` and times its pruned and exhaustive paths interleaved; undefined without toolsift. */
export async function measurePruning(catalogue: BenchCatalogue, budgetMs: number): Promise<PruningResult | undefined> {
  const api = await loadToolsift();
  if (!api.ok) return undefined;
  const ranker = new api.value.Bm25ToolRanker(catalogue.docs) as unknown as PruningRanker;
  if (typeof ranker.setPruning !== "function") return undefined;
  const long = catalogue.long.queries;
  const short = catalogue.short.queries;
  return {
    catalogue: catalogue.name,
    tools: catalogue.docs.length,
    differing: differing(ranker, long) + differing(ranker, short),
    long: timeModes(ranker, long, budgetMs),
    short: timeModes(ranker, short, budgetMs),
  };
}

const ratio = (exhaustive: number, pruned: number) => `${(exhaustive / pruned).toFixed(2)}×`;

/** The markdown table of `results`: per catalogue and set, both modes' p50/p99 and exhaustive ÷ pruned. */
export function pruningTable(results: readonly PruningResult[]): string {
  const rows = results.flatMap((result) =>
    (["short", "long"] as const).map((kind) => {
      const { pruned, exhaustive } = result[kind];
      return [
        result.catalogue,
        kind,
        formatMicros(exhaustive.p50),
        formatMicros(pruned.p50),
        ratio(exhaustive.p50, pruned.p50),
        formatMicros(exhaustive.p99),
        formatMicros(pruned.p99),
        ratio(exhaustive.p99, pruned.p99),
        String(pruned.samples),
        String(result.differing),
      ];
    }),
  );
  return markdownTable(["catalogue", "queries", "exhaustive p50", "pruned p50", "p50 ×", "exhaustive p99", "pruned p99", "p99 ×", "samples", "differing"], rows);
}

if (isMain(import.meta.url)) {
  const sizes = (listArgument("sizes") ?? DEFAULT_SIZES.map(String)).map(Number);
  const budgetMs = Number(argument("budget-ms") ?? 2000);
  const { catalogues, skipped } = benchCatalogues(sizes, { seal: false });
  for (const note of skipped) console.error(note);
  const results: PruningResult[] = [];
  for (const catalogue of catalogues) {
    const result = await measurePruning(catalogue, budgetMs);
    if (result !== undefined) results.push(result);
  }
  console.log(pruningTable(results));
}
