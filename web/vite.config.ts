import type { IncomingMessage, ServerResponse } from "node:http";
import { readFileSync } from "node:fs";
import { defineConfig, type Plugin } from "vite";

// The playground: bundles the TypeScript sources in ../src and the core built into ../build.
// Everything is served from 127.0.0.1 and nothing is fetched from anywhere else.
const port = Number(process.env.TOOLSIFT_PLAYGROUND_PORT ?? 4317);

// Cross-origin isolation gives performance.now() 5 µs resolution instead of 100 µs.
const headers = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
};

// The first answer needs two files besides the HTML: the core and the index artifact. A small
// classic script in the HTML starts both before the app's modules are even requested: the
// core compiles while it streams in (`compileStreaming`, the server sends application/wasm)
// and the artifact downloads beside it. boot.ts takes the two promises (or fetches itself
// when they are missing, as in the dev server). The built core's name carries a content hash.
// The global web/src/state/boot.ts reads.
const EARLY_START = "__toolsiftEarlyStart";
function earlyStart(): Plugin {
  return {
    name: "toolsift-early-start",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const wasm = Object.values(context.bundle ?? {}).find((file) => file.fileName.endsWith(".wasm"));
        if (wasm === undefined) return [];
        const script = [
          `window.${EARLY_START} = {`,
          `artifact: fetch("./mcp-catalogue.tsi"),`,
          `core: WebAssembly.compileStreaming ? WebAssembly.compileStreaming(fetch(${JSON.stringify(`./${wasm.fileName}`)})) : undefined`,
          `};`,
          // The page reports its own failures (boot.ts): none is "unhandled" here.
          `${EARLY_START}.artifact.catch(function () {}); if (${EARLY_START}.core) ${EARLY_START}.core.catch(function () {});`,
        ].join(" ");
        // The preloads put both files first in the browser's queue (six connections per host),
        // ahead of the modules; the script's own requests then take the preloaded responses.
        const preload = (href: string, type?: string) => ({ tag: "link", attrs: { rel: "preload", href, as: "fetch", ...(type === undefined ? {} : { type }), crossorigin: "anonymous" }, injectTo: "head-prepend" as const });
        return [preload("./mcp-catalogue.tsi"), preload(`./${wasm.fileName}`, "application/wasm"), { tag: "script", children: script, injectTo: "head-prepend" }];
      },
    },
  };
}

// The static server sends an unknown extension with an empty Content-Type, which its
// on-the-fly gzip then treats as text: compressing the 1.9 MB artifact on every load cost
// ~130 ms of the first answer here (a binary index barely compresses). Name its type.
function artifactType(): Plugin {
  const middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    if ((request.url ?? "").split("?")[0]!.endsWith(".tsi")) {
      const setHeader = response.setHeader.bind(response);
      response.setHeader = (name, value) => setHeader(name, name.toLowerCase() === "content-type" && !value ? "application/octet-stream" : value);
    }
    next();
  };
  return {
    name: "toolsift-artifact-type",
    configureServer: (server) => void server.middlewares.use(middleware),
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
  };
}

// The catalogue the page shows: the embedded one, or, with TOOLSIFT_PLAYGROUND_SERVERS set, the
// one scripts/build-playground-index.ts wrote from those servers (with its label).
const fromServers = (process.env.TOOLSIFT_PLAYGROUND_SERVERS ?? "") !== "";
const catalogueFile = new URL(fromServers ? "../build/playground-catalogue.json" : "../data/mcp-catalogue.json", import.meta.url).pathname;
function serversLabel(): string {
  try {
    return readFileSync(new URL("../build/playground-catalogue.label", import.meta.url), "utf8");
  } catch {
    throw new Error("TOOLSIFT_PLAYGROUND_SERVERS is set but build/playground-catalogue.json is not built: run npm run build:web (or npm start) with it set.");
  }
}
const catalogueLabel = fromServers ? serversLabel() : "MCP catalogue";

export default defineConfig({
  plugins: [earlyStart(), artifactType()],
  resolve: { alias: [{ find: /^toolsift-playground-catalogue(?=\?|$)/, replacement: catalogueFile }] },
  define: { __TOOLSIFT_CATALOGUE_LABEL__: JSON.stringify(catalogueLabel), __TOOLSIFT_CATALOGUE_FROM_SERVERS__: JSON.stringify(fromServers) },
  root: import.meta.dirname,
  base: "./",
  server: { host: "127.0.0.1", port, strictPort: true, headers, fs: { allow: [".."] } },
  preview: { host: "127.0.0.1", port, strictPort: true, headers },
  worker: { format: "es" },
  build: {
    target: "es2022",
    outDir: "dist",
    emptyOutDir: true,
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1024,
    // Every module the entry imports statically in one chunk: the first answer waits for the
    // whole static graph, and each extra file is one more request queued behind the others.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: "first", tags: ["$initial"] }] } } },
  },
});
