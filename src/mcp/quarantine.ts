// Quarantine (docs/gateway.md "Quarantine"): every upstream tool is pinned by a SHA-256 of its
// name, description and input schema. A tool whose pin is not approved — new, or changed
// since its approval — stays out of the index and cannot be called until the operator
// approves it. The state file is shared by the running gateway and `toolsift mcp approve`.
import { createHash } from "node:crypto";
import { mkdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { ToolsiftError } from "../errors.js";
import { readTextFile } from "../io/read-file.js";

export const STATE_FORMAT = "toolsift.gateway-state";
export const STATE_VERSION = 1;

/** The text of a tool a pin covers, kept so `status` can show what changed. */
export interface PinnedTool {
  readonly sha256: string;
  readonly description: string | null;
  readonly inputSchema: unknown;
}

/** A tool awaiting approval: `new` (never approved) or `changed` (its approved pin differs). */
export interface QuarantinedTool extends PinnedTool {
  readonly server: string;
  readonly tool: string;
  readonly reason: "new" | "changed";
  /** The approved version, for a changed tool. */
  readonly approved?: PinnedTool;
}

interface StateData {
  approved: Record<string, Record<string, PinnedTool>>;
  pending: Record<string, Record<string, PinnedTool>>;
}

/** The fields of an upstream tool a pin covers. */
export interface PinSource {
  readonly name: string;
  readonly description?: string | undefined;
  readonly inputSchema?: unknown;
}

// Keys sorted at every level, so a server that reorders its schema's keys keeps its pin.
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== "object" || value === null) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = canonical((value as Record<string, unknown>)[key]);
  return sorted;
}

/**
 * The pin of a tool: SHA-256 (hex) of the canonical JSON of `[name, description, inputSchema]`.
 *
 * @example
 * pinTool({ name: "echo", description: "Echo back", inputSchema: { type: "object" } }).sha256.length // 64
 */
export function pinTool(tool: PinSource): PinnedTool {
  const description = tool.description ?? null;
  const inputSchema = canonical(tool.inputSchema ?? null);
  const sha256 = createHash("sha256").update(JSON.stringify([tool.name, description, inputSchema])).digest("hex");
  return { sha256, description, inputSchema };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function readPins(value: unknown, path: string, key: string): Record<string, Record<string, PinnedTool>> {
  if (value === undefined) return {};
  const bad = () => new ToolsiftError("invalid_state", `${path}: ${key} is not an object of pins by server and tool.`, { path: [path, key] });
  if (!isObject(value)) throw bad();
  for (const tools of Object.values(value)) {
    if (!isObject(tools)) throw bad();
    for (const pin of Object.values(tools)) {
      if (!isObject(pin) || typeof pin["sha256"] !== "string") throw bad();
    }
  }
  return value as Record<string, Record<string, PinnedTool>>;
}

/**
 * The quarantine state file. Read on construction and again whenever its modification time
 * changes (`refresh`), so approvals made by another process take effect in a running gateway.
 */
export class QuarantineState {
  readonly path: string;
  #data: StateData = { approved: {}, pending: {} };
  #mtime = -1;

  constructor(path: string) {
    this.path = path;
    this.refresh();
  }

  /** Re-reads the file when it changed on disk; true when it did. */
  refresh(): boolean {
    let mtime: number;
    try {
      mtime = statSync(this.path).mtimeMs;
    } catch (error) {
      if ((error as { code?: string }).code !== "ENOENT") throw new ToolsiftError("file_unreadable", `${this.path}: cannot read the state file`, { path: [this.path], cause: error });
      mtime = 0;
    }
    if (mtime === this.#mtime) return false;
    this.#mtime = mtime;
    this.#data = mtime === 0 ? { approved: {}, pending: {} } : this.#read();
    return true;
  }

  #read(): StateData {
    const text = readTextFile(this.path, { what: "state file", maxBytes: 128 * 1024 * 1024 });
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (cause) {
      throw new ToolsiftError("invalid_state", `${this.path}: the state file is not JSON`, { path: [this.path], cause });
    }
    if (!isObject(parsed) || parsed["format"] !== STATE_FORMAT || parsed["v"] !== STATE_VERSION) {
      throw new ToolsiftError("invalid_state", `${this.path}: not a toolsift gateway state file of version ${STATE_VERSION}`, { path: [this.path] });
    }
    return { approved: readPins(parsed["approved"], this.path, "approved"), pending: readPins(parsed["pending"], this.path, "pending") };
  }

  #write(): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify({ format: STATE_FORMAT, v: STATE_VERSION, ...this.#data }, null, 2)}\n`);
    // A rename is atomic: the other process reads the old file or the new one, never half.
    renameSync(temporary, this.path);
    this.#mtime = statSync(this.path).mtimeMs;
  }

  /**
   * Sorts one server's listed tools into the approved and the quarantined ones. A trusted
   * server's new tools are approved on first sight (its baseline); a change to an approved
   * tool is quarantined for every server. Pending entries are written for the operator.
   */
  classify(server: string, tools: readonly PinSource[], trusted: boolean): { approved: Set<string>; quarantined: QuarantinedTool[] } {
    this.refresh();
    const approvedPins = (this.#data.approved[server] ??= {});
    const pendingPins: Record<string, PinnedTool> = {};
    const approved = new Set<string>();
    const quarantined: QuarantinedTool[] = [];
    let changed = false;
    for (const tool of tools) {
      const pin = pinTool(tool);
      const known = approvedPins[tool.name];
      if (known?.sha256 === pin.sha256) {
        approved.add(tool.name);
        continue;
      }
      if (known === undefined && trusted) {
        approvedPins[tool.name] = pin;
        approved.add(tool.name);
        changed = true;
        continue;
      }
      pendingPins[tool.name] = pin;
      quarantined.push(known === undefined ? { server, tool: tool.name, reason: "new", ...pin } : { server, tool: tool.name, reason: "changed", ...pin, approved: known });
    }
    const before = JSON.stringify(this.#data.pending[server] ?? {});
    if (quarantined.length > 0) this.#data.pending[server] = pendingPins;
    else delete this.#data.pending[server];
    if (Object.keys(approvedPins).length === 0) delete this.#data.approved[server];
    if (changed || before !== JSON.stringify(this.#data.pending[server] ?? {})) this.#write();
    return { approved, quarantined };
  }

  /**
   * Approves the pending tools of `server` (all, or the one named): their pins become the
   * approved ones. Returns the tools approved; `unknown_server` when nothing of that server is
   * pending, `unknown_tool` when the named tool is not.
   */
  approve(server: string, tool?: string): string[] {
    this.refresh();
    const pending = this.#data.pending[server];
    if (pending === undefined) {
      throw new ToolsiftError("unknown_server", `No tool of server ${JSON.stringify(server)} is quarantined (servers with quarantined tools: ${Object.keys(this.#data.pending).join(", ") || "none"}).`, { path: [server] });
    }
    const names = tool === undefined ? Object.keys(pending) : [tool];
    for (const name of names) {
      const pin = pending[name];
      if (pin === undefined) throw new ToolsiftError("unknown_tool", `Tool ${JSON.stringify(name)} of server ${JSON.stringify(server)} is not quarantined.`, { path: [server, name] });
      (this.#data.approved[server] ??= {})[name] = pin;
      delete pending[name];
    }
    if (Object.keys(pending).length === 0) delete this.#data.pending[server];
    this.#write();
    return names;
  }

  /** Every quarantined tool, by server then tool name. */
  quarantined(): QuarantinedTool[] {
    this.refresh();
    const out: QuarantinedTool[] = [];
    for (const server of Object.keys(this.#data.pending).sort()) {
      const pending = this.#data.pending[server]!;
      for (const tool of Object.keys(pending).sort()) {
        const known = this.#data.approved[server]?.[tool];
        const pin = pending[tool]!;
        out.push(known === undefined ? { server, tool, reason: "new", ...pin } : { server, tool, reason: "changed", ...pin, approved: known });
      }
    }
    return out;
  }

  /** Approved tool counts by server. */
  approvedCounts(): Record<string, number> {
    this.refresh();
    return Object.fromEntries(Object.entries(this.#data.approved).map(([server, tools]) => [server, Object.keys(tools).length]));
  }
}

function lines(text: string | null): string[] {
  return text === null ? [] : text.split("\n");
}

/**
 * What changed in a quarantined tool, as a few `-`/`+` lines (description lines removed and
 * added, then the schema when it differs). For `toolsift mcp status`.
 */
export function quarantineDiff(entry: QuarantinedTool): string[] {
  if (entry.approved === undefined) return lines(entry.description).map((line) => `+ ${line}`);
  const before = lines(entry.approved.description);
  const after = lines(entry.description);
  const out = [...before.filter((line) => !after.includes(line)).map((line) => `- ${line}`), ...after.filter((line) => !before.includes(line)).map((line) => `+ ${line}`)];
  const oldSchema = JSON.stringify(entry.approved.inputSchema);
  const newSchema = JSON.stringify(entry.inputSchema);
  if (oldSchema !== newSchema) out.push(`- inputSchema ${oldSchema}`, `+ inputSchema ${newSchema}`);
  return out;
}
