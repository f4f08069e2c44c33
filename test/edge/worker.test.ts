// The Worker example (examples/worker) for real: built by its own `npm run build` (wrangler's
// bundle, as deployed), run by Miniflare in workerd with the bindings wrangler reads from the
// example's wrangler.toml, and asked over HTTP on 127.0.0.1. KV is Miniflare's real KV,
// persisted on disk, so a restarted Worker sees what the last one stored.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Miniflare } from "miniflare";
import { Bm25ToolRanker, createToolSearchSession, InMemoryJournal, init } from "toolsift";
import { resumeSession } from "toolsift/journal-stores";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { buildExample, edgeRecipes, fixtureCatalogue, goldenHits, root } from "./example-build.js";

let example: string;
let persist: string;
let miniflare: Miniflare;
// workerd's own output (a "Broken pipe" line when a connection closes with the instance), kept
// rather than printed: the test setup fails on any console output.
const runtimeOutput: string[] = [];
const handleRuntimeStdio = (stdout: NodeJS.ReadableStream, stderr: NodeJS.ReadableStream) => {
  for (const stream of [stdout, stderr]) stream.on("data", (chunk: Buffer) => runtimeOutput.push(String(chunk)));
};

/** A bundle served by workerd the way wrangler uploads it: the .wasm and the index as modules. */
function workerd(scriptPath: string, options: { compatibilityDate?: string; kvNamespaces?: unknown; kvPersist?: string; bindings?: Record<string, string> }): Miniflare {
  return new Miniflare({
    host: "127.0.0.1",
    port: 0,
    handleRuntimeStdio,
    modules: true,
    scriptPath,
    modulesRules: [
      { type: "CompiledWasm", include: ["**/*.wasm"] },
      { type: "Data", include: ["**/*.tsi"] },
    ],
    ...(options as object),
  });
}

async function start(bindings: Record<string, string> = {}): Promise<Miniflare> {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(example, "wrangler.toml"));
  const instance = workerd(join(example, "dist/worker.js"), {
    compatibilityDate: workerOptions.compatibilityDate,
    kvNamespaces: workerOptions.kvNamespaces,
    kvPersist: persist,
    bindings,
  });
  await instance.ready;
  return instance;
}

async function restart(bindings: Record<string, string> = {}): Promise<void> {
  await miniflare.dispose();
  miniflare = await start(bindings);
}

// Miniflare's KV namespace proxy, typed as far as these tests use it.
interface Kv {
  get(key: string): Promise<string | null>;
  put(key: string, value: string): Promise<void>;
  list(options: { prefix: string }): Promise<{ keys: { name: string }[] }>;
}
const journalKv = async (): Promise<Kv> => (await miniflare.getKVNamespace("JOURNAL")) as unknown as Kv;

async function call(run: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await miniflare.dispatchFetch(`http://127.0.0.1/session/${run}/call`, { method: "POST", body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

const search = (turn: number, query: string) => ({ turn, index: 0, name: "search_tools", input: { query } });

beforeAll(async () => {
  example = await buildExample("worker");
  persist = await mkdtemp(join(tmpdir(), "toolsift-kv-"));
  miniflare = await start();
}, 120_000);

afterAll(async () => {
  await miniflare?.dispose();
  if (persist) await rm(persist, { recursive: true, force: true });
});

describe("the Worker example in workerd", () => {
  it("GET /search answers every golden query exactly as Node does", async () => {
    // A query with a lone surrogate has no UTF-8 form, so no URL: those go over MCP only.
    const cases = (await goldenHits("default")).filter(({ query }) => {
      try {
        return encodeURIComponent(query).length >= 0;
      } catch {
        return false;
      }
    });
    expect(cases.length).toBeGreaterThan(40);
    for (const { query, limit, hits } of cases) {
      const response = await miniflare.dispatchFetch(`http://127.0.0.1/search?q=${encodeURIComponent(query)}&limit=${limit}`);
      const answer = (await response.json()) as { hits: { id: string; score: number }[] };
      expect(answer.hits.map((hit) => [hit.id, hit.score]), query).toEqual(hits);
    }
  });

  it("serves search_tools over MCP Streamable HTTP to the SDK's client", async () => {
    const url = await miniflare.ready;
    const client = new Client({ name: "edge-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", url)));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["search_tools"]);
    const result = await client.callTool({ name: "search_tools", arguments: { query: "create a pull request on github", limit: 3 } });
    const found = JSON.parse((result.content as { text: string }[])[0]!.text) as { tools: { name: string }[] };
    expect(found.tools.map((tool) => tool.name)[0]).toBe("github__create_pull_request");
    await client.close();
  });

  it("journals a session's calls in KV across a restart and replays them identically", async () => {
    const first = await call("run-a", search(0, "create a pull request on github"));
    expect(first.status).toBe(200);
    expect(first.body.records).toBe(1);
    // The isolate is gone; the next request resumes from KV alone.
    await restart();
    const second = await call("run-a", search(1, "take a screenshot of the page"));
    expect(second.status).toBe(200);
    expect(second.body.records).toBe(2);
    expect(second.body.menu.slice(0, first.body.menu.length)).toEqual(first.body.menu);

    // A host retrying the same call gets the recorded answer; nothing is stored twice.
    const retried = await call("run-a", search(1, "take a screenshot of the page"));
    expect(retried.body.outcome.source).toBe("replay");
    expect(retried.body.outcome.result).toEqual(second.body.outcome.result);
    expect(retried.body.records).toBe(2);

    // The same run decided live in Node, and replayed in Node from what KV holds.
    const kv = await journalKv();
    const keys = (await kv.list({ prefix: "toolsift/journal/run-a/" })).keys.map((key) => key.name);
    expect(keys).toEqual(["toolsift/journal/run-a/000000", "toolsift/journal/run-a/000001"]);
    const stored = await Promise.all(keys.map(async (key) => JSON.parse((await kv.get(key))!)));
    expect(new Set(stored.map((record: { id: string }) => record.id)).size).toBe(2);
    await init();
    const catalogue = JSON.parse(await readFile(fixtureCatalogue, "utf8"));
    const ranker = Bm25ToolRanker.load(await readFile(join(example, "build/index.tsi")));
    const live = createToolSearchSession({ runId: "run-a", toolSearch: { catalogue, ranker } });
    live.handleToolCall(search(0, "create a pull request on github"));
    const liveSecond = live.handleToolCall(search(1, "take a screenshot of the page"));
    expect(JSON.parse(JSON.stringify(liveSecond))).toEqual(second.body.outcome);
    expect(live.menuNames()).toEqual(second.body.menu);
    const replay = createToolSearchSession({ runId: "run-a", journal: new InMemoryJournal(stored), toolSearch: { catalogue, ranker } });
    expect(resumeSession(replay)).toBe(2);
    expect(replay.menuNames()).toEqual(second.body.menu);
    expect(JSON.stringify(replay.journal.records())).toBe(JSON.stringify(stored));
  });

  it("a failing KV write is journal_write_failed to the host, and the menu does not grow", async () => {
    await restart({ FAIL_JOURNAL_WRITES: "1" });
    const failed = await call("run-a", search(2, "list files in a directory"));
    expect(failed.status).toBe(503);
    expect(failed.body.error).toMatchObject({ code: "journal_write_failed", path: ["toolsift/journal/run-a/000002"] });
    await restart();
    const again = await call("run-a", search(1, "take a screenshot of the page"));
    expect(again.body.records).toBe(2);
    const kv = await journalKv();
    expect((await kv.list({ prefix: "toolsift/journal/run-a/" })).keys).toHaveLength(2);
  });

  it("refuses a corrupt stored record with invalid_journal naming its key", async () => {
    const kv = await journalKv();
    await kv.put("toolsift/journal/run-a/000002", '{"format":"toolsift.journal","v":1,');
    const refused = await call("run-a", search(2, "list files in a directory"));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "invalid_journal", path: ["toolsift/journal/run-a/000002"] });
    expect(refused.body.error.message).toContain("toolsift/journal/run-a/000002");
  });

  it("the README's esbuild recipe bundles a script workerd runs with the same answers", async () => {
    const [, line] = edgeRecipes(await readFile(join(root, "README.md"), "utf8"))[1]!;
    const [command, ...args] = line!.split(" ").slice(1);
    const outdir = join(example, "dist-esbuild");
    await rm(outdir, { recursive: true, force: true });
    await promisify(execFile)(join(root, "node_modules/.bin", command!), args, { cwd: example });
    const bundled = workerd(join(outdir, "worker.js"), { compatibilityDate: "2026-04-01", kvNamespaces: ["JOURNAL"] });
    try {
      for (const { query, limit, hits } of (await goldenHits("default")).slice(0, 5)) {
        const response = await bundled.dispatchFetch(`http://127.0.0.1/search?q=${encodeURIComponent(query)}&limit=${limit}`);
        const answer = (await response.json()) as { hits: { id: string; score: number }[] };
        expect(answer.hits.map((hit) => [hit.id, hit.score]), query).toEqual(hits);
      }
    } finally {
      await bundled.dispose();
    }
  });
});
