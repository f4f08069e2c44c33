// The Worker example (examples/worker) for real: built by its own `npm run build` (wrangler's
// bundle, as deployed), run by Miniflare in workerd with the bindings wrangler reads from the
// example's wrangler.toml, and asked over HTTP on 127.0.0.1. KV is Miniflare's real KV,
// persisted on disk, so a restarted Worker sees what the last one stored. The session routes
// are guarded (POST /session issues a run and its token); the "guards its runs" tests below
// attack them as another caller would. Last, the example's package.json is checked against
// what its bundle takes in, and `npm run dev` serves it under wrangler dev.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { once } from "node:events";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { build as esbuild } from "esbuild";
import { Miniflare } from "miniflare";
import { Bm25ToolRanker, createToolSearchSession, InMemoryJournal, init } from "toolsift";
import { resumeSession } from "toolsift/journal-stores";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
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

// What `wrangler secret put SESSION_SECRET` holds in production (`.dev.vars` under wrangler dev).
const SECRET = "test-only-secret-0123456789abcdefghijklmnop";

/** The `[vars]` of the example's wrangler.toml, the secret, then the test's own bindings. */
function workerBindings(vars: Record<string, unknown> | undefined, bindings: Record<string, string | undefined>): Record<string, string> {
  const all: Record<string, unknown> = { ...vars, SESSION_SECRET: SECRET, ...bindings };
  return Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/**
 * The example's wrangler.toml as wrangler reads it, and only that: not the developer's
 * .dev.vars, which wrangler's dev helpers would merge in and announce on the console.
 */
function exampleConfig(): { compatibilityDate?: string; kvNamespaces: Record<string, string>; vars: Record<string, unknown> } {
  const config = unstable_readConfig({ config: join(example, "wrangler.toml") });
  return {
    compatibilityDate: config.compatibility_date,
    kvNamespaces: Object.fromEntries(config.kv_namespaces.map((namespace: { binding: string; id?: string }) => [namespace.binding, namespace.id!])),
    vars: config.vars,
  };
}

async function start(bindings: Record<string, string | undefined> = {}, scriptPath = join(example, "dist/worker.js")): Promise<Miniflare> {
  const config = exampleConfig();
  const instance = workerd(scriptPath, {
    compatibilityDate: config.compatibilityDate,
    kvNamespaces: config.kvNamespaces,
    kvPersist: persist,
    bindings: workerBindings(config.vars, bindings),
  });
  await instance.ready;
  return instance;
}

async function restart(bindings: Record<string, string | undefined> = {}): Promise<void> {
  await miniflare.dispose();
  miniflare = await start(bindings);
}

/** The run lifetime the example's wrangler.toml sets, in seconds. */
function configuredTtl(): number {
  return Number(exampleConfig().vars.RUN_TTL_SECONDS);
}

// Miniflare's KV namespace proxy, typed as far as these tests use it.
interface Kv {
  get(key: string): Promise<string | null>;
  put(key: string, value: string): Promise<void>;
  list(options: { prefix: string }): Promise<{ keys: { name: string; expiration?: number }[] }>;
}
const journalKv = async (): Promise<Kv> => (await miniflare.getKVNamespace("JOURNAL")) as unknown as Kv;
const runKeys = async (run: string): Promise<{ name: string; expiration?: number }[]> => (await (await journalKv()).list({ prefix: `toolsift/journal/${run}/` })).keys;

interface Answer {
  status: number;
  body: any;
  text: string;
}

/** Status and body of an answer; a body that is not JSON is kept as text (and `body` is null). */
async function answer(response: { status: number; text(): Promise<string> }): Promise<Answer> {
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Left null: the assertions on status and body name what came back.
  }
  return { status: response.status, body, text };
}

/** Status, error code and the type of the message of an answer: one assertion shows them all. */
const errorOf = (reply: Answer) => ({ status: reply.status, code: reply.body?.error?.code, message: typeof reply.body?.error?.message });

async function openRun(on: Miniflare = miniflare, headers: Record<string, string> = {}): Promise<{ run: string; token: string }> {
  const reply = await answer(await on.dispatchFetch("http://127.0.0.1/session", { method: "POST", headers }));
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
}

const bearer = (token: string | undefined): Record<string, string> => (token === undefined ? {} : { authorization: `Bearer ${token}` });

async function call(run: string, token: string | undefined, body: unknown): Promise<Answer> {
  return send(run, token, JSON.stringify(body));
}

/** POSTs a raw body to a run's call route; `duplex` is what a streamed body needs. */
async function send(run: string, token: string | undefined, body: string | Uint8Array | ReadableStream, init: { headers?: Record<string, string>; duplex?: "half" } = {}, on: Miniflare = miniflare): Promise<Answer> {
  const response = await on.dispatchFetch(`http://127.0.0.1/session/${run}/call`, { method: "POST", body: body as never, ...init, headers: { ...bearer(token), ...init.headers } });
  return answer(response);
}

const search = (turn: number, query: string) => ({ turn, index: 0, name: "search_tools", input: { query } });
// The run the journal tests share, in order: stored, failed write, corrupt record.
let runA: { run: string; token: string };

// In dist/ before the build: a module an earlier build wrote (wrangler names them by their
// hash, so another index leaves another name) and a file the build never writes.
const staleModule = "0000000000000000000000000000000000000000-index.tsi";
const foreignFile = "deployer-notes.txt";

beforeAll(async () => {
  const dist = join(root, "examples/worker/dist");
  await mkdir(dist, { recursive: true });
  await writeFile(join(dist, staleModule), "stale");
  await writeFile(join(dist, foreignFile), "kept");
  example = await buildExample("worker");
  persist = await mkdtemp(join(tmpdir(), "toolsift-kv-"));
  miniflare = await start();
}, 120_000);

afterAll(async () => {
  await miniflare?.dispose();
  if (persist) await rm(persist, { recursive: true, force: true });
});

describe("the Worker example in workerd", () => {
  it("npm run build replaces the modules an earlier build left in dist/ and nothing else", async () => {
    const files = await readdir(join(example, "dist"));
    try {
      expect(files).not.toContain(staleModule);
      expect(files.filter((file) => file.endsWith("-index.tsi"))).toHaveLength(1);
      expect(files.filter((file) => file.endsWith(".wasm"))).toHaveLength(1);
      expect(files).toContain(foreignFile);
    } finally {
      await rm(join(example, "dist", foreignFile), { force: true });
    }
  });

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
    runA = await openRun();
    const { run, token } = runA;
    const first = await call(run, token, search(0, "create a pull request on github"));
    expect(first.status).toBe(200);
    expect(first.body.records).toBe(1);
    // The isolate is gone; the next request resumes from KV alone.
    await restart();
    const second = await call(run, token, search(1, "take a screenshot of the page"));
    expect(second.status).toBe(200);
    expect(second.body.records).toBe(2);
    expect(second.body.menu.slice(0, first.body.menu.length)).toEqual(first.body.menu);

    // A host retrying the same call gets the recorded answer; nothing is stored twice.
    const retried = await call(run, token, search(1, "take a screenshot of the page"));
    expect(retried.body.outcome.source).toBe("replay");
    expect(retried.body.outcome.result).toEqual(second.body.outcome.result);
    expect(retried.body.records).toBe(2);

    // The same run decided live in Node, and replayed in Node from what KV holds.
    const kv = await journalKv();
    const keys = (await runKeys(run)).map((key) => key.name);
    expect(keys).toEqual([`toolsift/journal/${run}/000000`, `toolsift/journal/${run}/000001`]);
    const stored = await Promise.all(keys.map(async (key) => JSON.parse((await kv.get(key))!)));
    expect(new Set(stored.map((record: { id: string }) => record.id)).size).toBe(2);
    await init();
    const catalogue = JSON.parse(await readFile(fixtureCatalogue, "utf8"));
    const ranker = Bm25ToolRanker.load(await readFile(join(example, "build/index.tsi")));
    const live = createToolSearchSession({ runId: run, toolSearch: { catalogue, ranker } });
    live.handleToolCall(search(0, "create a pull request on github"));
    const liveSecond = live.handleToolCall(search(1, "take a screenshot of the page"));
    expect(JSON.parse(JSON.stringify(liveSecond))).toEqual(second.body.outcome);
    expect(live.menuNames()).toEqual(second.body.menu);
    const replay = createToolSearchSession({ runId: run, journal: new InMemoryJournal(stored), toolSearch: { catalogue, ranker } });
    expect(resumeSession(replay)).toBe(2);
    expect(replay.menuNames()).toEqual(second.body.menu);
    expect(JSON.stringify(replay.journal.records())).toBe(JSON.stringify(stored));
  });

  it("a failing KV write is journal_write_failed to the host, and the menu does not grow", async () => {
    const { run, token } = runA;
    await restart({ FAIL_JOURNAL_WRITES: "1" });
    const failed = await call(run, token, search(2, "list files in a directory"));
    expect(failed.status).toBe(503);
    expect(failed.body.error).toMatchObject({ code: "journal_write_failed", path: [`toolsift/journal/${run}/000002`] });
    await restart();
    const again = await call(run, token, search(1, "take a screenshot of the page"));
    expect(again.body.records).toBe(2);
    expect(await runKeys(run)).toHaveLength(2);
  });

  it("refuses a corrupt stored record with invalid_journal naming its key", async () => {
    const { run, token } = runA;
    const kv = await journalKv();
    await kv.put(`toolsift/journal/${run}/000002`, '{"format":"toolsift.journal","v":1,');
    const refused = await call(run, token, search(2, "list files in a directory"));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "invalid_journal", path: [`toolsift/journal/${run}/000002`] });
    expect(refused.body.error.message).toContain(`toolsift/journal/${run}/000002`);
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

describe("the Worker example guards its runs", () => {
  it("POST /session issues an unguessable run id and its token", async () => {
    const first = await openRun();
    const second = await openRun();
    expect(first.run).not.toBe(second.run);
    expect(first.token).not.toBe(second.token);
    // 122 random bits from crypto.randomUUID; the token is a 256-bit MAC, base64url.
    expect(first.run).toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/u);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/u);
    // The token goes in the Bearer scheme; bare, it is not found.
    const bare = await send(first.run, undefined, JSON.stringify(search(0, "send a message on slack")), { headers: { authorization: first.token } });
    expect(errorOf(bare)).toEqual({ status: 401, code: "missing_token", message: "string" });
    const fresh = await call(first.run, first.token, search(0, "send a message on slack"));
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.body.records).toBe(1);
  });

  it("a cross-run attack: caller B cannot write to A's run, and A's later calls succeed", async () => {
    const a = await openRun();
    const b = await openRun();
    expect((await call(a.run, a.token, search(0, "create a pull request on github"))).status).toBe(200);
    // B tries to pre-write A's next turn: without a token, with its own run's token, and with
    // a guess one character off A's.
    const attack = search(1, "delete the repository");
    const attempts = [
      await call(a.run, undefined, attack),
      await call(a.run, b.token, attack),
      // One character changed: the first, as the last one's low bits are base64 padding.
      await call(a.run, `${a.token.startsWith("A") ? "B" : "A"}${a.token.slice(1)}`, attack),
    ];
    expect(attempts.map(errorOf)).toEqual([
      { status: 401, code: "missing_token", message: "string" },
      { status: 403, code: "invalid_token", message: "string" },
      { status: 403, code: "invalid_token", message: "string" },
    ]);
    expect(await runKeys(a.run)).toHaveLength(1);
    // A's next turn is its own, not B's (no journal_divergence), and B's run is untouched.
    const next = await call(a.run, a.token, search(1, "take a screenshot of the page"));
    expect(next.status, next.text).toBe(200);
    expect(next.body.outcome.source).not.toBe("replay");
    expect(next.body.records).toBe(2);
    expect(await runKeys(b.run)).toHaveLength(0);
  });

  it("every record of a run expires with the run, after RUN_TTL_SECONDS from wrangler.toml", async () => {
    const before = Math.floor(Date.now() / 1000);
    const { run, token } = await openRun();
    const after = Math.ceil(Date.now() / 1000);
    await call(run, token, search(0, "create a pull request on github"));
    await call(run, token, search(1, "take a screenshot of the page"));
    const keys = await runKeys(run);
    expect(keys.map((key) => typeof key.expiration)).toEqual(["number", "number"]);
    const ttl = configuredTtl();
    expect(ttl).toBeGreaterThanOrEqual(120);
    // One expiry for the whole run: a per-put TTL would drop its first record first, and a
    // journal missing 000000 but holding 000001 is refused as invalid_journal.
    const expiration = keys[0]!.expiration;
    expect(keys.map((key) => key.expiration)).toEqual([expiration, expiration]);
    expect(expiration).toBeGreaterThanOrEqual(before + ttl);
    expect(expiration).toBeLessThanOrEqual(after + ttl);
  });

  it("a run past its time is refused with run_expired and stores nothing", async () => {
    // KV refuses an expiry less than 60 s ahead, so a run takes calls until then: 1 s here.
    await restart({ RUN_TTL_SECONDS: "61" });
    try {
      const { run, token } = await openRun();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const late = await call(run, token, search(0, "create a pull request on github"));
      expect(errorOf(late)).toEqual({ status: 403, code: "run_expired", message: "string" });
      expect(await runKeys(run)).toHaveLength(0);
    } finally {
      await restart();
    }
  });

  it("a Worker without its secret, or with a TTL KV refuses, says so and issues nothing", async () => {
    try {
      for (const [bindings, named] of [
        [{ SESSION_SECRET: undefined }, "SESSION_SECRET"],
        [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
        [{ RUN_TTL_SECONDS: "30" }, "RUN_TTL_SECONDS"],
      ] as const) {
        await restart(bindings);
        const reply = await answer(await miniflare.dispatchFetch("http://127.0.0.1/session", { method: "POST" }));
        expect(errorOf(reply), JSON.stringify(bindings)).toEqual({ status: 500, code: "server_misconfigured", message: "string" });
        expect(reply.body.error.message).toContain(named);
      }
    } finally {
      await restart();
    }
  });

  it("every bad body is a 400 or 413 JSON error and leaves the run as it was", async () => {
    const { run, token } = await openRun();
    expect((await call(run, token, search(0, "create a pull request on github"))).status).toBe(200);
    const refusals = [
      await send(run, token, "{not json"),
      await send(run, token, new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])),
      await call(run, token, null),
      await call(run, token, []),
      await call(run, token, "search_tools"),
      await call(run, token, {}),
      await call(run, token, { turn: -1, index: 0, name: "search_tools", input: {} }),
      await call(run, token, { turn: 1, index: 0.5, name: "search_tools", input: {} }),
      await call(run, token, { turn: 1, index: 0, name: 5, input: {} }),
      await call(run, token, { turn: "1", index: 0, name: "search_tools", input: {} }),
    ];
    expect(refusals.map(errorOf)).toEqual([
      { status: 400, code: "invalid_json", message: "string" },
      { status: 400, code: "invalid_json", message: "string" },
      ...Array.from({ length: 8 }, () => ({ status: 400, code: "invalid_tool_call", message: "string" })),
    ]);
    // Too large, whether it says so (content-length) or streams without a length.
    const large = JSON.stringify(search(1, "x ".repeat(40_000)));
    const stream = new ReadableStream({
      start(controller) {
        for (let sent = 0; sent < 80_000; sent += 8_000) controller.enqueue(new TextEncoder().encode(" ".repeat(8_000)));
        controller.close();
      },
    });
    const tooLarge = [await send(run, token, large), await send(run, token, stream, { duplex: "half" })];
    expect(tooLarge.map(errorOf)).toEqual([
      { status: 413, code: "body_too_large", message: "string" },
      { status: 413, code: "body_too_large", message: "string" },
    ]);
    expect(await runKeys(run)).toHaveLength(1);
    const next = await call(run, token, search(1, "take a screenshot of the page"));
    expect(next.status, next.text).toBe(200);
    expect(next.body.records).toBe(2);
  });

  it("unknown routes are 404, a known route with another method 405, in the same JSON shape", async () => {
    const { run, token } = await openRun();
    const replies = await Promise.all(
      [
        ["GET", "/nope"],
        ["POST", "/session/%E0/call"],
        ["POST", "/session/a/b/call"],
        ["GET", `/session/${run}/call`],
        ["GET", "/session"],
        ["POST", "/search?q=x"],
      ].map(async ([method, path]) => answer(await miniflare.dispatchFetch(`http://127.0.0.1${path}`, { method, headers: bearer(token) }))),
    );
    expect(replies.map(errorOf)).toEqual([
      { status: 404, code: "not_found", message: "string" },
      { status: 403, code: "invalid_token", message: "string" },
      { status: 404, code: "not_found", message: "string" },
      { status: 405, code: "method_not_allowed", message: "string" },
      { status: 405, code: "method_not_allowed", message: "string" },
      { status: 405, code: "method_not_allowed", message: "string" },
    ]);
  });

  it("authorize(request, env) in src/authorize.js is where the deployer checks the caller", async () => {
    // The example's hook allows everyone; a deployer's own, swapped in at bundle time: the
    // caller is the x-test-user header, and a request without one is refused.
    const dir = await mkdtemp(join(tmpdir(), "toolsift-authorize-"));
    const hook = join(dir, "authorize.js");
    await writeFile(hook, 'export async function authorize(request) {\n  return request.headers.get("x-test-user");\n}\n');
    // Beside the example, as dist-esbuild is: workerd names modules relative to the working directory.
    const outdir = join(example, "dist-authorize");
    await rm(outdir, { recursive: true, force: true });
    let swapped = 0;
    await esbuild({
      entryPoints: [join(example, "src/worker.js")],
      bundle: true,
      format: "esm",
      conditions: ["workerd", "worker", "browser"],
      loader: { ".wasm": "copy", ".tsi": "copy" },
      outdir,
      absWorkingDir: example,
      logLevel: "silent",
      plugins: [
        {
          name: "deployer-authorize",
          setup(build) {
            build.onResolve({ filter: /^\.\/authorize\.js$/ }, () => {
              swapped++;
              return { path: hook };
            });
          },
        },
      ],
    });
    const guarded = await start({}, join(outdir, "worker.js"));
    try {
      expect(swapped).toBe(1);
      const alice = { "x-test-user": "alice" };
      const nobody = await answer(await guarded.dispatchFetch("http://127.0.0.1/session", { method: "POST" }));
      expect(errorOf(nobody)).toEqual({ status: 403, code: "not_authorized", message: "string" });
      const searchNobody = await answer(await guarded.dispatchFetch("http://127.0.0.1/search?q=github"));
      expect(errorOf(searchNobody)).toEqual({ status: 403, code: "not_authorized", message: "string" });
      const { run, token } = await openRun(guarded, alice);
      const body = JSON.stringify(search(0, "create a pull request on github"));
      const own = await send(run, token, body, { headers: alice }, guarded);
      expect(own.status, own.text).toBe(200);
      // The token is bound to the caller the hook named: Bob holding Alice's token gets nothing.
      const others = [await send(run, token, body, { headers: { "x-test-user": "bob" } }, guarded), await send(run, token, body, {}, guarded)];
      expect(others.map(errorOf)).toEqual([
        { status: 403, code: "invalid_token", message: "string" },
        { status: 403, code: "not_authorized", message: "string" },
      ]);
    } finally {
      await guarded.dispose();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** The packages `npm install` puts in place for `dependencies`: each one's own, and the peers it requires (npm leaves out optional peers). */
async function installedBy(dependencies: Record<string, string>): Promise<Set<string>> {
  const installed = new Set<string>();
  const queue = Object.keys(dependencies);
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    if (installed.has(name)) continue;
    installed.add(name);
    const manifest = JSON.parse(await readFile(join(name === "toolsift" ? root : join(root, "node_modules", name), "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
      peerDependenciesMeta?: Record<string, { optional?: boolean }>;
    };
    const peers = Object.keys(manifest.peerDependencies ?? {}).filter((peer) => manifest.peerDependenciesMeta?.[peer]?.optional !== true);
    queue.push(...Object.keys(manifest.dependencies ?? {}), ...peers);
  }
  return installed;
}

describe("the Worker example outside the repository", () => {
  it("declares every package its bundle takes code from", async () => {
    // Inside the repository a package the example forgot resolves from the root's node_modules;
    // copied out, only what its package.json installs is there.
    const { metafile } = await esbuild({
      entryPoints: [join(example, "src/worker.js")],
      bundle: true,
      format: "esm",
      conditions: ["workerd", "worker", "browser"],
      loader: { ".wasm": "copy", ".tsi": "copy" },
      outdir: join(example, "dist-packages"),
      absWorkingDir: example,
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    const bundled = new Set(
      Object.keys(metafile.inputs).map((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:(?!node_modules\/).)*$/u.exec(input)?.[1] ?? (input.startsWith("../") ? "toolsift" : "(the example)")),
    );
    expect([...bundled]).toContain("@modelcontextprotocol/sdk");
    const { dependencies } = JSON.parse(await readFile(join(example, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    const installed = await installedBy(dependencies);
    expect([...bundled].filter((name) => name !== "(the example)" && !installed.has(name))).toEqual([]);
  });
});

/** A port nothing listens on now, from the system. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, "close");
  return port;
}

describe("npm run dev", () => {
  it("serves the Worker under wrangler dev without a download on start", async () => {
    // Miniflare's cache of the Request.cf object, which wrangler dev downloads on start unless
    // told not to: a download would write cf.json here, and offline it prints two stacks.
    const cache = await mkdtemp(join(tmpdir(), "toolsift-mf-cache-"));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      TOOLSIFT_CATALOGUE: fixtureCatalogue,
      WRANGLER_SEND_METRICS: "false",
      // The banner asks the registry for wrangler's latest version: a server the test did not start.
      WRANGLER_HIDE_BANNER: "true",
      MINIFLARE_CACHE_DIR: cache,
      PATH: `${join(example, "node_modules/.bin")}:${join(root, "node_modules/.bin")}:${process.env.PATH}`,
    };
    // vitest's NODE_ENV=test turns the download off by itself; a user's shell has neither.
    delete env.NODE_ENV;
    delete env.CLOUDFLARE_CF_FETCH_ENABLED;
    const [port, inspectorPort] = [await freePort(), await freePort()];
    // The script's own flags, then a port of this test's and the secret .dev.vars would hold.
    const child = spawn("npm", ["run", "dev", "--", "--port", String(port), "--inspector-port", String(inspectorPort), "--var", `SESSION_SECRET:${SECRET}`], {
      cwd: example,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const read = (chunk: Buffer) => {
          output += chunk;
          const match = /Ready on (http:\/\/127\.0\.0\.1:\d+)/u.exec(output);
          if (match) resolve(match[1]!);
        };
        child.stdout!.on("data", read);
        child.stderr!.on("data", read);
        child.on("exit", (code) => reject(new Error(`npm run dev exited ${code}: ${output}`)));
      });
      const opened = await answer(await fetch(`${url}/session`, { method: "POST" }));
      expect(opened.status, opened.text).toBe(201);
      const reply = await answer(
        await fetch(`${url}/session/${opened.body.run}/call`, { method: "POST", headers: bearer(opened.body.token), body: JSON.stringify(search(0, "create a pull request on github")) }),
      );
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body.menu).toContain("github__create_pull_request");
      expect(output).not.toMatch(/ENOTFOUND|Unable to fetch/u);
      expect(await readdir(cache)).toEqual([]);
    } finally {
      if (child.exitCode === null) {
        const exited = once(child, "exit");
        process.kill(-child.pid!, "SIGTERM");
        await exited;
      }
      await rm(cache, { recursive: true, force: true });
    }
  });
});
