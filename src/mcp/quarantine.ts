// Quarantine (docs/gateway.md "Quarantine"): every upstream tool is pinned by a SHA-256 of its
// name, description and input schema. A tool whose pin is not approved — new, or changed
// since its approval — stays out of the index and cannot be called until the operator
// approves it. The state file is shared by the running gateway and `toolsift mcp approve`.
// Pins are kept in Maps: a tool may be named `constructor` or `__proto__`.
import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { ToolsiftError } from "../errors.js";
import { readTextFile } from "../io/read-file.js";
import { isRecord } from "../shared/is-record.js";

export const STATE_FORMAT = "toolsift.gateway-state";
export const STATE_VERSION = 1;
/** The format of the record of what `toolsift mcp status` last showed (beside the state file). */
export const REVIEWED_FORMAT = "toolsift.gateway-reviewed";

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

/** Pins by server, then by tool name. */
type Pins = Map<string, Map<string, PinnedTool>>;

interface StateData {
  approved: Pins;
  pending: Pins;
}

/** The fields of an upstream tool a pin covers. */
export interface PinSource {
  readonly name: string;
  readonly description?: string | undefined;
  readonly inputSchema?: unknown;
}

/** A name a server listed more than once: one entry is kept (see `classify`), the others dropped. */
export interface DuplicateTool {
  readonly tool: string;
  /** How many entries of that name the listing held. */
  readonly entries: number;
  /** The pin of the entry kept. */
  readonly kept: string;
}

/** What `approve` takes besides the server and tool. */
export interface ApproveOptions {
  /** Approve only the pending version of this SHA-256 (`pin_mismatch` when none is). */
  readonly pin?: string;
  /**
   * Approve only pending versions the operator was shown (tool name → SHA-256, see
   * `reviewed`); the others stay pending. `not_reviewed` when that leaves nothing.
   */
  readonly reviewed?: ReadonlyMap<string, string>;
}

// Keys sorted at every level, so a server that reorders its schema's keys keeps its pin.
// Built with defined properties: a schema property named `__proto__` stays a property.
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== "object" || value === null) return value;
  const sorted: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
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

// A listing's tool objects stay the same until the server is listed again: each is hashed once,
// not on every rebuild of the catalogue.
const PINS = new WeakMap<object, PinnedTool>();

function pinOf(tool: PinSource): PinnedTool {
  let pin = PINS.get(tool);
  if (pin === undefined) {
    pin = pinTool(tool);
    PINS.set(tool, pin);
  }
  return pin;
}

function readPins(value: unknown, path: string, key: string): Pins {
  const out: Pins = new Map();
  if (value === undefined) return out;
  const bad = () => new ToolsiftError("invalid_state", `${path}: ${key} is not an object of pins by server and tool.`, { path: [path, key] });
  if (!isRecord(value)) throw bad();
  // JSON.parse makes every key an own property, `__proto__` too: entries are read as data.
  for (const [server, tools] of Object.entries(value)) {
    if (!isRecord(tools)) throw bad();
    const pins = new Map<string, PinnedTool>();
    for (const [tool, pin] of Object.entries(tools)) {
      if (!isRecord(pin) || typeof pin["sha256"] !== "string") throw bad();
      pins.set(tool, { sha256: pin["sha256"], description: typeof pin["description"] === "string" ? pin["description"] : null, inputSchema: pin["inputSchema"] ?? null });
    }
    out.set(server, pins);
  }
  return out;
}

// Object.fromEntries defines properties: a `__proto__` entry is written as a key like any other.
function writePins(pins: Pins): Record<string, Record<string, PinnedTool>> {
  return Object.fromEntries([...pins].map(([server, tools]) => [server, Object.fromEntries(tools)]));
}

function samePins(left: ReadonlyMap<string, PinnedTool> | undefined, right: ReadonlyMap<string, PinnedTool> | undefined): boolean {
  if ((left?.size ?? 0) !== (right?.size ?? 0)) return false;
  for (const [tool, pin] of left ?? []) if (right?.get(tool)?.sha256 !== pin.sha256) return false;
  return true;
}

// Owner-only: the file decides what the model may see and call.
function writePrivate(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  // A temporary file left by a crash keeps its mode through writeFileSync: set it.
  chmodSync(temporary, 0o600);
  // A rename is atomic: the other process reads the old file or the new one, never half.
  renameSync(temporary, path);
}

/** The record of what `toolsift mcp status` showed last, beside the state file. */
export function reviewedPath(statePath: string): string {
  return `${statePath.replace(/\.json$/u, "")}.reviewed.json`;
}

/**
 * The quarantine state file. Read on construction and again by `refresh` when its modification
 * time changed, so approvals made by another process take effect in a running gateway. The
 * other members work on the state as last read (or as this object last wrote it): the caller
 * refreshes once before a batch of them, the gateway at the start of each request and of each
 * rebuild. `approve`, the operator's one change, refreshes first itself.
 */
export class QuarantineState {
  readonly path: string;
  #data: StateData = { approved: new Map(), pending: new Map() };
  #mtime = -1;
  readonly #readOnly: boolean;

  /** `readOnly`: classifications stay in memory and the file is never written (`toolsift mcp status`). */
  constructor(path: string, { readOnly = false }: { readOnly?: boolean } = {}) {
    this.path = path;
    this.#readOnly = readOnly;
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
    this.#data = mtime === 0 ? { approved: new Map(), pending: new Map() } : this.#read();
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
    if (!isRecord(parsed) || parsed["format"] !== STATE_FORMAT || parsed["v"] !== STATE_VERSION) {
      throw new ToolsiftError("invalid_state", `${this.path}: not a toolsift gateway state file of version ${STATE_VERSION}`, { path: [this.path] });
    }
    return { approved: readPins(parsed["approved"], this.path, "approved"), pending: readPins(parsed["pending"], this.path, "pending") };
  }

  #write(): void {
    if (this.#readOnly) return;
    const data = { format: STATE_FORMAT, v: STATE_VERSION, approved: writePins(this.#data.approved), pending: writePins(this.#data.pending) };
    writePrivate(this.path, `${JSON.stringify(data, null, 2)}\n`);
    this.#mtime = statSync(this.path).mtimeMs;
  }

  /**
   * Sorts one server's listed tools into the approved and the quarantined ones. A trusted
   * server's new tools are approved on first sight (its baseline); a change to an approved
   * tool is quarantined for every server. Pending entries are written for the operator.
   *
   * A name listed more than once keeps one entry: the one whose pin is approved, else the
   * first; the others are dropped (never pinned, indexed or shown) and reported in
   * `duplicates`. `approved` maps each approved name to the very entry to index.
   *
   * It writes the state as last read: `refresh` first when another process may have written
   * the file since, or its approvals are overwritten.
   */
  classify<T extends PinSource>(server: string, tools: readonly T[], trusted: boolean): { approved: Map<string, T>; quarantined: QuarantinedTool[]; duplicates: DuplicateTool[] } {
    const approvedPins = this.#data.approved.get(server) ?? new Map<string, PinnedTool>();
    const pendingPins = new Map<string, PinnedTool>();
    const approved = new Map<string, T>();
    const quarantined: QuarantinedTool[] = [];
    const duplicates: DuplicateTool[] = [];
    const byName = new Map<string, T[]>();
    for (const tool of tools) {
      const entries = byName.get(tool.name);
      if (entries === undefined) byName.set(tool.name, [tool]);
      else entries.push(tool);
    }
    let changed = false;
    for (const [name, entries] of byName) {
      const known = approvedPins.get(name);
      const at = known === undefined ? -1 : entries.findIndex((entry) => pinOf(entry).sha256 === known.sha256);
      const tool = entries[Math.max(at, 0)]!;
      const pin = pinOf(tool);
      if (entries.length > 1) duplicates.push({ tool: name, entries: entries.length, kept: pin.sha256 });
      if (at >= 0) {
        approved.set(name, tool);
        continue;
      }
      if (known === undefined && trusted) {
        approvedPins.set(name, pin);
        approved.set(name, tool);
        changed = true;
        continue;
      }
      pendingPins.set(name, pin);
      quarantined.push(known === undefined ? { server, tool: name, reason: "new", ...pin } : { server, tool: name, reason: "changed", ...pin, approved: known });
    }
    const before = this.#data.pending.get(server);
    if (quarantined.length > 0) this.#data.pending.set(server, pendingPins);
    else this.#data.pending.delete(server);
    if (approvedPins.size > 0) this.#data.approved.set(server, approvedPins);
    else this.#data.approved.delete(server);
    if (changed || !samePins(before, this.#data.pending.get(server))) this.#write();
    return { approved, quarantined, duplicates };
  }

  /**
   * Approves the pending tools of `server` (all, or the one named): their pins become the
   * approved ones. Returns the tools approved. `unknown_tool` when the named tool is not
   * pending, `unknown_server` when nothing of that server is; `pin_mismatch` and
   * `not_reviewed` as `ApproveOptions` says. Reads the file afresh first: another process
   * may have changed it since.
   */
  approve(server: string, tool?: string, options: ApproveOptions = {}): string[] {
    this.refresh();
    const pending = this.#data.pending.get(server);
    const listed = () => [...(pending?.keys() ?? [])].map((name) => JSON.stringify(name)).join(", ") || "none";
    if (tool !== undefined && pending?.has(tool) !== true) {
      throw new ToolsiftError("unknown_tool", `Tool ${JSON.stringify(tool)} of server ${JSON.stringify(server)} is not quarantined (its quarantined tools: ${listed()}).`, { path: [server, tool] });
    }
    if (pending === undefined) {
      throw new ToolsiftError("unknown_server", `No tool of server ${JSON.stringify(server)} is quarantined (servers with quarantined tools: ${[...this.#data.pending.keys()].join(", ") || "none"}).`, { path: [server] });
    }
    let names = tool === undefined ? [...pending.keys()] : [tool];
    const { pin, reviewed } = options;
    if (pin !== undefined) {
      names = names.filter((name) => pending.get(name)!.sha256 === pin);
      if (names.length === 0) {
        const versions = (tool === undefined ? [...pending.keys()] : [tool]).map((name) => `${JSON.stringify(name)} sha256 ${pending.get(name)!.sha256}`).join(", ");
        throw new ToolsiftError("pin_mismatch", `No pending version of ${tool === undefined ? "a tool" : `tool ${JSON.stringify(tool)}`} of server ${JSON.stringify(server)} has sha256 ${pin} (pending: ${versions}); it changed since it was reviewed: run toolsift mcp status.`, { path: [server, ...(tool === undefined ? [] : [tool])] });
      }
    }
    if (reviewed !== undefined) {
      const shown = names.filter((name) => reviewed.get(name) === pending.get(name)!.sha256);
      if (shown.length === 0) {
        const unseen = names.map((name) => `${JSON.stringify(name)} sha256 ${pending.get(name)!.sha256}`).join(", ");
        throw new ToolsiftError("not_reviewed", `Nothing of server ${JSON.stringify(server)} is approved: no pending version was shown by the last toolsift mcp status (pending: ${unseen}). Run toolsift mcp status, then approve again, or approve one version with --pin <sha256>.`, { path: [server, ...(tool === undefined ? [] : [tool])] });
      }
      names = shown;
    }
    const approvedPins = this.#data.approved.get(server) ?? new Map<string, PinnedTool>();
    for (const name of names) {
      approvedPins.set(name, pending.get(name)!);
      pending.delete(name);
    }
    this.#data.approved.set(server, approvedPins);
    if (pending.size === 0) this.#data.pending.delete(server);
    this.#write();
    return names;
  }

  /** Every quarantined tool, by server then tool name. */
  quarantined(): QuarantinedTool[] {
    const out: QuarantinedTool[] = [];
    for (const server of [...this.#data.pending.keys()].sort()) {
      const pending = this.#data.pending.get(server)!;
      for (const tool of [...pending.keys()].sort()) {
        const known = this.#data.approved.get(server)?.get(tool);
        const pin = pending.get(tool)!;
        out.push(known === undefined ? { server, tool, reason: "new", ...pin } : { server, tool, reason: "changed", ...pin, approved: known });
      }
    }
    return out;
  }

  /** Approved tool counts by server. */
  approvedCounts(): Map<string, number> {
    return new Map([...this.#data.approved].map(([server, tools]) => [server, tools.size]));
  }

  /** True when the state names `server` (approved or pending pins). */
  knows(server: string): boolean {
    return this.#data.approved.has(server) || this.#data.pending.has(server);
  }

  /** Records the pending versions `toolsift mcp status` showed: what `approve` without `--pin` may approve. */
  recordReviewed(shown: readonly QuarantinedTool[]): void {
    const pending: Record<string, Record<string, string>> = Object.create(null) as Record<string, Record<string, string>>;
    for (const entry of shown) {
      pending[entry.server] ??= Object.create(null) as Record<string, string>;
      pending[entry.server]![entry.tool] = entry.sha256;
    }
    writePrivate(reviewedPath(this.path), `${JSON.stringify({ format: REVIEWED_FORMAT, v: STATE_VERSION, pending }, null, 2)}\n`);
  }

  /** The pending versions of `server` the last `toolsift mcp status` showed (tool name → SHA-256). */
  reviewed(server: string): Map<string, string> {
    const path = reviewedPath(this.path);
    if (!existsSync(path)) return new Map();
    const text = readTextFile(path, { what: "record of the last status", maxBytes: 128 * 1024 * 1024 });
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new ToolsiftError("invalid_state", `${path}: the record of the last status is not JSON`, { path: [path], cause: error });
    }
    const bad = () => new ToolsiftError("invalid_state", `${path}: not a record of the last toolsift mcp status`, { path: [path] });
    if (!isRecord(parsed) || parsed["format"] !== REVIEWED_FORMAT || !isRecord(parsed["pending"])) throw bad();
    const tools = Object.entries(parsed["pending"]).find(([name]) => name === server)?.[1];
    if (tools === undefined) return new Map();
    if (!isRecord(tools)) throw bad();
    const out = new Map<string, string>();
    for (const [tool, sha256] of Object.entries(tools)) {
      if (typeof sha256 !== "string") throw bad();
      out.set(tool, sha256);
    }
    return out;
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
