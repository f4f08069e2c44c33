// The gateway on a client's first seconds (docs/gateway.md "Startup and server states"): a
// search made while servers start waits for them up to startupWaitMs, and what is not up is
// named in the note; a server that is down answers upstream_unavailable for its tools and its
// group; a command that cannot run is given up after a few tries and reported once.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { init } from "../../src/entry/node.js";
import { parseGatewayConfig } from "../../src/mcp/config.js";
import { DownstreamSession } from "../../src/mcp/downstream.js";
import { Gateway } from "../../src/mcp/gateway.js";
import { fileJournal } from "../../src/mcp/journal-file.js";
import { readRecordedRun, replaySource } from "../../src/mcp/replay.js";
import type { ToolsiftWarning } from "../../src/shared/warnings.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { runCli } from "../helpers/cli.js";
import { eventually, faultServer, inProcess, search, temporaryFolder, writeConfig, type InProcess } from "./helpers.js";

const BIN = fileURLToPath(new URL("../../bin/toolsift.js", import.meta.url));
const QUERY = "weather forecast for a city";

function structured(result: unknown): Record<string, unknown> {
  return (result as CallToolResult).structuredContent as Record<string, unknown>;
}

let open: InProcess[] = [];
async function gateway(config: unknown, background = true): Promise<InProcess> {
  const run = await inProcess(config, temporaryFolder(), { background });
  open.push(run);
  return run;
}

beforeAll(async () => {
  await init();
});

afterEach(async () => {
  await Promise.all(open.map((run) => run.close()));
  open = [];
});

describe("a search made while a server is still starting", () => {
  it("waits for it and finds what a ready gateway finds (the real command over stdio)", async () => {
    const folder = temporaryFolder();
    const servers = { quick: faultServer(), slow: faultServer(true, { FAULT_START_DELAY_MS: "2500" }) };
    const path = writeConfig(folder, { mcpServers: servers, toolsift: { state: join(folder, "state.json") } });
    const client = new Client({ name: "early-client", version: "1.0.0" });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", "--config", path], stderr: "ignore" }));
    let early: Awaited<ReturnType<typeof search>>;
    try {
      early = await search(client, QUERY, 5);
    } finally {
      await client.close();
    }
    const ready = await gateway({ mcpServers: servers }, false);
    const settled = await search(ready.client, QUERY, 5);
    expect(settled.names).toEqual(expect.arrayContaining(["quick__weather", "slow__weather"]));
    expect(early.names).toEqual(settled.names);
    expect(early.result["note"]).toBe(settled.result["note"]);
  });

  it("past startupWaitMs answers with what is ready and names the server still starting", async () => {
    const run = await gateway({ mcpServers: { quick: faultServer(), slow: faultServer(true, { FAULT_START_DELAY_MS: "6000" }) }, toolsift: { startupWaitMs: 1500 } });
    // On a loaded machine a process may need a second to start: the search comes once quick is up.
    await eventually(() => run.gateway.upstream("quick")!.status === "ready");
    const started = performance.now();
    const { names, result } = await search(run.client, QUERY, 5);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(names).toContain("quick__weather");
    expect(names.some((name) => name.startsWith("slow__"))).toBe(false);
    expect(result["unavailable"]).toEqual([{ server: "slow", state: "starting" }]);
    expect(result["note"]).toMatch(/"slow" \(starting/u);
  });

  it("never answers a bare 'No matching tools.' while a configured server has not listed", async () => {
    const run = await gateway({ mcpServers: { slow: faultServer(true, { FAULT_START_DELAY_MS: "3000" }) }, toolsift: { startupWaitMs: 200 } });
    const { names, result } = await search(run.client, QUERY, 5);
    expect(names).toEqual([]);
    expect(result["note"]).not.toMatch(/^No matching tools\./u);
    expect(result["note"]).toContain('"slow"');
    // Once it is up, no note about it: the startup wait is over and the server listed.
    await eventually(() => run.gateway.upstream("slow")!.status === "ready");
    const later = await search(run.client, QUERY, 5);
    expect(later.names).toContain("slow__weather");
    expect(later.result["unavailable"]).toBeUndefined();
  });

  it("a group load made during startup waits for the group's server", async () => {
    const run = await gateway({ mcpServers: { slow: faultServer(true, { FAULT_START_DELAY_MS: "1500" }) } });
    const loaded = structured(await run.client.callTool({ name: "search_tools", arguments: { group: "slow" } }));
    expect(loaded["groups"]).toEqual([expect.objectContaining({ name: "slow", loaded: true })]);
  });

  it("a call made during startup waits for the tool's server", async () => {
    const run = await gateway({ mcpServers: { slow: faultServer(true, { FAULT_START_DELAY_MS: "1500" }) } });
    const answer = structured(await run.client.callTool({ name: "call_tool", arguments: { name: "slow__weather", arguments: { city: "Oslo" } } }));
    // A blind call of a held-back server's tool: loaded with its signature, not unavailable.
    expect(answer["code"]).toBe("tool_loaded");
  });
});

describe("a server whose command does not exist", () => {
  const missing = () => ({ command: join(temporaryFolder(), "no-such-server-binary") });

  it("is given up after 3 tries, reported once, and its tools and group answer upstream_unavailable", async () => {
    const run = await gateway({ mcpServers: { quick: faultServer(), files: missing() }, toolsift: { retryInitialMs: 10, retryMaxMs: 20 } });
    const upstream = run.gateway.upstream("files")!;
    await eventually(() => upstream.status === "failed" && upstream.attempts === 3);
    // 10-20 ms apart: a transient failure would have been retried many times by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(upstream.attempts).toBe(3);
    const failed = run.warnings.filter((warning) => warning.code === "TOOLSIFT_UPSTREAM_FAILED");
    expect(failed).toHaveLength(1);
    expect(failed[0]!.message).toMatch(/"files".*ENOENT.*3 tries/u);
    expect(run.gateway.servers().find((server) => server.name === "files")).toMatchObject({ status: "failed", failures: 3, error: expect.stringContaining("ENOENT") });
    for (const call of [
      { name: "files__read_file", arguments: {} },
      { name: "call_tool", arguments: { name: "files__read_file", arguments: {} } },
      { name: "search_tools", arguments: { group: "files" } },
      { name: "search_tools", arguments: { select: ["group:files"] } },
    ]) {
      expect(structured(await run.client.callTool(call))).toMatchObject({ code: "upstream_unavailable", server: "files", state: "failed" });
    }
    const { result } = await search(run.client, QUERY, 5);
    expect(result["unavailable"]).toEqual([{ server: "files", state: "failed" }]);
  });

  it("shows in toolsift mcp status as failed, with its error and the tries made; a new tool as awaiting approval", async () => {
    const folder = temporaryFolder();
    const path = writeConfig(folder, { mcpServers: { quick: faultServer(), stranger: faultServer(false), files: missing() }, toolsift: { state: join(folder, "state.json"), retryInitialMs: 10, retryMaxMs: 20 } });
    const run = await runCli(["mcp", "status", "--config", path]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/ {2}quick +ready +6 tools, 6 approved \(trusted\)\n/u);
    expect(run.stdout).toMatch(/ {2}stranger +ready +6 tools, 0 approved, 6 awaiting approval\n/u);
    expect(run.stderr).not.toContain("TOOLSIFT_TOOL_QUARANTINED");
    // Its tries so far: status waits for each server's first outcome, not for its last try.
    expect(run.stdout).toMatch(/ {2}files +failed +after [1-3] tr(?:y|ies): start failed: spawn \S+ ENOENT/u);
    expect(run.stderr.match(/"files"/gu)).toHaveLength(1);
    const json = JSON.parse((await runCli(["mcp", "status", "--json", "--config", path])).stdout) as { servers: unknown[] };
    expect(json.servers).toEqual([
      expect.objectContaining({ name: "quick", state: "ready", listed: 6, approved: 6 }),
      expect.objectContaining({ name: "stranger", state: "ready", listed: 6, approved: 0, quarantined: 6 }),
      expect.objectContaining({ name: "files", state: "failed", failures: expect.any(Number), error: expect.stringContaining("ENOENT") }),
    ]);
  });
});

describe("a journal of a run with a server down", () => {
  it("replays: the group load that answered upstream_unavailable keeps its turn", async () => {
    const folder = temporaryFolder();
    const journalFolder = join(folder, "journal");
    const config = parseGatewayConfig({ mcpServers: { quick: faultServer(), files: { command: join(folder, "missing") } } }, writeConfig(folder, {}));
    const live = new Gateway(config, { stderr: "ignore", onWarning: () => {} });
    await live.start();
    const caps = { maxPerSearch: 5, maxLoaded: 20, maxSearches: 200 };
    const connect = async (downstream: DownstreamSession) => {
      const client = new Client({ name: "journal-test", version: "1.0.0" });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await downstream.server.connect(serverSide);
      await client.connect(clientSide);
      return client;
    };
    const recorded = await connect(new DownstreamSession(live, { runId: "down-run", caps, version: "test", journal: fileJournal(journalFolder, "down-run") }));
    expect(structured(await recorded.callTool({ name: "search_tools", arguments: { group: "files" } }))["code"]).toBe("upstream_unavailable");
    const answer = (await search(recorded, QUERY, 3)).result;
    await recorded.close();
    await live.close();
    const run = readRecordedRun(join(journalFolder, readdirSync(journalFolder)[0]!));
    const warnings: ToolsiftWarning[] = [];
    const again = await connect(new DownstreamSession(replaySource(run), { runId: run.runId, caps, version: "test", replay: run.decisions, onWarning: (warning) => warnings.push(warning) }));
    await again.callTool({ name: "search_tools", arguments: { group: "files" } });
    const { note: _note, unavailable: _unavailable, ...served } = answer;
    expect((await search(again, QUERY, 3)).result).toEqual(served);
    expect(warnings).toEqual([]);
    await again.close();
  });
});

describe("an HTTP server that refuses the config's credentials", () => {
  it("is failed after 3 tries, not retried forever", async () => {
    const refusing = createServer((request, response) => void request.resume().on("end", () => response.writeHead(401).end("bad token")));
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", () => resolve()));
    try {
      const url = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}/mcp`;
      const run = await gateway({ mcpServers: { remote: { url, headers: { authorization: "Bearer wrong" } } }, toolsift: { retryInitialMs: 10, retryMaxMs: 20 } });
      const upstream = run.gateway.upstream("remote")!;
      await eventually(() => upstream.status === "failed" && upstream.attempts === 3);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(upstream.attempts).toBe(3);
      expect(upstream.lastError).toContain("bad token");
      expect(run.warnings.filter((warning) => warning.code === "TOOLSIFT_UPSTREAM_FAILED").map((warning) => warning.message)).toEqual([expect.stringContaining("credentials refused")]);
    } finally {
      refusing.closeAllConnections();
      await new Promise((resolve) => refusing.close(resolve));
    }
  });
});

describe("a server that crashed and waits for its restart", () => {
  it("answers upstream_unavailable, state restarting, for its tools and its group", async () => {
    const run = await gateway({ mcpServers: { flaky: faultServer(), steady: faultServer() }, toolsift: { retryInitialMs: 60_000, retryMaxMs: 60_000 } }, false);
    await run.client.callTool({ name: "search_tools", arguments: { group: "flaky" } });
    const crashed = structured(await run.client.callTool({ name: "flaky__crash", arguments: {} }));
    expect(crashed["code"]).toBe("upstream_exited");
    await eventually(() => run.gateway.upstream("flaky")!.status === "restarting");
    for (const call of [
      { name: "flaky__echo", arguments: { message: "x" } },
      { name: "call_tool", arguments: { name: "flaky__echo", arguments: { message: "x" } } },
      { name: "search_tools", arguments: { group: "flaky" } },
    ]) {
      expect(structured(await run.client.callTool(call))).toMatchObject({ code: "upstream_unavailable", server: "flaky", state: "restarting" });
    }
    expect(run.gateway.servers().find((server) => server.name === "flaky")).toMatchObject({ status: "restarting", failures: 1, error: expect.stringContaining("exited") });
    const { names, result } = await search(run.client, "echo back the message", 5);
    expect(names).toContain("steady__echo");
    expect(result["unavailable"]).toEqual([{ server: "flaky", state: "restarting" }]);
  });
});

describe("search_tools' description and the gateway's instructions", () => {
  it("the description's pointer to the instructions holds: they name every configured server, the same bytes throughout", async () => {
    const run = await gateway({ mcpServers: { quick: faultServer(), slow: faultServer(true, { FAULT_START_DELAY_MS: "3000" }) }, toolsift: { startupWaitMs: 100 } });
    const description = (await run.client.listTools()).tools.find((tool) => tool.name === "search_tools")!.description!;
    expect(description).toContain("the group names are in your instructions");
    const instructions = run.client.getInstructions();
    expect(instructions).toContain('"quick"');
    // Named before it is up: the instructions are the configured servers, fixed at start.
    expect(instructions).toContain('"slow"');
    await eventually(() => run.gateway.upstream("slow")!.status === "ready");
    const later = await gateway({ mcpServers: { quick: faultServer(), slow: faultServer() } }, false);
    expect(later.client.getInstructions()).toBe(instructions);
  });
});
