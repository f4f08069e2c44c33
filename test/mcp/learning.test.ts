// Learning from the gateway's own traffic (docs/gateway.md "Learning from the gateway's
// traffic"): a scripted day of searches and calls over the built gateway (`toolsift mcp`, a
// real process) in front of two fixture servers, with `recordUsage` on and a restart in the
// middle; then `toolsift learn --config … --journals …` as a user runs it; then the gateway
// restarted with `hints`, where the used tools rank higher for new requests of the same kind.
import { execFile } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../src/entry/node.js";
import { InMemoryJournal } from "../../src/journal/in-memory.js";
import { journalToJsonLines } from "../../src/journal/jsonl.js";
import { parseGatewayConfig } from "../../src/mcp/config.js";
import { DownstreamSession } from "../../src/mcp/downstream.js";
import { Gateway } from "../../src/mcp/gateway.js";
import { fileJournal } from "../../src/mcp/journal-file.js";
import { QuarantineState } from "../../src/mcp/quarantine.js";
import { createToolSearchSession } from "../../src/session/session.js";
import type { ToolDefinition } from "../../src/trust/tool-definition.js";
import { runCli } from "../helpers/cli.js";
import { eventually, search, temporaryFolder, text, writeConfig } from "./helpers.js";

const BIN = fileURLToPath(new URL("../../bin/toolsift.js", import.meta.url));
const CATALOGUE_SERVER = fileURLToPath(new URL("./fixtures/catalogue-server.mjs", import.meta.url));
const run = promisify(execFile);

const object = (properties: Record<string, unknown> = {}) => ({ type: "object", properties });
const OFFICE = [
  { name: "resize_image", description: "Resize an image to a new width and height", inputSchema: object({ path: { type: "string" }, width: { type: "number" } }) },
  { name: "crop_image", description: "Crop an image to a rectangle", inputSchema: object({ path: { type: "string" } }) },
  { name: "convert_image", description: "Convert an image to another file format", inputSchema: object({ path: { type: "string" }, format: { type: "string" } }) },
  { name: "send_email", description: "Send an email message to recipients", inputSchema: object({ to: { type: "string" } }) },
  { name: "list_events", description: "List the events of a calendar", inputSchema: object({ calendar: { type: "string" } }) },
  { name: "freebusy", description: "Query busy and available times in calendars", inputSchema: object({ people: { type: "array" } }) },
  { name: "create_event", description: "Create an event in a calendar", inputSchema: object({ title: { type: "string" } }) },
  { name: "read_file", description: "Read the contents of a file", inputSchema: object({ path: { type: "string" } }) },
  { name: "search_web", description: "Search the web for pages", inputSchema: object({ query: { type: "string" } }) },
];
// An untrusted server: its description is withheld (only the name is indexed), and "pictures"
// is a word only that withheld text carries.
const STRANGER = [{ name: "image_tool", description: "Optimise pictures, the finest tool of all", inputSchema: object({ path: { type: "string" } }) }];

// The day: each request is searched, and the model calls the tool it meant (found on the page,
// never first). Two sessions: the gateway is restarted between them.
const MORNING = [
  ["shrink the image so it is smaller for an email", "office__resize_image"],
  ["who is free on thursday, check the calendar", "office__freebusy"],
  ["compress the pictures image for the web", "stranger__image_tool"],
] as const;
const AFTERNOON = [
  ["make this image smaller, shrink it to half", "office__resize_image"],
  ["is anna free tomorrow in her calendar", "office__freebusy"],
  ["compress this image and pictures to a small file", "stranger__image_tool"],
] as const;
// New requests of the same kinds, each asked in a fresh session before and after learning.
const HELD_OUT = [
  ["shrink my holiday image", "office__resize_image"],
  ["is bob free on friday calendar", "office__freebusy"],
] as const;

function dayConfig(folder: string, toolsift: Record<string, unknown>): string {
  const server = (tools: unknown, trust: boolean) => ({ command: process.execPath, args: [CATALOGUE_SERVER], env: { CATALOGUE_TOOLS: JSON.stringify(tools) }, trust });
  return writeConfig(folder, {
    mcpServers: { office: server(OFFICE, true), stranger: server(STRANGER, false) },
    // The day's first searches are weak matches on purpose (that is what learning is for): loaded
    // rather than held, so the model calls what the search ranked.
    toolsift: { journal: "journal", state: "state.json", loadUnconfident: true, ...toolsift },
  });
}

/** The built gateway over stdio, as a client starts it; resolves once both servers are up. */
async function gateway(config: string): Promise<{ client: Client; close(): Promise<void> }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", "--config", config], stderr: "pipe", env: { ...process.env, WRANGLER_HIDE_BANNER: "true" } as Record<string, string> });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const client = new Client({ name: "learning-day", version: "1.0.0" });
  try {
    await client.connect(transport);
    // Both servers are named in search_tools' catalogue block once they are up.
    await eventually(async () => {
      const described = (await client.listTools()).tools.find((tool) => tool.name === "search_tools")?.description ?? "";
      return described.includes("office:") && described.includes("stranger:");
    });
  } catch (error) {
    await client.close().catch(() => {});
    throw new Error(`the gateway did not serve: ${(error as Error).message}; its stderr: ${stderr.trim()}`);
  }
  return { client, close: () => client.close() };
}

// Searches each request and calls the tool meant, which the search ranked: on its page, or
// named in its note when an earlier search of the session loaded it (a ranked use either way).
async function workSession(config: string, requests: readonly (readonly [string, string])[]): Promise<void> {
  const { client, close } = await gateway(config);
  try {
    for (const [request, tool] of requests) {
      const { names, result } = await search(client, request);
      expect([...names, String(result["note"] ?? "")].join(" "), request).toContain(tool);
      expect(text(await client.callTool({ name: tool, arguments: {} }))).toBe(`done: ${tool.split("__")[1]}`);
    }
  } finally {
    await close();
  }
}

// The rank (1-based; 0 when absent) of each held-out request's tool, each in a fresh session.
async function heldOutRanks(config: string): Promise<number[]> {
  const ranks: number[] = [];
  for (const [request, tool] of HELD_OUT) {
    const { client, close } = await gateway(config);
    try {
      ranks.push((await search(client, request)).names.indexOf(tool) + 1);
    } finally {
      await close();
    }
  }
  return ranks;
}

async function learn(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, "learn", ...args], { env: { ...process.env, WRANGLER_HIDE_BANNER: "true" } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const folder = temporaryFolder();
const journals = join(folder, "journal");

beforeAll(async () => {
  await init();
  // The operator approved the untrusted server's tool (its text is still withheld).
  const state = new QuarantineState(join(folder, "state.json"));
  state.classify("stranger", STRANGER, false);
  state.approve("stranger");
});

describe("learning from the gateway's traffic", () => {
  it("a day of searches and calls teaches the used tools: they rank higher for new requests", async () => {
    const config = dayConfig(folder, { recordUsage: true });
    const before = await heldOutRanks(config);
    await workSession(config, MORNING);
    await workSession(config, AFTERNOON);
    // Four sessions, each its own journal: the two held-out searches and the day's two halves.
    expect(readdirSync(journals).filter((name) => name.endsWith(".jsonl"))).toHaveLength(4);
    const used = readdirSync(journals).flatMap((name) => readFileSync(join(journals, name), "utf8").split("\n").filter((line) => line.includes(":used\"")));
    expect(used).toHaveLength(6);

    const hints = join(folder, "hints.json");
    const learned = await learn(["--config", config, "--journals", journals, "-o", hints]);
    expect(learned, learned.stderr).toMatchObject({ code: 0, stdout: expect.stringMatching(/^learned .*hints\.json: \d+ words for 2 tools from 6 uses\n$/) });
    const annotations = JSON.parse(readFileSync(hints, "utf8")) as Record<string, { aliases?: string[]; tags?: string[] }>;
    expect(Object.keys(annotations).sort()).toEqual(["office__freebusy", "office__resize_image"]);
    expect(annotations["office__resize_image"]?.aliases).toEqual(expect.arrayContaining(["shrink", "smaller"]));
    expect(annotations["office__freebusy"]?.aliases).toContain("free");

    // Restarted with the hints (a path relative to the config's folder).
    const after = await heldOutRanks(dayConfig(folder, { recordUsage: true, hints: "hints.json" }));
    expect(before.every((rank) => rank > 1)).toBe(true);
    expect(after).toEqual([1, 1]);
  }, 120_000);

  it("a tool of an untrusted server learns from its uses only when the operator opts in", async () => {
    const config = dayConfig(folder, {});
    const output = join(folder, "unvouched.json");
    const learned = await learn(["--config", config, "--journals", journals, "--learn-unvouched", "-o", output]);
    expect(learned.code, learned.stderr).toBe(0);
    const annotations = JSON.parse(readFileSync(output, "utf8")) as Record<string, { aliases?: string[]; tags?: string[] }>;
    const words = [...(annotations["stranger__image_tool"]?.aliases ?? []), ...(annotations["stranger__image_tool"]?.tags ?? [])];
    expect(words).toContain("compress");
    // A word only the tool's withheld description carries is never learned, opted in or not.
    expect(words).not.toContain("pictures");
    // Without the opt-in (the first test's file): nothing for it.
    expect(JSON.parse(readFileSync(join(folder, "hints.json"), "utf8"))).not.toHaveProperty("stranger__image_tool");
  }, 60_000);

  it("learn reads gateway journals beside library journals, and refuses another format by name", async () => {
    // A gateway session in this process, journalled to its own folder (recordUsage is the
    // session's option here; the config's key is what the command line passes on).
    const own = temporaryFolder();
    const config = dayConfig(own, {});
    const parsed = parseGatewayConfig(JSON.parse(readFileSync(config, "utf8")), config);
    const upstreams = new Gateway(parsed, { stderr: "ignore", onWarning: () => {} });
    await upstreams.start();
    const downstream = new DownstreamSession(upstreams, {
      runId: "in-process",
      caps: { maxPerSearch: parsed.maxPerSearch, maxLoaded: parsed.maxLoaded, maxSearches: parsed.maxSearches, loadUnconfident: true, deferral: parsed.deferral },
      version: "test",
      recordUsage: true,
      journal: fileJournal(parsed.journal!, "in-process"),
    });
    const client = new Client({ name: "learning-test", version: "1.0.0" });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await downstream.server.connect(serverSide);
    await client.connect(clientSide);
    for (const [request, tool] of [MORNING[0], MORNING[1]]) {
      await search(client, request);
      await client.callTool({ name: tool, arguments: {} });
    }
    await client.close();
    await upstreams.close();
    const gatewayJournals = parsed.journal!;

    // The operator's own catalogue file: the gateway's journal is read like a session's.
    const tools = join(own, "tools.json");
    writeFileSync(tools, JSON.stringify(OFFICE.map((tool) => ({ id: `office__${tool.name}`, description: tool.description }))));
    const output = join(own, "hints.json");
    const fromTools = await learn(["--tools", tools, "--journals", gatewayJournals, "-o", output]);
    expect(fromTools, fromTools.stderr).toMatchObject({ code: 0, stdout: expect.stringMatching(/from 2 uses\n$/) });
    // Beside a library session's journal of the same catalogue (one more use), with the config.
    const journal = new InMemoryJournal();
    const library = createToolSearchSession({ runId: "library-run", recordUsage: true, journal, toolSearch: { catalogue: JSON.parse(readFileSync(tools, "utf8")) as ToolDefinition[] } });
    library.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "shrink the image a bit smaller" } });
    library.handleToolCall({ turn: 1, index: 0, name: "office__resize_image", input: {} });
    writeFileSync(join(gatewayJournals, "library-run.jsonl"), journalToJsonLines(journal));
    const fromConfig = await learn(["--config", config, "--journals", gatewayJournals, "-o", output]);
    expect(fromConfig, fromConfig.stderr).toMatchObject({ code: 0, stdout: expect.stringMatching(/from 3 uses\n$/) });

    const other = join(own, "other");
    mkdirSync(other);
    writeFileSync(join(other, "state.jsonl"), `${JSON.stringify({ format: "toolsift.gateway-state", v: 1, approved: {} })}\n`);
    const refused = await learn(["--config", config, "--journals", other, "-o", output]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`toolsift: invalid_journal: ${join(other, "state.jsonl")}:1: not a toolsift journal line: format "toolsift.gateway-state" v 1 (this toolsift reads toolsift.journal v1 and toolsift.gateway-journal v1)\n`);
    const newer = join(own, "newer");
    mkdirSync(newer);
    writeFileSync(join(newer, "run.jsonl"), `${JSON.stringify({ format: "toolsift.gateway-journal", v: 2, kind: "call" })}\n`);
    expect((await learn(["--config", config, "--journals", newer, "-o", output])).stderr).toMatch(/^toolsift: invalid_journal: .*run\.jsonl:1: not a toolsift journal line: format "toolsift\.gateway-journal" v 2 /);
  }, 60_000);
});

describe("the gateway's learning settings", () => {
  it("refuse recordUsage without a journal, and a hints file that is missing or malformed, at start", async () => {
    const local = temporaryFolder();
    const noJournal = writeConfig(local, { mcpServers: {}, toolsift: { recordUsage: true } });
    expect((await runCli(["mcp", "--config", noJournal])).stderr).toBe(
      `toolsift: invalid_config: ${noJournal}: toolsift.recordUsage: needs "journal", the folder the used records are written to\n`,
    );
    const missing = writeConfig(local, { mcpServers: {}, toolsift: { hints: "nowhere.json" } }, "missing.json");
    expect(await runCli(["mcp", "--config", missing])).toMatchObject({ code: 2, stderr: `toolsift: file_unreadable: cannot read hints file ${join(local, "nowhere.json")}: no such file\n` });
    writeFileSync(join(local, "bad-hints.json"), JSON.stringify({ office__resize_image: { aliases: "shrink" } }));
    const bad = writeConfig(local, { mcpServers: {}, toolsift: { hints: "bad-hints.json" } }, "bad.json");
    expect(await runCli(["mcp", "--config", bad])).toMatchObject({
      code: 2,
      stderr: `toolsift: invalid_annotations: annotations file ${join(local, "bad-hints.json")}: office__resize_image.aliases must be an array of strings\n`,
    });
    writeFileSync(join(local, "not-json.json"), "{ nope");
    const notJson = writeConfig(local, { mcpServers: {}, toolsift: { hints: "not-json.json" } }, "not-json-config.json");
    expect((await runCli(["mcp", "--config", notJson])).stderr).toMatch(/^toolsift: invalid_annotations: hints file .*not-json\.json is not valid JSON/);
  });
});
