// The gateway's config file: the `mcpServers` shape MCP clients already read, plus toolsift's
// own keys (`trust` on an entry, a top-level `toolsift` object). Validated once, here.
import { createHash } from "node:crypto";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { nearest, unknownKeysMessage } from "../core/nearest.js";
import { ToolsiftError } from "../errors.js";
import { SERVER_NAME_RULE, isServerName } from "./ids.js";

/**
 * Defaults of the `toolsift` object of the config. Units and ranges:
 * - `callTimeoutMs`: how long a forwarded call waits for its upstream, 100–3,600,000 ms
 *   (default 60,000). Low: slow tools fail with `upstream_timeout`; high: a hung server
 *   holds the caller that long.
 * - `connectTimeoutMs`: how long one server gets to start and list its tools, 100–600,000 ms
 *   (default 30,000); past it the server is reported and retried, the others serve.
 * - `retryInitialMs` / `retryMaxMs`: backoff between restarts of a failed server, doubling
 *   from the first to the second (defaults 500 and 30,000 ms, each 10–3,600,000).
 * - `maxPerSearch`, `maxLoaded`, `maxSearches`: the session caps (see `TOOL_SEARCH_DEFAULTS`);
 *   `maxSearches` defaults higher here (200) because one gateway session is a whole client run.
 * - `journal`: folder for one JSON-lines journal per session (default: none written).
 * - `state`: the quarantine state file (default `defaultStatePath`: the user's state folder,
 *   not next to the config, where a server given the config's folder could write it).
 */
export const GATEWAY_DEFAULTS = Object.freeze({
  callTimeoutMs: 60_000,
  connectTimeoutMs: 30_000,
  retryInitialMs: 500,
  retryMaxMs: 30_000,
  maxPerSearch: 5,
  maxLoaded: 20,
  maxSearches: 200,
});

/** The environment variables the config's defaults read (`XDG_STATE_HOME`, `HOME`). */
export type ConfigEnv = Readonly<Record<string, string | undefined>>;

/**
 * The default quarantine state file of a config: `$XDG_STATE_HOME/toolsift/<key>.json`, or
 * `~/.local/state/toolsift/<key>.json` when XDG_STATE_HOME is unset or relative (the XDG
 * rule); `<key>` is the first 16 hex digits of the SHA-256 of the config's absolute path, so
 * each config has its own state and no server sees it beside the config.
 *
 * @example
 * defaultStatePath("/home/me/servers.json", { HOME: "/home/me" }) // "/home/me/.local/state/toolsift/<16 hex>.json"
 */
export function defaultStatePath(file: string, env: ConfigEnv = process.env): string {
  const xdg = env["XDG_STATE_HOME"];
  const base = xdg !== undefined && isAbsolute(xdg) ? xdg : join(env["HOME"] || homedir(), ".local", "state");
  const key = createHash("sha256").update(resolve(file)).digest("hex").slice(0, 16);
  return join(base, "toolsift", `${key}.json`);
}

const RANGES = Object.freeze({
  callTimeoutMs: [100, 3_600_000],
  connectTimeoutMs: [100, 600_000],
  retryInitialMs: [10, 3_600_000],
  retryMaxMs: [10, 3_600_000],
  maxPerSearch: [1, 50],
  maxLoaded: [1, 200],
  maxSearches: [1, 200],
} as const);

type NumericKey = keyof typeof RANGES;

const TOOLSIFT_KEYS = [...(Object.keys(RANGES) as NumericKey[]), "journal", "state", "deferral"] as const;

const DEFERRAL_KEYS = ["maxTools", "maxChars", "mode"] as const;

/**
 * The deferral budget of the gateway's sessions when the config sets none (each server is a
 * dynamic group): room for `search_tools` and the `maxLoaded` tools searches load, so every
 * server is held back and the gateway's tools/list starts with its two meta-tools. A client
 * with room for more (VS Code lists 128 tools) sets `deferral.maxTools` to its cap, and a
 * small set of servers is then listed directly.
 */
export function gatewayDeferral(maxLoaded: number): GatewayDeferral {
  return { maxTools: maxLoaded + 1 };
}

/** The `deferral` object of the config, as the session reads it. */
export interface GatewayDeferral {
  readonly maxTools?: number;
  readonly maxChars?: number;
  readonly mode?: "auto" | "off";
}

/** Keys other clients put on a server entry that the gateway honours. */
const HONOURED_ENTRY_KEYS = ["command", "args", "env", "cwd", "url", "headers", "type", "disabled", "trust", "timeout"] as const;

// Transport names the clients write in `type` (Claude Code, VS Code, Cursor, Cline).
const STDIO_TYPES = new Set(["stdio"]);
const HTTP_TYPES = new Set(["http", "streamable-http", "streamableHttp", "streamable_http"]);

interface EntryBase {
  readonly name: string;
  /** The operator vouches for this server's tool text (`"trust": true`). */
  readonly trust: boolean;
  /** Per-server call timeout, ms: the entry's `timeout` (seconds, as Cline writes it) or the gateway's. */
  readonly callTimeoutMs: number;
}

export interface StdioServerEntry extends EntryBase {
  readonly transport: "stdio";
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string | undefined;
}

export interface HttpServerEntry extends EntryBase {
  readonly transport: "http";
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
}

export type ServerEntry = StdioServerEntry | HttpServerEntry;

/** The validated config: the enabled servers in file order and the gateway's settings. */
export interface GatewayConfig {
  readonly servers: readonly ServerEntry[];
  readonly callTimeoutMs: number;
  readonly connectTimeoutMs: number;
  readonly retryInitialMs: number;
  readonly retryMaxMs: number;
  readonly maxPerSearch: number;
  readonly maxLoaded: number;
  readonly maxSearches: number;
  /** Absolute folder for journals, or undefined (no journal written). */
  readonly journal: string | undefined;
  /** Absolute path of the quarantine state file. */
  readonly state: string;
  /** The sessions' deferral budget (`gatewayDeferral(maxLoaded)` unless the config sets one). */
  readonly deferral: GatewayDeferral;
  /** Keys read but not used (other clients' keys), one message for the operator. */
  readonly ignored: readonly string[];
}

function configError(file: string, path: readonly (string | number)[], message: string): ToolsiftError {
  const where = path.length === 0 ? "" : ` ${path.map(String).join(".")}`;
  return new ToolsiftError("invalid_config", `${file}:${where}: ${message}`, { path: [file, ...path] });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

function stringRecord(file: string, path: readonly (string | number)[], value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (!isObject(value)) throw configError(file, path, `must be an object of strings (got ${shown(value)})`);
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== "string") throw configError(file, [...path, key], `must be a string (got ${shown(item)})`);
  }
  return { ...(value as Record<string, string>) };
}

function nonEmptyString(file: string, path: readonly (string | number)[], value: unknown): string {
  if (typeof value !== "string" || value.length === 0) throw configError(file, path, `must be a non-empty string (got ${shown(value)})`);
  return value;
}

function entryTimeout(file: string, path: readonly (string | number)[], value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  // Cline writes seconds; a number of ms would be a ~17-hour timeout at its default of 60.
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > 3600) {
    throw configError(file, path, `must be a number of seconds from 1 to 3600 (got ${shown(value)})`);
  }
  return Math.round(value * 1000);
}

function parseEntry(file: string, name: string, raw: unknown, callTimeoutMs: number, ignored: string[]): ServerEntry | undefined {
  const path = ["mcpServers", name];
  if (!isServerName(name)) throw configError(file, path, `server name ${SERVER_NAME_RULE}`);
  if (!isObject(raw)) throw configError(file, path, `must be { command, args?, env? } or { url, headers? } (got ${shown(raw)})`);
  for (const key of Object.keys(raw)) {
    if (!(HONOURED_ENTRY_KEYS as readonly string[]).includes(key)) ignored.push(`mcpServers.${name}.${key}`);
  }
  if (raw["disabled"] === true) return undefined;
  if (raw["disabled"] !== undefined && raw["disabled"] !== false) throw configError(file, [...path, "disabled"], `must be true or false (got ${shown(raw["disabled"])})`);
  if (raw["trust"] !== undefined && typeof raw["trust"] !== "boolean") throw configError(file, [...path, "trust"], `must be true or false (got ${shown(raw["trust"])})`);
  const type = raw["type"];
  if (type !== undefined && (typeof type !== "string" || (!STDIO_TYPES.has(type) && !HTTP_TYPES.has(type)))) {
    const hint = type === "sse" ? "; the SSE transport is deprecated: use the server's Streamable HTTP endpoint" : "";
    throw configError(file, [...path, "type"], `must be "stdio" or "http" (got ${shown(type)})${hint}`);
  }
  const base = { name, trust: raw["trust"] === true, callTimeoutMs: entryTimeout(file, [...path, "timeout"], raw["timeout"], callTimeoutMs) };
  const hasCommand = raw["command"] !== undefined;
  const hasUrl = raw["url"] !== undefined;
  if (hasCommand === hasUrl) throw configError(file, path, hasCommand ? "has both command and url; a server is one or the other" : 'needs "command" (a stdio server) or "url" (a Streamable HTTP server)');
  if (hasCommand) {
    if (type !== undefined && HTTP_TYPES.has(type as string)) throw configError(file, [...path, "type"], `is ${shown(type)} but the entry has a command`);
    const args = raw["args"] ?? [];
    if (!Array.isArray(args) || args.some((arg) => typeof arg !== "string")) throw configError(file, [...path, "args"], `must be an array of strings (got ${shown(args)})`);
    const cwd = raw["cwd"] === undefined ? undefined : resolve(dirname(file), nonEmptyString(file, [...path, "cwd"], raw["cwd"]));
    return { ...base, transport: "stdio", command: nonEmptyString(file, [...path, "command"], raw["command"]), args, env: stringRecord(file, [...path, "env"], raw["env"]), cwd };
  }
  if (type !== undefined && STDIO_TYPES.has(type as string)) throw configError(file, [...path, "type"], `is "stdio" but the entry has a url`);
  const text = nonEmptyString(file, [...path, "url"], raw["url"]);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw configError(file, [...path, "url"], `is not a URL (got ${shown(text)})`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw configError(file, [...path, "url"], `must be an http: or https: URL (got ${shown(text)})`);
  return { ...base, transport: "http", url, headers: stringRecord(file, [...path, "headers"], raw["headers"]) };
}

function parseToolsift(file: string, raw: unknown, env: ConfigEnv): Omit<GatewayConfig, "servers" | "ignored"> {
  if (raw !== undefined && !isObject(raw)) throw configError(file, ["toolsift"], `must be an object (got ${shown(raw)})`);
  const options = raw ?? {};
  const unknown = Object.keys(options).filter((key) => !(TOOLSIFT_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) throw configError(file, ["toolsift", unknown[0]!], unknownKeysMessage(unknown, TOOLSIFT_KEYS));
  const numbers = {} as Record<NumericKey, number>;
  for (const key of Object.keys(RANGES) as NumericKey[]) {
    const value = options[key];
    const [min, max] = RANGES[key];
    if (value !== undefined && (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max)) {
      throw configError(file, ["toolsift", key], `must be an integer from ${min} to ${max} (got ${shown(value)})`);
    }
    numbers[key] = (value as number | undefined) ?? GATEWAY_DEFAULTS[key];
  }
  if (numbers.retryMaxMs < numbers.retryInitialMs) throw configError(file, ["toolsift", "retryMaxMs"], `must be at least retryInitialMs (${numbers.retryInitialMs})`);
  const folder = dirname(file);
  const journal = options["journal"] === undefined ? undefined : resolve(folder, nonEmptyString(file, ["toolsift", "journal"], options["journal"]));
  const state = options["state"] === undefined ? defaultStatePath(file, env) : resolve(folder, nonEmptyString(file, ["toolsift", "state"], options["state"]));
  return { ...numbers, journal, state, deferral: parseDeferral(file, options["deferral"]) ?? gatewayDeferral(numbers.maxLoaded) };
}

function parseDeferral(file: string, raw: unknown): GatewayDeferral | undefined {
  if (raw === undefined) return undefined;
  const path = ["toolsift", "deferral"];
  if (!isObject(raw)) throw configError(file, path, `must be { maxTools?, maxChars?, mode? } (got ${shown(raw)})`);
  const unknown = Object.keys(raw).filter((key) => !(DEFERRAL_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) throw configError(file, [...path, unknown[0]!], unknownKeysMessage(unknown, DEFERRAL_KEYS));
  for (const [key, max] of [["maxTools", 10_000], ["maxChars", 10_000_000]] as const) {
    const value = raw[key];
    if (value !== undefined && (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > max)) {
      throw configError(file, [...path, key], `must be an integer from 1 to ${max} (got ${shown(value)})`);
    }
  }
  if (raw["mode"] !== undefined && raw["mode"] !== "auto" && raw["mode"] !== "off") throw configError(file, [...path, "mode"], `must be "auto" or "off" (got ${shown(raw["mode"])})`);
  return { ...raw } as GatewayDeferral;
}

/**
 * Validates a parsed config file (`file` names it in every error and anchors relative paths).
 * Accepts `mcpServers` (Claude Desktop, Cursor, Claude Code) or `servers` (VS Code). A bad
 * entry is an `invalid_config` error whose path is `[file, "mcpServers", name, key]`; an
 * unknown key inside `toolsift` is one too, naming the nearest known key. `env` gives the
 * default state file's folder (`defaultStatePath`).
 *
 * @example
 * parseGatewayConfig({ mcpServers: { memory: { command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"] } } }, "/home/me/servers.json")
 */
export function parseGatewayConfig(raw: unknown, file: string, env: ConfigEnv = process.env): GatewayConfig {
  if (!isObject(raw)) throw configError(file, [], `must be a JSON object with "mcpServers" (got ${shown(raw)})`);
  const ignored: string[] = [];
  const serversKey = raw["mcpServers"] !== undefined ? "mcpServers" : raw["servers"] !== undefined ? "servers" : undefined;
  for (const key of Object.keys(raw)) {
    if (key !== serversKey && key !== "toolsift") ignored.push(key);
  }
  if (serversKey === undefined) {
    const near = Object.keys(raw).find((key) => nearest(key, ["mcpServers"]) !== undefined);
    throw configError(file, ["mcpServers"], `is missing${near === undefined ? "" : `; ${JSON.stringify(near)} is not read: did you mean "mcpServers"?`}`);
  }
  const settings = parseToolsift(file, raw["toolsift"], env);
  const entries = raw[serversKey];
  if (!isObject(entries)) throw configError(file, ["mcpServers"], `must be an object of servers by name (got ${shown(entries)})`);
  const servers: ServerEntry[] = [];
  for (const [name, entry] of Object.entries(entries)) {
    const parsed = parseEntry(file, name, entry, settings.callTimeoutMs, ignored);
    if (parsed !== undefined) servers.push(parsed);
  }
  return Object.freeze({ servers: Object.freeze(servers), ...settings, ignored: Object.freeze(ignored) });
}
