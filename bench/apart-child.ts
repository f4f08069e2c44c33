// One engine's index built in a process of its own (see `measureApart` in bench/apart.ts): its
// memory during that first build, then, when a budget is given, its query latency on it. Every
// engine starts from the same empty heap, so no engine's figures carry what the engines before
// it left behind. Prints one JSON line, an `ApartResult`.
//
//   node --expose-gc --import tsx bench/apart-child.ts <engine> <catalogue spec> <query budget ms, 0: none>
import type { ApartResult } from "./apart.js";
import { benchCatalogue } from "./lib/catalogues.js";
import { measureMemory, settleMemory } from "./lib/harness.js";
import { childSetup } from "./lib/select.js";
import { measureQueries } from "./query.js";

const {
  factory,
  args: [, spec, budget],
} = await childSetup("apart-child.ts", ["engine", "catalogue spec", "query budget ms"]);
const catalogue = benchCatalogue(spec);
// What loading the catalogue left (and, for toolsift, the compiled core) settles first.
await settleMemory();
const base = process.memoryUsage();
const { memory: during, result: engine } = measureMemory(() => {
  const built = factory.create();
  built.build(catalogue.docs);
  return built;
});
// Retained memory is read again after a turn of the event loop: a dropped WebAssembly memory
// (toolsift's working core) is released only then, and read in the same turn it sometimes
// counted (100k: 55 or 133 MB for the same build).
await settleMemory();
const after = process.memoryUsage();
const memory = {
  ...during,
  retainedBytes: after.heapUsed + after.external - (base.heapUsed + base.external),
  heapBytes: after.heapUsed - base.heapUsed,
};
const budgetMs = Number(budget);
const result: ApartResult = budgetMs > 0 ? { memory, query: measureQueries(engine, catalogue, { budgetMs }) } : { memory };
console.log(JSON.stringify(result));
