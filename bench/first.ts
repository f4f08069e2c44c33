// The first benchmark: the MCP catalogue replicated to 10,000 tools with id
// prefixes; query latency p50/p99 of toolsift, wink-bm25-text-search and MiniSearch on the
// held-out ToolBench test requests (long, agent-style), measured in the same run; the
// ratios are what toolsift is faster by.
//
//   npx tsx bench/first.ts [--size 10000] [--budget-ms 3000]
import { loadCatalogue, replicateCatalogue } from "./lib/datasets.js";
import type { EngineFactory } from "./lib/engine.js";
import { argument, formatMicros, formatMillis, formatRatio, markdownTable, shuffled, timeOnce, timeQueries, type LatencyStats } from "./lib/harness.js";
import { longQueries } from "./lib/query-sets.js";
import { loadToolsift, toolsiftEngine } from "./lib/toolsift.js";
import { minisearchPeer, winkPeer } from "./peers/index.js";

const size = Number(argument("size") ?? 10_000);
const budgetMs = Number(argument("budget-ms") ?? 3000);

const mcp = loadCatalogue("mcp-catalogue");
const long = longQueries("toolbench-stable");
if (!mcp.ok || !long.ok) {
  console.error(!mcp.ok ? mcp.reason : !long.ok ? long.reason : "");
  process.exit(0);
}
const docs = replicateCatalogue(mcp.value, size);
const queries = shuffled(long.value.queries);

const engines: EngineFactory[] = [];
const toolsift = await loadToolsift();
if (toolsift.ok) {
  const engine = toolsiftEngine(toolsift.value, "toolsift");
  if (engine.ok) engines.push(engine.value);
  else console.error(engine.reason);
} else {
  console.error(toolsift.reason);
}
engines.push(winkPeer, minisearchPeer);

console.error(`MCP catalogue ×${docs.length} tools, ${queries.length} ToolBench test requests, limit 10`);
const results: { name: string; buildMs: number; stats: LatencyStats }[] = [];
for (const factory of engines) {
  const engine = factory.create();
  const build = timeOnce(() => engine.build(docs));
  const stats = timeQueries(engine, queries, 10, { budgetMs, maxSamples: 5000 });
  results.push({ name: factory.name, buildMs: build.ms, stats });
  console.error(`  ${factory.name}: built in ${formatMillis(build.ms)}, p50 ${formatMicros(stats.p50)}, p99 ${formatMicros(stats.p99)}`);
}

const ours = results.find((result) => result.name === "toolsift");
console.log(
  markdownTable(
    ["engine", "build", "p50", "p99", "samples", "p50 × toolsift", "p99 × toolsift"],
    results.map((result) => [
      result.name,
      formatMillis(result.buildMs),
      formatMicros(result.stats.p50),
      formatMicros(result.stats.p99),
      String(result.stats.samples),
      ours ? formatRatio(result.stats.p50, ours.stats.p50) : "n/a",
      ours ? formatRatio(result.stats.p99, ours.stats.p99) : "n/a",
    ]),
  ),
);
if (ours !== undefined) {
  for (const result of results) {
    if (result === ours) continue;
    console.log(
      `toolsift is ${formatRatio(result.stats.p50, ours.stats.p50)} faster than ${result.name} at p50 and ` +
        `${formatRatio(result.stats.p99, ours.stats.p99)} at p99.`,
    );
  }
}
