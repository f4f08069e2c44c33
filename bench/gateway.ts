// The MCP gateway: the latency it adds to a forwarded call (p50/p99 against calling the
// upstream directly), the time from start to the first answered search with all the test
// servers, and the gateway process's memory at 2,464 and 100,000 upstream tools (a synthetic
// upstream that lists that many). Runs the built command line (npm run build first).
//
//   npx tsx bench/gateway.ts [--calls 2000] [--sizes 2464,100000]
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { FAULT_SERVER, registryServers, startHttpServer, temporaryFolder, writeConfig } from "../test/mcp/helpers.js";
import { argument, formatMicros, latencyStats, markdownTable, type LatencyStats } from "./lib/harness.js";

const BIN = fileURLToPath(new URL("../bin/toolsift.js", import.meta.url));
const calls = Number(argument("calls") ?? 2000);
const sizes = (argument("sizes") ?? "2464,100000").split(",").map(Number);
// Calls are timed in alternating rounds (direct, gateway, direct, …) so drift in the
// machine's load falls on both sides alike.
const ROUND = 100;

function client(): Client {
  return new Client({ name: "bench", version: "1.0.0" });
}

async function gatewayClient(config: unknown, folder: string, name = "servers.json"): Promise<{ client: Client; pid: number; started: number }> {
  const path = writeConfig(folder, config, name);
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", "--config", path], stderr: "ignore" });
  const gateway = client();
  const started = performance.now();
  await gateway.connect(transport);
  return { client: gateway, pid: transport.pid!, started };
}

async function timeCalls(target: Client, name: string, count: number, samples: number[]): Promise<void> {
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint();
    const result = (await target.callTool({ name, arguments: { message: `m${i}` } })) as CallToolResult;
    samples.push(Number(process.hrtime.bigint() - start));
    if (result.isError === true) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  }
}

function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return kib / 1024;
}

async function searchUntil(target: Client, query: string, done: (names: string[]) => boolean, timeoutMs: number): Promise<number> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const result = (await target.callTool({ name: "search_tools", arguments: { query, limit: 5 } })) as CallToolResult;
    const names = ((result.structuredContent as { tools?: { name: string }[] }).tools ?? []).map((tool) => tool.name);
    if (done(names)) return performance.now();
    if (performance.now() > until) throw new Error(`no answer with ${query} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const folder = temporaryFolder();

// 1. Added latency: the fault server's echo, directly and through `toolsift mcp` (both stdio).
async function latency(): Promise<{ direct: LatencyStats; gateway: LatencyStats }> {
  const direct = client();
  await direct.connect(new StdioClientTransport({ command: process.execPath, args: [FAULT_SERVER], stderr: "ignore" }));
  const { client: gateway } = await gatewayClient({ mcpServers: { bench: { command: process.execPath, args: [FAULT_SERVER], trust: true } } }, folder, "latency.json");
  await searchUntil(gateway, "echo back the message", (names) => names.includes("bench__echo"), 10_000);
  await timeCalls(direct, "echo", 100, []);
  await timeCalls(gateway, "bench__echo", 100, []);
  const directSamples: number[] = [];
  const gatewaySamples: number[] = [];
  for (let done = 0; done < calls; done += ROUND) {
    await timeCalls(direct, "echo", ROUND, directSamples);
    await timeCalls(gateway, "bench__echo", ROUND, gatewaySamples);
  }
  await direct.close();
  await gateway.close();
  return { direct: latencyStats(directSamples), gateway: latencyStats(gatewaySamples) };
}

// 2. Start → first answered search, and → the first search that sees every test server.
async function firstSearch(): Promise<{ firstMs: number; allMs: number }> {
  const http = await startHttpServer();
  const config = { mcpServers: { ...registryServers(folder), fault: { command: process.execPath, args: [FAULT_SERVER], trust: true }, remote: { url: http.url, trust: true } } };
  const { client: gateway, started } = await gatewayClient(config, folder, "first.json");
  const first = await searchUntil(gateway, "anything", () => true, 30_000);
  // Each server's tool, searched one at a time (a found tool is not returned again).
  const wanted = ["everything__echo", "memory__create_entities", "filesystem__read_text_file", "fault__weather", "remote__translate_text"];
  const queries = ["echo back the input string", "create entities in the knowledge graph", "read a text file", "weather forecast for a city", "translate a text"];
  let all = first;
  for (const [i, query] of queries.entries()) all = await searchUntil(gateway, query, (names) => names.includes(wanted[i]!), 30_000);
  await gateway.close();
  await http.close();
  return { firstMs: first - started, allMs: all - started };
}

// 3. Memory: the gateway in front of one synthetic upstream listing `size` tools (paged by 500).
async function memory(size: number): Promise<{ size: number; readyMs: number; rssMiB: number; searchMs: number }> {
  const config = { mcpServers: { synthetic: { command: process.execPath, args: [FAULT_SERVER], env: { FAULT_EXTRA_TOOLS: String(size - 6) }, trust: true } }, toolsift: { connectTimeoutMs: 600_000 } };
  const { client: gateway, pid, started } = await gatewayClient(config, folder, `memory-${size}.json`);
  const ready = await searchUntil(gateway, `synthetic tool number ${size - 7}`, (names) => names.length > 0, 600_000);
  const begin = performance.now();
  await searchUntil(gateway, "manages resource 42 of kind 7", () => true, 60_000);
  const searchMs = performance.now() - begin;
  const rssMiB = residentMiB(pid);
  await gateway.close();
  return { size, readyMs: ready - started, rssMiB, searchMs };
}

const added = await latency();
console.error(`latency: direct p50 ${formatMicros(added.direct.p50)}, gateway p50 ${formatMicros(added.gateway.p50)}`);
const start = await firstSearch();
console.error(`first search ${start.firstMs.toFixed(0)} ms, all servers ${start.allMs.toFixed(0)} ms`);
const memories = [];
for (const size of sizes) {
  memories.push(await memory(size));
  console.error(`memory at ${size}: ${memories.at(-1)!.rssMiB.toFixed(0)} MiB`);
}

const results = { calls, latency: added, start, memory: memories, node: process.version, date: new Date().toISOString() };
const here = fileURLToPath(new URL(".", import.meta.url));
writeFileSync(join(here, "gateway.json"), `${JSON.stringify(results, null, 2)}\n`);
const markdown = [
  "# MCP gateway",
  "",
  `\`npx tsx bench/gateway.ts\` (${process.version}, ${results.date.slice(0, 10)}). The built \`toolsift mcp\` over stdio, driven by the SDK's Client.`,
  "",
  `## Added latency of a forwarded call (${calls} calls each, alternating rounds of ${ROUND})`,
  "",
  markdownTable(
    ["path", "p50", "p99", "mean"],
    [
      ["client → fault server (direct, stdio)", formatMicros(added.direct.p50), formatMicros(added.direct.p99), formatMicros(added.direct.mean)],
      ["client → toolsift mcp → fault server", formatMicros(added.gateway.p50), formatMicros(added.gateway.p99), formatMicros(added.gateway.mean)],
      ["added by the gateway", formatMicros(added.gateway.p50 - added.direct.p50), formatMicros(added.gateway.p99 - added.direct.p99), formatMicros(added.gateway.mean - added.direct.mean)],
    ],
  ),
  "",
  "## Start → first answered search",
  "",
  "Servers: everything, memory, filesystem (npm), the fault fixture (stdio) and a Streamable HTTP server on 127.0.0.1.",
  "",
  markdownTable(["milestone", "ms from spawn"], [["first search answered", start.firstMs.toFixed(0)], ["a search finds each of the 5 servers' tools", start.allMs.toFixed(0)]]),
  "",
  "## Memory (gateway process RSS after its first searches)",
  "",
  markdownTable(
    ["upstream tools", "listed + indexed (ms from spawn)", "RSS (MiB)", "one search (ms, client round trip)"],
    memories.map((entry) => [entry.size.toLocaleString("en-US"), entry.readyMs.toFixed(0), entry.rssMiB.toFixed(0), entry.searchMs.toFixed(1)]),
  ),
  "",
].join("\n");
writeFileSync(join(here, "gateway.md"), markdown);
console.error("wrote bench/gateway.md and bench/gateway.json");
