// One upstream MCP server behind the gateway: connects with the SDK's client (stdio or
// Streamable HTTP), lists its tools page by page, re-lists on `tools/list_changed`, forwards
// calls with a timeout, and restarts with backoff when it fails, crashes or hangs.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ErrorCode, McpError, ToolListChangedNotificationSchema, type CallToolResult, type Progress, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { ServerEntry } from "./config.js";
import { listSkills, offersSkills, type SkippedSkill, type UpstreamSkill } from "./skills.js";

/**
 * Where one upstream is (docs/gateway.md "Startup and server states"): `starting` (its first
 * start: connecting or listing), `ready`, `restarting` (it failed or exited; retried with
 * backoff), `failed` (it cannot start as configured: a command that cannot run, credentials
 * refused; tried `PERMANENT_FAILURE_TRIES` times, then left until the gateway restarts),
 * `closed` (the gateway is closing).
 */
export type UpstreamStatus = "starting" | "ready" | "restarting" | "failed" | "closed";

/** Tries of a server whose failure is permanent before it is given up (the first start included). */
export const PERMANENT_FAILURE_TRIES = 3;

/** Codes of a forwarded call the gateway itself fails (plain data to the client). */
export type UpstreamErrorCode = "upstream_unavailable" | "upstream_timeout" | "upstream_exited" | "upstream_failed";

/** A forwarded call that failed in the gateway's hands, not the upstream's answer. */
export class UpstreamCallError extends Error {
  readonly code: UpstreamErrorCode;
  readonly server: string;
  constructor(code: UpstreamErrorCode, server: string, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "UpstreamCallError";
    this.code = code;
    this.server = server;
  }
}

/** Timing and process options of the upstreams (the config's `toolsift` values). */
export interface UpstreamOptions {
  readonly connectTimeoutMs: number;
  readonly retryInitialMs: number;
  readonly retryMaxMs: number;
  /** The child processes' stderr: `inherit` (the CLI) or `ignore` (tests, benchmarks). */
  readonly stderr: "inherit" | "ignore";
  readonly clientVersion: string;
}

/** One failure of a server, as its listener hears of it. */
export interface UpstreamFailure {
  readonly reason: string;
  /** A failure that retrying will not mend (`failed`), rather than a crash or a hang (`restarting`). */
  readonly permanent: boolean;
  /** Until the next try; `undefined` when the server is given up. */
  readonly retryInMs: number | undefined;
  /** Retries still to come of a permanent failure (`PERMANENT_FAILURE_TRIES` tries in all); `undefined` for another. */
  readonly triesLeft: number | undefined;
}

export interface UpstreamListener {
  /** The server's tool list changed (first listing, a refresh, a restart, or it went away: `[]`). */
  tools(server: string, tools: readonly Tool[]): void;
  /** The server failed (start, crash, hang, a command that cannot run). */
  failed(server: string, failure: UpstreamFailure): void;
}

// Pages of one listing: a server that keeps handing out cursors is not listed forever.
const MAX_LIST_PAGES = 10_000;

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// Spawn errors of a command that is missing, not executable or given a missing cwd: the same
// config fails the same way on every retry.
const PERMANENT_SPAWN_CODES: ReadonlySet<string> = new Set(["ENOENT", "EACCES", "ENOTDIR", "ENOEXEC", "EPERM"]);

/** True when a start failed for a reason retrying will not mend (the config must change). */
export function isPermanentFailure(error: unknown): boolean {
  if (error instanceof UnauthorizedError) return true;
  if (error instanceof StreamableHTTPError) return error.code === 401 || error.code === 403;
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && PERMANENT_SPAWN_CODES.has(code);
}

export class Upstream {
  readonly entry: ServerEntry;
  readonly #options: UpstreamOptions;
  readonly #listener: UpstreamListener;
  #status: UpstreamStatus = "starting";
  #client: Client | undefined;
  #tools: readonly Tool[] = [];
  #skills: readonly UpstreamSkill[] = [];
  #skipped: readonly SkippedSkill[] = [];
  #failures = 0;
  #permanentInARow = 0;
  #attempts = 0;
  #lastError: string | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #inFlight = 0;
  #starts = 0;
  #ready: Promise<void> | undefined;
  // One listing at a time: a tools/list_changed during it queues one more (for its client).
  #listing: Promise<void> | undefined;
  #queued: Client | undefined;
  // The last listing as JSON: a re-listing that returns the same is not a change.
  #listedText = "";
  #listings = 0;

  constructor(entry: ServerEntry, options: UpstreamOptions, listener: UpstreamListener) {
    this.entry = entry;
    this.#options = options;
    this.#listener = listener;
  }

  get status(): UpstreamStatus {
    return this.#status;
  }

  get tools(): readonly Tool[] {
    return this.#tools;
  }

  /** The skills the server offers (the MCP Skills Extension), SKILL.md text read. */
  get skills(): readonly UpstreamSkill[] {
    return this.#skills;
  }

  /** Skills of the last listing left out (unreadable or malformed), with the reason. */
  get skippedSkills(): readonly SkippedSkill[] {
    return this.#skipped;
  }

  /** Forwarded calls awaiting their upstream's answer (a timed-out one is not among them). */
  get inFlight(): number {
    return this.#inFlight;
  }

  /**
   * Requests the SDK client still awaits an answer to (its response table): 0 once every call
   * has been answered, timed out or cancelled. A test's window into leaks.
   */
  get pendingRequests(): number {
    // The SDK keeps its response handlers in a private map; read, never written.
    const handlers = (this.#client as unknown as { _responseHandlers?: Map<unknown, unknown> } | undefined)?._responseHandlers;
    return handlers?.size ?? 0;
  }

  /** Listings made so far (each one tools/list over all its pages): a window into coalescing. */
  get listings(): number {
    return this.#listings;
  }

  /** Why the server last failed (start, crash, hang); `undefined` once it is ready again. */
  get lastError(): string | undefined {
    return this.#lastError;
  }

  /** Connections made so far (1 after the first start; each restart adds one). */
  get starts(): number {
    return this.#starts;
  }

  /** Tries to connect so far, failed ones included. */
  get attempts(): number {
    return this.#attempts;
  }

  /** Failures since the server was last ready (0 when it is ready). */
  get failures(): number {
    return this.#failures;
  }

  /** Starts the server; resolves when it is ready or has failed once (a retry is then scheduled). */
  start(): Promise<void> {
    this.#ready = this.#connect();
    return this.#ready;
  }

  #transport(): Transport {
    const entry = this.entry;
    if (entry.transport === "stdio") {
      return new StdioClientTransport({
        command: entry.command,
        args: [...entry.args],
        env: { ...getDefaultEnvironment(), ...entry.env },
        ...(entry.cwd === undefined ? {} : { cwd: entry.cwd }),
        stderr: this.#options.stderr,
      });
    }
    return new StreamableHTTPClientTransport(entry.url, { requestInit: { headers: { ...entry.headers } } });
  }

  async #connect(): Promise<void> {
    if (this.#status === "closed") return;
    this.#attempts++;
    // A server given up as `failed` stays so during its last tries: only success changes it.
    if (this.#status !== "failed") this.#status = this.#starts === 0 && this.#failures === 0 ? "starting" : "restarting";
    const client = new Client({ name: "toolsift-gateway", version: this.#options.clientVersion }, { capabilities: {} });
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      if (this.#client === client) this.#relist(client);
    });
    // During the start a close also fails the pending request, and the catch below reports it
    // with its cause: the SDK closes a transport whose initialize failed before that catch runs,
    // which reported a refused credential as the server exiting.
    let started = false;
    client.onclose = () => {
      if (started) this.#lost(client, "the connection closed (the server exited)");
    };
    this.#client = client;
    const timeout = this.#options.connectTimeoutMs;
    try {
      await client.connect(this.#transport(), { timeout });
      await this.#listed(client);
      started = true;
      this.#starts++;
      this.#failures = 0;
      this.#permanentInARow = 0;
      if (this.#client === client) {
        this.#status = "ready";
        this.#lastError = undefined;
      }
    } catch (error) {
      this.#lost(client, `start failed: ${reasonOf(error)}`, isPermanentFailure(error));
    }
  }

  // A flood of tools/list_changed costs at most the listing in flight and one more.
  #relist(client: Client): void {
    if (this.#listing !== undefined) {
      this.#queued = client;
      return;
    }
    void this.#listed(client).catch((error: unknown) => this.#lost(client, `re-listing tools failed: ${reasonOf(error)}`));
  }

  // Runs one listing in the slot; when it ends, the one queued meanwhile (if its client is current).
  #listed(client: Client): Promise<void> {
    const listing = this.#list(client);
    this.#listing = listing;
    const done = () => {
      if (this.#listing !== listing) return;
      this.#listing = undefined;
      const next = this.#queued;
      this.#queued = undefined;
      if (next !== undefined && next === this.#client) this.#relist(next);
    };
    listing.then(done, done);
    return listing;
  }

  async #list(client: Client): Promise<void> {
    this.#listings++;
    const tools: Tool[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const result = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: this.#options.connectTimeoutMs });
      tools.push(...result.tools);
      cursor = result.nextCursor;
      // A cursor handed out twice would loop: the listing ends there.
      if (cursor === undefined || seen.has(cursor)) break;
      seen.add(cursor);
    }
    // Skills are re-read with the tools: one listing, one rebuild, one quarantine verdict.
    const skills = offersSkills(client) ? await listSkills(client, this.#options.connectTimeoutMs) : { skills: [], skipped: [] };
    if (this.#client !== client) return;
    const text = JSON.stringify([tools, skills.skills, skills.skipped]);
    if (text === this.#listedText) return;
    this.#listedText = text;
    this.#tools = tools;
    this.#skills = skills.skills;
    this.#skipped = skills.skipped;
    this.#listener.tools(this.entry.name, tools);
  }

  // The connection is gone or unusable: report, drop its tools, retry with backoff; a
  // permanent failure is given up after PERMANENT_FAILURE_TRIES tries in a row.
  #lost(client: Client, reason: string, permanent = false): void {
    if (this.#client !== client || this.#status === "closed") return;
    this.#client = undefined;
    this.#status = permanent ? "failed" : "restarting";
    this.#permanentInARow = permanent ? this.#permanentInARow + 1 : 0;
    this.#lastError = reason;
    void client.close().catch(() => {});
    this.#listedText = "";
    if (this.#tools.length > 0 || this.#skills.length > 0) {
      this.#tools = [];
      this.#skills = [];
      this.#listener.tools(this.entry.name, []);
    }
    const delay = Math.min(this.#options.retryMaxMs, this.#options.retryInitialMs * 2 ** Math.min(this.#failures, 30));
    this.#failures++;
    const triesLeft = permanent ? PERMANENT_FAILURE_TRIES - this.#permanentInARow : undefined;
    const givenUp = triesLeft === 0;
    this.#listener.failed(this.entry.name, { reason, permanent, retryInMs: givenUp ? undefined : delay, triesLeft });
    if (givenUp) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#ready = this.#connect();
    }, delay);
  }

  /**
   * Forwards a call. The upstream's result (an `isError` result too) and its JSON-RPC errors
   * come back as they are; a call the gateway cannot complete throws an `UpstreamCallError`.
   * `signal` (the client's cancellation) is passed on, so the upstream is told too.
   */
  async call(
    tool: string,
    args: Record<string, unknown> | undefined,
    options: { signal?: AbortSignal; onprogress?: (progress: Progress) => void; timeoutMs?: number } = {},
  ): Promise<CallToolResult> {
    const client = this.#client;
    const server = this.entry.name;
    if (client === undefined || this.#status !== "ready") {
      const why = this.#status === "failed" ? "it cannot start as configured" : this.#status === "closed" ? "the gateway is closing" : "it is being started";
      throw new UpstreamCallError("upstream_unavailable", server, `Server ${JSON.stringify(server)} is not connected right now (${this.#status}); ${why}.`);
    }
    this.#inFlight++;
    try {
      return (await client.callTool({ name: tool, ...(args === undefined ? {} : { arguments: args }) }, undefined, {
        timeout: options.timeoutMs ?? this.entry.callTimeoutMs,
        resetTimeoutOnProgress: true,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        ...(options.onprogress === undefined ? {} : { onprogress: options.onprogress }),
      })) as CallToolResult;
    } catch (error) {
      if (options.signal?.aborted === true) throw error;
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
        throw new UpstreamCallError("upstream_timeout", server, `Server ${JSON.stringify(server)} did not answer ${JSON.stringify(tool)} within ${options.timeoutMs ?? this.entry.callTimeoutMs} ms.`, error);
      }
      if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
        throw new UpstreamCallError("upstream_exited", server, `Server ${JSON.stringify(server)} exited during the call of ${JSON.stringify(tool)}; it is being restarted.`, error);
      }
      if (error instanceof McpError) throw error;
      this.#lost(client, `a call failed: ${reasonOf(error)}`);
      throw new UpstreamCallError("upstream_failed", server, `The call of ${JSON.stringify(tool)} on server ${JSON.stringify(server)} failed: ${reasonOf(error)}.`, error);
    } finally {
      this.#inFlight--;
    }
  }

  /** Waits for the current connection attempt (tests, benchmarks). */
  async settled(): Promise<void> {
    await this.#ready;
  }

  async close(): Promise<void> {
    this.#status = "closed";
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = undefined;
    await client?.close().catch(() => {});
  }
}
