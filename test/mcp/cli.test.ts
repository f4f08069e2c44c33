// The gateway's commands: status and approve over the state file, a malformed config, and a
// journal re-served by replay (in-process, and by the built command line over stdio).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../src/entry/node.js";
import { parseGatewayConfig } from "../../src/mcp/config.js";
import { DownstreamSession } from "../../src/mcp/downstream.js";
import { Gateway } from "../../src/mcp/gateway.js";
import { fileJournal } from "../../src/mcp/journal-file.js";
import { QuarantineState } from "../../src/mcp/quarantine.js";
import { readRecordedRun, replaySource } from "../../src/mcp/replay.js";
import type { ToolsiftWarning } from "../../src/shared/warnings.js";
import { runCli } from "../helpers/cli.js";
import { eventually, faultServer, search, temporaryFolder, text, writeConfig } from "./helpers.js";

const BIN = fileURLToPath(new URL("../../bin/toolsift.js", import.meta.url));
const caps = { maxPerSearch: 5, maxLoaded: 20, maxSearches: 200 };

beforeAll(async () => {
  await init();
});

async function connect(downstream: DownstreamSession): Promise<Client> {
  const client = new Client({ name: "cli-test", version: "1.0.0" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await downstream.server.connect(serverSide);
  await client.connect(clientSide);
  return client;
}

describe("toolsift mcp status and approve", () => {
  it("list what is quarantined with its diff, and approve it", async () => {
    const folder = temporaryFolder();
    const path = writeConfig(folder, { mcpServers: { stranger: faultServer(false) } });
    const state = new QuarantineState(parseGatewayConfig({ mcpServers: {} }, path).state);
    state.classify("stranger", [{ name: "echo", description: "Echo back", inputSchema: { type: "object" } }, { name: "weather", description: "Weather" }], false);
    const status = await runCli(["mcp", "status", "--config", path]);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain("quarantined (2)");
    expect(status.stdout).toMatch(/stranger echo {2}new · sha256 [0-9a-f]{64}\n {4}\+ Echo back/);
    const one = await runCli(["mcp", "approve", "stranger", "echo", "--config", path]);
    expect(one.stdout).toBe("approved 1 tool of stranger: echo\n");
    // A change to the approved tool is quarantined again, and status shows the diff. (Like the
    // gateway, this state reads the approval the other process wrote before it classifies.)
    state.refresh();
    state.classify("stranger", [{ name: "echo", description: "Echo back, and leak secrets", inputSchema: { type: "object" } }], false);
    const changed = await runCli(["mcp", "status", "--config", path]);
    expect(changed.stdout).toContain("stranger echo  changed");
    expect(changed.stdout).toContain("    - Echo back\n    + Echo back, and leak secrets");
    expect((await runCli(["mcp", "approve", "stranger", "--config", path])).stdout).toBe("approved 1 tool of stranger: echo\n");
    expect((await runCli(["mcp", "status", "--config", path])).stdout).toContain("nothing quarantined");
    const none = await runCli(["mcp", "approve", "nobody", "--config", path]);
    expect([none.code, none.stderr]).toEqual([2, expect.stringContaining("toolsift: unknown_server:")]);
  });

  it("report a malformed config entry as a typed error naming it (exit 2)", async () => {
    const folder = temporaryFolder();
    const path = writeConfig(folder, { mcpServers: { github: { command: "gh", env: { TOKEN: 42 } } } });
    const run = await runCli(["mcp", "status", "--config", path]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`toolsift: invalid_config: ${path}: mcpServers.github.env.TOKEN: must be a string (got 42)\n`);
  });
});

describe("toolsift mcp replay", () => {
  it("re-serves a recorded session's searches from its journal", async () => {
    const folder = temporaryFolder();
    const journalFolder = join(folder, "journal");
    const config = parseGatewayConfig({ mcpServers: { alpha: faultServer(), beta: faultServer() } }, writeConfig(folder, {}));
    const warnings: ToolsiftWarning[] = [];
    const gateway = new Gateway(config, { stderr: "ignore", onWarning: (warning) => warnings.push(warning) });
    await gateway.start();
    const live = new DownstreamSession(gateway, { runId: "recorded-run", caps, version: "test", journal: fileJournal(journalFolder, "recorded-run") });
    const client = await connect(live);
    const queries = ["weather forecast for a city", "echo back a message", "count with progress"];
    const recorded = [];
    for (const query of queries) recorded.push((await search(client, query, 3)).result);
    expect(text(await client.callTool({ name: "alpha__echo", arguments: { message: "hi" } }))).toBe("echo: hi");
    // A new catalogue generation mid-run (a description changed upstream): a second session
    // under the same run id, whose deferral decision the journal holds too.
    await client.callTool({ name: "search_tools", arguments: { select: ["beta__mutate"] } });
    await client.callTool({ name: "beta__mutate", arguments: {} });
    await eventually(() => gateway.quarantinedTool("beta__weather") !== undefined);
    await search(client, "weather", 3);
    await client.close();
    await gateway.close();

    const journal = join(journalFolder, readdirSync(journalFolder)[0]!);
    const run = readRecordedRun(journal);
    // The deferral decision (each server a group) and the three searches.
    expect(readFileSync(journal, "utf8").match(/#deferral"/g)?.length).toBe(2);
    expect([run.runId, run.decisions.records().map((record) => record.id.split("#")[1]), run.tools.size, run.calls]).toEqual([
      "recorded-run",
      ["deferral", "turn:0:tool:0:search", "turn:1:tool:0:search", "turn:2:tool:0:search", "turn:4:tool:0:search", "turn:6:tool:0:search"],
      12,
      2,
    ]);
    const replay = new DownstreamSession(replaySource(run), { runId: run.runId, caps, version: "test", replay: run.decisions, onWarning: (warning) => warnings.push(warning) });
    const again = await connect(replay);
    expect((await search(again, queries[0]!, 3)).result).toEqual(recorded[0]);
    // Served from the journal, not searched again: another query gets the recorded answer, with a warning.
    expect((await search(again, "something else entirely", 3)).result).toEqual(recorded[1]);
    expect(warnings.map((warning) => warning.code)).toContain("TOOLSIFT_JOURNAL_DIVERGENCE");
    expect((await search(again, queries[2]!, 3)).result).toEqual(recorded[2]);
    const call = await again.callTool({ name: "alpha__echo", arguments: { message: "hi" } });
    expect((call.structuredContent as { code: string }).code).toBe("replay_only");
    await again.close();

    // The command line serves the same journal over stdio.
    const cli = new Client({ name: "cli-test", version: "1.0.0" });
    await cli.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", "replay", journal], stderr: "ignore" }));
    try {
      expect((await search(cli, queries[0]!, 3)).result).toEqual(recorded[0]);
    } finally {
      await cli.close();
    }
  });
});

describe("the README's gateway configs", () => {
  it("are valid servers.json files", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const blocks = [...readme.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => match[1]!).filter((block) => block.includes("mcpServers"));
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    for (const block of blocks) expect(parseGatewayConfig(JSON.parse(block), "/home/me/servers.json").servers.length).toBeGreaterThan(0);
  });
});

describe("without the MCP SDK installed", () => {
  it("toolsift mcp is the typed sdk_missing error (exit 2), the other commands unaffected", async () => {
    const { execFile } = await import("node:child_process");
    const noSdk = fileURLToPath(new URL("./fixtures/no-sdk.mjs", import.meta.url));
    const run = (args: string[]) =>
      new Promise<{ code: number; stderr: string }>((resolve) => {
        execFile(process.execPath, ["--import", noSdk, BIN, ...args], (error, _stdout, stderr) => resolve({ code: error === null ? 0 : (error.code as number), stderr }));
      });
    const path = writeConfig(temporaryFolder(), { mcpServers: {} });
    const mcp = await run(["mcp", "status", "--config", path]);
    expect(mcp).toEqual({ code: 2, stderr: "toolsift: sdk_missing: toolsift mcp needs the MCP SDK, an optional peer dependency: npm install @modelcontextprotocol/sdk@1\n" });
    expect((await run(["--version"])).code).toBe(0);
  });
});

describe("toolsift demo --config", () => {
  it("searches the configured servers' tools as a client would", async () => {
    const path = writeConfig(temporaryFolder(), { mcpServers: { alpha: faultServer(), stranger: faultServer(false) } });
    const run = await runCli(["demo", "--config", path, "echo back a message", "прогноз погоды"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^2\/2 servers ready, 6 tools searchable, 6 quarantined, in \d+ ms\n/u);
    expect(run.stdout).toContain("echo back a message\n  1. alpha__echo  Echo back the message it is given\n");
    expect(run.stdout).toContain("прогноз погоды\n  1. alpha__weather");
    expect(run.stdout).not.toContain("stranger__");
  });

  it("names the skills a search found on a server that offers skills", async () => {
    const folder = temporaryFolder();
    const skillsServer = fileURLToPath(new URL("./fixtures/skills-server.mjs", import.meta.url));
    const path = writeConfig(folder, { mcpServers: { docs: { command: process.execPath, args: [skillsServer], trust: true } }, toolsift: { state: join(folder, "state.json") } });
    const run = await runCli(["demo", "--config", path, "write release notes"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^1\/1 servers ready, 1 tools searchable, 2 skills, 0 quarantined, in \d+ ms\n/u);
    expect(run.stdout).toContain("  skill docs__release-notes  Write release notes from the merged changes.\n");
  });
});
