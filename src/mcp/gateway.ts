// The gateway's upstream side: every configured server, the quarantine, and the catalogue of
// approved tools the downstream sessions search. Each change to it (a listing, a restart, an
// approval) is a new generation; sessions rebuild their search on the next call. Reads are
// plain reads: a downstream request calls `refresh` once, which checks the state file.
import type { Progress, Tool } from "@modelcontextprotocol/sdk/types.js";
import { emitProcessWarning, safeWarn, type ToolsiftWarningCode, type WarningHook } from "../shared/warnings.js";
import type { ToolDefinition } from "../trust/tool-definition.js";
import type { GatewayConfig } from "./config.js";
import { splitToolId, toolId } from "./ids.js";
import { QuarantineState, type ApproveOptions, type QuarantinedTool } from "./quarantine.js";
import { StartupWait, type ServerState } from "./readiness.js";
import { PERMANENT_FAILURE_TRIES, Upstream, UpstreamCallError, type UpstreamFailure, type UpstreamStatus } from "./upstream.js";
import { SKILL_PIN_PREFIX, skillDefinition, skillPinSource } from "./skills.js";
import type { SkillDefinition } from "../trust/skill-docs.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** One approved upstream tool as the session indexes it. */
export interface GatewayTool {
  readonly id: string;
  readonly server: string;
  readonly tool: string;
  readonly definition: ToolDefinition;
}

/** One approved upstream skill as the session's skill engine takes it (id `server__name`). */
export interface GatewaySkill {
  readonly id: string;
  readonly server: string;
  readonly definition: SkillDefinition;
}

/** What the downstream sessions search and call: the gateway, or a journal being replayed. */
export interface ToolSource {
  /**
   * Takes in what changed outside the process (the gateway: an approval in the state file,
   * one stat of it, a rebuild only when it changed). Called once at the start of each
   * downstream request; the other members read what it and the upstreams' listings left.
   */
  refresh(): void;
  /** Bumped on every change of `tools()` or of the quarantine. */
  readonly generation: number;
  tools(): ReadonlyMap<string, GatewayTool>;
  /** Approved skills of the servers that offer some (empty: no `activate_skill`). */
  skills(): ReadonlyMap<string, GatewaySkill>;
  /** Id prefixes of the servers whose tool text is vouched for (`"trust": true`). */
  trustedPrefixes(): readonly string[];
  /** A quarantined tool by gateway id, when it is one. */
  quarantinedTool(id: string): QuarantinedTool | undefined;
  /** Where a configured server is (`undefined`: no such server, or a source without servers). */
  serverStatus?(server: string): UpstreamStatus | undefined;
  /** Every configured server's state, in config order (none: a source without servers). */
  serverStates?(): readonly ServerState[];
  /**
   * Resolves when the named servers (every one without names) are past their first start, or
   * when the startup wait (`startupWaitMs`) is over; at once after it.
   */
  startup?(servers?: readonly string[]): Promise<void>;
  call(id: string, args: Record<string, unknown> | undefined, options: { signal?: AbortSignal; onprogress?: (progress: Progress) => void }): Promise<CallToolResult>;
  /** Calls `listener` after each new generation; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export interface GatewayOptions {
  /** Upstream processes' stderr. Default `inherit`. */
  readonly stderr?: "inherit" | "ignore";
  readonly onWarning?: WarningHook;
  readonly version?: string;
  /** Never writes the state file: pins of new and changed tools stay in memory (`toolsift mcp status`). */
  readonly readOnlyState?: boolean;
}

// A name an upstream chose, for a warning line: JSON-quoted (C0 controls escaped), C1 controls
// and bidirectional marks escaped too, at most 64 code units.
function shownName(name: string): string {
  const bounded = name.length > 64 ? `${name.slice(0, 64)}…` : name;
  return JSON.stringify(bounded).replace(/[\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function definitionOf(id: string, server: string, tool: Tool): ToolDefinition {
  // Remote by declaration (`origin`, `jsonInputSchema`): the trust policy withholds the text
  // unless the operator vouched for the server (DESIGN.md "Trust").
  return {
    id,
    origin: "remote",
    server,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    jsonInputSchema: tool.inputSchema,
  };
}

/**
 * The upstream side of `toolsift mcp`. `start()` connects every server at once and resolves
 * when each is ready or has failed once (failed ones are retried in the background).
 *
 * @example
 * const gateway = new Gateway(parseGatewayConfig(json, path));
 * await gateway.start();
 * gateway.tools().size; // approved tools across the servers
 */
export class Gateway implements ToolSource {
  readonly config: GatewayConfig;
  readonly quarantine: QuarantineState;
  readonly #upstreams = new Map<string, Upstream>();
  readonly #listeners = new Set<() => void>();
  readonly #warn: WarningHook;
  readonly #warnedPins = new Set<string>();
  readonly #failureWarned = new Map<string, string>();
  readonly #startup = new StartupWait();
  #tools = new Map<string, GatewayTool>();
  #quarantined = new Map<string, QuarantinedTool>();
  #skills = new Map<string, GatewaySkill>();
  #generation = 0;

  constructor(config: GatewayConfig, options: GatewayOptions = {}) {
    this.config = config;
    this.#warn = options.onWarning ?? emitProcessWarning;
    this.quarantine = new QuarantineState(config.state, { readOnly: options.readOnlyState === true });
    if (config.ignored.length > 0) {
      safeWarn(this.#warn, { code: "TOOLSIFT_CONFIG_IGNORED", message: `The gateway ignores these keys of the config: ${config.ignored.join(", ")}.` });
    }
    const upstreamOptions = {
      connectTimeoutMs: config.connectTimeoutMs,
      retryInitialMs: config.retryInitialMs,
      retryMaxMs: config.retryMaxMs,
      stderr: options.stderr ?? "inherit",
      clientVersion: options.version ?? "0.0.0",
    } as const;
    const listener = {
      tools: (server: string) => {
        // Up again: its next failure is news.
        if (this.#upstreams.get(server)?.status === "ready") this.#failureWarned.delete(server);
        this.#rebuild();
      },
      failed: (server: string, failure: UpstreamFailure) => {
        // A server that fails the same way on every retry (a missing command) is said once,
        // not once per backoff step; a new reason, or a failure after it was up, is said again.
        if (this.#failureWarned.get(server) === failure.reason) return;
        this.#failureWarned.set(server, failure.reason);
        const next = failure.permanent
          ? `the config must change (a command that cannot run, or credentials refused): ${PERMANENT_FAILURE_TRIES} tries in all, then none until the gateway restarts`
          : `retrying in ${failure.retryInMs} ms`;
        safeWarn(this.#warn, { code: "TOOLSIFT_UPSTREAM_FAILED", message: `Server ${JSON.stringify(server)}: ${failure.reason}; ${next} (the same failure is not reported again).` });
      },
    };
    for (const entry of config.servers) this.#upstreams.set(entry.name, new Upstream(entry, upstreamOptions, listener));
  }

  get generation(): number {
    return this.#generation;
  }

  // An approval written by `toolsift mcp approve` shows as a new modification time.
  refresh(): void {
    if (this.quarantine.refresh()) this.#rebuild(true);
  }

  /**
   * Starts every server; resolves when each is ready or has failed once. Requests made within
   * `startupWaitMs` of this call wait for the servers they concern (`startup`).
   */
  async start(): Promise<void> {
    const starts = new Map([...this.#upstreams].map(([name, upstream]) => [name, upstream.start()]));
    this.#startup.begin(starts, this.config.startupWaitMs);
    await Promise.all(starts.values());
  }

  startup(servers?: readonly string[]): Promise<void> {
    return this.#startup.until(servers);
  }

  serverStates(): ServerState[] {
    return [...this.#upstreams.values()].map((upstream) => {
      const error = upstream.lastError; // cleared when the server is ready again
      return { name: upstream.entry.name, status: upstream.status, ...(error === undefined ? {} : { error }), failures: upstream.failures };
    });
  }

  upstream(server: string): Upstream | undefined {
    return this.#upstreams.get(server);
  }

  /** Each server's state and tool counts, for `status` and logs. */
  servers(): (ServerState & { listed: number; approved: number; quarantined: number; skills: number })[] {
    return this.serverStates().map((state) => {
      const name = state.name;
      const approved = [...this.#tools.values()].filter((tool) => tool.server === name).length;
      const quarantined = [...this.#quarantined.values()].filter((tool) => tool.server === name).length;
      const skills = [...this.#skills.values()].filter((skill) => skill.server === name).length;
      return { ...state, listed: this.#upstreams.get(name)!.tools.length, approved, quarantined, skills };
    });
  }

  tools(): ReadonlyMap<string, GatewayTool> {
    return this.#tools;
  }

  skills(): ReadonlyMap<string, GatewaySkill> {
    return this.#skills;
  }

  trustedPrefixes(): readonly string[] {
    return this.config.servers.filter((entry) => entry.trust).map((entry) => `${entry.name}__`);
  }

  quarantinedTool(id: string): QuarantinedTool | undefined {
    return this.#quarantined.get(id);
  }

  serverStatus(server: string): UpstreamStatus | undefined {
    return this.#upstreams.get(server)?.status;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Approves quarantined tools in this process (what `toolsift mcp approve` does from another). */
  approve(server: string, tool?: string, options: ApproveOptions = {}): string[] {
    const approved = this.quarantine.approve(server, tool, options);
    this.#rebuild(true);
    return approved;
  }

  // `classify` writes the state as last read: read it afresh, unless the caller just did, so
  // a listing never overwrites an approval another process made since the last request.
  #rebuild(stateRead = false): void {
    if (!stateRead) this.quarantine.refresh();
    const tools = new Map<string, GatewayTool>();
    const quarantined = new Map<string, QuarantinedTool>();
    const skills = new Map<string, GatewaySkill>();
    for (const upstream of this.#upstreams.values()) {
      const server = upstream.entry.name;
      const listed = upstream.tools.filter((tool) => {
        if (tool.name !== "" && toolId(server, tool.name) !== undefined) return true;
        this.#warnOnce(`skip\u0000${server}\u0000${tool.name}`, "TOOLSIFT_TOOL_NAME", tool.name === ""
          ? `Server ${JSON.stringify(server)}: a tool of empty name is left out (its id would be ${JSON.stringify(`${server}__`)}).`
          : `Server ${JSON.stringify(server)}: tool ${shownName(tool.name)} is left out: ${JSON.stringify(server)}__ and its name break MCP's tool-name rule (1-128 of A-Z a-z 0-9 _ . -).`);
        return false;
      });
      // Skills are pinned beside the tools under `skill:<name>` (one verdict per server: the
      // state file's pending entries of a server are written whole).
      const skillSources = upstream.skills.map((skill) => ({ skill, source: skillPinSource(skill) }));
      const verdict = this.quarantine.classify(server, [...listed, ...skillSources.map(({ source }) => source)], upstream.entry.trust);
      for (const duplicate of verdict.duplicates) {
        const id = `${server}__${duplicate.tool}`;
        this.#warnOnce(`duplicate\u0000${id}\u0000${duplicate.entries}\u0000${duplicate.kept}`, "TOOLSIFT_TOOL_DUPLICATE", `Server ${JSON.stringify(server)} lists ${id} ${duplicate.entries} times: only the entry of sha256 ${duplicate.kept} is used (the approved one when it is among them); the others are dropped.`);
      }
      for (const entry of verdict.quarantined) {
        const isSkill = entry.tool.startsWith(SKILL_PIN_PREFIX);
        const id = isSkill ? `${server}__${entry.tool}` : toolId(server, entry.tool)!;
        if (!isSkill) quarantined.set(id, entry);
        if (!this.#warnedPins.has(`${id}\u0000${entry.sha256}`)) {
          this.#warnedPins.add(`${id}\u0000${entry.sha256}`);
          safeWarn(this.#warn, { code: "TOOLSIFT_TOOL_QUARANTINED", message: `${isSkill ? "Skill" : "Tool"} ${id} is ${entry.reason === "new" ? "new" : "changed since its approval"}: quarantined until \`toolsift mcp approve ${server} ${entry.tool}\`.` });
        }
      }
      for (const skipped of upstream.skippedSkills) {
        if (this.#warnedPins.has(`${server}\u0000${skipped.uri}\u0000${skipped.reason}`)) continue;
        this.#warnedPins.add(`${server}\u0000${skipped.uri}\u0000${skipped.reason}`);
        safeWarn(this.#warn, { code: "TOOLSIFT_SKILL_SKIPPED", message: `Server ${JSON.stringify(server)}: skill ${JSON.stringify(skipped.uri)} is left out: ${skipped.reason}.` });
      }
      // The very entries approved: of a name listed twice, never the other one's text.
      for (const tool of listed) {
        if (verdict.approved.get(tool.name) !== tool) continue;
        const id = toolId(server, tool.name)!;
        tools.set(id, { id, server, tool: tool.name, definition: definitionOf(id, server, tool) });
      }
      const serverTools = new Set([...tools.values()].filter((tool) => tool.server === server).map((tool) => tool.id));
      for (const { skill, source } of skillSources) {
        if (verdict.approved.get(source.name) !== source) continue;
        const definition = skillDefinition(server, skill, upstream.entry.trust, serverTools);
        if (definition !== undefined) skills.set(definition.id, { id: definition.id, server, definition });
      }
    }
    this.#tools = tools;
    this.#skills = skills;
    this.#quarantined = quarantined;
    this.#generation++;
    for (const listener of [...this.#listeners]) listener();
  }

  #warnOnce(key: string, code: ToolsiftWarningCode, message: string): void {
    if (this.#warnedPins.has(key)) return;
    this.#warnedPins.add(key);
    safeWarn(this.#warn, { code, message });
  }

  async call(id: string, args: Record<string, unknown> | undefined, options: { signal?: AbortSignal; onprogress?: (progress: Progress) => void } = {}): Promise<CallToolResult> {
    const target = splitToolId(id);
    const tool = this.#tools.get(id);
    const upstream = target === undefined ? undefined : this.#upstreams.get(target.server);
    if (tool === undefined || upstream === undefined) throw new UpstreamCallError("upstream_unavailable", target?.server ?? "", `Tool ${JSON.stringify(id)} is not available.`);
    return upstream.call(tool.tool, args, options);
  }

  async close(): Promise<void> {
    await Promise.all([...this.#upstreams.values()].map((upstream) => upstream.close()));
  }
}
