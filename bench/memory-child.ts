// One engine's first build in a process of its own, for its memory figures (see `measureBuild`
// in bench/build.ts): every engine starts from the same empty heap, so what earlier engines
// left behind, and how far the shared heap had grown, cannot move its peak either way.
// Prints one JSON line, a `MemoryDelta`.
//
//   node --expose-gc --import tsx bench/memory-child.ts <engine> <catalogue spec>
import { benchCatalogue } from "./lib/catalogues.js";
import { measureMemory } from "./lib/harness.js";
import { childSetup } from "./lib/select.js";

const {
  factory,
  args: [, spec],
} = await childSetup("memory-child.ts", ["engine", "catalogue spec"]);
const { docs } = benchCatalogue(spec);
const { memory } = measureMemory(() => {
  const engine = factory.create();
  engine.build(docs);
  return engine;
});
console.log(JSON.stringify(memory));
