// The Worker under test. Bundled by golden.test.ts exactly as a Workers bundler would: "toolsift"
// resolves with the `workerd` condition, and the .wasm stays a separate CompiledWasm module,
// because workerd refuses to compile bytes.
import * as api from "toolsift";
import catalogueText from "../../fixtures/runtime-catalogue.json?raw";
import { buildRankers, CONFIGS, describeError, loadFlipped, rankCase, runCasesWith, simdCheck } from "../common/cases.js";
// The packaged module again, for the simd128 check (the bundler makes it the same module).
import core from "../../../dist/toolsift.wasm";

let rankers;
// Rankers loaded from artifacts the test sends (POST /load?config=…, the bytes as the body).
const loaded = new Map();

async function bytesCompileRefusal() {
  // The smallest valid module: workerd must refuse it (proves this is a real Workers runtime).
  try {
    await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
    return "allowed";
  } catch (error) {
    return String(error);
  }
}

export default {
  async fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === "/info") {
      return Response.json({
        userAgent: navigator.userAgent,
        initializedBeforeInit: api.isInitialized(),
        compileBytes: await bytesCompileRefusal(),
        simd: simdCheck(core),
      });
    }
    if (url.pathname === "/rank" && request.method === "POST") {
      await api.init();
      rankers ??= buildRankers(api, JSON.parse(catalogueText));
      const { config, query, limit } = await request.json();
      return Response.json(rankCase(rankers, config, query, limit));
    }
    if (url.pathname === "/load" && request.method === "POST") {
      // Loads one config's artifact (built in Node) with Bm25ToolRanker.load; a failed load
      // answers 422 with the error as data.
      await api.init();
      const config = url.searchParams.get("config");
      if (!CONFIGS.some((known) => known.name === config)) return new Response(`unknown config ${config}`, { status: 400 });
      const bytes = new Uint8Array(await request.arrayBuffer());
      try {
        const ranker = api.Bm25ToolRanker.load(bytes);
        loaded.set(config, ranker);
        return Response.json({ config, bytes: bytes.length, documents: ranker.size });
      } catch (error) {
        return Response.json({ config, error: describeError(api, error) }, { status: 422 });
      }
    }
    if (url.pathname === "/load-flipped" && request.method === "POST") {
      // Flips one byte of the artifact sent and loads that: must fail with a typed error.
      await api.init();
      return Response.json(loadFlipped(api, new Uint8Array(await request.arrayBuffer())));
    }
    if (url.pathname === "/loaded-cases" && request.method === "POST") {
      // Every case on the loaded rankers (the queries as the body), through the shared code.
      const missing = CONFIGS.filter((config) => !loaded.has(config.name)).map((config) => config.name);
      if (missing.length > 0) return new Response(`not loaded: ${missing.join(", ")}`, { status: 409 });
      return Response.json(runCasesWith(loaded, await request.json()));
    }
    return new Response("not found", { status: 404 });
  },
};
