// The shipped core (WebAssembly simd128) against the scalar build of the same source
// (asconfig.json "scalar", build/toolsift.scalar.wasm) on one catalogue (docs/performance.md
// "Query: SIMD"): each query is timed once per build, the two alternating query by query in
// this process, so both see the same machine at the same moment. The answers are checked to
// be identical (ids, order, scores) before timing.
//
//   npx tsx bench/simd.ts [--sizes 1000,10000,100000] [--budget-ms 2000]
import { readFile } from "node:fs/promises";
import path from "node:path";
import { useCoreModule } from "../src/core/module.js";
import type { BenchCatalogue } from "./lib/catalogues.js";
import { benchCatalogues, DEFAULT_SIZES } from "./lib/catalogues.js";
import { repoRoot } from "./lib/datasets.js";
import { argument, formatMicros, isMain, latencyStats, listArgument, markdownTable, type LatencyStats } from "./lib/harness.js";
import { loadToolsift, type ToolsiftRanker } from "./lib/toolsift.js";
import { QUERY_LIMIT } from "./query.js";

type Build = "simd" | "scalar";
const FILES: Record<Build, string> = { simd: "build/toolsift.wasm", scalar: "build/toolsift.scalar.wasm" };

export interface SimdResult {
  readonly catalogue: string;
  readonly tools: number;
  /** Per query set and build: latency in µs. */
  readonly long: Record<Build, LatencyStats>;
  readonly short: Record<Build, LatencyStats>;
  /** Build time of each, one run each (ms). */
  readonly buildMs: Record<Build, number>;
  /** Queries whose hits differed between the builds (must be 0). */
  readonly differing: number;
}

// Alternates the builds query by query, for at most `budgetMs` per set (at least one pass).
function timeBuilds(rankers: Record<Build, ToolsiftRanker>, queries: readonly string[], budgetMs: number): Record<Build, LatencyStats> {
  const samples: Record<Build, number[]> = { simd: [], scalar: [] };
  for (const query of queries.slice(0, 50)) for (const build of ["simd", "scalar"] as const) rankers[build].rank(query, QUERY_LIMIT);
  const budget = BigInt(Math.round(budgetMs * 1e6));
  let spent = 0n;
  for (let index = 0; index < 5000 && (index < queries.length || spent < budget); index++) {
    const query = queries[index % queries.length]!;
    // The order alternates too, so neither build always runs on the other's warm caches.
    const order: readonly Build[] = index % 2 === 0 ? ["simd", "scalar"] : ["scalar", "simd"];
    for (const build of order) {
      const start = process.hrtime.bigint();
      rankers[build].rank(query, QUERY_LIMIT);
      const elapsed = process.hrtime.bigint() - start;
      samples[build].push(Number(elapsed));
      spent += elapsed;
    }
  }
  return { simd: latencyStats(samples.simd), scalar: latencyStats(samples.scalar) };
}

function differing(rankers: Record<Build, ToolsiftRanker>, queries: readonly string[]): number {
  let count = 0;
  for (const query of queries) {
    if (JSON.stringify(rankers.simd.rank(query, QUERY_LIMIT)) !== JSON.stringify(rankers.scalar.rank(query, QUERY_LIMIT))) count += 1;
  }
  return count;
}

let modules: Promise<Record<Build, WebAssembly.Module>> | undefined;

/** Builds toolsift over `catalogue` with each build of the core and times them interleaved; undefined without toolsift or the scalar build. */
export async function measureSimd(catalogue: BenchCatalogue, budgetMs: number): Promise<SimdResult | undefined> {
  const api = await loadToolsift();
  if (!api.ok) return undefined;
  modules ??= (async () => ({
    simd: await WebAssembly.compile(await readFile(path.join(repoRoot, FILES.simd))),
    scalar: await WebAssembly.compile(await readFile(path.join(repoRoot, FILES.scalar))),
  }))();
  let compiled: Record<Build, WebAssembly.Module>;
  try {
    compiled = await modules;
  } catch {
    return undefined;
  }
  const rankers = {} as Record<Build, ToolsiftRanker>;
  const buildMs = {} as Record<Build, number>;
  for (const build of ["scalar", "simd"] as const) {
    useCoreModule(compiled[build]);
    const start = performance.now();
    rankers[build] = new api.value.Bm25ToolRanker(catalogue.docs);
    buildMs[build] = performance.now() - start;
  }
  // The shipped build stays the one later rankers of this process use.
  useCoreModule(compiled.simd);
  const long = catalogue.long.queries;
  const short = catalogue.short.queries;
  return {
    catalogue: catalogue.name,
    tools: catalogue.docs.length,
    buildMs,
    differing: differing(rankers, long) + differing(rankers, short),
    long: timeBuilds(rankers, long, budgetMs),
    short: timeBuilds(rankers, short, budgetMs),
  };
}

const ratio = (scalar: number, simd: number) => `${(scalar / simd).toFixed(2)}×`;

/** The markdown table of `results`: per catalogue and set, both builds' p50/p99 and scalar ÷ SIMD. */
export function simdTable(results: readonly SimdResult[]): string {
  const rows = results.flatMap((result) =>
    (["short", "long"] as const).map((kind) => {
      const { simd, scalar } = result[kind];
      return [
        result.catalogue,
        kind,
        formatMicros(scalar.p50),
        formatMicros(simd.p50),
        ratio(scalar.p50, simd.p50),
        formatMicros(scalar.p99),
        formatMicros(simd.p99),
        ratio(scalar.p99, simd.p99),
        String(simd.samples),
        String(result.differing),
      ];
    }),
  );
  return markdownTable(["catalogue", "queries", "scalar p50", "SIMD p50", "p50 ×", "scalar p99", "SIMD p99", "p99 ×", "samples", "differing"], rows);
}

if (isMain(import.meta.url)) {
  const sizes = (listArgument("sizes") ?? DEFAULT_SIZES.map(String)).map(Number);
  const budgetMs = Number(argument("budget-ms") ?? 2000);
  const { catalogues, skipped } = benchCatalogues(sizes, { seal: false });
  for (const note of skipped) console.error(note);
  const results: SimdResult[] = [];
  for (const catalogue of catalogues) {
    const result = await measureSimd(catalogue, budgetMs);
    if (result === undefined) throw new Error("toolsift or build/toolsift.scalar.wasm is missing: run npm run build:wasm");
    console.error(`${catalogue.name}: built in ${result.buildMs.scalar.toFixed(0)} ms scalar, ${result.buildMs.simd.toFixed(0)} ms SIMD`);
    results.push(result);
  }
  console.log(simdTable(results));
}
