// One client connection of the gateway (docs/gateway.md "Downstream"): an MCP server with
// `search_tools` and `call_tool`, plus, in the append menu, every tool a search loaded,
// registered in its own `tools/list` with a `list_changed` notification (the bridge menu,
// `bridge.ts`, keeps the list fixed). Searches go through a ToolSearchSession.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { Journal } from "../journal/in-memory.js";
import type { WarningHook } from "../shared/warnings.js";
import { createToolSearchSession, type ToolSearchSession } from "../session/session.js";
import { skillActivation } from "../skills/activation.js";
import { echoName } from "../session/results.js";
import type { ToolSpec } from "../trust/spec.js";
import type { ToolAnnotations } from "../trust/tool-definition.js";
import { CALL_TOOL, SEARCH_TOOL, bridgeSearchDescription, callToolSpec, withSchema, withSchemas, withToolSchemas } from "./bridge.js";
import { GATEWAY_DEFAULTS, gatewayDeferral, type GatewayDeferral, type GatewayMenu } from "./config.js";
import type { ToolSource } from "./gateway.js";
import { NO_JOURNAL, type JournalTool, type SessionJournal } from "./journal-file.js";
import { splitToolId } from "./ids.js";
import { gatewayInstructions } from "./instructions.js";
import { requestServers, unavailableGroup, unavailableResult, withServerStates } from "./readiness.js";
import { UpstreamCallError } from "./upstream.js";

export { CALL_TOOL, SEARCH_TOOL };

/** The session caps of a downstream connection (the config's `toolsift` values). */
export interface DownstreamCaps {
  readonly maxPerSearch: number;
  readonly maxLoaded: number;
  readonly maxSearches: number;
  /** An unconfident search loads its closest tools; default `false` (`GATEWAY_DEFAULTS`). */
  readonly loadUnconfident?: boolean;
  /** The deferral budget (each server a dynamic group); default `gatewayDeferral(maxLoaded)`. */
  readonly deferral?: GatewayDeferral;
  /** How found tools reach the client; default `GATEWAY_DEFAULTS.menu`. */
  readonly menu?: GatewayMenu;
}

export interface DownstreamOptions {
  readonly runId: string;
  readonly caps: DownstreamCaps;
  readonly version: string;
  readonly journal?: SessionJournal;
  /** Records of an earlier run: its searches are served from them (`toolsift mcp replay`). */
  readonly replay?: Journal;
  /** Journal a `used` record when a found tool is called (the config's `recordUsage`; not in a replay). */
  readonly recordUsage?: boolean;
  /** Host annotations the sessions index with (the config's `hints`). */
  readonly annotations?: ToolAnnotations;
  readonly onWarning?: WarningHook;
}

/** Codes of the gateway's own tool-result errors (plain data with a `code`). */
export type GatewayCallErrorCode = "tool_quarantined" | "invalid_tool_input" | "unknown_tool" | "tool_not_loaded" | UpstreamCallError["code"];

/** What a tools/call request brings besides its name and arguments. */
export interface CallContext {
  readonly signal?: AbortSignal;
  readonly progressToken?: string | number | undefined;
  readonly sendNotification?: (notification: never) => Promise<void>;
  readonly requestId?: string | number;
}


function errorResult(code: GatewayCallErrorCode, message: string, extra: Record<string, unknown> = {}): CallToolResult {
  const data = { code, message, ...extra };
  return { content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: data, isError: true };
}

function dataResult(data: object, isError: boolean): CallToolResult {
  const result: CallToolResult = { content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: data as Record<string, unknown> };
  return isError ? { ...result, isError: true } : result;
}

function asTool(spec: ToolSpec): Tool {
  return { name: spec.name, description: spec.description, inputSchema: spec.inputSchema as Tool["inputSchema"] };
}

/**
 * The downstream MCP server of one client. Connect `server` to a transport (stdio, or one
 * Streamable HTTP session).
 *
 * @example
 * const downstream = new DownstreamSession(gateway, { runId: "mcp-1", caps, version: "0.1.0" });
 * await downstream.server.connect(new StdioServerTransport());
 */
export class DownstreamSession {
  readonly server: Server;
  readonly runId: string;
  readonly #source: ToolSource;
  readonly #options: DownstreamOptions;
  readonly #journal: SessionJournal;
  // Every tool a search loaded, in load order. One whose server is down or that is quarantined
  // is left out of tools/list and calls until it is back (a restart keeps the registration).
  readonly #registered = new Set<string>();
  // Tools on a session's menu from its start (an advertised server): the only registered
  // tools the bridge menu lists.
  readonly #pinned = new Set<string>();
  readonly #menu: GatewayMenu;
  #visible = "";
  readonly #unsubscribe: () => void;
  #session: ToolSearchSession | undefined;
  // The session's specs of the tools a search may load, by name (built when first needed).
  #searchable: ReadonlyMap<string, ToolSpec> | undefined;
  #generation = -1;
  #turn = 0;

  constructor(source: ToolSource, options: DownstreamOptions) {
    this.#source = source;
    this.#options = options;
    this.runId = options.runId;
    this.#journal = options.journal ?? NO_JOURNAL;
    this.#menu = options.caps.menu ?? GATEWAY_DEFAULTS.menu;
    // The group names search_tools' description points to: the configured servers, fixed at start.
    const instructions = gatewayInstructions((source.serverStates?.() ?? []).map((state) => state.name), SEARCH_TOOL);
    this.server = new Server({ name: "toolsift", version: options.version }, { capabilities: { tools: { listChanged: true } }, ...(instructions === undefined ? {} : { instructions }) });
    // The first tools/list waits for the startup too: its catalogue block then names the servers that came up in time.
    this.server.setRequestHandler(ListToolsRequestSchema, async () => {
      await source.startup?.();
      return { tools: this.listTools() };
    });
    this.server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
      this.callTool(request.params.name, request.params.arguments, {
        signal: extra.signal,
        progressToken: request.params._meta?.progressToken,
        sendNotification: extra.sendNotification,
        requestId: extra.requestId,
      }),
    );
    // A change upstream may take registered tools away (a restart, a quarantine) or bring them back.
    this.#unsubscribe = source.subscribe(() => this.#notifyIfChanged());
  }

  /**
   * The gateway's own `tools/list`: the two meta-tools, then the registered tools in load
   * order (the bridge menu: only the pinned ones).
   */
  listTools(): Tool[] {
    // A request: the source is brought up to date once, at its start (see `ToolSource.refresh`).
    this.#source.refresh();
    const registered: Tool[] = [];
    for (const id of this.#listedNames()) {
      const spec = this.#registeredSpec(id);
      if (spec !== undefined) registered.push(asTool(spec));
    }
    const skillTool = this.#skillTool();
    this.#visible = this.#shownKey();
    return [this.#searchTool(), callToolSpec(this.#menu), ...(skillTool === undefined ? [] : [skillTool]), ...registered];
  }

  // A registered tool's spec as the session made it (trust-filtered like its search results):
  // from its menu, else from the tools a search may load, where a tool registered under an
  // earlier catalogue generation is (it is on no menu of this generation's session).
  #registeredSpec(id: string): ToolSpec | undefined {
    const session = this.#currentSession();
    const onMenu = session.menu().find((spec) => spec.name === id);
    if (onMenu !== undefined) return onMenu;
    this.#searchable ??= new Map(session.searchableSpecs().map((spec) => [spec.name, spec]));
    return this.#searchable.get(id);
  }

  // activate_skill when a server offers approved skills: its description carries the skill
  // index (what a system prompt would), so a client that only reads tools/list sees it.
  #skillTool(): Tool | undefined {
    const session = this.#currentSession();
    const name = session.skillToolName;
    const spec = name === undefined ? undefined : session.menu().find((entry) => entry.name === name);
    if (spec === undefined) return undefined;
    const tool = asTool(spec);
    return { ...tool, description: `${tool.description}\n\nSkills:\n${session.skillIndex()}` };
  }

  // The session's own search spec (it gains a `group` property with groups), its description
  // followed by the catalogue block naming the servers held back.
  #searchTool(): Tool {
    const session = this.#currentSession();
    // First on every menu of a session with tool search, as the gateway's are.
    const spec = session.menu().find((entry) => entry.name === SEARCH_TOOL);
    if (spec === undefined) throw new McpError(-32603, "search_tools is not on the session's menu");
    const block = session.catalogueBlock();
    const own = asTool(spec);
    const tool = this.#menu === "bridge" ? { ...own, description: bridgeSearchDescription(spec.description) } : own;
    return block === "" ? tool : { ...tool, description: `${tool.description}\n\n${block}` };
  }

  /** Names registered by searches and available now, in load order. */
  registered(): string[] {
    return this.#visibleNames();
  }

  #visibleNames(): string[] {
    // A new catalogue generation may advertise servers on its turn-0 menu: build it first.
    this.#currentSession();
    const tools = this.#source.tools();
    return [...this.#registered].filter((id) => tools.has(id));
  }

  // The registered tools tools/list shows: all in the append menu, the pinned in the bridge menu.
  #listedNames(): string[] {
    const visible = this.#visibleNames();
    return this.#menu === "bridge" ? visible.filter((id) => this.#pinned.has(id)) : visible;
  }

  #currentSession(): ToolSearchSession {
    const generation = this.#source.generation;
    if (this.#session !== undefined && generation === this.#generation) return this.#session;
    const tools = this.#source.tools();
    const caps = this.#options.caps;
    const catalogue = [...tools.values()].map((tool) => tool.definition);
    const trusted = this.#source.trustedPrefixes();
    const skills = [...this.#source.skills().values()].map((skill) => skill.definition);
    // One session per catalogue generation: the menu caps start afresh with it, the decision
    // ids do not (the turn counter is the connection's), so one journal holds every generation.
    const session = createToolSearchSession({
      runId: this.runId,
      journal: this.#options.replay ?? this.#journal.decisions(),
      divergence: this.#options.replay === undefined ? "fail" : "warn",
      recordUsage: this.#options.recordUsage === true && this.#options.replay === undefined,
      ...(this.#options.onWarning === undefined ? {} : { onWarning: this.#options.onWarning }),
      toolSearch: {
        catalogue,
        trustJsonSchemaText: trusted,
        maxPerSearch: caps.maxPerSearch,
        maxLoaded: caps.maxLoaded,
        maxSearches: caps.maxSearches,
        loadUnconfident: caps.loadUnconfident === true,
        toolName: SEARCH_TOOL,
        ...(this.#options.annotations === undefined ? {} : { annotations: this.#options.annotations }),
        // Each server is a dynamic group: held back under the budget, loadable whole with
        // search_tools({ group }), named in the catalogue block.
        serverGroups: true,
        deferral: caps.deferral ?? gatewayDeferral(caps.maxLoaded),
      },
      // Upstream skills are third-party: text withheld and instructions refused unless the
      // server is trusted; search_tools finds them too.
      ...(skills.length === 0 ? {} : { skillActivation: skillActivation({ catalogue: skills, trustRemoteSkills: trusted, discovery: "both" }) }),
    });
    // Tools the deferral decision advertised are on the turn-0 menu: listed from the start.
    for (const spec of session.menu()) {
      if (spec.name === SEARCH_TOOL || spec.name === session.skillToolName) continue;
      this.#registered.add(spec.name);
      this.#pinned.add(spec.name);
    }
    const journalTools: JournalTool[] = catalogue.map((tool) => ({
      id: tool.id!,
      ...(typeof tool.description === "string" ? { description: tool.description } : {}),
      ...(tool.jsonInputSchema === undefined ? {} : { inputSchema: tool.jsonInputSchema }),
    }));
    this.#journal.line({ kind: "catalogue", runId: this.runId, generation, trusted, tools: journalTools });
    this.#session = session;
    this.#searchable = undefined;
    this.#generation = generation;
    return session;
  }

  // What tools/list shows, as one key. The catalogue block is part of search_tools'
  // description: a server held back or coming up changes the list as much as a registration
  // does. So is the skill index, part of activate_skill's (which comes and goes with the skills).
  #shownKey(): string {
    const session = this.#currentSession();
    return `${this.#listedNames().join("\n")}\u0000${session.catalogueBlock()}\u0000${session.skillIndex()}`;
  }

  // Compared with what the client was last shown: a session's first load is not news to a
  // client whose list it does not change.
  #notifyIfChanged(requestId?: string | number): void {
    const visible = this.#shownKey();
    if (visible === this.#visible) return;
    this.#visible = visible;
    // On the triggering request's response stream when there is one: a Streamable HTTP client
    // that opened no standalone stream still hears of the change before the result.
    void this.server.notification({ method: "notifications/tools/list_changed" }, requestId === undefined ? undefined : { relatedRequestId: requestId }).catch(() => {});
  }

  /** A `tools/call` request: search_tools, activate_skill, call_tool, or a registered tool. */
  async callTool(name: string, args: Record<string, unknown> | undefined, context: CallContext = {}): Promise<CallToolResult> {
    // Made while servers are on their first start: waits (bounded) for those it concerns.
    await this.#source.startup?.(requestServers(name, args, { search: SEARCH_TOOL, call: CALL_TOOL }));
    this.#source.refresh();
    if (name === SEARCH_TOOL) return this.#search(args, context.requestId);
    if (name === this.#currentSession().skillToolName) return this.#activate(args, context.requestId);
    if (name === CALL_TOOL) {
      const target = args?.["name"];
      const inner = args?.["arguments"];
      if (typeof target !== "string") return errorResult("invalid_tool_input", "call_tool needs { name, arguments }: name is a string.", { path: ["name"] });
      if (inner !== undefined && (typeof inner !== "object" || inner === null || Array.isArray(inner))) {
        return errorResult("invalid_tool_input", "call_tool: arguments is an object.", { path: ["arguments"] });
      }
      return this.#forward(target, inner as Record<string, unknown> | undefined, "call_tool", context);
    }
    return this.#forward(name, args, "registered", context);
  }

  #search(args: Record<string, unknown> | undefined, requestId: string | number | undefined): CallToolResult {
    // A server's group is out of the session while it is down: its state, not unknown_group.
    const states = this.#source.serverStates?.() ?? [];
    const down = unavailableGroup(args, states);
    if (down !== undefined) {
      // A turn like any search's: a replay, which has no server states, asks its session on it.
      this.#turn++;
      return unavailableResult(down, `group ${JSON.stringify(down.name)}`);
    }
    const session = this.#currentSession();
    const turn = this.#turn++;
    const outcome = session.handleToolCall({ turn, index: 0, name: SEARCH_TOOL, input: args ?? {} });
    if (outcome.kind !== "search") throw new McpError(-32603, "search_tools was not answered as a search");
    for (const id of outcome.added) this.#registered.add(id);
    if (outcome.added.length > 0) this.#journal.line({ kind: "load", turn, tools: outcome.added });
    this.#notifyIfChanged(requestId);
    if ("code" in outcome.result) return dataResult(withServerStates(outcome.result, states), true);
    return dataResult(withServerStates(this.#menu === "bridge" ? withSchemas(outcome.result, (id) => this.#registeredSpec(id)) : outcome.result, states), false);
  }

  // The skill's instructions come back as the result; the tools it brings are registered
  // like a search's loads.
  #activate(args: Record<string, unknown> | undefined, requestId: string | number | undefined): CallToolResult {
    const session = this.#currentSession();
    const turn = this.#turn++;
    const outcome = session.handleToolCall({ turn, index: 0, name: session.skillToolName!, input: args ?? {} });
    if (outcome.kind !== "skill") throw new McpError(-32603, "activate_skill was not answered as an activation");
    const tools = this.#source.tools();
    const added = (outcome.result.tools ?? []).filter((id) => tools.has(id) && !this.#registered.has(id));
    for (const id of added) this.#registered.add(id);
    if (added.length > 0) this.#journal.line({ kind: "load", turn, tools: added });
    this.#notifyIfChanged(requestId);
    const result = this.#menu === "bridge" ? withToolSchemas(outcome.result, (id) => this.#registeredSpec(id)) : outcome.result;
    return dataResult(result, "code" in outcome.result);
  }

  async #forward(
    name: string,
    args: Record<string, unknown> | undefined,
    via: "call_tool" | "registered",
    context: CallContext,
  ): Promise<CallToolResult> {
    const turn = this.#turn++;
    const started = performance.now();
    const record = (outcome: string) => this.#journal.line({ kind: "call", turn, tool: name, via, outcome, ms: Math.round(performance.now() - started) });
    const quarantined = this.#source.quarantinedTool(name);
    if (quarantined !== undefined) {
      record("tool_quarantined");
      const [server, tool] = [quarantined.server, quarantined.tool];
      return errorResult("tool_quarantined", `Tool ${echoName(name)} is ${quarantined.reason === "new" ? "new" : "changed since its approval"} and quarantined; the operator approves it with: toolsift mcp approve ${server} ${tool}`);
    }
    // A tool of a configured server that is not up: that server's state, never the session's
    // unknown_tool (whose near names would be other servers' tools: its own are not listed).
    const target = splitToolId(name);
    const state = target === undefined ? undefined : this.#source.serverStates?.().find((entry) => entry.name === target.server);
    if (state !== undefined && state.status !== "ready") {
      record("upstream_unavailable");
      return unavailableResult(state, `tool ${echoName(name)}`);
    }
    // Reachable: a tool a search registered, or (through call_tool) any tool on the menu of
    // this session. Anything else gets the session's typed answer (not loaded, unknown).
    const session = this.#currentSession();
    if (!(this.#registered.has(name) && this.#source.tools().has(name)) && !session.isOnMenu(name)) {
      const outcome = session.handleToolCall({ turn, index: 0, name });
      const result = outcome.kind === "tool" && !outcome.onMenu ? outcome.result : undefined;
      record(result?.code ?? "unknown_tool");
      // A blind call of a held-back server's tool (`tool_loaded`) loaded it without running
      // it: registered like a search's loads, the model calls it again with its signature.
      const added = outcome.kind === "tool" && !outcome.onMenu ? (outcome.added ?? []) : [];
      for (const id of added) this.#registered.add(id);
      if (added.length > 0) {
        this.#journal.line({ kind: "load", turn, tools: added });
        this.#notifyIfChanged(context.requestId);
      }
      if (result === undefined) return errorResult("unknown_tool", `Unknown tool ${echoName(name)}.`);
      // The bridge menu lists no loaded tool: the answer carries the schema the call needs.
      return dataResult(this.#menu === "bridge" && added.includes(name) ? withSchema(result, this.#registeredSpec(name)) : result, true);
    }
    // The session pairs a call of a menu tool with the search that found it (a `used` record);
    // a tool registered under an earlier generation is on no menu of this session's.
    if (this.#options.recordUsage === true && session.isOnMenu(name)) session.handleToolCall({ turn, index: 0, name });
    const token = context.progressToken;
    const send = context.sendNotification as ((notification: { method: string; params: Record<string, unknown> }) => Promise<void>) | undefined;
    // Progress goes out in order and before the result: a client drops progress for a
    // request it has its answer to.
    let sent: Promise<void> = Promise.resolve();
    const onprogress =
      token === undefined || send === undefined
        ? undefined
        : (progress: { progress: number; total?: number; message?: string }) => {
            sent = sent.then(() => send({ method: "notifications/progress", params: { ...progress, progressToken: token } })).catch(() => {});
          };
    try {
      const result = await this.#source.call(name, args, { ...(context.signal === undefined ? {} : { signal: context.signal }), ...(onprogress === undefined ? {} : { onprogress }) });
      await sent;
      record(result.isError === true ? "error_result" : "ok");
      return result;
    } catch (error) {
      if (error instanceof UpstreamCallError) {
        record(error.code);
        return errorResult(error.code, error.message, { server: error.server });
      }
      record(error instanceof McpError ? `mcp_error_${error.code}` : "failed");
      throw error;
    }
  }

  async close(): Promise<void> {
    this.#unsubscribe();
    await this.server.close();
  }
}
