// Shared set-up of the gateway tests: the real MCP servers from the npm registry (pinned in
// devDependencies, run with this Node), the fault fixture, and a Streamable HTTP server the
// test starts on 127.0.0.1.
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { parseGatewayConfig } from "../../src/mcp/config.js";
import { DownstreamSession } from "../../src/mcp/downstream.js";
import { Gateway } from "../../src/mcp/gateway.js";
import type { ToolsiftWarning } from "../../src/shared/warnings.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
export const FAULT_SERVER = join(root, "test/mcp/fixtures/fault-server.mjs");
export const HOSTILE_SERVER = join(root, "test/mcp/fixtures/hostile-server.mjs");

// The gateway's default state file is under $XDG_STATE_HOME: a test never writes the real one.
process.env["XDG_STATE_HOME"] = mkdtempSync(join(tmpdir(), "toolsift-state-"));

/** The bin of a pinned `@modelcontextprotocol/server-*` package. */
export function serverBin(name: "everything" | "memory" | "filesystem"): string {
  return join(root, `node_modules/@modelcontextprotocol/server-${name}/dist/index.js`);
}

export function temporaryFolder(): string {
  return mkdtempSync(join(tmpdir(), "toolsift-gateway-"));
}

/** The three registry servers, stdio, as a servers.json user writes them. */
export function registryServers(folder: string, trust = true): Record<string, unknown> {
  return {
    everything: { command: process.execPath, args: [serverBin("everything")], trust },
    memory: { command: process.execPath, args: [serverBin("memory")], env: { MEMORY_FILE_PATH: join(folder, "memory.jsonl") }, trust },
    filesystem: { command: process.execPath, args: [serverBin("filesystem"), folder], trust },
  };
}

export function faultServer(trust = true, env: Record<string, string> = {}): Record<string, unknown> {
  return { command: process.execPath, args: [FAULT_SERVER], trust, env };
}

/** The hostile fixture: `HOSTILE_FEATURES` (prototype, empty, escapes) and `HOSTILE_OMIT` (tool names) in `env`. */
export function hostileServer(trust = true, env: Record<string, string> = {}): Record<string, unknown> {
  return { command: process.execPath, args: [HOSTILE_SERVER], trust, env };
}

/** A Streamable HTTP MCP server on 127.0.0.1 (stateless: one server per request). */
export async function startHttpServer(): Promise<{ url: string; close(): Promise<void> }> {
  const make = () => {
    const server = new Server({ name: "http-fixture", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: [
        { name: "translate_text", description: "Translate a text into another language", inputSchema: { type: "object", properties: { text: { type: "string" }, to: { type: "string" } } } },
        { name: "ping_back", description: "Answer with the message it was sent", inputSchema: { type: "object", properties: { message: { type: "string" } } } },
      ],
    }));
    server.setRequestHandler(CallToolRequestSchema, (request) => {
      const args = request.params.arguments ?? {};
      const text = request.params.name === "translate_text" ? `[${String(args["to"])}] ${String(args["text"])}` : `pong: ${String(args["message"])}`;
      return { content: [{ type: "text", text }] };
    });
    return server;
  };
  const http: HttpServer = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void (async () => {
        const body = chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString("utf8"));
        if (request.method !== "POST") return void response.writeHead(405).end();
        const server = make();
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
        response.on("close", () => void transport.close());
        await server.connect(transport);
        await transport.handleRequest(request, response, body);
      })();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", () => resolve()));
  const port = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () => {
      http.closeAllConnections();
      return new Promise((resolve) => http.close(() => resolve()));
    },
  };
}

export function writeConfig(folder: string, config: unknown, name = "servers.json"): string {
  const path = join(folder, name);
  writeFileSync(path, JSON.stringify(config, null, 2));
  return path;
}

export interface InProcess {
  gateway: Gateway;
  downstream: DownstreamSession;
  client: Client;
  warnings: ToolsiftWarning[];
  listChanged: { count: number };
  close(): Promise<void>;
}

/**
 * A gateway in this process with one downstream session, driven by the SDK's Client over an
 * in-memory pair. `background`: the servers start without being awaited (one may never be up).
 */
export async function inProcess(config: unknown, folder: string, { background = false } = {}): Promise<InProcess> {
  const warnings: ToolsiftWarning[] = [];
  const path = writeConfig(folder, config);
  const parsed = parseGatewayConfig(config, path);
  const gateway = new Gateway(parsed, { stderr: "ignore", onWarning: (warning) => warnings.push(warning), version: "test" });
  const started = gateway.start();
  if (!background) await started;
  const downstream = new DownstreamSession(gateway, {
    runId: "test-run",
    caps: { maxPerSearch: parsed.maxPerSearch, maxLoaded: parsed.maxLoaded, maxSearches: parsed.maxSearches, loadUnconfident: parsed.loadUnconfident, deferral: parsed.deferral, menu: parsed.menu },
    version: "test",
    onWarning: (warning) => warnings.push(warning),
  });
  const listChanged = { count: 0 };
  const client = new Client({ name: "test-client", version: "1.0.0" }, { listChanged: { tools: { autoRefresh: false, onChanged: () => void listChanged.count++ } } });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await downstream.server.connect(serverSide);
  await client.connect(clientSide);
  return {
    gateway,
    downstream,
    client,
    warnings,
    listChanged,
    async close() {
      await client.close();
      await downstream.close();
      await gateway.close();
    },
  };
}

/** The structured result of a search, with the tools' names. */
export async function search(client: Client, query: string, limit = 5): Promise<{ names: string[]; result: Record<string, unknown> }> {
  const result = (await client.callTool({ name: "search_tools", arguments: { query, limit } })) as CallToolResult;
  const structured = result.structuredContent as { tools?: { name: string }[] };
  return { names: (structured.tools ?? []).map((tool) => tool.name), result: structured };
}

export function text(result: unknown): string {
  const content = (result as CallToolResult).content ?? [];
  return content.map((part) => (part.type === "text" ? part.text : `[${part.type}]`)).join("");
}

/** Waits until `condition` holds (polling every 20 ms), failing after `ms`. */
export async function eventually(condition: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
