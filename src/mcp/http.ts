// The gateway's Streamable HTTP listener: one DownstreamSession per MCP session id, bound to
// 127.0.0.1 by default (a gateway holds every server's credentials; it is not a public service).
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { DownstreamSession } from "./downstream.js";

/** Where the listener binds: host 127.0.0.1 and path /mcp by default; port 0 picks a free one. */
export const HTTP_DEFAULTS = Object.freeze({ host: "127.0.0.1", path: "/mcp" });

export interface HttpListener {
  readonly url: URL;
  /** Open MCP sessions. */
  readonly sessions: number;
  close(): Promise<void>;
}

// The most bytes of one request body: a tools/call with large arguments fits; a flood does not.
const MAX_BODY_BYTES = 4 * 1024 * 1024;

function readBody(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error("request body too large"));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on("end", () => {
      try {
        resolve(chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString("utf8")));
      } catch (error) {
        reject(error);
      }
    });
    request.on("error", reject);
  });
}

function jsonError(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

function hostName(value: string): string {
  // "[::1]:3000" → "[::1]", "localhost:3000" → "localhost".
  return value.startsWith("[") ? value.slice(0, value.indexOf("]") + 1) : (value.split(":")[0] ?? "");
}

// DNS rebinding: a page on evil.example whose name resolves to 127.0.0.1 reaches a loopback
// server with its own Host (and Origin). A loopback listener answers only loopback names.
function loopbackRequest(request: IncomingMessage): boolean {
  const host = request.headers.host;
  if (host === undefined || !LOOPBACK_NAMES.has(hostName(host.toLowerCase()))) return false;
  const origin = request.headers.origin;
  if (origin === undefined || origin === "null") return origin === undefined;
  try {
    return LOOPBACK_NAMES.has(new URL(origin).hostname === "::1" ? "[::1]" : new URL(origin).hostname);
  } catch {
    return false;
  }
}

function isInitialize(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((message) => typeof message === "object" && message !== null && (message as { method?: unknown }).method === "initialize");
}

/**
 * Serves the gateway over Streamable HTTP at `http://host:port/mcp`; `open()` makes the
 * downstream session of each new MCP session.
 *
 * @example
 * const listener = await listenHttp(() => new DownstreamSession(gateway, options), { port: 3333 });
 */
export async function listenHttp(open: () => DownstreamSession, options: { host?: string; port?: number } = {}): Promise<HttpListener> {
  const host = options.host ?? HTTP_DEFAULTS.host;
  const loopback = LOOPBACK_NAMES.has(host.includes(":") ? `[${host}]` : host);
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; downstream: DownstreamSession }>();
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://localhost");
      if (loopback && !loopbackRequest(request)) return jsonError(response, 403, "Forbidden: this gateway answers only requests to localhost");
      if (url.pathname !== HTTP_DEFAULTS.path) return jsonError(response, 404, `Not found: the MCP endpoint is ${HTTP_DEFAULTS.path}`);
      const id = request.headers["mcp-session-id"];
      const known = typeof id === "string" ? sessions.get(id) : undefined;
      const body = request.method === "POST" ? await readBody(request) : undefined;
      if (known !== undefined) return known.transport.handleRequest(request, response, body);
      if (request.method !== "POST" || !isInitialize(body)) return jsonError(response, 400, "No valid MCP session: start with initialize");
      const downstream = open();
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => void sessions.set(sessionId, { transport, downstream }),
      });
      transport.onclose = () => {
        if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
        void downstream.close().catch(() => {});
      };
      await downstream.server.connect(transport);
      await transport.handleRequest(request, response, body);
    })().catch((error: unknown) => {
      if (!response.headersSent) jsonError(response, 400, error instanceof Error ? error.message : "bad request");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: new URL(`http://${host.includes(":") ? `[${host}]` : host}:${port}${HTTP_DEFAULTS.path}`),
    get sessions() {
      return sessions.size;
    },
    async close() {
      await Promise.all([...sessions.values()].map(({ transport }) => transport.close().catch(() => {})));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
