// The gateway's config file: the `mcpServers` shape MCP clients already read, plus toolsift's
// own keys (`trust` on an entry, a top-level `toolsift` object). Validated once, here.
import { createHash } from "node:crypto";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";
import * as z from "zod/mini";
import { firstIssue, integerIn, isComplete, issueMessage, issuePath, refuse, strictObject, type Issue, type ParseError } from "../core/config-schema.js";
import { nearest } from "../core/nearest.js";
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
 * - `startupWaitMs`: how long a request made while servers are on their first start waits
 *   for them, counted from the gateway's start, 0–600,000 ms (default 10,000: room for a
 *   server run through `npx`, which resolves its package first). 0: answer at once with what
 *   is up; high: a client's first request waits that long for a server that hangs. A request
 *   answers as soon as the servers it concerns are up or have failed.
 * - `maxPerSearch`, `maxLoaded`, `maxSearches`: the session caps (see `TOOL_SEARCH_DEFAULTS`);
 *   `maxSearches` defaults higher here (200) because one gateway session is a whole client run.
 * - `loadUnconfident`: whether a search without a confident match loads its closest tools
 *   (default `false`: they are returned `loaded: false` with the words no tool matches, so a
 *   request no server answers grows no menu; docs/scoring.md "Holding unconfident matches").
 * - `journal`: folder for one JSON-lines journal per session (default: none written).
 * - `recordUsage`: also journal a `used` record when the model calls a tool a search found
 *   (default false; needs `journal`). What `toolsift learn --config` learns from.
 * - `hints`: an annotations file (`{ "<tool id>": { aliases?, tags? } }`, what `toolsift learn`
 *   writes) the sessions index with (default none).
 * - `state`: the quarantine state file (default `defaultStatePath`: the user's state folder,
 *   not next to the config, where a server given the config's folder could write it).
 * - `menu`: how found tools reach the client (docs/gateway.md "The menu: append or bridge"):
 *   `"bridge"` keeps tools/list fixed and returns each found tool's schema for `call_tool`;
 *   `"append"` adds found tools to tools/list with `list_changed`.
 */
export const GATEWAY_DEFAULTS = Object.freeze({
  callTimeoutMs: 60_000,
  connectTimeoutMs: 30_000,
  retryInitialMs: 500,
  retryMaxMs: 30_000,
  startupWaitMs: 10_000,
  maxPerSearch: 5,
  maxLoaded: 20,
  maxSearches: 200,
  menu: "bridge" as GatewayMenu,
  recordUsage: false,
  loadUnconfident: false,
});

/** How found tools reach the client: through `call_tool` (`bridge`) or appended to tools/list (`append`). */
export type GatewayMenu = "append" | "bridge";

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

// Transport names the clients write in `type` (Claude Code, VS Code, Cursor, Cline).
const STDIO_TYPES: readonly string[] = ["stdio"];
const HTTP_TYPES: readonly string[] = ["http", "streamable-http", "streamableHttp", "streamable_http"];

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
  readonly startupWaitMs: number;
  readonly maxPerSearch: number;
  readonly maxLoaded: number;
  readonly maxSearches: number;
  /** An unconfident search loads its closest tools (default `false`). */
  readonly loadUnconfident: boolean;
  /** Absolute folder for journals, or undefined (no journal written). */
  readonly journal: string | undefined;
  /** Journal `used` records (docs/gateway.md "Learning from the gateway's traffic"); only with `journal`. */
  readonly recordUsage: boolean;
  /** Absolute path of the annotations file the sessions index with, or undefined. */
  readonly hints: string | undefined;
  /** Absolute path of the quarantine state file. */
  readonly state: string;
  /** The sessions' deferral budget (`gatewayDeferral(maxLoaded)` unless the config sets one). */
  readonly deferral: GatewayDeferral;
  /** How found tools reach the client (`GATEWAY_DEFAULTS.menu` unless the config sets it). */
  readonly menu: GatewayMenu;
  /** Keys read but not used (other clients' keys), one message for the operator. */
  readonly ignored: readonly string[];
}

function configError(file: string, path: readonly (string | number)[], message: string): ToolsiftError {
  const where = path.length === 0 ? "" : ` ${path.map(String).join(".")}`;
  return new ToolsiftError("invalid_config", `${file}:${where}: ${message}`, { path: [file, ...path] });
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

const nonEmptyString = () => z.string("must be a non-empty string").check(z.minLength(1, "must be a non-empty string"));
const stringRecord = () => z.record(z.string(), z.string("must be a string"), "must be an object of strings");
const trueOrFalse = () => z.optional(z.boolean("must be true or false"));
const TIMEOUT = "must be a number of seconds from 1 to 3600";

// A server entry: the keys other clients write that the gateway honours; any other key is
// kept and reported once as ignored.
const serverEntrySchema = z
  .looseObject(
    {
      command: z.optional(nonEmptyString()),
      args: z.optional(z.array(z.string("must be a string"), "must be an array of strings")),
      env: z.optional(stringRecord()),
      cwd: z.optional(nonEmptyString()),
      url: z.optional(nonEmptyString()),
      headers: z.optional(stringRecord()),
      type: z.optional(
        z.enum([...STDIO_TYPES, ...HTTP_TYPES], {
          error: (issue) =>
            `must be "stdio" or "http"${issue.input === "sse" ? "; the SSE transport is deprecated: use the server's Streamable HTTP endpoint" : ""}`,
        }),
      ),
      disabled: trueOrFalse(),
      trust: trueOrFalse(),
      // Seconds, as Cline writes them; a number of ms would be a ~17-hour timeout at its default of 60.
      timeout: z.optional(z.number(TIMEOUT).check(z.gt(0, TIMEOUT), z.lte(3600, TIMEOUT))),
    },
    "must be { command, args?, env? } or { url, headers? }",
  )
  .check((payload) => {
    const { command, url, type } = payload.value;
    if ((command === undefined) === (url === undefined)) {
      refuse(payload, command !== undefined ? "has both command and url; a server is one or the other" : 'needs "command" (a stdio server) or "url" (a Streamable HTTP server)');
    } else if (command !== undefined) {
      if (type !== undefined && HTTP_TYPES.includes(type)) refuse(payload, `is ${shown(type)} but the entry has a command`, ["type"]);
    } else if (type !== undefined && STDIO_TYPES.includes(type)) {
      refuse(payload, 'is "stdio" but the entry has a url', ["type"]);
    } else if (!URL.canParse(url!)) {
      refuse(payload, `is not a URL (got ${shown(url)})`, ["url"]);
    } else if (!["http:", "https:"].includes(new URL(url!).protocol)) {
      refuse(payload, `must be an http: or https: URL (got ${shown(url)})`, ["url"]);
    }
  });

// A disabled entry is skipped unread; any other is a server.
const entrySchema = z.union([z.looseObject({ disabled: z.literal(true) }), serverEntrySchema]);

const NAME_RULE = `server name ${SERVER_NAME_RULE}`;

// The pattern is for the JSON Schema; `isServerName` is the whole rule.
const serversSchema = z.record(
  z.string(NAME_RULE).check(z.regex(/^[A-Za-z0-9_.-]{1,64}$/, NAME_RULE), z.refine(isServerName, NAME_RULE)),
  entrySchema,
  { error: (issue) => (issue.code === "invalid_key" ? issueMessage(issue) : "must be an object of servers by name") },
);

const ms = (min: number, max: number, fallback: number) => z._default(integerIn(min, max), fallback);

const deferralSchema = strictObject(
  {
    maxTools: z.optional(integerIn(1, 10_000)),
    maxChars: z.optional(integerIn(1, 10_000_000)),
    mode: z.optional(z.enum(["auto", "off"], 'must be "auto" or "off"')),
  },
  "must be { maxTools?, maxChars?, mode? }",
);

const toolsiftSchema = strictObject(
  {
    callTimeoutMs: ms(100, 3_600_000, GATEWAY_DEFAULTS.callTimeoutMs),
    connectTimeoutMs: ms(100, 600_000, GATEWAY_DEFAULTS.connectTimeoutMs),
    retryInitialMs: ms(10, 3_600_000, GATEWAY_DEFAULTS.retryInitialMs),
    retryMaxMs: ms(10, 3_600_000, GATEWAY_DEFAULTS.retryMaxMs),
    startupWaitMs: ms(0, 600_000, GATEWAY_DEFAULTS.startupWaitMs),
    maxPerSearch: ms(1, 50, GATEWAY_DEFAULTS.maxPerSearch),
    maxLoaded: ms(1, 200, GATEWAY_DEFAULTS.maxLoaded),
    maxSearches: ms(1, 200, GATEWAY_DEFAULTS.maxSearches),
    loadUnconfident: z._default(z.boolean("must be true or false"), GATEWAY_DEFAULTS.loadUnconfident),
    journal: z.optional(nonEmptyString()),
    recordUsage: z._default(z.boolean("must be true or false"), GATEWAY_DEFAULTS.recordUsage),
    hints: z.optional(nonEmptyString()),
    state: z.optional(nonEmptyString()),
    deferral: z.optional(deferralSchema),
    menu: z._default(z.enum(["append", "bridge"], 'must be "append" or "bridge"'), GATEWAY_DEFAULTS.menu),
  },
  "must be an object",
).check((payload) => {
  const { retryInitialMs, retryMaxMs, recordUsage, journal } = payload.value;
  if (retryMaxMs < retryInitialMs) refuse(payload, `must be at least retryInitialMs (${retryInitialMs})`, ["retryMaxMs"]);
  // Without a journal the records would be kept in memory and lost: say so rather than ignore it.
  if (recordUsage && journal === undefined) refuse(payload, 'needs "journal", the folder the used records are written to', ["recordUsage"]);
});

/**
 * The config file's schema: `mcpServers` (Claude Desktop, Cursor, Claude Code) or `servers`
 * (VS Code), toolsift's own `toolsift` object, and `$schema` for an editor. Other top-level
 * keys are kept and reported as ignored. `npm run build` writes its JSON Schema to
 * dist/servers.schema.json.
 */
export const gatewayConfigSchema = z
  .looseObject(
    {
      $schema: z.optional(z.string()),
      toolsift: z.optional(toolsiftSchema),
      mcpServers: z.optional(serversSchema),
      servers: z.optional(serversSchema),
    },
    'must be a JSON object with "mcpServers"',
  )
  .check((payload) => {
    if (payload.value.mcpServers !== undefined || payload.value.servers !== undefined) return;
    const near = Object.keys(payload.value).find((key) => nearest(key, ["mcpServers"]) !== undefined);
    refuse(payload, `is missing${near === undefined ? "" : `; ${JSON.stringify(near)} is not read: did you mean "mcpServers"?`}`, ["mcpServers"]);
  });

/** What a servers.json file holds, as written. */
export type GatewayConfigFile = z.input<typeof gatewayConfigSchema>;

function valueAt(input: unknown, path: readonly (string | number)[]): unknown {
  let value = input;
  for (const part of path) value = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[part] : undefined;
  return value;
}

// The first issue as a config error: a union's issue is that of its last option (the full
// entry); an unknown key's path names the key; a field's message shows the value it got.
function toConfigError(file: string, raw: unknown, error: ParseError): ToolsiftError {
  let issue: Issue = firstIssue(error);
  const prefix: (string | number)[] = [];
  while (issue.code === "invalid_union" && issue.errors.at(-1)?.[0] !== undefined) {
    prefix.push(...issuePath(issue));
    issue = issue.errors.at(-1)![0]!;
  }
  const path = [...prefix, ...issuePath(issue)];
  if (issue.code === "unrecognized_keys") return configError(file, [...path, issue.keys[0]!], issue.message);
  if (isComplete(issue) || issue.code === "invalid_key") return configError(file, path, issue.message);
  return configError(file, path, `${issue.message} (got ${shown(valueAt(raw, path))})`);
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
  const result = gatewayConfigSchema.safeParse(raw, { error: issueMessage });
  if (!result.success) throw toConfigError(file, raw, result.error);
  const parsed = result.data;
  const serversKey = parsed.mcpServers !== undefined ? "mcpServers" : "servers";
  // A record schema skips a "__proto__" key (JSON.parse makes it an own key): no server name.
  if (Object.hasOwn((raw as Record<string, object>)[serversKey]!, "__proto__")) throw configError(file, [serversKey, "__proto__"], NAME_RULE);
  const ignored = Object.keys(parsed).filter((key) => key !== serversKey && key !== "toolsift" && key !== "$schema");
  const { journal, recordUsage, hints, state, deferral, ...numbers } = parsed.toolsift ?? toolsiftSchema.parse({});
  const folder = dirname(file);
  const servers: ServerEntry[] = [];
  for (const [name, entry] of Object.entries(parsed[serversKey]!)) {
    if (entry.disabled === true) continue;
    const server = entry as z.output<typeof serverEntrySchema>;
    for (const key of Object.keys(server)) if (!Object.hasOwn(serverEntrySchema.shape, key)) ignored.push(`mcpServers.${name}.${key}`);
    const base = { name, trust: server.trust === true, callTimeoutMs: server.timeout === undefined ? numbers.callTimeoutMs : Math.round(server.timeout * 1000) };
    servers.push(
      server.command !== undefined
        ? { ...base, transport: "stdio", command: server.command, args: server.args ?? [], env: server.env ?? {}, cwd: server.cwd === undefined ? undefined : resolve(folder, server.cwd) }
        : { ...base, transport: "http", url: new URL(server.url!), headers: server.headers ?? {} },
    );
  }
  return Object.freeze({
    servers: Object.freeze(servers),
    ...numbers,
    journal: journal === undefined ? undefined : resolve(folder, journal),
    recordUsage,
    hints: hints === undefined ? undefined : resolve(folder, hints),
    state: state === undefined ? defaultStatePath(file, env) : resolve(folder, state),
    deferral: deferral ?? gatewayDeferral(numbers.maxLoaded),
    ignored: Object.freeze(ignored),
  });
}
