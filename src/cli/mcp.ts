// `toolsift mcp`: the MCP gateway's commands (docs/gateway.md). The gateway code and the MCP
// SDK it needs (an optional peer dependency) are loaded only when one of them runs.
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { ToolsiftError } from "../errors.js";
import type { ToolsiftWarning } from "../rankers/warnings.js";
import { parseCommand, UsageError } from "./args.js";
import { parseJsonBytes, readBounded } from "./files.js";
import type { Output } from "./output.js";

type GatewayModule = typeof import("../mcp/index.js");

const SUBCOMMANDS = ["approve", "status", "replay"] as const;

// A config file is a few kilobytes; this bound only stops a wrong path (a disk image) early.
const MAX_CONFIG_BYTES = 16 * 1024 * 1024;

async function loadGateway(): Promise<GatewayModule> {
  try {
    return await import("../mcp/index.js");
  } catch (error) {
    const code = (error as { code?: string }).code;
    if ((code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && String((error as Error).message).includes("@modelcontextprotocol/sdk")) {
      throw new ToolsiftError("sdk_missing", "toolsift mcp needs the MCP SDK, an optional peer dependency: npm install @modelcontextprotocol/sdk@1", { cause: error });
    }
    throw error;
  }
}

async function packageVersion(): Promise<string> {
  const { readFile } = await import("node:fs/promises");
  const text = await readFile(new URL("../../package.json", import.meta.url), "utf8");
  return (JSON.parse(text) as { version: string }).version;
}

async function readConfig(gateway: GatewayModule, path: string | undefined) {
  if (path === undefined) throw new UsageError("mcp needs --config <servers.json>");
  const file = resolve(path);
  const json = parseJsonBytes(await readBounded(file, { what: "config", maxBytes: MAX_CONFIG_BYTES }), file, "config", { code: "invalid_config" });
  return gateway.parseGatewayConfig(json, file);
}

function warningsTo(out: Output): (warning: ToolsiftWarning) => void {
  return (warning) => out.note(`toolsift: ${warning.code}: ${warning.message}`);
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

async function serve(args: string[], out: Output): Promise<number> {
  const { values } = parseCommand("mcp", { args, options: { config: { type: "string" }, http: { type: "string" }, host: { type: "string" } } });
  const http = values.http === undefined ? undefined : Number(values.http);
  if (http !== undefined && (!/^\d+$/.test(values.http!) || http > 65535)) throw new UsageError(`--http must be a port from 0 to 65535, got ${values.http}`);
  const gateway = await loadGateway();
  const config = await readConfig(gateway, values.config);
  const version = await packageVersion();
  const onWarning = warningsTo(out);
  const upstreams = new gateway.Gateway(config, { stderr: "inherit", onWarning, version });
  const caps = { maxPerSearch: config.maxPerSearch, maxLoaded: config.maxLoaded, maxSearches: config.maxSearches, deferral: config.deferral };
  const open = () => {
    const runId = newRunId();
    const journal = config.journal === undefined ? undefined : gateway.fileJournal(config.journal, runId);
    return new gateway.DownstreamSession(upstreams, { runId, caps, version, onWarning, ...(journal === undefined ? {} : { journal }) });
  };
  // Servers start in the background: the client gets its tools/list at once, and a search
  // made before a slow server is up simply does not see it yet.
  const started = upstreams.start().then(() => {
    const servers = upstreams.servers();
    out.note(`toolsift: ${servers.filter((server) => server.status === "ready").length}/${servers.length} servers ready, ${upstreams.tools().size} tools searchable, ${servers.reduce((sum, server) => sum + server.quarantined, 0)} quarantined`);
  });
  try {
    if (http === undefined) {
      const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
      const downstream = open();
      await downstream.server.connect(new StdioServerTransport());
      await untilClosed(true);
      await downstream.close();
    } else {
      const listener = await gateway.listenHttp(open, { port: http, ...(values.host === undefined ? {} : { host: values.host }) });
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

async function approve(args: string[], out: Output): Promise<number> {
  const { values, positionals } = parseCommand("mcp approve", { args, allowPositionals: true, options: { config: { type: "string" } } });
  if (positionals.length < 1 || positionals.length > 2) throw new UsageError("mcp approve needs <server> [tool] and --config <servers.json>");
  const gateway = await loadGateway();
  const config = await readConfig(gateway, values.config);
  const state = new gateway.QuarantineState(config.state);
  const approved = state.approve(positionals[0]!, positionals[1]);
  out.line(`approved ${approved.length} tool${approved.length === 1 ? "" : "s"} of ${positionals[0]}: ${approved.join(", ")}`);
  return 0;
}

async function status(args: string[], out: Output): Promise<number> {
  const { values } = parseCommand("mcp status", { args, options: { config: { type: "string" }, json: { type: "boolean" } } });
  const gateway = await loadGateway();
  const config = await readConfig(gateway, values.config);
  const state = new gateway.QuarantineState(config.state);
  const quarantined = state.quarantined();
  const approved = state.approvedCounts();
  if (values.json === true) {
    out.line(JSON.stringify({ state: config.state, approved, quarantined: quarantined.map(({ server, tool, reason, sha256 }) => ({ server, tool, reason, sha256 })) }));
    return 0;
  }
  out.line(`${out.bold("state")} ${config.state}`);
  for (const entry of config.servers) out.line(`  ${entry.name.padEnd(24)} ${String(approved[entry.name] ?? 0).padStart(5)} approved${entry.trust ? " (trusted)" : ""}`);
  out.line(quarantined.length === 0 ? "nothing quarantined" : out.bold(`quarantined (${quarantined.length}): approve with toolsift mcp approve <server> [tool]`));
  for (const entry of quarantined) {
    out.line(`  ${entry.server} ${entry.tool}  ${out.dim(`${entry.reason} · sha256 ${entry.sha256.slice(0, 12)}`)}`);
    for (const line of gateway.quarantineDiff(entry)) out.line(`    ${line}`);
  }
  return 0;
}

async function replay(args: string[], out: Output): Promise<number> {
  const { values, positionals } = parseCommand("mcp replay", { args, allowPositionals: true, options: { config: { type: "string" } } });
  if (positionals.length !== 1) throw new UsageError("mcp replay needs <journal.jsonl> [--config <servers.json>]");
  const gateway = await loadGateway();
  const run = gateway.readRecordedRun(resolve(positionals[0]!));
  // The caps are part of each session's configuration fingerprint, so the replay takes the ones
  // the run had (its config's, or the gateway's defaults): fixed caps of its own made every
  // replay warn that the journal was recorded under another configuration.
  const config = values.config === undefined ? undefined : await readConfig(gateway, values.config);
  const { maxPerSearch, maxLoaded, maxSearches } = config ?? gateway.GATEWAY_DEFAULTS;
  const version = await packageVersion();
  const downstream = new gateway.DownstreamSession(gateway.replaySource(run), {
    runId: run.runId,
    caps: { maxPerSearch, maxLoaded, maxSearches, deferral: config?.deferral ?? gateway.gatewayDeferral(maxLoaded) },
    version,
    replay: run.decisions,
    onWarning: warningsTo(out),
  });
  out.note(`toolsift: replaying ${run.runId}: ${run.decisions.records().length} decisions over ${run.tools.size} tools (calls answer replay_only)`);
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
  const version = await packageVersion();
  const upstreams = new gateway.Gateway(config, { stderr: "ignore", onWarning: warningsTo(out), version });
  try {
    const started = performance.now();
    await upstreams.start();
    const servers = upstreams.servers();
    out.line(out.dim(`${servers.filter((server) => server.status === "ready").length}/${servers.length} servers ready, ${upstreams.tools().size} tools searchable, ${upstreams.skills().size === 0 ? "" : `${upstreams.skills().size} skills, `}${servers.reduce((sum, server) => sum + server.quarantined, 0)} quarantined, in ${(performance.now() - started).toFixed(0)} ms`));
    const caps = { maxPerSearch: config.maxPerSearch, maxLoaded: 200, maxSearches: 200, deferral: config.deferral };
    const downstream = new gateway.DownstreamSession(upstreams, { runId: newRunId(), caps, version, onWarning: warningsTo(out) });
    for (const query of positionals.length > 0 ? positionals : DEMO_QUERIES) {
      const result = (await downstream.callTool("search_tools", { query })).structuredContent as { tools?: { name: string; description: string }[]; skills?: { id: string; description: string }[]; note?: string };
      out.line(out.bold(query));
      const tools = result.tools ?? [];
      const skills = result.skills ?? [];
      if (tools.length === 0 && skills.length === 0) out.line(out.dim(`  ${result.note ?? "no tool matched"}`));
      tools.forEach((tool, index) => out.line(`${String(index + 1).padStart(3)}. ${tool.name}  ${out.dim(tool.description)}`));
      // Skills a search found are activated with activate_skill, never by the search.
      for (const skill of skills) out.line(`  skill ${skill.id}  ${out.dim(skill.description)}`);
      out.line();
    }
    await downstream.close();
  } finally {
    await upstreams.close();
  }
  return 0;
}

/** `toolsift mcp …`: serve (no subcommand), `approve`, `status` or `replay`. Resolves to the exit code. */
export async function commandMcp(args: string[], out: Output): Promise<number> {
  const [first, ...rest] = args;
  if (first === "approve") return approve(rest, out);
  if (first === "status") return status(rest, out);
  if (first === "replay") return replay(rest, out);
  if (first !== undefined && !first.startsWith("-")) throw new UsageError(`unknown mcp command ${first}; the mcp commands are ${SUBCOMMANDS.join(", ")} (or none, to serve)`);
  return serve(args, out);
}
