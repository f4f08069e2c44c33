// Deno runtime test, run by `deno test` (scripts/test.mjs). A .js file: Deno's type-checker
// rejects the entry's `import source` (Deno 2.9 does not check source-phase imports). "toolsift" resolves
// through package.json's exports map with the `deno` condition to dist/entry/deno.js, which
// imports the .wasm as a source-phase module (no permissions needed for that).
import * as api from "toolsift";
// The packaged module, compiled by Deno without permissions, for the simd128 check.
import source core from "../../../dist/toolsift.wasm";
import {
  ARTIFACT_DIR,
  artifactName,
  CONFIGS,
  goldenDifference,
  loadFlipped,
  loadRankers,
  runCases,
  runCasesWith,
  serializeGolden,
  simdCheck,
} from "../common/cases.js";

const read = (path) => Deno.readTextFile(new URL(path, import.meta.url));

Deno.test("deno: toolsift resolves to the deno entry", () => {
  const resolved = import.meta.resolve("toolsift");
  if (resolved !== new URL("../../../dist/entry/deno.js", import.meta.url).href) {
    throw new Error(`toolsift resolved to ${resolved}`);
  }
});

Deno.test("deno: has simd128 and runs the packaged SIMD build", () => {
  const check = JSON.stringify(simdCheck(core));
  if (check !== JSON.stringify({ probe: true, simdBuild: 1, dot: 11 })) throw new Error(`simd check: ${check}`);
});

Deno.test("deno: reproduces the golden file byte for byte", async () => {
  await api.init();
  const docs = JSON.parse(await read("../../fixtures/runtime-catalogue.json"));
  const queries = JSON.parse(await read("../../fixtures/runtime-queries.json"));
  const golden = await read("../golden.json");
  const difference = goldenDifference(serializeGolden(runCases(api, docs, queries), docs.length), golden);
  if (difference !== null) throw new Error(difference);
});

// Index artifacts built in Node by test/runtimes/build-artifacts.ts (a vitest globalSetup;
// `npm test` runs vitest before this file). Loaded here with Bm25ToolRanker.load.
async function readArtifacts() {
  const artifacts = new Map();
  for (const config of CONFIGS) {
    const url = new URL(`../../../${ARTIFACT_DIR}/${artifactName(config.name)}`, import.meta.url);
    try {
      artifacts.set(config.name, await Deno.readFile(url));
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
      throw new Error(
        `missing index artifact ${ARTIFACT_DIR}/${artifactName(config.name)}: the artifacts are built in Node by ` +
          "test/runtimes/build-artifacts.ts (vitest globalSetup); run `npm run build && npx vitest run --project node test/runtimes` " +
          "(or `npm test`, which runs vitest before Deno) first",
      );
    }
  }
  return artifacts;
}

Deno.test("deno: loads the artifacts built in Node and reproduces the golden file byte for byte", async () => {
  await api.init();
  const artifacts = await readArtifacts();
  const docs = JSON.parse(await read("../../fixtures/runtime-catalogue.json"));
  const queries = JSON.parse(await read("../../fixtures/runtime-queries.json"));
  const golden = await read("../golden.json");
  let rankers;
  try {
    rankers = loadRankers(api, artifacts);
  } catch (error) {
    if (error?.code === "artifact_build_mismatch") {
      throw new Error(`${error.message}: the artifacts are stale; rerun vitest (test/runtimes/build-artifacts.ts) after \`npm run build\``);
    }
    throw error;
  }
  const difference = goldenDifference(serializeGolden(runCasesWith(rankers, queries), docs.length), golden);
  if (difference !== null) throw new Error(difference);
});

Deno.test("deno: an artifact with one byte flipped is refused with ToolsiftError artifact_checksum", async () => {
  await api.init();
  const artifacts = await readArtifacts();
  for (const config of CONFIGS) {
    const { offset, error } = loadFlipped(api, artifacts.get(config.name));
    if (error === null) throw new Error(`${config.name}: the artifact with byte ${offset} flipped loaded`);
    if (!error.toolsiftError || error.code !== "artifact_checksum") {
      throw new Error(`${config.name}: byte ${offset} flipped: expected ToolsiftError artifact_checksum, got ${JSON.stringify(error)}`);
    }
  }
});
