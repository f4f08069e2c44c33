// The gateway's Streamable HTTP listener against the callers it must turn away: a page whose
// name resolves to 127.0.0.1 (a foreign Host or Origin), a page on another localhost port, a
// local process without the bearer token, a wildcard bind; and sessions that are abandoned or
// too many. Raw requests go through node:http, because fetch replaces a Host header it is given.
import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { init } from "../../src/entry/node.js";
import { parseGatewayConfig } from "../../src/mcp/config.js";
import { DownstreamSession } from "../../src/mcp/downstream.js";
import { Gateway } from "../../src/mcp/gateway.js";
import { listenHttp, type HttpListener } from "../../src/mcp/http.js";
import { runCli } from "../helpers/cli.js";
import { eventually, faultServer, temporaryFolder, text, writeConfig } from "./helpers.js";

const BIN = fileURLToPath(new URL("../../bin/toolsift.js", import.meta.url));
const TOKEN = "test-token-0123456789abcdef";
const INITIALIZE = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1.0.0" } } };

let folder: string;
let configPath: string;
let gateway: Gateway;
const listeners: HttpListener[] = [];
const clients: Client[] = [];
let closedDownstreams = 0;

function open(): DownstreamSession {
  const downstream = new DownstreamSession(gateway, { runId: `http-security-${Date.now()}`, caps: { maxPerSearch: 5, maxLoaded: 20, maxSearches: 200 }, version: "test", onWarning: () => {} });
  const close = downstream.close.bind(downstream);
  downstream.close = async () => {
    closedDownstreams++;
    await close();
  };
  return downstream;
}

async function listen(options: Parameters<typeof listenHttp>[1] = {}): Promise<HttpListener> {
  const listener = await listenHttp(open, { token: TOKEN, ...options });
  listeners.push(listener);
  return listener;
}

async function connect(url: URL, token = TOKEN): Promise<Client> {
  const client = new Client({ name: "http-security", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  clients.push(client);
  return client;
}

interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

interface RawRequest {
  /** The Host header; the listener's own host:port when absent. */
  readonly host?: string;
  readonly origin?: string;
  /** The bearer token; none when null. */
  readonly token?: string | null;
  readonly authorization?: string;
  readonly sessionId?: string;
  readonly method?: string;
  readonly body?: unknown;
  readonly accept?: string;
  /** Connect here instead of the listener's own address (a wildcard bind). */
  readonly connectTo?: string;
}

function raw(url: URL, options: RawRequest = {}): Promise<RawAnswer> {
  const { host = url.host, origin, token = TOKEN, sessionId, method = "POST", body = method === "POST" ? INITIALIZE : undefined } = options;
  const headers: Record<string, string> = { host, accept: options.accept ?? "application/json, text/event-stream", "content-type": "application/json" };
  if (origin !== undefined) headers["origin"] = origin;
  if (options.authorization !== undefined) headers["authorization"] = options.authorization;
  else if (token !== null) headers["authorization"] = `Bearer ${token}`;
  if (sessionId !== undefined) {
    headers["mcp-session-id"] = sessionId;
    headers["mcp-protocol-version"] = "2025-06-18";
  }
  return new Promise((resolve, reject) => {
    const sent = request({ host: options.connectTo ?? url.hostname, port: url.port, path: url.pathname, method, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
        // An answer on an SSE stream ends at its first event; the stream itself may stay open.
        if (response.headers["content-type"]?.startsWith("text/event-stream") === true && text.includes("\n\n")) response.destroy();
      });
      const done = () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text });
      response.on("end", done).on("close", done);
    });
    sent.on("error", reject);
    sent.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

function rpcError(answer: RawAnswer): { code: number; message: string; data?: { code?: string } } {
  return (JSON.parse(answer.text) as { error: { code: number; message: string; data?: { code?: string } } }).error;
}

beforeAll(async () => {
  await init();
  folder = temporaryFolder();
  const config = { mcpServers: { alpha: faultServer() } };
  configPath = writeConfig(folder, config);
  gateway = new Gateway(parseGatewayConfig(config, configPath), { stderr: "ignore", onWarning: () => {}, version: "test" });
  await gateway.start();
});

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => {});
  for (const listener of listeners) await listener.close();
  await gateway?.close();
});

describe("the Host and Origin allow-lists", () => {
  it("refuse a foreign Host (DNS rebinding) with 403 and a JSON-RPC error", async () => {
    const listener = await listen();
    const answer = await raw(listener.url, { host: `evil.example:${listener.url.port}` });
    expect(answer.status).toBe(403);
    expect(rpcError(answer).message).toContain("evil.example");
  });

  it("refuse a foreign Origin even with a loopback Host", async () => {
    const listener = await listen();
    const answer = await raw(listener.url, { origin: "http://evil.example" });
    expect(answer.status).toBe(403);
  });

  it("refuse a page served from another localhost port: no browser origin is allowed by default", async () => {
    const listener = await listen();
    const port = Number(listener.url.port);
    for (const origin of ["http://localhost:5173", `http://127.0.0.1:${port}`, `http://localhost:${port}`, "null"]) {
      const answer = await raw(listener.url, { origin });
      expect(answer.status, origin).toBe(403);
      expect(rpcError(answer).data?.code, origin).toBe("forbidden_origin");
    }
  });

  it("allow an Origin only when scheme, host and port are exactly in the list, with CORS headers", async () => {
    const listener = await listen({ allowOrigins: ["https://app.example"] });
    const allowed = await raw(listener.url, { origin: "https://app.example" });
    expect(allowed.status).toBe(200);
    expect(allowed.headers["access-control-allow-origin"]).toBe("https://app.example");
    for (const origin of ["http://app.example", "https://app.example:8443", "https://app.example.evil.example"]) {
      expect((await raw(listener.url, { origin })).status, origin).toBe(403);
    }
    // A browser's preflight carries no credential; it is answered for an allowed origin only.
    const preflight = await raw(listener.url, { method: "OPTIONS", origin: "https://app.example", token: null });
    expect(preflight.status).toBe(204);
    expect(String(preflight.headers["access-control-allow-headers"])).toMatch(/authorization/i);
    expect((await raw(listener.url, { method: "OPTIONS", origin: "http://localhost:5173", token: null })).status).toBe(403);
  });

  it("allow a Host named in the list, besides the loopback names", async () => {
    const listener = await listen({ allowHosts: ["gateway.internal"] });
    expect((await raw(listener.url, { host: `gateway.internal:${listener.url.port}` })).status).toBe(200);
    expect((await raw(listener.url, { host: `localhost:${listener.url.port}` })).status).toBe(200);
    expect((await raw(listener.url, { host: `other.internal:${listener.url.port}` })).status).toBe(403);
  });

  it("refuse a malformed allow-list entry with a typed error naming it", async () => {
    await expect(listen({ allowOrigins: ["https://app.example/path"] })).rejects.toMatchObject({ code: "invalid_option", message: expect.stringContaining("https://app.example/path") });
    await expect(listen({ allowHosts: ["evil.example:80"] })).rejects.toMatchObject({ code: "invalid_option", message: expect.stringContaining("evil.example:80") });
  });
});

describe("the bearer token", () => {
  it("is required: a request without it gets 401, WWW-Authenticate: Bearer and a JSON-RPC error", async () => {
    const listener = await listen();
    const answer = await raw(listener.url, { token: null });
    expect(answer.status).toBe(401);
    expect(answer.headers["www-authenticate"]).toMatch(/^Bearer\b/);
    expect(rpcError(answer)).toMatchObject({ code: -32000, data: { code: "unauthorized" } });
    expect(listener.sessions).toBe(0);
  });

  it("refuses a wrong token, a token of another length and another scheme", async () => {
    const listener = await listen();
    for (const authorization of [`Bearer ${TOKEN.slice(0, -1)}x`, `Bearer ${TOKEN}x`, `Bearer `, `Basic ${TOKEN}`, TOKEN]) {
      const answer = await raw(listener.url, { authorization });
      expect(answer.status, authorization).toBe(401);
      expect(answer.headers["www-authenticate"], authorization).toMatch(/^Bearer\b/);
    }
    // The scheme is case-insensitive (RFC 9110 11.1).
    expect((await raw(listener.url, { authorization: `bearer ${TOKEN}` })).status).toBe(200);
  });

  it("lets the SDK client with the token in requestInit.headers run an upstream tool", async () => {
    const listener = await listen();
    const client = await connect(listener.url);
    // The server is held back (deferral): loading its group makes the next call run the tool.
    await client.callTool({ name: "search_tools", arguments: { group: "alpha" } });
    const result = await client.callTool({ name: "call_tool", arguments: { name: "alpha__echo", arguments: { message: "through the token" } } });
    expect(text(result)).toContain("through the token");
  });

  it("turns away the SDK client without the token", async () => {
    const listener = await listen();
    await expect(connect(listener.url, "not-the-token-0123456789")).rejects.toMatchObject({ code: 401, message: expect.stringContaining("unauthorized") });
  });

  it("is generated when none is given: at least 128 bits, new on every start", async () => {
    const first = await listenHttp(open);
    const second = await listenHttp(open);
    listeners.push(first, second);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(first.token).not.toBe(second.token);
    expect((await raw(first.url, { token: null })).status).toBe(401);
    expect((await raw(first.url, { token: first.token })).status).toBe(200);
  });

  it("refuses a given token that is short or not header-safe, naming the rule", async () => {
    for (const token of ["", "short", `${TOKEN} with spaces`, `${TOKEN}\r\nx: y`]) {
      await expect(listenHttp(open, { token }), JSON.stringify(token)).rejects.toMatchObject({ code: "invalid_option", message: expect.stringMatching(/token/) });
    }
  });
});

describe("a wildcard bind (0.0.0.0)", () => {
  it("still requires the token and answers only allow-listed Host names", async () => {
    const listener = await listen({ host: "0.0.0.0" });
    const at = { connectTo: "127.0.0.1" };
    const rebinding = await raw(listener.url, { ...at, host: `evil.example:${listener.url.port}`, origin: "http://evil.example" });
    expect(rebinding.status).toBe(403);
    expect((await raw(listener.url, { ...at, host: `127.0.0.1:${listener.url.port}`, token: null })).status).toBe(401);
    expect((await raw(listener.url, { ...at, host: `127.0.0.1:${listener.url.port}` })).status).toBe(200);
  });
});

describe("sessions", () => {
  it("are capped: an initialize over the cap gets 503 naming the cap", async () => {
    const listener = await listen({ maxSessions: 2 });
    await connect(listener.url);
    await connect(listener.url);
    expect(listener.sessions).toBe(2);
    const over = await raw(listener.url);
    expect(over.status).toBe(503);
    expect(rpcError(over)).toMatchObject({ data: { code: "session_limit" }, message: expect.stringContaining("2") });
    expect(listener.sessions).toBe(2);
  });

  it("close after the idle timeout, with their downstream session; their id then gets 404", async () => {
    const listener = await listen({ idleTimeoutMs: 300 });
    const initialized = await raw(listener.url);
    const sessionId = initialized.headers["mcp-session-id"] as string;
    expect(sessionId).toBeTruthy();
    expect(listener.sessions).toBe(1);
    const closedBefore = closedDownstreams;
    await eventually(() => listener.sessions === 0, 5_000);
    expect(closedDownstreams).toBe(closedBefore + 1);
    const late = await raw(listener.url, { sessionId, body: { jsonrpc: "2.0", id: 2, method: "ping" } });
    expect(late.status).toBe(404);
  });

  it("are not left open by an initialize the transport refuses", async () => {
    const listener = await listen({ maxSessions: 1 });
    const closedBefore = closedDownstreams;
    // Streamable HTTP needs both answer types accepted (406 otherwise), checked after the session is made.
    expect((await raw(listener.url, { accept: "application/json" })).status).toBe(406);
    expect(closedDownstreams).toBe(closedBefore + 1);
    expect((await raw(listener.url)).status).toBe(200);
    expect(listener.sessions).toBe(1);
  });

  it("stay open while in use", async () => {
    const listener = await listen({ idleTimeoutMs: 300 });
    const client = await connect(listener.url);
    for (let i = 0; i < 8; i++) {
      await client.ping();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(listener.sessions).toBe(1);
  });

  it("refuse an idle timeout or cap out of range with a typed error", async () => {
    await expect(listen({ idleTimeoutMs: 0 })).rejects.toMatchObject({ code: "invalid_option", message: expect.stringContaining("idleTimeoutMs") });
    await expect(listen({ maxSessions: 0 })).rejects.toMatchObject({ code: "invalid_option", message: expect.stringContaining("maxSessions") });
  });
});

// The built command line in a child process (it serves until SIGTERM).
async function serveCli(args: string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; stderr: () => string; url: URL }> {
  const child = spawn(process.execPath, [BIN, "mcp", "--config", configPath, ...args], { env: { PATH: process.env["PATH"] ?? "", ...env }, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  await eventually(() => /MCP gateway at (\S+)/.test(stderr) || child.exitCode !== null, 20_000);
  const match = /MCP gateway at (\S+)/.exec(stderr);
  if (match === null) throw new Error(`the gateway did not start: ${stderr}`);
  return { child, stderr: () => stderr, url: new URL(match[1]!) };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

describe("toolsift mcp --http", () => {
  it("prints a generated token once, names the bind and the allow-lists, and requires the token", async () => {
    const { child, stderr, url } = await serveCli(["--http", "0"]);
    try {
      const token = /Authorization: Bearer ([A-Za-z0-9_-]+)/.exec(stderr())?.[1];
      expect(token, stderr()).toBeDefined();
      expect(stderr().split(token!).length - 1).toBe(1);
      expect(stderr()).toMatch(/bound to 127\.0\.0\.1 .*token generated.*Host: localhost, 127\.0\.0\.1, \[::1\].*Origin: none/);
      expect((await raw(url, { token: null })).status).toBe(401);
      expect((await raw(url, { token: token! })).status).toBe(200);
    } finally {
      await stop(child);
    }
  });

  it("reads the token from TOOLSIFT_MCP_TOKEN and from --token-file, and never prints it", async () => {
    const fromEnv = await serveCli(["--http", "0"], { TOOLSIFT_MCP_TOKEN: TOKEN });
    try {
      expect(fromEnv.stderr()).toContain("token from TOOLSIFT_MCP_TOKEN");
      expect(fromEnv.stderr()).not.toContain(TOKEN);
      expect((await raw(fromEnv.url, { token: TOKEN })).status).toBe(200);
    } finally {
      await stop(fromEnv.child);
    }
    const file = join(folder, "token");
    writeFileSync(file, `${TOKEN}-file\n`);
    const fromFile = await serveCli(["--http", "0", "--token-file", file], { TOOLSIFT_MCP_TOKEN: TOKEN });
    try {
      expect(fromFile.stderr()).toContain(`token from ${file}`);
      expect((await raw(fromFile.url, { token: TOKEN })).status).toBe(401);
      expect((await raw(fromFile.url, { token: `${TOKEN}-file` })).status).toBe(200);
    } finally {
      await stop(fromFile.child);
    }
  });

  it("refuses an empty token file at start (exit 2), naming the file", async () => {
    const file = join(folder, "empty-token");
    writeFileSync(file, "\n");
    const run = await runCli(["mcp", "--config", configPath, "--http", "0", "--token-file", file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`invalid_option: .*${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}.*empty`));
  });

  it("says on start that a wildcard bind answers other machines, with the token and the allow-lists", async () => {
    const { child, stderr, url } = await serveCli(["--http", "0", "--host", "0.0.0.0", "--allow-host", "gateway.internal", "--allow-origin", "https://app.example"], { TOOLSIFT_MCP_TOKEN: TOKEN });
    try {
      expect(stderr()).toMatch(/bound to 0\.0\.0\.0 \(every interface: reachable from other machines\).*token from TOOLSIFT_MCP_TOKEN.*Host: localhost, 127\.0\.0\.1, \[::1\], gateway\.internal.*Origin: https:\/\/app\.example/);
      const at = { connectTo: "127.0.0.1" };
      expect((await raw(url, { ...at, host: `evil.example:${url.port}`, token: TOKEN })).status).toBe(403);
      expect((await raw(url, { ...at, host: `gateway.internal:${url.port}`, token: TOKEN })).status).toBe(200);
    } finally {
      await stop(child);
    }
  });

  it("refuses options that need --http, and bad values, as usage errors", async () => {
    expect(await runCli(["mcp", "--config", configPath, "--http", "0", "--max-sessions", "many"])).toMatchObject({ code: 1, stderr: expect.stringContaining("--max-sessions must be") });
    expect(await runCli(["mcp", "--config", configPath, "--http", "0", "--idle-timeout", "0"])).toMatchObject({ code: 1, stderr: expect.stringContaining("--idle-timeout must be") });
    expect(await runCli(["mcp", "--config", configPath, "--host", "0.0.0.0"])).toMatchObject({ code: 1, stderr: expect.stringContaining("--host needs --http") });
  });
});
