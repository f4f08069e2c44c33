// The gateway's Streamable HTTP listener: one DownstreamSession per MCP session id, bound to
// 127.0.0.1 by default (a gateway holds every server's credentials; it is not a public service),
// answering only allow-listed Host names and origins and callers with the bearer token.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { isIP, type AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { ToolsiftError } from "../errors.js";
import type { DownstreamSession } from "./downstream.js";
import { generateToken, HttpAccess } from "./http-access.js";

/**
 * The listener's defaults. `idleTimeoutMs`: a session with no request in flight for this long is
 * closed with its downstream session (1 to 86,400,000 ms; 30 minutes). `maxSessions`: open
 * sessions at once; an initialize past it gets 503 (1 to 10,000; 64). Port 0 picks a free one.
 */
export const HTTP_DEFAULTS = Object.freeze({ host: "127.0.0.1", path: "/mcp", idleTimeoutMs: 30 * 60_000, maxSessions: 64 });

const LIMITS = Object.freeze({ idleTimeoutMs: [1, 86_400_000], maxSessions: [1, 10_000] } as const);

export interface HttpListenOptions {
  /** The address to bind; 127.0.0.1 by default. Any other keeps the token and the allow-lists. */
  readonly host?: string | undefined;
  readonly port?: number | undefined;
  /** The bearer token callers send; generated (256 bits) when absent. At least 16 characters. */
  readonly token?: string | undefined;
  /** Host names answered besides localhost, 127.0.0.1 and [::1]. */
  readonly allowHosts?: readonly string[] | undefined;
  /** Browser origins answered (exact scheme://host:port); none by default. */
  readonly allowOrigins?: readonly string[] | undefined;
  readonly idleTimeoutMs?: number | undefined;
  readonly maxSessions?: number | undefined;
}

export interface HttpListener {
  readonly url: URL;
  /** The bearer token callers must send: the one given, or the one generated. */
  readonly token: string;
  /** True when the bound address is a loopback one (no other machine can connect). */
  readonly loopback: boolean;
  /** The Host names and origins answered. */
  readonly access: { readonly hosts: readonly string[]; readonly origins: readonly string[] };
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

/** Why a request was turned away, in `error.data.code` of the JSON-RPC error body. */
type RefusalCode = "forbidden_host" | "forbidden_origin" | "unauthorized" | "not_found" | "unknown_session" | "no_session" | "session_limit" | "bad_request";

function refuse(response: ServerResponse, status: number, code: RefusalCode, message: string, headers: Record<string, string> = {}): void {
  // -32001 is the SDK's "Session not found"; every other refusal is the generic server error.
  const rpcCode = code === "unknown_session" ? -32001 : -32000;
  response.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify({ jsonrpc: "2.0", error: { code: rpcCode, message, data: { code } }, id: null }));
}

// A caller's header echoed in a message: at most this many characters of it.
const ECHO_CHARS = 100;

function echo(value: string): string {
  return JSON.stringify(value.length > ECHO_CHARS ? `${value.slice(0, ECHO_CHARS)}…` : value);
}

function isInitialize(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((message) => typeof message === "object" && message !== null && (message as { method?: unknown }).method === "initialize");
}

function isLoopbackAddress(host: string): boolean {
  const bare = host.startsWith("[") ? host.slice(1, -1) : host;
  return bare === "localhost" || bare === "::1" || (isIP(bare) === 4 && bare.startsWith("127."));
}

function whole(name: keyof typeof LIMITS, value: number | undefined): number {
  const [low, high] = LIMITS[name];
  if (value === undefined) return HTTP_DEFAULTS[name];
  if (!Number.isInteger(value) || value < low || value > high) {
    throw new ToolsiftError("invalid_option", `${name}: must be a whole number from ${low} to ${high} (got ${value})`, { path: [name] });
  }
  return value;
}

// Headers a browser page may send and read: the MCP ones and the credential.
const CORS_HEADERS = Object.freeze({
  "access-control-allow-methods": "GET, POST, DELETE",
  "access-control-allow-headers": "authorization, content-type, accept, mcp-session-id, mcp-protocol-version, last-event-id",
  "access-control-expose-headers": "mcp-session-id, www-authenticate",
  "access-control-max-age": "600",
});

interface Session {
  readonly transport: StreamableHTTPServerTransport;
  readonly downstream: DownstreamSession;
  /** Requests in flight, open streams included: the session is idle only at 0. */
  active: number;
  idle: NodeJS.Timeout | undefined;
  closed: boolean;
}

/**
 * Serves the gateway over Streamable HTTP at `http://host:port/mcp`; `open()` makes the
 * downstream session of each new MCP session. Every request needs an allowed Host, an allowed
 * Origin when it sends one, and `Authorization: Bearer <token>`.
 *
 * @example
 * const listener = await listenHttp(() => new DownstreamSession(gateway, options), { port: 3333 });
 * console.error(`Authorization: Bearer ${listener.token}`);
 */
export async function listenHttp(open: () => DownstreamSession, options: HttpListenOptions = {}): Promise<HttpListener> {
  const host = options.host ?? HTTP_DEFAULTS.host;
  const idleTimeoutMs = whole("idleTimeoutMs", options.idleTimeoutMs);
  const maxSessions = whole("maxSessions", options.maxSessions);
  const token = options.token ?? generateToken();
  const access = new HttpAccess({ token, allowHosts: options.allowHosts, allowOrigins: options.allowOrigins });
  const sessions = new Map<string, Session>();
  // Sessions whose initialize is being answered: counted against the cap before they have an id.
  let opening = 0;

  // Closing the transport closes the downstream session too (its onclose, below).
  const track = (session: Session, response: ServerResponse): void => {
    session.active++;
    clearTimeout(session.idle);
    session.idle = undefined;
    response.once("close", () => {
      if (--session.active > 0 || session.closed) return;
      session.idle = setTimeout(() => void session.transport.close().catch(() => {}), idleTimeoutMs);
      session.idle.unref();
    });
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (!access.hostAllowed(request.headers.host)) {
      return refuse(response, 403, "forbidden_host", `Forbidden: this gateway does not answer the Host ${echo(request.headers.host ?? "")} (the operator adds one with --allow-host)`);
    }
    const origin = request.headers.origin;
    const verdict = access.origin(origin);
    if (verdict === "forbidden") return refuse(response, 403, "forbidden_origin", `Forbidden: this gateway does not answer pages of the origin ${echo(origin!)} (the operator adds one with --allow-origin)`);
    if (verdict === "allowed") {
      response.setHeader("access-control-allow-origin", origin!);
      response.setHeader("vary", "Origin");
      // A preflight carries no credential; the request it announces will.
      if (request.method === "OPTIONS") return void response.writeHead(204, CORS_HEADERS).end();
      response.setHeader("access-control-expose-headers", CORS_HEADERS["access-control-expose-headers"]);
    }
    if (!access.authorized(request.headers.authorization)) {
      const challenge = request.headers.authorization === undefined ? `Bearer realm="toolsift"` : `Bearer realm="toolsift", error="invalid_token"`;
      return refuse(response, 401, "unauthorized", "Unauthorized: send Authorization: Bearer <token> with the token the gateway printed on start (or the one its operator set)", { "www-authenticate": challenge });
    }
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname !== HTTP_DEFAULTS.path) return refuse(response, 404, "not_found", `Not found: the MCP endpoint is ${HTTP_DEFAULTS.path}`);
    const id = request.headers["mcp-session-id"];
    if (id !== undefined) {
      const known = typeof id === "string" ? sessions.get(id) : undefined;
      // Closed (idle, deleted) or never opened: the client starts a new session (MCP's 404 rule).
      if (known === undefined) return refuse(response, 404, "unknown_session", "Session not found: it was closed or never opened; start a new one with initialize");
      track(known, response);
      const body = request.method === "POST" ? await readBody(request) : undefined;
      return known.transport.handleRequest(request, response, body);
    }
    const body = request.method === "POST" ? await readBody(request) : undefined;
    if (request.method !== "POST" || !isInitialize(body)) return refuse(response, 400, "no_session", "No valid MCP session: start with initialize");
    if (sessions.size + opening >= maxSessions) {
      return refuse(response, 503, "session_limit", `Too many MCP sessions: ${maxSessions} are open, the cap (--max-sessions); close one (DELETE) or wait for an idle one to time out`, { "retry-after": "60" });
    }
    opening++;
    try {
      const downstream = open();
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => void sessions.set(sessionId, session),
      });
      const session: Session = { transport, downstream, active: 0, idle: undefined, closed: false };
      transport.onclose = () => {
        session.closed = true;
        clearTimeout(session.idle);
        if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
        void downstream.close().catch(() => {});
      };
      track(session, response);
      await downstream.server.connect(transport);
      await transport.handleRequest(request, response, body);
      // An initialize the transport refused opened no session: nothing will ever close it.
      if (transport.sessionId === undefined) await transport.close();
    } finally {
      opening--;
    }
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) refuse(response, 400, "bad_request", error instanceof Error ? error.message : "bad request");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: Error) => {
      reject(new ToolsiftError("invalid_option", `cannot listen on ${host} port ${options.port ?? 0}: ${error.message}`, { path: ["host"], cause: error }));
    });
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: new URL(`http://${host.includes(":") ? `[${host}]` : host}:${port}${HTTP_DEFAULTS.path}`),
    token,
    loopback: isLoopbackAddress(host),
    access: { hosts: access.hosts, origins: access.origins },
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
