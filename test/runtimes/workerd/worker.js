// The Worker under test. Bundled by golden.test.ts exactly as a Workers bundler would: "toolsift"
// resolves with the `workerd` condition, and the .wasm stays a separate CompiledWasm module,
// because workerd refuses to compile bytes.
import * as api from "toolsift";
import catalogueText from "../../fixtures/runtime-catalogue.json?raw";
import { buildRankers, rankCase } from "../shared/cases.js";

let rankers;

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
      });
    }
    if (url.pathname === "/rank" && request.method === "POST") {
      await api.init();
      rankers ??= buildRankers(api, JSON.parse(catalogueText));
      const { config, query, limit } = await request.json();
      return Response.json(rankCase(rankers, config, query, limit));
    }
    return new Response("not found", { status: 404 });
  },
};
