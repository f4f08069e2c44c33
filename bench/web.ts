// The playground's first answered query in a browser: navigation start → the frame that
// paints the first result row (`#search-results .hit`) for a query given in the URL, measured
// in the page, each start in a new browser with a fresh profile (empty HTTP and code caches).
// With `--base DIR` (another checkout whose web/dist is built, e.g. a `git worktree` of
// main in /tmp) both builds are served by `vite preview` and started in turn, A B A B …, so
// the shared machine's drift falls on both alike. Reported, not asserted.
//
// With `--floor`, four more pages are started in the same rounds, served from memory on
// 127.0.0.1: "empty", the same result row in the HTML (what a fresh browser takes to commit a
// navigation and paint anything); "fetch", which also compiles this checkout's built core with
// `compileStreaming` and fetches the artifact (the same bytes and content types) before it
// adds the row (no page showing a real answer can be faster); "toolsift", the least a page with
// toolsift does (the browser entry bundled alone by Vite, `init` with the compiled core,
// `Bm25ToolRanker.load`, one `rank` of the query, its first hit painted as the row); and this
// checkout's playground from the same files as `vite preview` serves, without its compression.
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

// The floor pages. Each paints the same row; "fetch" and "toolsift" first get the core and the
// artifact the way the playground does (preloaded, the core through compileStreaming).
const HEAD = `<!doctype html><html lang="en"><meta charset="utf-8"><link rel="icon" href="data:,"><title>floor</title>`;
const PRELOADS = `<link rel="preload" href="./artifact.tsi" as="fetch" crossorigin><link rel="preload" href="./core.wasm" as="fetch" type="application/wasm" crossorigin>`;
const EARLY = `{ core: WebAssembly.compileStreaming(fetch("./core.wasm")), artifact: fetch("./artifact.tsi").then((r) => r.arrayBuffer()) }`;
const TOOL = "github__create_pull_request";
const addRow = (text: string) =>
  `const row = document.createElement("div"); row.className = "hit"; row.textContent = ${text}; document.getElementById("search-results").append(row);`;
const FLOOR_PAGES: Record<string, string> = {
  "empty.html": `${HEAD}<body><div id="search-results"><div class="hit">${TOOL}</div></div></body></html>`,
  "fetch.html": `${HEAD}${PRELOADS}<body><div id="search-results"></div><script>const early = ${EARLY}; Promise.all([early.core, early.artifact]).then(() => { ${addRow(JSON.stringify(TOOL))} });</script></body></html>`,
  "toolsift.html": `${HEAD}${PRELOADS}<script>window.__early = ${EARLY};</script><script type="module" src="./toolsift.js"></script><body><div id="search-results"></div></body></html>`,
};

// The "toolsift" page's script, bundled with the browser entry by Vite.
const TOOLSIFT_SCRIPT = `import { init, Bm25ToolRanker } from ${JSON.stringify(join(root, "src", "entry", "browser.ts"))};
const early = window.__early;
await init(early.core);
const ranker = Bm25ToolRanker.load(new Uint8Array(await early.artifact));
const [hit] = ranker.rank(new URLSearchParams(location.search).get("q") ?? "", 10);
${addRow(`hit === undefined ? "no hit" : hit.id`)}
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

const CONTENT_TYPES: Record<string, string> = { html: "text/html", js: "text/javascript", css: "text/css", json: "application/json", wasm: "application/wasm" };

// The floor pages and this checkout's built playground (under /playground/, byte for byte but
// without the preview server's on-the-fly compression), from memory, with the content types
// `vite preview` sends; the floor pages' core and artifact are the playground's.
async function serveFloor(): Promise<{ pages: { name: string; url: string }[]; close: () => void }> {
  const dist = join(root, "web", "dist");
  const files = new Map<string, { type: string; body: Buffer }>();
  for (const name of readdirSync(dist, { recursive: true, encoding: "utf8" })) {
    const path = join(dist, name);
    if (statSync(path).isFile()) files.set(`/playground/${name.split(sep).join("/")}`, { type: CONTENT_TYPES[name.split(".").pop()!] ?? "application/octet-stream", body: readFileSync(path) });
  }
  const core = [...files.keys()].find((path) => path.startsWith("/playground/assets/") && path.endsWith(".wasm"));
  const artifact = files.get("/playground/mcp-catalogue.tsi");
  if (core === undefined || artifact === undefined) throw new Error(`no built playground in ${dist}: run npm run build:web`);
  files.set("/core.wasm", files.get(core)!);
  files.set("/artifact.tsi", artifact);
  files.set("/toolsift.js", { type: CONTENT_TYPES.js!, body: await bundleToolsiftPage() });
  for (const [name, html] of Object.entries(FLOOR_PAGES)) files.set(`/${name}`, { type: CONTENT_TYPES.html!, body: Buffer.from(html) });
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
  const origin = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}`;
  const pages = [
    { name: "floor: empty page", url: `${origin}/empty.html` },
    { name: "floor: fetch and compile", url: `${origin}/fetch.html` },
    { name: "floor: toolsift alone", url: `${origin}/toolsift.html` },
    { name: "this checkout, served from memory", url: `${origin}/playground/index.html` },
  ];
  return { pages, close: () => server.close() };
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
  ...(floor?.pages ?? []),
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
