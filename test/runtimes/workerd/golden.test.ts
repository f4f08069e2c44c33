// workerd runtime test: the Worker in worker.js is bundled from the built package (dist/, the
// `workerd` export condition) with the .wasm as a CompiledWasm module, run by Miniflare in a
// real workerd process on 127.0.0.1, and asked every case over HTTP (dispatchFetch).
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import { build, type Plugin } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ARTIFACT_DIR,
  artifactName,
  CONFIGS,
  goldenDifference,
  serializeGolden,
  type CaseResult,
  type FlippedLoad,
  type RuntimeQuery,
} from "../common/cases.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const packagedWasm = join(root, "dist/toolsift.wasm");
const WASM_NAME = "toolsift.wasm";

// Keeps the entry's `import wasm from "../toolsift.wasm"` as a module import (what wrangler
// does with *.wasm), after checking it is the packaged file.
function wasmAsModule(seen: string[]): Plugin {
  return {
    name: "toolsift-test:wasm-as-module",
    enforce: "pre",
    async resolveId(source, importer) {
      if (!source.endsWith(".wasm") || importer === undefined) return null;
      seen.push(fileURLToPath(new URL(source, `file://${importer}`)));
      return { id: `./${WASM_NAME}`, external: true };
    },
  };
}

let directory: string;
let miniflare: Miniflare;
const wasmImports: string[] = [];

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "toolsift-workerd-"));
  await build({
    configFile: false,
    root,
    logLevel: "silent",
    resolve: { conditions: ["workerd", "worker", "browser"] },
    plugins: [wasmAsModule(wasmImports)],
    build: {
      outDir: directory,
      emptyOutDir: false,
      minify: false,
      target: "es2022",
      lib: { entry: fileURLToPath(new URL("worker.js", import.meta.url)), formats: ["es"], fileName: () => "worker.js" },
    },
  });
  miniflare = new Miniflare({
    host: "127.0.0.1",
    port: 0,
    compatibilityDate: "2026-04-01",
    modulesRoot: directory,
    modules: [
      { type: "ESModule", path: join(directory, "worker.js") },
      { type: "CompiledWasm", path: join(directory, WASM_NAME), contents: await readFile(packagedWasm) },
    ],
  });
  await miniflare.ready;
}, 180_000);

afterAll(async () => {
  await miniflare?.dispose();
  if (directory) await rm(directory, { recursive: true, force: true });
});

describe("workerd runtime (Miniflare)", () => {
  it("bundles the workerd entry with the packaged .wasm as a module, in a real workerd", async () => {
    // The entry's import and worker.js's own (for the simd128 check), both the packaged file.
    expect(new Set(wasmImports)).toEqual(new Set([packagedWasm]));
    const bundle = await readFile(join(directory, "worker.js"), "utf8");
    expect(bundle).toContain(`from "./${WASM_NAME}"`);
    const info = (await (await miniflare.dispatchFetch("http://127.0.0.1/info")).json()) as Record<string, unknown>;
    expect(info.userAgent).toBe("Cloudflare-Workers");
    expect(info.initializedBeforeInit).toBe(false);
    expect(info.compileBytes).toMatch(/disallowed/i);
    // workerd has simd128 and runs the packaged SIMD build (test/simd.test.ts).
    expect(info.simd).toEqual({ probe: true, simdBuild: 1, dot: 11 });
  });

  it("answers every case over HTTP exactly as the golden file says", async () => {
    const queries = JSON.parse(await readFile(join(root, "test/fixtures/runtime-queries.json"), "utf8")) as RuntimeQuery[];
    const docCount = (JSON.parse(await readFile(join(root, "test/fixtures/runtime-catalogue.json"), "utf8")) as unknown[]).length;
    const results: CaseResult[] = [];
    for (const config of CONFIGS) {
      for (const { query, limit } of queries) {
        const response = await miniflare.dispatchFetch("http://127.0.0.1/rank", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ config: config.name, query, limit }),
        });
        expect(response.status).toBe(200);
        results.push((await response.json()) as CaseResult);
      }
    }
    const golden = await readFile(join(root, "test/runtimes/golden.json"), "utf8");
    expect(goldenDifference(serializeGolden(results, docCount), golden)).toBeNull();
  });

  // Index artifacts built in Node (test/runtimes/build-artifacts.ts, the vitest globalSetup):
  // each is POSTed to the worker, which loads it with Bm25ToolRanker.load and answers from it.
  it("loads the artifacts built in Node and answers every case exactly as the golden file says", async () => {
    for (const config of CONFIGS) {
      const bytes = await readFile(join(root, ARTIFACT_DIR, artifactName(config.name)));
      const response = await miniflare.dispatchFetch(`http://127.0.0.1/load?config=${encodeURIComponent(config.name)}`, {
        method: "POST",
        headers: { "content-type": "application/octet-stream" },
        body: new Uint8Array(bytes),
      });
      const answer = (await response.json()) as Record<string, unknown>;
      expect(answer, config.name).toMatchObject({ config: config.name, bytes: bytes.length });
      expect(response.status).toBe(200);
    }
    const queries = JSON.parse(await readFile(join(root, "test/fixtures/runtime-queries.json"), "utf8")) as RuntimeQuery[];
    const docCount = (JSON.parse(await readFile(join(root, "test/fixtures/runtime-catalogue.json"), "utf8")) as unknown[]).length;
    const response = await miniflare.dispatchFetch("http://127.0.0.1/loaded-cases", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(queries),
    });
    expect(response.status).toBe(200);
    const results = (await response.json()) as CaseResult[];
    const golden = await readFile(join(root, "test/runtimes/golden.json"), "utf8");
    expect(goldenDifference(serializeGolden(results, docCount), golden)).toBeNull();
  });

  it("refuses an artifact with one byte flipped with ToolsiftError artifact_checksum", async () => {
    for (const config of CONFIGS) {
      const bytes = await readFile(join(root, ARTIFACT_DIR, artifactName(config.name)));
      const response = await miniflare.dispatchFetch("http://127.0.0.1/load-flipped", {
        method: "POST",
        headers: { "content-type": "application/octet-stream" },
        body: new Uint8Array(bytes),
      });
      const { error } = (await response.json()) as FlippedLoad;
      expect(error, config.name).toMatchObject({ toolsiftError: true, name: "ToolsiftError", code: "artifact_checksum" });
    }
  });
});
