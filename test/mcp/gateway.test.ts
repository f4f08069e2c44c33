// The gateway end to end: the registry's servers (everything, memory, filesystem on a
// temporary folder) over stdio and one Streamable HTTP server, behind `toolsift mcp`,
// driven by the SDK's Client over stdio (the built CLI) and over Streamable HTTP.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { init } from "../../src/entry/node.js";
import { parseGatewayConfig } from "../../src/mcp/config.js";
import { DownstreamSession } from "../../src/mcp/downstream.js";
import { Gateway } from "../../src/mcp/gateway.js";
import { listenHttp, type HttpListener } from "../../src/mcp/http.js";
import { eventually, registryServers, search, startHttpServer, temporaryFolder, text, writeConfig } from "./helpers.js";

const BIN = fileURLToPath(new URL("../../bin/toolsift.js", import.meta.url));

interface Driven {
  readonly name: string;
  client: Client;
  listChanged: { count: number };
}

function newClient(listChanged: { count: number }): Client {
  return new Client({ name: "gateway-test", version: "1.0.0" }, { listChanged: { tools: { autoRefresh: false, debounceMs: 0, onChanged: () => void listChanged.count++ } } });
}

let folder: string;
let http: Awaited<ReturnType<typeof startHttpServer>>;
let gateway: Gateway;
let listener: HttpListener;
const clients: Driven[] = [];

beforeAll(async () => {
  await init();
  folder = temporaryFolder();
  writeFileSync(join(folder, "notes.txt"), "the gateway read this file");
  http = await startHttpServer();
  const config = { mcpServers: { ...registryServers(folder), remote: { url: http.url, trust: true } }, toolsift: { journal: join(folder, "journal"), maxLoaded: 50, menu: "append" } };
  const path = writeConfig(folder, config);
  // stdio: the built command line, as a client's config would start it.
  const stdioChanged = { count: 0 };
  const stdioClient = newClient(stdioChanged);
  // Its default state file is under XDG_STATE_HOME, the helpers' temporary folder.
  const env = { ...getDefaultEnvironment(), XDG_STATE_HOME: process.env["XDG_STATE_HOME"]! };
  const connecting = stdioClient.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", "--config", path], env, stderr: "ignore" }));
  // Streamable HTTP: the gateway in this process on 127.0.0.1.
  gateway = new Gateway(parseGatewayConfig(config, join(folder, "http.json")), { stderr: "ignore", onWarning: () => {}, version: "test" });
  const started = gateway.start();
  listener = await listenHttp(() => new DownstreamSession(gateway, { runId: `http-${Date.now()}`, caps: { maxPerSearch: 5, maxLoaded: 50, maxSearches: 200, menu: "append" }, version: "test", onWarning: () => {} }));
  const httpChanged = { count: 0 };
  const httpClient = newClient(httpChanged);
  await httpClient.connect(new StreamableHTTPClientTransport(listener.url, { requestInit: { headers: { authorization: `Bearer ${listener.token}` } } }));
  await Promise.all([connecting, started]);
  clients.push({ name: "stdio", client: stdioClient, listChanged: stdioChanged }, { name: "http", client: httpClient, listChanged: httpChanged });
  // The CLI's servers start in the background: wait until its search sees all four.
  // (Tools these searches load are on its menu: later searches do not return them again.)
  await eventually(async () => {
    const { names } = await search(stdioClient, "answer with the message it was sent; environment variables; open nodes; allowed directories", 5);
    return ["remote__ping_back", "everything__get-env", "memory__open_nodes", "filesystem__list_allowed_directories"].every((name) => names.includes(name));
  }, 30_000);
}, 60_000);

afterAll(async () => {
  for (const { client } of clients) await client.close();
  await listener?.close();
  await gateway?.close();
  await http?.close();
});

describe.each(["stdio", "http"])("the gateway over %s", (transport) => {
  const driven = () => clients.find((client) => client.name === transport)!;

  it("lists search_tools and call_tool, nothing else, before a search", async () => {
    const names = (await driven().client.listTools()).tools.map((tool) => tool.name);
    expect(names.slice(0, 2)).toEqual(["search_tools", "call_tool"]);
  });

  it("finds an upstream tool by an English, a Russian and a Chinese request", async () => {
    const { client } = driven();
    expect((await search(client, "echo back a message", 1)).names[0]).toBe("everything__echo");
    expect((await search(client, "создать сущности в графе знаний", 3)).names).toContain("memory__create_entities");
    expect((await search(client, "读取文件", 3)).names.some((name) => name.startsWith("filesystem__read"))).toBe(true);
    expect((await search(client, "translate a text into another language", 1)).names[0]).toBe("remote__translate_text");
  });

  it("forwards call_tool to the upstream and returns its result", async () => {
    const { client } = driven();
    await search(client, "read a text file", 2);
    const read = await client.callTool({ name: "call_tool", arguments: { name: "filesystem__read_text_file", arguments: { path: join(folder, "notes.txt") } } });
    expect(text(read)).toBe("the gateway read this file");
    const translated = await client.callTool({ name: "call_tool", arguments: { name: "remote__translate_text", arguments: { text: "hello", to: "fr" } } });
    expect(text(translated)).toBe("[fr] hello");
  });

  it("registers found tools in its tools/list, sends list_changed, and calls them directly", async () => {
    const { client, listChanged } = driven();
    const before = listChanged.count;
    const { names } = await search(client, "add two numbers and return the sum", 1);
    expect(names[0]).toBe("everything__get-sum");
    await eventually(() => listChanged.count > before);
    const listed = (await client.listTools()).tools.map((tool) => tool.name);
    expect(listed).toContain("everything__get-sum");
    const sum = (await client.callTool({ name: "everything__get-sum", arguments: { a: 2, b: 40 } })) as CallToolResult;
    expect(text(sum)).toMatch(/42/);
  });

  it("answers a call of a tool no search loaded with a typed error", async () => {
    const result = (await driven().client.callTool({ name: "call_tool", arguments: { name: "memory__no_such_tool" } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect((result.structuredContent as { code: string }).code).toBe("unknown_tool");
  });
});
