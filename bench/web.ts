// The playground's first answered query in a browser: navigation start → the frame that
// paints the first result row (`#search-results .hit`) for a query given in the URL, measured
// in the page, each start in a new browser with a fresh profile (empty HTTP and code caches).
// With `--base DIR` (another checkout whose web/dist is built, e.g. a `git worktree` of
// main in /tmp) both builds are served by `vite preview` and started in turn, A B A B …, so
// the shared machine's drift falls on both alike. Reported, not asserted.
//
//   npx tsx bench/web.ts [--base /tmp/main-checkout] [--starts 5] [--query "create a pull request"]
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "playwright";
import { argument } from "./lib/harness.js";

const starts = Number(argument("starts") ?? 5);
const query = argument("query") ?? "create a pull request";
const base = argument("base");
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

async function once(url: string): Promise<number> {
  const profile = mkdtempSync(join(tmpdir(), "toolsift-bench-web-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
    viewport: { width: 1400, height: 1000 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript(PROBE);
    await page.goto(`${url}?q=${encodeURIComponent(query)}`);
    await page.waitForFunction(() => (window as { __firstAnswer?: number }).__firstAnswer !== undefined, undefined, { timeout: 60_000 });
    return await page.evaluate(() => (window as unknown as { __firstAnswer: number }).__firstAnswer);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const builds = [{ name: "this checkout", checkout: root }, ...(base !== undefined ? [{ name: `base (${base})`, checkout: resolve(base) }] : [])];
const servers = await Promise.all(builds.map((build) => serve(build.checkout)));
const samples: number[][] = builds.map(() => []);
try {
  // One warm-up start each (the server's first responses, the OS file cache), not counted.
  for (const server of servers) await once(server.url);
  for (let round = 0; round < starts; round += 1) {
    // Alternate which build goes first, so neither always runs right after the other.
    const order = round % 2 === 0 ? builds.map((_, i) => i) : builds.map((_, i) => i).reverse();
    for (const i of order) samples[i]!.push(await once(servers[i]!.url));
    console.error(`  round ${round + 1}: ${order.map((i) => `${builds[i]!.name} ${samples[i]!.at(-1)!.toFixed(1)} ms`).join(", ")}`);
  }
} finally {
  for (const server of servers) server.child.kill();
}

console.log(`First answered query ("${query}" in the URL), navigation start → first result row painted, fresh profile, median of ${starts}:`);
console.log("");
console.log("| build | median | starts (ms) |");
console.log("|---|---|---|");
builds.forEach((build, i) => console.log(`| ${build.name} | ${median(samples[i]!).toFixed(1)} ms | ${samples[i]!.map((ms) => ms.toFixed(1)).join(", ")} |`));
if (builds.length === 2) console.log(`\nThis checkout / base: ${(median(samples[0]!) / median(samples[1]!)).toFixed(2)}`);
