// The playground's first answered query in a browser: navigation start → the frame that
// paints the first result row (`#search-results .hit`) for a query given in the URL, measured
// in the page, each start in a new browser with a fresh profile (empty HTTP and code caches).
// With `--base DIR` (another checkout whose web/dist is built, e.g. a `git worktree` of
// main in /tmp) both builds are served by `vite preview` and started in turn, A B A B …, so
// the shared machine's drift falls on both alike. Reported, not asserted.
//
// With `--floor`, two pages without toolsift are started in the same rounds, served from
// memory on 127.0.0.1: "empty", the same result row in the HTML (what a fresh browser
// takes to commit a navigation and paint anything), and "fetch", which also compiles this
// checkout's built core with `compileStreaming` and fetches the artifact (the same bytes
// and content types) before it adds the row. No page showing a real answer can be faster
// than the second, so the playground's distance from it is what the page itself costs. A third,
// "toolsift", adds the least a page with toolsift does: the browser entry bundled alone (by
// Vite, into one script), `init` with the compiled core, `Bm25ToolRanker.load`, one `rank`
// of the query, and its first hit painted as the row.
//
// The wall clock of a loaded 2-core machine mostly measures the other jobs: each start also
// records a Chromium trace and reports the CPU time the page's main thread spent from
// navigation start to that frame (its tasks' thread time), which the load moves far less.
//
//   npx tsx bench/web.ts [--base /tmp/main-checkout] [--floor] [--starts 5] [--query "create a pull request"]
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve, sep } from "node:path";
import { chromium } from "playwright";
import { argument } from "./lib/harness.js";

const starts = Number(argument("starts") ?? 5);
const query = argument("query") ?? "create a pull request";
const base = argument("base");
const withFloor = argument("floor") !== undefined;
const root = resolve(import.meta.dirname, "..");

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => done(typeof address === "object" && address !== null ? address.port : 0));
    });
  });
}

async function serve(checkout: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // Vite's own script, not `npx`: killing npx leaves the server it started running.
  const vite = join(checkout, "node_modules", "vite", "bin", "vite.js");
  const child = spawn(process.execPath, [vite, "preview", "web", "--port", String(port), "--strictPort"], { cwd: checkout, stdio: "ignore" });
  const url = `http://127.0.0.1:${port}/`;
  for (let tries = 0; tries < 200; tries += 1) {
    try {
      if ((await fetch(url)).ok) return { url, child };
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  child.kill();
  throw new Error(`vite preview in ${checkout} did not answer on ${url}`);
}

const ROW = `<div id="search-results"><div class="hit">github__create_pull_request</div></div>`;
const TOOLSIFT_PAGE = [
  `<!doctype html><html lang="en"><meta charset="utf-8"><link rel="icon" href="data:,"><title>floor</title>`,
  `<link rel="preload" href="./artifact.tsi" as="fetch" crossorigin><link rel="preload" href="./core.wasm" as="fetch" type="application/wasm" crossorigin>`,
  `<script>window.__early = { core: WebAssembly.compileStreaming(fetch("./core.wasm")), artifact: fetch("./artifact.tsi").then((r) => r.arrayBuffer()) };</script>`,
  `<script type="module" src="./toolsift.js"></script><body><div id="search-results"></div></body></html>`,
].join("");

// The "toolsift" page's script, bundled with the browser entry by Vite.
const TOOLSIFT_SCRIPT = `import { init, Bm25ToolRanker } from ${JSON.stringify(join(root, "src", "entry", "browser.ts"))};
const early = window.__early;
await init(early.core);
const ranker = Bm25ToolRanker.load(new Uint8Array(await early.artifact));
const [hit] = ranker.rank(new URLSearchParams(location.search).get("q") ?? "", 10);
const row = document.createElement("div");
row.className = "hit";
row.textContent = hit === undefined ? "no hit" : hit.id;
document.getElementById("search-results").append(row);
`;

async function bundleToolsiftPage(): Promise<Buffer> {
  const { build } = await import("vite");
  const folder = mkdtempSync(join(tmpdir(), "toolsift-bench-floor-"));
  try {
    const entry = join(folder, "page.ts");
    writeFileSync(entry, TOOLSIFT_SCRIPT);
    await build({
      configFile: false,
      logLevel: "error",
      root: folder,
      build: { outDir: join(folder, "out"), minify: true, lib: { entry, formats: ["es"], fileName: () => "toolsift.js" } },
    });
    return readFileSync(join(folder, "out", "toolsift.js"));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const FLOOR_PAGES = {
  "empty.html": `<!doctype html><html lang="en"><meta charset="utf-8"><link rel="icon" href="data:,"><title>floor</title><body>${ROW}</body></html>`,
  "fetch.html": [
    `<!doctype html><html lang="en"><meta charset="utf-8"><link rel="icon" href="data:,"><title>floor</title>`,
    `<link rel="preload" href="./artifact.tsi" as="fetch" crossorigin><link rel="preload" href="./core.wasm" as="fetch" type="application/wasm" crossorigin>`,
    `<body><div id="search-results"></div><script>`,
    `Promise.all([WebAssembly.compileStreaming(fetch("./core.wasm")), fetch("./artifact.tsi").then((r) => r.arrayBuffer())]).then(() => {`,
    `const row = document.createElement("div"); row.className = "hit"; row.textContent = "github__create_pull_request";`,
    `document.getElementById("search-results").append(row); });</script></body></html>`,
  ].join(""),
};

// The floor pages, the built core and the artifact, from memory, with the content types
// `vite preview` sends for them.
async function serveFloor(): Promise<{ urls: { empty: string; fetch: string; toolsift: string; playground: string }; close: () => void }> {
  const assets = join(root, "web", "dist", "assets");
  const wasm = readdirSync(assets).find((name) => name.endsWith(".wasm"));
  if (wasm === undefined) throw new Error(`no built core in ${assets}: run npm run build:web`);
  const files = new Map<string, { type: string; body: Buffer }>([
    ["/empty.html", { type: "text/html", body: Buffer.from(FLOOR_PAGES["empty.html"]) }],
    ["/fetch.html", { type: "text/html", body: Buffer.from(FLOOR_PAGES["fetch.html"]) }],
    ["/core.wasm", { type: "application/wasm", body: readFileSync(join(assets, wasm)) }],
    ["/toolsift.html", { type: "text/html", body: Buffer.from(TOOLSIFT_PAGE) }],
    ["/toolsift.js", { type: "text/javascript", body: await bundleToolsiftPage() }],
    ["/artifact.tsi", { type: "application/octet-stream", body: readFileSync(join(root, "web", "dist", "mcp-catalogue.tsi")) }],
  ]);
  // This checkout's built playground too, byte for byte, without the preview server's
  // on-the-fly compression: what the server costs the page.
  const types: Record<string, string> = { html: "text/html", js: "text/javascript", css: "text/css", json: "application/json", wasm: "application/wasm" };
  const dist = join(root, "web", "dist");
  for (const name of readdirSync(dist, { recursive: true, encoding: "utf8" })) {
    const path = join(dist, name);
    if (!statSync(path).isFile()) continue;
    files.set(`/playground/${name.split(sep).join("/")}`, { type: types[name.split(".").pop()!] ?? "application/octet-stream", body: readFileSync(path) });
  }
  const server = createHttpServer((request, response) => {
    const file = files.get(new URL(request.url ?? "/", "http://127.0.0.1").pathname);
    if (file === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "Content-Type": file.type, "Content-Length": file.body.length, "Cache-Control": "no-cache" }).end(file.body);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return { urls: { empty: `http://127.0.0.1:${port}/empty.html`, fetch: `http://127.0.0.1:${port}/fetch.html`, toolsift: `http://127.0.0.1:${port}/toolsift.html`, playground: `http://127.0.0.1:${port}/playground/index.html` }, close: () => server.close() };
}

// Runs before the page's own scripts: watch for the first hit, then wait for the frame that
// paints it (the message posted from the frame callback runs after that frame is produced).
const PROBE = `(() => {
  const seen = () => document.querySelector("#search-results .hit") !== null;
  const done = () => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { window.__firstAnswer = performance.now(); };
    channel.port2.postMessage(0);
  });
  const observer = new MutationObserver(() => { if (seen()) { observer.disconnect(); done(); } });
  observer.observe(document, { childList: true, subtree: true });
})();`;

interface TraceEvent {
  readonly ph: string;
  readonly name: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { data?: { documentLoaderURL?: string; isLoadingMainFrame?: boolean } };
}

// CPU time (ms) of the main thread of the renderer that loaded `url`, from its navigation
// start to `until` ms after it: the thread time of its top-level tasks. NaN when the trace
// missed that navigation's start (it happens on a loaded machine); the medians skip it.
function mainThreadCpu(events: readonly TraceEvent[], url: string, until: number): number {
  const start = events.find((event) => event.name === "navigationStart" && event.args?.data?.isLoadingMainFrame === true && (event.args.data.documentLoaderURL ?? "").startsWith(url));
  if (start === undefined) return Number.NaN;
  const end = start.ts + until * 1000;
  const tasks = events
    .filter((event) => event.pid === start.pid && event.tid === start.tid && event.ph === "X" && event.tdur !== undefined && event.ts >= start.ts && event.ts < end)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  let cpu = 0;
  let covered = -Infinity;
  for (const task of tasks) {
    if (task.ts < covered) continue; // nested in the task before
    cpu += task.tdur!;
    covered = task.ts + (task.dur ?? 0);
  }
  return cpu / 1000;
}

async function once(url: string): Promise<{ wall: number; cpu: number }> {
  const profile = mkdtempSync(join(tmpdir(), "toolsift-bench-web-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
    viewport: { width: 1400, height: 1000 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript(PROBE);
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const complete = new Promise<void>((done) => cdp.once("Tracing.tracingComplete", () => done()));
    await cdp.send("Tracing.start", { transferMode: "ReportEvents", traceConfig: { includedCategories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "loading", "v8.execute"] } });
    await page.goto(`${url}?q=${encodeURIComponent(query)}`);
    await page.waitForFunction(() => (window as { __firstAnswer?: number }).__firstAnswer !== undefined, undefined, { timeout: 60_000 });
    const wall = await page.evaluate(() => (window as unknown as { __firstAnswer: number }).__firstAnswer);
    await cdp.send("Tracing.end");
    await complete;
    return { wall, cpu: mainThreadCpu(events, url, wall) };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const builds = [{ name: "this checkout", checkout: root }, ...(base !== undefined ? [{ name: `base (${base})`, checkout: resolve(base) }] : [])];
const servers = await Promise.all(builds.map((build) => serve(build.checkout)));
const floor = withFloor ? await serveFloor() : undefined;
const pages = [
  ...builds.map((build, i) => ({ name: build.name, url: servers[i]!.url })),
  ...(floor !== undefined ? [{ name: "floor: empty page", url: floor.urls.empty }, { name: "floor: fetch and compile", url: floor.urls.fetch }, { name: "floor: toolsift alone", url: floor.urls.toolsift }, { name: "this checkout, served from memory", url: floor.urls.playground }] : []),
];
const samples: number[][] = pages.map(() => []);
const cpuSamples: number[][] = pages.map(() => []);
try {
  // One warm-up start each (the server's first responses, the OS file cache), not counted.
  for (const page of pages) await once(page.url);
  for (let round = 0; round < starts; round += 1) {
    // Alternate which page goes first, so none always runs right after another.
    const order = round % 2 === 0 ? pages.map((_, i) => i) : pages.map((_, i) => i).reverse();
    for (const i of order) {
      const { wall, cpu } = await once(pages[i]!.url);
      samples[i]!.push(wall);
      cpuSamples[i]!.push(cpu);
    }
    console.error(`  round ${round + 1}: ${order.map((i) => `${pages[i]!.name} ${samples[i]!.at(-1)!.toFixed(1)} ms (main thread CPU ${cpuSamples[i]!.at(-1)!.toFixed(1)} ms)`).join(", ")}`);
  }
} finally {
  for (const server of servers) server.child.kill();
  floor?.close();
}

console.log(`First answered query ("${query}" in the URL), navigation start → first result row painted, fresh profile, median of ${starts}:`);
console.log("");
console.log("| build | median | starts (ms) | main-thread CPU, median | starts (ms) |");
console.log("|---|---|---|---|---|");
const list = (values: number[]) => values.map((ms) => ms.toFixed(1)).join(", ");
pages.forEach((page, i) => console.log(`| ${page.name} | ${median(samples[i]!).toFixed(1)} ms | ${list(samples[i]!)} | ${median(cpuSamples[i]!).toFixed(1)} ms | ${list(cpuSamples[i]!)} |`));
if (builds.length === 2) {
  console.log(`\nThis checkout / base: ${(median(samples[0]!) / median(samples[1]!)).toFixed(2)} (wall), ${(median(cpuSamples[0]!) / median(cpuSamples[1]!)).toFixed(2)} (main-thread CPU)`);
}
