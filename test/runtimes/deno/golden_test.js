// Deno runtime test, run by `deno test` (scripts/test.mjs). A .js file: Deno's type-checker
// rejects the entry's `import source` (see notes/toolchain-probe.md §8). "toolsift" resolves
// through package.json's exports map with the `deno` condition to dist/entry/deno.js, which
// imports the .wasm as a source-phase module (no permissions needed for that).
import * as api from "toolsift";
import { goldenDifference, runCases, serializeGolden } from "../shared/cases.js";

const read = (path) => Deno.readTextFile(new URL(path, import.meta.url));

Deno.test("deno: toolsift resolves to the deno entry", () => {
  const resolved = import.meta.resolve("toolsift");
  if (resolved !== new URL("../../../dist/entry/deno.js", import.meta.url).href) {
    throw new Error(`toolsift resolved to ${resolved}`);
  }
});

Deno.test("deno: reproduces the golden file byte for byte", async () => {
  await api.init();
  const docs = JSON.parse(await read("../../fixtures/runtime-catalogue.json"));
  const queries = JSON.parse(await read("../../fixtures/runtime-queries.json"));
  const golden = await read("../golden.json");
  const difference = goldenDifference(serializeGolden(runCases(api, docs, queries), docs.length), golden);
  if (difference !== null) throw new Error(difference);
});
