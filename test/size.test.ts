// Size budgets and package hygiene: importing does nothing, and `import("toolsift")` inside the
// repository is the built package. The budgets keep the package small enough to ship to a
// browser or an edge worker with the rest of an application.
//
// What each budget measures, its history and when to raise one: docs/performance.md, "Size budgets".
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { afterEach, describe, expect, it, vi } from "vitest";

const WASM_GZIP_BUDGET = 17_664;
const PACKAGE_GZIP_BUDGET = 76_160;
// "toolsift/learn" (the learner, the trust policy it reads catalogues with, the stopwords):
// 9,094 B gzipped on 2026-12-01; budget 11,264 B (11 KiB, +24%).
const LEARN_GZIP_BUDGET = 11_264;
// "toolsift/hints/mcp": the decoder and the packed words of every tool's hints. 2026-12-01 with
// all 89 servers (2,464 tools, every term kept, docs/tuning.md): 194,865 B. Budget 224 KiB
// (+18%); the entry is optional and loaded only by hosts that want it. Leaving out the terms
// more than 2% of tools share would make it 127 KB, at 2–6 points of dev nDCG@10.
const MCP_HINTS_GZIP_BUDGET = 229_376;
// "toolsift/hints" (the hint writer, its file, the completers, the trust policy it reads
// catalogues with): 11,203 B gzipped on 2026-12-02; budget 14 KiB (+28%).
const HINT_WRITER_GZIP_BUDGET = 14_336;
const ADAPTER_GZIP_BUDGETS = { anthropic: 2_560, openai: 2_560, "ai-sdk": 1_536, langchain: 2_048 } as const;
// The SDKs an adapter imports (types, or a few functions): the application's, not the entry's.
const ADAPTER_PEERS = [/^@anthropic-ai\/sdk/, /^openai(\/|$)/, /^@openai\//, /^ai$/, /^@ai-sdk\//, /^langchain(\/|$)/, /^@langchain\//, /^zod(\/|$)/];
const WORKER_SEARCH_GZIP_BUDGET = 53_376;
const JOURNAL_STORES_GZIP_BUDGET = 4_096;

const root = fileURLToPath(new URL("../", import.meta.url));
const gzipped = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;

/** Bundles `entry` (dist/entry/browser.js) as an application would ship it; gzipped JS bytes and files. */
async function bundledBrowserEntry(entry = "dist/entry/browser.js", external: RegExp[] = []): Promise<{ js: number; text: string; files: string[]; wasmAssets: string[] }> {
  const outDir = await mkdtemp(join(tmpdir(), "toolsift-size-"));
  try {
    await build({
      configFile: false,
      root,
      logLevel: "silent",
      build: {
        outDir,
        emptyOutDir: true,
        minify: true,
        modulePreload: false,
        copyPublicDir: false,
        // App mode (not lib mode): lib mode would inline the .wasm into the JS as base64.
        rollupOptions: { input: join(root, entry), external, preserveEntrySignatures: "strict" },
      },
    });
    const files = (await readdir(outDir, { recursive: true })).map(String);
    let js = 0;
    let text = "";
    for (const file of files.filter((name) => name.endsWith(".js"))) {
      const bytes = await readFile(join(outDir, file));
      js += gzipped(bytes);
      text += bytes.toString("utf8");
    }
    return { js, text, files, wasmAssets: files.filter((name) => name.endsWith(".wasm")) };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

describe("size budgets", () => {
  it(`gzipped dist/toolsift.wasm stays under ${WASM_GZIP_BUDGET} B`, async () => {
    const wasm = await readFile(join(root, "dist/toolsift.wasm"));
    expect(WebAssembly.validate(wasm)).toBe(true);
    expect(gzipped(wasm)).toBeLessThan(WASM_GZIP_BUDGET);
  });

  it(`gzipped browser bundle (JS + wasm) stays under ${PACKAGE_GZIP_BUDGET} B`, async () => {
    const wasm = gzipped(await readFile(join(root, "dist/toolsift.wasm")));
    const bundle = await bundledBrowserEntry();
    // The wasm must be a separate asset, not inlined into the JS (or the JS number lies).
    expect(bundle.wasmAssets).toHaveLength(1);
    expect(bundle.js).toBeGreaterThan(1_000);
    expect(bundle.js + wasm).toBeLessThan(PACKAGE_GZIP_BUDGET);
    // The skill engine ("toolsift/skills") is left out: its refusal texts and SHA-256 are not in it.
    expect(bundle.text).not.toContain("changed since this run first delivered them");
    expect(bundle.text).not.toContain("skill_limit_reached");
    // Nor learning ("toolsift/learn") nor the MCP hints ("toolsift/hints/mcp").
    expect(bundle.text).not.toContain("learnHints: ");
    expect(bundle.text).not.toContain("mcpHints: field");
    // Nor the hint writer ("toolsift/hints").
    expect(bundle.text).not.toContain("writeHints: ");
  }, 120_000);

  it(`gzipped "toolsift/hints" stays under ${HINT_WRITER_GZIP_BUDGET} B and carries no core`, async () => {
    const bundle = await bundledBrowserEntry("dist/hints/index.js");
    expect(bundle.text).toContain("writeHints: ");
    expect(bundle.wasmAssets).toHaveLength(0);
    expect(bundle.text).not.toContain("toolsift.wasm");
    expect(bundle.js).toBeLessThan(HINT_WRITER_GZIP_BUDGET);
  }, 120_000);

  it(`gzipped "toolsift/learn" stays under ${LEARN_GZIP_BUDGET} B`, async () => {
    const bundle = await bundledBrowserEntry("dist/learn/index.js");
    expect(bundle.text).toContain("learnHints: ");
    expect(bundle.js).toBeLessThan(LEARN_GZIP_BUDGET);
  }, 120_000);

  it(`gzipped "toolsift/hints/mcp" stays under ${MCP_HINTS_GZIP_BUDGET} B`, async () => {
    const bundle = await bundledBrowserEntry("dist/hints/mcp.js");
    expect(bundle.text).toContain("mcpHints: field");
    expect(bundle.js).toBeLessThan(MCP_HINTS_GZIP_BUDGET);
  }, 120_000);
});

describe("adapter entry budgets", () => {
  for (const [name, budget] of Object.entries(ADAPTER_GZIP_BUDGETS)) {
    it(`gzipped "toolsift/${name}" (its SDK external) stays under ${budget} B and carries no core`, async () => {
      const bundle = await bundledBrowserEntry(`dist/adapters/${name}.js`, ADAPTER_PEERS);
      expect(bundle.wasmAssets).toHaveLength(0);
      expect(bundle.js).toBeGreaterThan(500);
      expect(bundle.js).toBeLessThan(budget);
      // the ranker and the session stay in the main entry: an adapter is a thin translation
      expect(bundle.text).not.toContain("toolsift.wasm");
      expect(bundle.text).not.toContain("journal_divergence");
    }, 120_000);
  }
});

/** Bundles `contents` (importing "toolsift") as wrangler does for a Worker: esbuild, minified, the .wasm left a module. */
async function workerBundle(contents: string): Promise<{ js: number; text: string }> {
  const { build: esbuild } = await import("esbuild");
  const out = await esbuild({
    stdin: { contents, resolveDir: root },
    bundle: true,
    format: "esm",
    minify: true,
    write: false,
    conditions: ["workerd", "worker", "browser"],
    external: ["*.wasm"],
    logLevel: "silent",
  });
  const bytes = out.outputFiles[0]!.contents;
  return { js: gzipped(bytes), text: new TextDecoder().decode(bytes) };
}

describe("edge size budgets", () => {
  it(`a Worker that only searches stays under ${WORKER_SEARCH_GZIP_BUDGET} B gzipped (JS + wasm)`, async () => {
    const wasm = gzipped(await readFile(join(root, "dist/toolsift.wasm")));
    const bundle = await workerBundle(
      'import { Bm25ToolRanker, init } from "toolsift";\n' +
        "export default { async fetch(request, env) { await init(); " +
        'return Response.json(Bm25ToolRanker.load(env.INDEX).rank(new URL(request.url).searchParams.get("q") ?? "", 10)); } };',
    );
    expect(bundle.text).toContain('from"../toolsift.wasm"');
    expect(bundle.js).toBeGreaterThan(1_000);
    expect(bundle.js + wasm).toBeLessThan(WORKER_SEARCH_GZIP_BUDGET);
    // Neither the session's config checks nor the journal stores ride along.
    expect(bundle.text).not.toContain("must be a journal");
    expect(bundle.text).not.toContain("toolsift/journal/");
  });

  it(`the "toolsift/journal-stores" entry stays under ${JOURNAL_STORES_GZIP_BUDGET} B gzipped, and the main bundle has none of it`, async () => {
    const stores = await workerBundle('export { KvJournal, DenoKvJournal, IndexedDbJournal, resumeSession } from "toolsift/journal-stores";');
    expect(stores.text).toContain("toolsift/journal/");
    expect(stores.js).toBeLessThan(JOURNAL_STORES_GZIP_BUDGET);
    const main = await bundledBrowserEntry();
    expect(main.text).not.toContain("toolsift/journal/");
    expect(main.text).not.toContain("Another writer stored");
  }, 120_000);
});

describe("package hygiene", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("importing toolsift fetches and compiles nothing until init()", async () => {
    const spies = [
      vi.spyOn(globalThis, "fetch"),
      vi.spyOn(WebAssembly, "compile"),
      vi.spyOn(WebAssembly, "compileStreaming"),
      vi.spyOn(WebAssembly, "instantiate"),
      vi.spyOn(WebAssembly, "instantiateStreaming"),
      vi.spyOn(WebAssembly, "validate"),
    ];
    const api = await import("toolsift");
    expect(typeof api.Bm25ToolRanker).toBe("function");
    expect(api.isInitialized()).toBe(false);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    // The spies do see the work when it is asked for. (The test runner may compile wasm of
    // its own meanwhile, so look for the package's bytes.)
    await api.init();
    expect(api.isInitialized()).toBe(true);
    const packaged = (await readFile(join(root, "dist/toolsift.wasm"))).byteLength;
    expect(spies[1]!.mock.calls.filter(([bytes]) => (bytes as Uint8Array).byteLength === packaged)).toHaveLength(1);
  });

  it('the evaluation helpers are the "toolsift/eval" entry, not the main one', async () => {
    const main: Record<string, unknown> = await import("toolsift");
    const entry = await import("toolsift/eval");
    const built = await import(/* @vite-ignore */ join(root, "dist/eval/index.js"));
    expect(entry.evaluate).toBe(built.evaluate);
    expect(entry.parseQueries).toBe(built.parseQueries);
    for (const name of ["evaluate", "evaluateDetailed", "parseQueries", "EVAL_DEFAULTS"]) expect(main[name]).toBeUndefined();
  });

  it('inside the repository, import("toolsift") is the built package', async () => {
    const viaName = await import("toolsift");
    const built = await import(/* @vite-ignore */ join(root, "dist/entry/node.js"));
    expect(viaName.init).toBe(built.init);
    expect(viaName.Bm25ToolRanker).toBe(built.Bm25ToolRanker);
  });
});
