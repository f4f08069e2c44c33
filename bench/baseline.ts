// The floor under every toolsift query: one call across the JS↔WASM boundary, and the copy
// of the query's code units into the core's scratch window. Compared with a full query, it
// shows how much of a query is the boundary and how much is the search itself.
//
//   npx tsx bench/baseline.ts
// Needs the core's internal exports (src/core/module.ts `instantiateCore`, src/core/memory.ts
// `CoreMemory`); skips with a message until they exist.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "./lib/datasets.js";
import { formatMicros, isMain, markdownTable, scaleStats, timeEach, type LatencyStats } from "./lib/harness.js";
import { loadToolsift } from "./lib/toolsift.js";

interface CoreLike {
  documents(): number;
  beginBuild(count: number): void;
  finishBuild(): void;
  configure(...options: number[]): void;
  search(length: number, limit: number): number;
}
interface MemoryLike {
  write(text: string): number;
}

export interface BaselineMeasurement {
  readonly call: LatencyStats;
  readonly copy: LatencyStats;
  readonly emptySearch: LatencyStats;
  readonly queryChars: number;
}
export type BaselineResult = BaselineMeasurement | { readonly skipped: string };

/** Times a bare export call, the query copy, and a search of an empty index, over `queries`. */
export async function measureBaseline(queries: readonly string[]): Promise<BaselineResult> {
  const loaded = await loadToolsift();
  if (!loaded.ok) return { skipped: loaded.reason };
  const modulePath = path.join(repoRoot, "src/core/module.ts");
  const memoryPath = path.join(repoRoot, "src/core/memory.ts");
  if (!existsSync(modulePath) || !existsSync(memoryPath)) return { skipped: "baseline: the core's module/memory files are not there" };
  const moduleApi = (await import(pathToFileURL(modulePath).href)) as { instantiateCore?: () => CoreLike };
  const memoryApi = (await import(pathToFileURL(memoryPath).href)) as { CoreMemory?: new (core: CoreLike) => MemoryLike };
  if (typeof moduleApi.instantiateCore !== "function" || typeof memoryApi.CoreMemory !== "function") {
    return { skipped: "baseline: instantiateCore / CoreMemory not exported by the core yet" };
  }
  let core: CoreLike;
  let memory: MemoryLike;
  try {
    core = moduleApi.instantiateCore();
    memory = new memoryApi.CoreMemory(core);
    core.configure(0, 1.2, 0.75, 16, 1, 0.6, 0.5, 0.3, 1, 1, 1, 1, 1, 1);
    core.beginBuild(0);
    core.finishBuild();
  } catch (error) {
    return { skipped: `baseline: the core's boundary changed (${error instanceof Error ? error.message : String(error)})` };
  }
  const options = { maxSamples: 20_000, budgetMs: 500 };
  // One call is near the timer's own cost, so it is timed in batches of 1000.
  const batch = 1000;
  const batched = timeEach(queries, () => {
    let sum = 0;
    for (let index = 0; index < batch; index++) sum += core.documents();
    return sum;
  }, { maxSamples: 2000, budgetMs: 500 });
  const call = scaleStats(batched, 1 / batch);
  const copy = timeEach(queries, (query) => memory.write(query), options);
  const emptySearch = timeEach(queries, (query) => core.search(memory.write(query), 10), options);
  const queryChars = queries.reduce((sum, query) => sum + query.length, 0) / Math.max(1, queries.length);
  return { call, copy, emptySearch, queryChars };
}

export function baselineRows(result: BaselineMeasurement): string[][] {
  return [
    ["one export call (`documents()`, batches of 1000)", formatMicros(result.call.p50), formatMicros(result.call.p99)],
    [`query copy into scratch (${result.queryChars.toFixed(0)} chars avg)`, formatMicros(result.copy.p50), formatMicros(result.copy.p99)],
    ["copy + `search` on an empty index (analysis, no postings)", formatMicros(result.emptySearch.p50), formatMicros(result.emptySearch.p99)],
  ];
}

if (isMain(import.meta.url)) {
  const { longQueries } = await import("./lib/query-sets.js");
  const long = longQueries("toolbench-stable");
  const queries = long.ok ? long.value.queries : ["create a pull request on github"];
  const result = await measureBaseline(queries);
  if ("skipped" in result) {
    console.error(result.skipped);
  } else {
    console.log(markdownTable(["JS↔WASM baseline", "p50", "p99"], baselineRows(result)));
  }
}
