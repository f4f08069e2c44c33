// Cost of `explain` (per-hit, per-term, per-field contributions, for the playground and for
// debugging) next to a plain `rank` of the same queries on the same index. toolsift only:
// no peer explains its scores.
//
//   npx tsx bench/explain.ts [--sizes 1000,10000]
import type { BenchCatalogue } from "./lib/catalogues.js";
import type { BenchEngine } from "./lib/engine.js";
import { formatMicros, formatRatio, isMain, markdownTable, timeEach, type LatencyStats, type TimingOptions } from "./lib/harness.js";
import { standaloneSetup } from "./lib/select.js";

export type ExplainResult = { readonly rank: LatencyStats; readonly explain: LatencyStats } | { readonly skipped: string };

/** Times `rank` and `explain` (10 hits) over the long queries of a catalogue on one built engine. */
export function measureExplain(engine: BenchEngine, catalogue: BenchCatalogue, options: TimingOptions = {}): ExplainResult {
  if (engine.explain === undefined) return { skipped: `${engine.name}: no explain` };
  try {
    engine.explain(catalogue.long.queries[0] ?? "search", 10);
  } catch (error) {
    return { skipped: error instanceof Error ? error.message : String(error) };
  }
  return {
    rank: timeEach(catalogue.long.queries, (query) => engine.rank(query, 10), options),
    explain: timeEach(catalogue.long.queries, (query) => engine.explain!(query, 10), options),
  };
}

export function explainRow(name: string, result: ExplainResult): string[] {
  if ("skipped" in result) return [name, result.skipped, "", "", "", ""];
  return [
    name,
    formatMicros(result.rank.p50),
    formatMicros(result.explain.p50),
    formatMicros(result.explain.p99),
    formatRatio(result.explain.p50, result.rank.p50),
    String(result.explain.samples),
  ];
}

export const EXPLAIN_HEADERS = ["catalogue", "rank p50", "explain p50", "explain p99", "explain ÷ rank", "samples"];

if (isMain(import.meta.url)) {
  const { engines, catalogues } = await standaloneSetup(["toolsift"]);
  const factory = engines[0];
  if (factory === undefined) {
    console.error("toolsift is not available; nothing to measure");
  } else {
    const rows = catalogues.map((catalogue) => {
      const engine = factory.create();
      engine.build(catalogue.docs);
      return explainRow(catalogue.name, measureExplain(engine, catalogue));
    });
    console.log(markdownTable(EXPLAIN_HEADERS, rows));
  }
}
