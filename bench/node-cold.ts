// Node cold start: `init()` and the first search over the playground's prebuilt index
// (2,464 MCP tools), each in a fresh process, timed from the process's own start
// (`performance.now()` counts from it). Needs `npm run build` (dist/) and the artifact
// `scripts/build-playground-index.ts` writes into web/public. Reported, not asserted.
//
//   npx tsx bench/node-cold.ts [--starts 5]
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { argument } from "./lib/harness.js";

const starts = Number(argument("starts") ?? 5);
const root = resolve(import.meta.dirname, "..");

// Plain Node (no tsx) on the built package, as a user would import it.
const CHILD = `
const t0 = performance.now();
const { init, Bm25ToolRanker } = await import(${JSON.stringify(`${root}/dist/entry/node.js`)});
const { readFileSync } = await import("node:fs");
const imported = performance.now();
await init();
const initialized = performance.now();
const ranker = Bm25ToolRanker.load(readFileSync(${JSON.stringify(`${root}/web/public/mcp-catalogue.tsi`)}));
const loaded = performance.now();
const hits = ranker.search("create a pull request", 5).hits;
const searched = performance.now();
process.stdout.write(JSON.stringify({ start: t0, imported: imported - t0, init: initialized - imported, load: loaded - initialized, search: searched - loaded, total: searched - t0, size: ranker.size, hits: hits.length }));
`;

const runs = Array.from({ length: starts }, () => JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", CHILD], { encoding: "utf8" })) as Record<string, number>);
const median = (key: string) => {
  const sorted = runs.map((run) => run[key]!).sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
console.log(`Node ${process.version} cold start, median of ${starts} fresh processes (ms):`);
console.log("");
console.log("| process start → script | import | init() | load artifact | first search | import → first answer |");
console.log("|---|---|---|---|---|---|");
console.log(`| ${median("start").toFixed(1)} | ${median("imported").toFixed(1)} | ${median("init").toFixed(1)} | ${median("load").toFixed(1)} | ${median("search").toFixed(2)} | ${median("total").toFixed(1)} |`);
