import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EXIT_BAD_INPUT, EXIT_OK, EXIT_USAGE } from "../src/cli/main.js";
import { runCli } from "./helpers/cli.js";

const folder = mkdtempSync(join(tmpdir(), "toolsift-cli-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const run = runCli;

const catalogue = {
  tools: [
    { name: "create_pull_request", description: "Create a pull request.", inputSchema: { properties: { title: { description: "PR title" } } } },
    { name: "send_email", description: "Send an email message." },
    { name: "get_weather", description: "Weather forecast for a city." },
  ],
};
const queries = [
  { query: "open a pull request", relevant: ["create_pull_request"], fold: "test" },
  { query: "mail my boss", relevant: ["send_email"], fold: "test" },
  { query: "forecast in Paris", relevant: ["get_weather"], fold: "dev" },
];
writeFileSync(join(folder, "tools.json"), JSON.stringify(catalogue));
writeFileSync(join(folder, "queries.json"), JSON.stringify(queries));
writeFileSync(join(folder, "bad.json"), JSON.stringify([{ id: "ok" }, { id: "ok" }]));
writeFileSync(join(folder, "broken.json"), "{ not json");
writeFileSync(join(folder, "empty.json"), "[]");
writeFileSync(join(folder, "rpc-error.json"), JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } }));
writeFileSync(
  join(folder, "openai.json"),
  JSON.stringify([
    { type: "function", function: { name: "create_pull_request", description: "Create a pull request.", parameters: { properties: { title: { description: "PR title" } } } } },
    { type: "function", name: "send_email", description: "Send an email message.", parameters: { properties: {} } },
    { name: "get_weather", description: "Weather forecast for a city.", input_schema: { properties: { city: { description: "City" } } } },
  ]),
);
writeFileSync(join(folder, "rpc.json"), JSON.stringify({ jsonrpc: "2.0", id: 7, result: catalogue }));

describe("toolsift CLI", () => {
  it("prints usage and exits 0 without a command, 1 on an unknown command", async () => {
    expect((await run([])).code).toBe(EXIT_OK);
    const unknown = await run(["frobnicate"]);
    expect(unknown.code).toBe(EXIT_USAGE);
    expect(unknown.stderr).toMatch(/unknown command frobnicate/);
  });

  it("builds an artifact, queries it and inspects it", async () => {
    const index = join(folder, "index.tsi");
    const built = await run(["build", join(folder, "tools.json"), "-o", index]);
    expect(built.code).toBe(EXIT_OK);
    expect(built.stdout).toMatch(/3 tools, \d+ terms, \d+ bytes in/);
    const query = await run(["query", index, "pull request", "--json", "--limit", "2"]);
    expect(query.code).toBe(EXIT_OK);
    expect(JSON.parse(query.stdout).hits[0].id).toBe("create_pull_request");
    expect(JSON.parse(query.stdout)).toMatchObject({ confident: true, fallback: false });
    // Nothing scores: the names that contain a fragment of the query, marked as such.
    const fallback = await run(["query", index, "weath", "--json"]);
    expect(JSON.parse(fallback.stdout)).toMatchObject({ confident: false, fallback: true, hits: [{ id: "get_weather", match: "name" }] });
    expect((await run(["query", index, "weath"])).stdout).toMatch(/names contain part of it/);
        const explained = await run(["query", index, "pull request", "--explain"]);
    expect(explained.stdout).toMatch(/pull: [\d.]+ \(name [\d.]+/);
    const inspect = await run(["inspect", index]);
    expect(inspect.stdout).toMatch(/magic\s+TSFT/);
    expect(inspect.stdout).toMatch(/postings/);
    // The options line summarizes the lists instead of printing a thousand lexicon entries.
    expect(inspect.stdout).toMatch(/"lexicon":"\d+ entries"/);
    expect(inspect.stdout.length).toBeLessThan(10_000);
  });

  it("prints exactly one JSON object with the metric keys for eval --json", async () => {
    const result = await run(["eval", "--tools", join(folder, "tools.json"), "--queries", join(folder, "queries.json"), "--fold", "test", "--json"]);
    expect(result.code).toBe(EXIT_OK);
    const metrics = JSON.parse(result.stdout);
    expect(Object.keys(metrics).sort()).toEqual(["mrr", "ndcg@10", "queries", "recall@1", "recall@10", "recall@5"]);
    expect(metrics.queries).toBe(2);
    expect(result.stdout.trim().split("\n")).toHaveLength(1);
  });

  it("exits 2 with the error code on bad input", async () => {
    const duplicate = await run(["query", join(folder, "bad.json"), "x"]);
    expect(duplicate.code).toBe(EXIT_BAD_INPUT);
    expect(duplicate.stderr).toMatch(/duplicate_id/);
    const broken = await run(["build", join(folder, "broken.json"), "-o", join(folder, "x.tsi")]);
    expect(broken.code).toBe(EXIT_BAD_INPUT);
    expect(broken.stderr).toMatch(/invalid_catalogue.*not valid JSON/);
    const missing = await run(["query", join(folder, "nope.tsi"), "x"]);
    expect(missing.code).toBe(EXIT_BAD_INPUT);
  });

  it("builds OpenAI's, Anthropic's and a JSON-RPC response's tools, and refuses an empty catalogue with exit 2", async () => {
    const query = async (file: string, text: string) => JSON.parse((await run(["query", join(folder, file), text, "--json"])).stdout) as { hits: { id: string }[] };
    expect((await query("openai.json", "pull request title")).hits[0]!.id).toBe("create_pull_request");
    expect((await query("openai.json", "city")).hits[0]!.id).toBe("get_weather");
    expect((await query("rpc.json", "weather forecast")).hits[0]!.id).toBe("get_weather");
    const empty = await run(["build", join(folder, "empty.json"), "-o", join(folder, "empty.tsi")]);
    expect(empty.code).toBe(EXIT_BAD_INPUT);
    expect(empty.stderr).toMatch(/empty_catalogue/);
    const rpcError = await run(["build", join(folder, "rpc-error.json"), "-o", join(folder, "e.tsi")]);
    expect(rpcError.code).toBe(EXIT_BAD_INPUT);
    expect(rpcError.stderr).toMatch(/invalid_catalogue.*got a JSON-RPC error response/);
  });

  it("colours only a TTY without NO_COLOR, and draws progress only on a TTY", async () => {
    const args = ["eval", "--tools", join(folder, "tools.json"), "--queries", join(folder, "queries.json")];
    expect((await run(["query", join(folder, "tools.json"), "email"], { tty: true })).stdout).toContain("\u001b[");
    expect((await run(["query", join(folder, "tools.json"), "email"], { tty: true, env: { NO_COLOR: "1" } })).stdout).not.toContain("\u001b[");
    expect((await run(args, { tty: true })).stderr).toContain("[");
    expect((await run(args)).stderr).toBe("");
  });
});
