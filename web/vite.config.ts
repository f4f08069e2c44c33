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

// The core is fetched by the page's script; a preload in the HTML starts that download
// before the script has even been parsed (the built file name carries a content hash).
function preloadWasm(): Plugin {
  return {
    name: "toolsift-preload-wasm",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const wasm = Object.values(context.bundle ?? {}).find((file) => file.fileName.endsWith(".wasm"));
        if (wasm === undefined) return [];
        return [{ tag: "link", attrs: { rel: "preload", href: `./${wasm.fileName}`, as: "fetch", type: "application/wasm", crossorigin: "anonymous" }, injectTo: "head" }];
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
  plugins: [preloadWasm(), artifactType()],
  resolve: { alias: [{ find: /^toolsift-playground-catalogue(?=\?|$)/, replacement: catalogueFile }] },
  define: { __TOOLSIFT_CATALOGUE_LABEL__: JSON.stringify(catalogueLabel) },
  root: import.meta.dirname,
  base: "./",
  server: { host: "127.0.0.1", port, strictPort: true, headers, fs: { allow: [".."] } },
  preview: { host: "127.0.0.1", port, strictPort: true, headers },
  worker: { format: "es" },
  build: { target: "es2022", outDir: "dist", emptyOutDir: true, assetsInlineLimit: 0, chunkSizeWarningLimit: 1024 },
});
