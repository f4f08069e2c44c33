// The Deno example (examples/deno) for real: built by its own `npm run build`, served by a
// Deno process on 127.0.0.1, its journal in Deno KV on disk. The process is killed (SIGKILL)
// between two calls of one run; the next process resumes from the store.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildExample, goldenHits, root } from "./example-build.js";

const deno = join(root, "node_modules/deno/deno");
let example: string;
let store: string;
let server: { process: ChildProcess; url: string } | undefined;

// `npm start` of the example, as its package.json says, with this test's own KV file under build/.
async function start(env: Record<string, string> = {}): Promise<{ process: ChildProcess; url: string }> {
  const scripts = JSON.parse(await readFile(join(example, "package.json"), "utf8")).scripts as Record<string, string>;
  const [command, ...args] = scripts.start!.split(" ");
  expect(command).toBe("deno");
  const child = spawn(deno, [args[0]!, "--no-lock", ...args.slice(1)], {
    cwd: example,
    env: { ...process.env, DENO_NO_UPDATE_CHECK: "1", PORT: "0", KV_PATH: store, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/)/u.exec(output);
      if (match) resolve(match[1]!);
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
    child.on("exit", (code) => reject(new Error(`deno exited ${code}: ${output}`)));
  });
  return { process: child, url };
}

async function kill(): Promise<void> {
  if (server === undefined) return;
  const exited = once(server.process, "exit");
  server.process.kill("SIGKILL");
  await exited;
  server = undefined;
}

async function call(run: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(new URL(`session/${run}/call`, server!.url), { method: "POST", body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

const search = (turn: number, query: string) => ({ turn, index: 0, name: "search_tools", input: { query } });

beforeAll(async () => {
  example = await buildExample("deno");
  store = join("build", `test-journal-${process.pid}.kv`);
  server = await start();
}, 120_000);

afterAll(async () => {
  await kill();
  if (store) for (const suffix of ["", "-shm", "-wal"]) await rm(join(example, store + suffix), { force: true });
});

describe("the Deno example in Deno", () => {
  it("GET /search answers the golden queries exactly as Node does", async () => {
    const cases = (await goldenHits("default")).filter(({ query }) => !/[\ud800-\udfff]/u.test(query));
    expect(cases.length).toBeGreaterThan(40);
    for (const { query, limit, hits } of cases) {
      const response = await fetch(new URL(`search?q=${encodeURIComponent(query)}&limit=${limit}`, server!.url));
      const answer = (await response.json()) as { hits: { id: string; score: number }[] };
      expect(answer.hits.map((hit) => [hit.id, hit.score]), query).toEqual(hits);
    }
  });

  it("resumes a run from Deno KV after the process is killed: same menu, no record lost or repeated", async () => {
    const first = await call("run-d", search(0, "create a pull request on github"));
    expect(first.status).toBe(200);
    await kill();
    server = await start();
    const second = await call("run-d", search(1, "take a screenshot of the page"));
    expect(second.body.records).toBe(2);
    expect(second.body.menu.slice(0, first.body.menu.length)).toEqual(first.body.menu);
    const retried = await call("run-d", search(1, "take a screenshot of the page"));
    expect(retried.body.outcome.source).toBe("replay");
    expect(retried.body.menu).toEqual(second.body.menu);
    expect(retried.body.records).toBe(2);
  });

  it("a failing Deno KV write is journal_write_failed, and the menu does not grow", async () => {
    await kill();
    server = await start({ FAIL_JOURNAL_WRITES: "1" });
    const failed = await call("run-d", search(2, "list files in a directory"));
    expect(failed.status).toBe(503);
    expect(failed.body.error).toMatchObject({ code: "journal_write_failed", path: ['["toolsift","journal","run-d",2]'] });
    await kill();
    server = await start();
    const again = await call("run-d", search(1, "take a screenshot of the page"));
    expect(again.body.records).toBe(2);
  });

  it("refuses a corrupt stored record with invalid_journal naming its key", async () => {
    await kill();
    const script = `const kv = await Deno.openKv(${JSON.stringify(join(example, store))}); await kv.set(["toolsift", "journal", "run-d", 2], { format: "toolsift.journal", v: 7 }); kv.close();`;
    await promisify(execFile)(deno, ["eval", "--unstable-kv", script], { env: { ...process.env, DENO_NO_UPDATE_CHECK: "1" } });
    server = await start();
    const refused = await call("run-d", search(3, "list files in a directory"));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "invalid_journal", path: ['["toolsift","journal","run-d",2]'] });
    expect(refused.body.error.message).toContain('["toolsift","journal","run-d",2]');
  });
});
