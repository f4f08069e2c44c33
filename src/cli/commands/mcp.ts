// `toolsift mcp`: the MCP gateway's commands (docs/gateway.md). The gateway code and the MCP
// SDK it needs (an optional peer dependency) are loaded only when one of them runs.
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { ToolsiftError } from "../../errors.js";
import type { ToolsiftWarning } from "../../shared/warnings.js";
import { parseCommand, UsageError } from "../args.js";
import { inputLimits, inputTooLarge, packageVersion, parseJsonBytes, readBounded } from "../files.js";
import { visible, type Output } from "../output.js";

type GatewayModule = typeof import("../../mcp/index.js");

const SUBCOMMANDS = ["approve", "status", "replay"] as const;

// A config file is a few kilobytes; this bound only stops a wrong path (a disk image) early.
const MAX_CONFIG_BYTES = 16 * 1024 * 1024;

/** The gateway's code, loaded on first use; `sdk_missing` when the optional MCP SDK is not installed. */
export async function loadGateway(): Promise<GatewayModule> {
  try {
    return await import("../../mcp/index.js");
  } catch (error) {
    const code = (error as { code?: string }).code;
    if ((code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && String((error as Error).message).includes("@modelcontextprotocol/sdk")) {
      throw new ToolsiftError("sdk_missing", "toolsift mcp needs the MCP SDK, an optional peer dependency: npm install @modelcontextprotocol/sdk@1", { cause: error });
    }
    throw error;
  }
}

/** A servers.json read under its bound and checked (`invalid_config` naming the file). */
export async function readConfig(gateway: GatewayModule, path: string | undefined) {
  if (path === undefined) throw new UsageError("mcp needs --config <servers.json>");
  const file = resolve(path);
  const json = parseJsonBytes(await readBounded(file, { what: "config", maxBytes: MAX_CONFIG_BYTES, raise: false }), file, "config", { code: "invalid_config" });
  return gateway.parseGatewayConfig(json, file);
}

/** Warnings as the commands print them: one note line each, outside text made visible. */
export function warningsTo(out: Output): (warning: ToolsiftWarning) => void {
  return (warning) => out.note(`toolsift: ${warning.code}: ${visible(warning.message)}`);
}

function newRunId(): string {
  return `mcp-${new Date().toISOString().replace(/[-:.]/g, "")}-${randomBytes(3).toString("hex")}`;
}

// Resolves when the client goes away: stdin ends (stdio) or SIGINT/SIGTERM (both).
function untilClosed(stdio: boolean): Promise<void> {
  return new Promise((done) => {
    if (stdio) process.stdin.once("end", done).once("close", done);
    process.once("SIGINT", done).once("SIGTERM", done);
  });
}

// The options of `mcp --http` only, each a usage error without it.
const HTTP_OPTIONS = {
  host: { type: "string" },
  "token-file": { type: "string" },
  "allow-host": { type: "string", multiple: true },
  "allow-origin": { type: "string", multiple: true },
  "idle-timeout": { type: "string" },
  "max-sessions": { type: "string" },
} as const;

// A token file holds one token; this bound refuses a wrong path (a key store, a log) early.
const MAX_TOKEN_FILE_BYTES = 4096;

function wholeFlag(flag: string, text: string | undefined, low: number, high: number, unit: string): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < low || value > high) throw new UsageError(`${flag} must be ${unit} from ${low} to ${high}, got ${text}`);
  return value;
}

/** The bearer token: `--token-file`, else `TOOLSIFT_MCP_TOKEN`, else none (the listener generates one). */
async function httpToken(gateway: GatewayModule, file: string | undefined, env: Readonly<Record<string, string | undefined>>): Promise<{ token?: string; source: string }> {
  if (file !== undefined) {
    const path = resolve(file);
    const bytes = await readBounded(path, { what: "token file", maxBytes: MAX_TOKEN_FILE_BYTES }).catch((error: unknown) => {
      if (error instanceof ToolsiftError && error.code === "input_too_large") throw new ToolsiftError("invalid_option", `token file ${path} is larger than ${MAX_TOKEN_FILE_BYTES} bytes: it should hold one token`, { path: [path] });
      throw error;
    });
    return { token: gateway.checkToken(new TextDecoder().decode(bytes).trim(), `token file ${path}`), source: `token from ${path}` };
  }
  const fromEnv = env["TOOLSIFT_MCP_TOKEN"];
  if (fromEnv !== undefined) return { token: gateway.checkToken(fromEnv.trim(), "TOOLSIFT_MCP_TOKEN"), source: "token from TOOLSIFT_MCP_TOKEN" };
  return { source: "token generated for this run" };
}

function bindNote(host: string, loopback: boolean): string {
  if (loopback) return `${host} (loopback: this machine only)`;
  return host === "0.0.0.0" || host === "::" ? `${host} (every interface: reachable from other machines)` : `${host} (not loopback: reachable from other machines)`;
}

async function serve(args: string[], out: Output, env: Readonly<Record<string, string | undefined>>): Promise<number> {
  const { values } = parseCommand("mcp", { args, options: { config: { type: "string" }, http: { type: "string" }, ...HTTP_OPTIONS } });
  const http = values.http === undefined ? undefined : Number(values.http);
  if (http !== undefined && (!/^\d+$/.test(values.http!) || http > 65535)) throw new UsageError(`--http must be a port from 0 to 65535, got ${values.http}`);
  const httpOnly = Object.keys(HTTP_OPTIONS).find((name) => values[name as keyof typeof HTTP_OPTIONS] !== undefined);
  if (http === undefined && httpOnly !== undefined) throw new UsageError(`--${httpOnly} needs --http PORT (stdio has no listener to configure)`);
  const idleSeconds = wholeFlag("--idle-timeout", values["idle-timeout"], 1, 86_400, "whole seconds");
  const maxSessions = wholeFlag("--max-sessions", values["max-sessions"], 1, 10_000, "a whole number");
  const gateway = await loadGateway();
  const credential = http === undefined ? undefined : await httpToken(gateway, values["token-file"], env);
  const config = await readConfig(gateway, values.config);
  // Read at start: a bad hints file is an error now, before any server or client is up.
  const annotations = config.hints === undefined ? undefined : gateway.readGatewayHints(config.hints);
  const version = await packageVersion();
  const onWarning = warningsTo(out);
  const upstreams = new gateway.Gateway(config, { stderr: "inherit", onWarning, version });
  const caps = { maxPerSearch: config.maxPerSearch, maxLoaded: config.maxLoaded, maxSearches: config.maxSearches, loadUnconfident: config.loadUnconfident, deferral: config.deferral, menu: config.menu };
  const open = () => {
    const runId = newRunId();
    const journal = config.journal === undefined ? undefined : gateway.fileJournal(config.journal, runId);
    return new gateway.DownstreamSession(upstreams, { runId, caps, version, onWarning, recordUsage: config.recordUsage, ...(journal === undefined ? {} : { journal }), ...(annotations === undefined ? {} : { annotations }) });
  };
  // The listener first: a bad --allow-host or a port in use fails before any server starts.
  const listener = http === undefined ? undefined : await gateway.listenHttp(open, {
    port: http,
    host: values.host,
    token: credential?.token,
    allowHosts: values["allow-host"],
    allowOrigins: values["allow-origin"],
    idleTimeoutMs: idleSeconds === undefined ? undefined : idleSeconds * 1000,
    maxSessions,
  });
  // Servers start in the background; a client's request made meanwhile waits for them up to
  // startupWaitMs (docs/gateway.md "Startup and server states").
  const started = upstreams.start().then(() => {
    const servers = upstreams.servers();
    out.note(`toolsift: ${serversReady(servers)}, ${upstreams.tools().size} tools searchable, ${servers.reduce((sum, server) => sum + server.quarantined, 0)} quarantined${notReady(servers)}`);
  });
  try {
    if (listener === undefined) {
      const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
      const downstream = open();
      await downstream.server.connect(new StdioServerTransport());
      await untilClosed(true);
      await downstream.close();
    } else {
      const { hosts, origins } = listener.access;
      const bind = bindNote(values.host ?? gateway.HTTP_DEFAULTS.host, listener.loopback);
      out.note(`toolsift: ${listener.loopback ? "" : "warning: "}HTTP bound to ${bind}; callers need the bearer ${credential!.source}; Host: ${hosts.join(", ")}; Origin: ${origins.length === 0 ? "none (no browser page)" : origins.join(", ")}`);
      // Printed once, and only when generated: a token from a file or the environment is the operator's already.
      if (credential!.token === undefined) out.note(`toolsift: clients send Authorization: Bearer ${listener.token} (a new one each start; --token-file or TOOLSIFT_MCP_TOKEN keeps one)`);
      out.note(`toolsift: MCP gateway at ${listener.url.href}`);
      await untilClosed(false);
      await listener.close();
    }
  } finally {
    await started.catch(() => {});
    await upstreams.close();
  }
  return 0;
}

// Approves what the operator reviewed: the version of `--pin`, or without it the versions the
// last `status` showed; what changed or came since is named, not approved.
async function approve(args: string[], out: Output): Promise<number> {
  const { values, positionals } = parseCommand("mcp approve", { args, allowPositionals: true, options: { config: { type: "string" }, pin: { type: "string" } } });
  if (positionals.length < 1 || positionals.length > 2) throw new UsageError("mcp approve needs <server> [tool] [--pin <sha256>] and --config <servers.json>");
  if (values.pin !== undefined && !/^[0-9a-f]{64}$/u.test(values.pin)) throw new UsageError(`--pin must be a SHA-256 of 64 lowercase hex digits as toolsift mcp status prints it, got ${JSON.stringify(values.pin)}`);
  const [server, tool] = positionals as [string, string | undefined];
  const gateway = await loadGateway();
  const config = await readConfig(gateway, values.config);
  const state = new gateway.QuarantineState(config.state);
  if (!config.servers.some((entry) => entry.name === server) && !state.knows(server)) {
    throw new ToolsiftError("unknown_server", `No server ${JSON.stringify(server)} in the config (its servers: ${config.servers.map((entry) => entry.name).join(", ") || "none"}).`, { path: [server] });
  }
  const reviewed = values.pin === undefined ? state.reviewed(server) : undefined;
  const approved = state.approve(server, tool, { ...(values.pin === undefined ? {} : { pin: values.pin }), ...(reviewed === undefined ? {} : { reviewed }) });
  out.line(`approved ${approved.length} tool${approved.length === 1 ? "" : "s"} of ${visible(server)}: ${approved.map(visible).join(", ")}`);
  if (reviewed === undefined) return 0;
  for (const entry of state.quarantined()) {
    if (entry.server !== server || (tool !== undefined && entry.tool !== tool)) continue;
    out.line(`not approved, ${reviewed.has(entry.tool) ? "changed" : "new"} since the last status: ${visible(entry.tool)} (sha256 ${visible(entry.sha256)})`);
  }
  return 0;
}

type LiveServer = ReturnType<InstanceType<GatewayModule["Gateway"]>["servers"]>[number];

// Each server started as the gateway starts it, until it is ready or has failed once; the
// state file is read, never written (pins of what the servers list now stay in memory).
async function liveServers(gateway: GatewayModule, config: Awaited<ReturnType<typeof readConfig>>, out: Output): Promise<LiveServer[]> {
  const warn = warningsTo(out);
  // The quarantine section lists what waits for approval; a line per tool before it is noise.
  const onWarning = (warning: ToolsiftWarning) => void (warning.code === "TOOLSIFT_TOOL_QUARANTINED" ? undefined : warn(warning));
  const upstreams = new gateway.Gateway(config, { stderr: "ignore", onWarning, version: await packageVersion(), readOnlyState: true });
  try {
    await upstreams.start();
    return upstreams.servers();
  } finally {
    await upstreams.close();
  }
}

// One server's line of `status`: its state, then what it serves or why it is not up.
function serverLine(out: Output, server: LiveServer | undefined, name: string, approved: number, trusted: boolean): string {
  const trust = trusted ? " (trusted)" : "";
  if (server === undefined) return `  ${visible(name).padEnd(24)} ${String(approved).padStart(5)} approved${trust}`;
  const detail =
    server.status === "ready"
      ? `${server.listed} tools, ${server.approved} approved${trust}${server.quarantined === 0 ? "" : `, ${server.quarantined} awaiting approval`}`
      : `after ${server.failures} ${server.failures === 1 ? "try" : "tries"}: ${visible(server.error ?? "not up")} ${out.dim(`(${approved} approved${trust})`)}`;
  return `  ${visible(name).padEnd(24)} ${server.status.padEnd(11)} ${detail}`;
}

async function status(args: string[], out: Output): Promise<number> {
  const { values } = parseCommand("mcp status", { args, options: { config: { type: "string" }, json: { type: "boolean" }, offline: { type: "boolean" } } });
  const gateway = await loadGateway();
  const config = await readConfig(gateway, values.config);
  const state = new gateway.QuarantineState(config.state);
  const quarantined = state.quarantined();
  const approved = state.approvedCounts();
  const live = values.offline === true ? undefined : await liveServers(gateway, config, out);
  // What this status shows is what `approve` without --pin may approve.
  state.recordReviewed(quarantined);
  if (values.json === true) {
    const servers = live?.map(({ name, status: serverState, error, failures, listed, approved: count, quarantined: held }) => ({ name, state: serverState, ...(error === undefined ? {} : { error }), failures, listed, approved: count, quarantined: held }));
    out.line(JSON.stringify({ state: config.state, ...(servers === undefined ? {} : { servers }), approved: Object.fromEntries(approved), quarantined: quarantined.map(({ server, tool, reason, sha256 }) => ({ server, tool, reason, sha256 })) }));
    return 0;
  }
  out.line(`${out.bold("state")} ${visible(config.state)}`);
  for (const entry of config.servers) out.line(serverLine(out, live?.find((server) => server.name === entry.name), entry.name, approved.get(entry.name) ?? 0, entry.trust));
  out.line(quarantined.length === 0 ? "nothing quarantined" : out.bold(`quarantined (${quarantined.length}): approve with toolsift mcp approve <server> [tool] [--pin <sha256>]`));
  for (const entry of quarantined) {
    // Every word here came from an upstream (through the state file): the operator approves what this shows.
    out.line(`  ${visible(entry.server)} ${visible(entry.tool)}  ${out.dim(`${entry.reason} · sha256 ${visible(entry.sha256)}`)}`);
    for (const line of gateway.quarantineDiff(entry)) out.line(`    ${visible(line)}`);
  }
  return 0;
}

async function replay(args: string[], out: Output): Promise<number> {
  const { values, positionals } = parseCommand("mcp replay", { args, allowPositionals: true, options: { config: { type: "string" }, "max-input-bytes": { type: "string" } } });
  if (positionals.length !== 1) throw new UsageError("mcp replay needs <journal.jsonl> [--config <servers.json>]");
  // A journal is JSON lines: the bound of a JSON file, raised by the same flag as elsewhere.
  const maxBytes = inputLimits(values["max-input-bytes"]).jsonBytes;
  const gateway = await loadGateway();
  const run = gateway.readRecordedRun(resolve(positionals[0]!), { maxBytes, tooLarge: inputTooLarge });
  // The caps are part of each session's configuration fingerprint, so the replay takes the ones
  // the run had (its config's, or the gateway's defaults): fixed caps of its own made every
  // replay warn that the journal was recorded under another configuration.
  const config = values.config === undefined ? undefined : await readConfig(gateway, values.config);
  const { maxPerSearch, maxLoaded, maxSearches, loadUnconfident, menu } = config ?? gateway.GATEWAY_DEFAULTS;
  const version = await packageVersion();
  const downstream = new gateway.DownstreamSession(gateway.replaySource(run), {
    runId: run.runId,
    caps: { maxPerSearch, maxLoaded, maxSearches, loadUnconfident, deferral: config?.deferral ?? gateway.gatewayDeferral(maxLoaded), menu },
    version,
    replay: run.decisions,
    onWarning: warningsTo(out),
  });
  out.note(`toolsift: replaying ${visible(run.runId)}: ${run.decisions.records().length} decisions over ${run.tools.size} tools (calls answer replay_only)`);
  const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
  await downstream.server.connect(new StdioServerTransport());
  await untilClosed(true);
  await downstream.close();
  return 0;
}

// The queries `demo --config` runs when given none: one per language the analyzer reads.
const DEMO_QUERIES = ["read a file", "создать задачу", "搜索网页"];

/**
 * `toolsift demo --config servers.json ["<query>" …]`: starts the servers, waits for each to be
 * ready or failed once, and prints what search_tools answers, as a client would see it.
 */
export async function demoFromConfig(args: string[], out: Output): Promise<number> {
  const { values, positionals } = parseCommand("demo", { args, allowPositionals: true, options: { config: { type: "string" } } });
  const gateway = await loadGateway();
  const config = await readConfig(gateway, values.config);
  const annotations = config.hints === undefined ? undefined : gateway.readGatewayHints(config.hints);
  const version = await packageVersion();
  const upstreams = new gateway.Gateway(config, { stderr: "ignore", onWarning: warningsTo(out), version });
  try {
    const started = performance.now();
    await upstreams.start();
    const servers = upstreams.servers();
    out.line(out.dim(`${serversReady(servers)}, ${upstreams.tools().size} tools searchable, ${upstreams.skills().size === 0 ? "" : `${upstreams.skills().size} skills, `}${servers.reduce((sum, server) => sum + server.quarantined, 0)} quarantined, in ${(performance.now() - started).toFixed(0)} ms${notReady(servers)}`));
    const caps = { maxPerSearch: config.maxPerSearch, maxLoaded: 200, maxSearches: 200, loadUnconfident: config.loadUnconfident, deferral: config.deferral };
    for (const query of positionals.length > 0 ? positionals : DEMO_QUERIES) {
      // A session of its own per query, as a fresh client would see it: in one session a later
      // query would leave out what an earlier one already loaded onto the menu.
      const downstream = new gateway.DownstreamSession(upstreams, { runId: newRunId(), caps, version, onWarning: warningsTo(out), ...(annotations === undefined ? {} : { annotations }) });
      const result = (await downstream.callTool("search_tools", { query })).structuredContent as { tools?: { name: string; description: string }[]; skills?: { id: string; description: string }[]; note?: string };
      out.line(out.bold(visible(query)));
      const tools = result.tools ?? [];
      const skills = result.skills ?? [];
      if (tools.length === 0 && skills.length === 0) out.line(out.dim(`  ${visible(result.note ?? "no tool matched")}`));
      tools.forEach((tool, index) => out.line(`${String(index + 1).padStart(3)}. ${visible(tool.name)}  ${out.dim(visible(tool.description))}`));
      // Skills a search found are activated with activate_skill, never by the search.
      for (const skill of skills) out.line(`  skill ${visible(skill.id)}  ${out.dim(visible(skill.description))}`);
      out.line();
      await downstream.close();
    }
  } finally {
    await upstreams.close();
  }
  return 0;
}

/** `toolsift mcp …`: serve (no subcommand), `approve`, `status` or `replay`. Resolves to the exit code. */
export async function commandMcp(args: string[], out: Output, env: Readonly<Record<string, string | undefined>> = process.env): Promise<number> {
  const [first, ...rest] = args;
  if (first === "approve") return approve(rest, out);
  if (first === "status") return status(rest, out);
  if (first === "replay") return replay(rest, out);
  if (first !== undefined && !first.startsWith("-")) throw new UsageError(`unknown mcp command ${first}; the mcp commands are ${SUBCOMMANDS.join(", ")} (or none, to serve)`);
  return serve(args, out, env);
}

interface ServerCount {
  readonly name: string;
  readonly status: string;
  readonly error?: string;
  readonly failures: number;
}

function serversReady(servers: readonly ServerCount[]): string {
  return `${servers.filter((server) => server.status === "ready").length}/${servers.length} servers ready`;
}

// The servers that are not up, each with its state and last failure: "3/4 ready" alone does not
// say which one to look at. Names and reasons come from the config and the upstream: made visible.
export function notReady(servers: readonly ServerCount[]): string {
  const down = servers.filter((server) => server.status !== "ready");
  if (down.length === 0) return "";
  const tries = (count: number) => (count === 0 ? "" : `; ${count} ${count === 1 ? "try" : "tries"}`);
  return `; not ready: ${down.map((server) => `${visible(server.name)} (${server.status}${server.error === undefined ? "" : `: ${visible(server.error)}`}${tries(server.failures)})`).join(", ")}`;
}
