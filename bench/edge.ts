// The edge benchmark (not a test): a Worker that searches a prebuilt index, run in workerd by
// Miniflare on 127.0.0.1, at 2,464 tools (the MCP catalogue) and 100,000 (replicated), with
// the index shipped as a Data module (in the bundle) and as a Static Asset (fetched once per
// isolate). Against the free plan's limits: 1 s startup, 10 ms CPU per request, 128 MB.
//
//   npx tsx bench/edge.ts [--sizes 2464,100000] [--requests 200] [--starts 5]
//
// workerd freezes clocks inside a request, so times are taken from Node and a Worker that
// answers without toolsift is the baseline subtracted: startup = ready(toolsift) −
// ready(baseline); CPU per request ≈ wall(toolsift) − wall(baseline) per request (no I/O
// on the search path, one thread). Memory is the workerd process's RSS over the baseline's.
// Writes bench/edge.json and bench/edge.md.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build as esbuild } from "esbuild";
import { Miniflare } from "miniflare";
import { build as vite } from "vite";
import { Bm25ToolRanker, init } from "../dist/entry/node.js";
import { loadCatalogue, replicateCatalogue } from "./lib/datasets.js";
import { argument, markdownTable, percentile, runEnvironment } from "./lib/harness.js";

const repoRoot = path.resolve(import.meta.dirname, "..");
const sizes = (argument("sizes") ?? "2464,100000").split(",").map(Number);
const requests = Number(argument("requests") ?? 200);
const starts = Number(argument("starts") ?? 5);
const BATCH_QUERIES = 500;
const MAX_ASSET_BYTES = 25 * 2 ** 20;
const LIMITS = { startupMs: 1000, cpuMs: 10, memoryMb: 128 };

// POST /batch runs every query of its body in one request: its wall time over the baseline's,
// divided by the queries, is the CPU of one search without the dispatch noise of a request.
const BATCH = 'if (request.method === "POST") { let hits = 0; for (const q of await request.json()) hits += ranker.rank(q, 10).length; return Response.json({ hits }); }';
const WORKERS = {
  baseline: 'export default { async fetch(request) { if (request.method === "POST") { await request.json(); return Response.json({ hits: 0 }); } return Response.json({ hits: [] }); } };',
  data:
    'import { Bm25ToolRanker, init } from "toolsift";\nimport index from "./index.tsi";\n' +
    "await init();\nconst ranker = Bm25ToolRanker.load(index);\n" +
    `export default { async fetch(request) { ${BATCH} const q = new URL(request.url).searchParams.get("q") ?? ""; return Response.json({ hits: ranker.rank(q, 10) }); } };`,
  // The same Data module, imported and never loaded: what shipping the bytes costs by itself.
  bytes:
    'import index from "./index.tsi";\n' +
    'export default { async fetch(request) { if (request.method === "POST") await request.json(); return Response.json({ hits: index.byteLength }); } };',
  asset:
    'import { Bm25ToolRanker, init } from "toolsift";\nlet ranker;\n' +
    "export default { async fetch(request, env) {\n" +
    '  if (ranker === undefined) { await init(); ranker = Bm25ToolRanker.load(await (await env.ASSETS.fetch("http://assets/index.tsi")).arrayBuffer()); }\n' +
      `  ${BATCH} const q = new URL(request.url).searchParams.get("q") ?? ""; return Response.json({ hits: ranker.rank(q, 10) }); } };`,
} as const;
type Variant = keyof typeof WORKERS;

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
const gzipped = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;

async function bundle(directory: string, variant: Variant): Promise<{ script: string; bytes: number; gzip: number }> {
  const source = path.join(directory, `${variant}.src.js`);
  writeFileSync(source, WORKERS[variant]);
  const outdir = path.join(directory, variant);
  const result = await esbuild({
    entryPoints: [source],
    bundle: true,
    format: "esm",
    minify: true,
    outdir,
    conditions: ["workerd", "worker", "browser"],
    loader: { ".wasm": "copy", ".tsi": "copy" },
    nodePaths: [path.join(directory, "node_modules")],
    metafile: true,
    logLevel: "silent",
  });
  let bytes = 0;
  let gzip = 0;
  for (const file of Object.keys(result.metafile.outputs)) {
    const content = readFileSync(path.resolve(file));
    bytes += content.length;
    gzip += gzipped(content);
  }
  return { script: path.join(outdir, `${variant}.src.js`), bytes, gzip };
}

function workerdRss(): number {
  const lines = execFileSync("ps", ["-o", "rss=,comm=", "--ppid", String(process.pid)], { encoding: "utf8" }).trim().split("\n");
  return lines.filter((line) => line.includes("workerd")).reduce((sum, line) => sum + Number(line.trim().split(/\s+/u)[0]) * 1024, 0);
}

interface Run {
  readyMs: number;
  firstMs: number;
  requestMs: number[];
  rssBytes: number;
  batchMs: number[];
}

const runtimeErrors: string[] = [];

async function run(script: string, assets: string | undefined, queries: readonly string[]): Promise<Run> {
  const started = performance.now();
  const miniflare = new Miniflare({
    host: "127.0.0.1",
    port: 0,
    compatibilityDate: "2026-04-01",
    modules: true,
    scriptPath: script,
    modulesRoot: path.dirname(script),
    modulesRules: [
      { type: "CompiledWasm", include: ["**/*.wasm"] },
      { type: "Data", include: ["**/*.tsi"] },
    ],
    handleRuntimeStdio: (stdout: NodeJS.ReadableStream, stderr: NodeJS.ReadableStream) => {
      stdout.resume();
      stderr.on("data", (chunk: Buffer) => runtimeErrors.push(String(chunk)));
    },
    ...(assets === undefined ? {} : { assets: { directory: assets, binding: "ASSETS" } }),
  });
  await miniflare.ready.catch((error: unknown) => {
    throw new Error(`workerd did not start: ${runtimeErrors.join("")}`, { cause: error });
  });
  const readyMs = performance.now() - started;
  const ask = async (query: string) => {
    const response = await miniflare.dispatchFetch(`http://127.0.0.1/search?q=${encodeURIComponent(query)}`);
    await response.arrayBuffer();
  };
  const firstStarted = performance.now();
  await ask(queries[0]!);
  const firstMs = performance.now() - firstStarted;
  const requestMs: number[] = [];
  for (let index = 0; index < requests; index++) {
    const at = performance.now();
    await ask(queries[index % queries.length]!);
    requestMs.push(performance.now() - at);
  }
  const batchMs: number[] = [];
  const body = JSON.stringify(Array.from({ length: BATCH_QUERIES }, (_, index) => queries[index % queries.length]));
  for (let round = 0; round < 5; round++) {
    const at = performance.now();
    const text = await (await miniflare.dispatchFetch("http://127.0.0.1/batch", { method: "POST", body })).text();
    let answer: { hits?: unknown } = {};
    try {
      answer = JSON.parse(text) as { hits?: unknown };
    } catch {
      // not the Worker's answer: left a NaN below
    }
    // A batch that did not reach the Worker's search (an asset router answering first) is no measurement.
    batchMs.push(typeof answer.hits === "number" ? performance.now() - at : Number.NaN);
  }
  const rssBytes = workerdRss();
  await miniflare.dispose();
  return { readyMs, firstMs, requestMs, rssBytes, batchMs };
}

async function viteConsumer(): Promise<number> {
  const outDir = mkdtempSync(path.join(tmpdir(), "toolsift-edge-vite-"));
  try {
    await vite({
      configFile: false,
      root: repoRoot,
      logLevel: "silent",
      build: { outDir, minify: true, modulePreload: false, copyPublicDir: false, rollupOptions: { input: path.join(repoRoot, "dist/entry/browser.js"), preserveEntrySignatures: "strict" } },
    });
    let total = 0;
    for (const file of execFileSync("find", [outDir, "-type", "f", "(", "-name", "*.js", "-o", "-name", "*.wasm", ")"], { encoding: "utf8" }).trim().split("\n")) {
      total += gzipped(readFileSync(file));
    }
    return total;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

const loaded = loadCatalogue("mcp-catalogue");
if (!loaded.ok) {
  console.error(loaded.reason);
  process.exit(0);
}
const mcp = loaded;
await init();
const queries = (JSON.parse(readFileSync(path.join(repoRoot, "test/fixtures/runtime-queries.json"), "utf8")) as { query: string }[])
  .map(({ query }) => query)
  .filter((query) => !/[\ud800-\udfff]/u.test(query));
const loadBefore = (await import("node:os")).loadavg();
const rows: Record<string, unknown>[] = [];
const directory = mkdtempSync(path.join(tmpdir(), "toolsift-edge-"));
execFileSync("mkdir", ["-p", path.join(directory, "node_modules")]);
execFileSync("ln", ["-s", repoRoot, path.join(directory, "node_modules/toolsift")]);
try {
  const baselineBundle = await bundle(directory, "baseline");
  const baseline: Run[] = [];
  for (let start = 0; start < starts; start++) baseline.push(await run(baselineBundle.script, undefined, queries));
  const baseReady = median(baseline.map((item) => item.readyMs));
  const baseRequest = median(baseline.flatMap((item) => item.requestMs));
  const baseRss = median(baseline.map((item) => item.rssBytes));
  const baseBatch = median(baseline.flatMap((item) => item.batchMs));
  for (const size of sizes) {
    const docs = size === mcp.value.length ? mcp.value : replicateCatalogue(mcp.value, size);
    const index = new Bm25ToolRanker(docs).serialize();
    writeFileSync(path.join(directory, "index.tsi"), index);
    const assets = path.join(directory, `assets-${size}`);
    execFileSync("mkdir", ["-p", assets]);
    writeFileSync(path.join(assets, "index.tsi"), index);
    for (const variant of ["bytes", "data", "asset"] as const) {
      const built = await bundle(directory, variant);
      const label = { bytes: "Data module, not loaded", data: "Data module", asset: "Static Asset" }[variant];
      // Workers refuse a Static Asset over 25 MiB; the row says so instead of a number.
      if (variant === "asset" && index.length > MAX_ASSET_BYTES) {
        rows.push({ tools: size, index: label, indexBytes: index.length, refused: `one asset is at most 25 MiB; the index is ${(index.length / 2 ** 20).toFixed(1)} MiB` });
        continue;
      }
      const runs: Run[] = [];
      for (let start = 0; start < starts; start++) runs.push(await run(built.script, variant === "asset" ? assets : undefined, queries));
      const perRequest = runs.flatMap((item) => item.requestMs).sort((a, b) => a - b);
      const batches = runs.flatMap((item) => item.batchMs);
      const row = {
        tools: size,
        index: label,
        indexBytes: index.length,
        uploadBytes: built.bytes,
        uploadGzip: built.gzip,
        startupMs: median(runs.map((item) => item.readyMs)) - baseReady,
        firstRequestMs: median(runs.map((item) => item.firstMs)),
        searchCpuMs: variant === "bytes" || batches.some(Number.isNaN) ? undefined : (median(batches) - baseBatch) / BATCH_QUERIES,
        requestP50Ms: percentile(perRequest, 50),
        requestP95Ms: percentile(perRequest, 95),
        memoryMb: (median(runs.map((item) => item.rssBytes)) - baseRss) / 2 ** 20,
      };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  }
  const searchWorker = rows.find((row) => row.tools === sizes[0] && row.index === "Data module");
  const vite = await viteConsumer();
  const wasmGzip = gzipped(readFileSync(path.join(repoRoot, "dist/toolsift.wasm")));
  const result = {
    environment: runEnvironment(loadBefore),
    limits: LIMITS,
    baseline: { readyMs: baseReady, requestMs: baseRequest, batchMs: baseBatch, rssMb: baseRss / 2 ** 20 },
    rows,
    bundles: { viteBrowserGzip: vite, workerSearchGzip: Number(searchWorker?.uploadGzip ?? 0) - gzipped(index0()), wasmGzip },
  };
  writeFileSync(path.join(repoRoot, "bench/edge.json"), `${JSON.stringify(result, null, 2)}\n`);
  const fixed = (value: unknown, digits = 1) => (typeof value === "number" ? value.toFixed(digits) : String(value));
  const table = markdownTable(
    ["tools", "index shipped as", "upload (gzip)", "startup ms (limit 1000)", "first request ms", "CPU per search ms (limit 10)", "request wall p50 / p95 ms", "memory MB (limit 128)"],
    rows.map((row) => row.refused !== undefined ? [String(row.tools), String(row.index), `refused: ${String(row.refused)}`, "", "", "", "", ""] : [
      String(row.tools),
      String(row.index),
      `${fixed(Number(row.uploadBytes) / 1024, 0)} KiB (${fixed(Number(row.uploadGzip) / 1024, 0)} KiB)`,
      fixed(row.startupMs),
      fixed(row.firstRequestMs),
      row.searchCpuMs === undefined ? "–" : fixed(row.searchCpuMs, 3),
      `${fixed(row.requestP50Ms)} / ${fixed(row.requestP95Ms)}`,
      fixed(row.memoryMb),
    ]),
  );
  writeFileSync(
    path.join(repoRoot, "bench/edge.md"),
    `# The edge benchmark\n\n\`npx tsx bench/edge.ts\` (${result.environment.node ?? ""}); workerd ${"1.20260426.1"} under Miniflare on 127.0.0.1, ` +
      `${starts} cold starts and ${requests} requests per row, medians; baseline Worker (no toolsift): ready ${fixed(baseReady)} ms, ` +
      `${fixed(baseRequest, 2)} ms per request, RSS ${fixed(baseRss / 2 ** 20)} MB, subtracted. CPU per search: one request running ${BATCH_QUERIES} ` +
      `searches, over the baseline's, divided by ${BATCH_QUERIES}. Request wall times include Miniflare's dispatch from Node.\n\n${table}\n\n` +
      `Bundles, gzipped: the Vite consumer's browser bundle ${vite} B (JS + wasm); the search-only Worker's upload without its index ` +
      `${result.bundles.workerSearchGzip} B (wasm ${wasmGzip} B).\n`,
  );

  function index0(): Uint8Array {
    const docsFirst = sizes[0] === mcp.value.length ? mcp.value : replicateCatalogue(mcp.value, sizes[0]!);
    return new Bm25ToolRanker(docsFirst).serialize();
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}
