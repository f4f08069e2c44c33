import { z } from "../../core/config-schema.js";
import { checked } from "../../core/checked.js";
import { unknownKeysMessage } from "../../core/nearest.js";
import { ToolsiftError } from "../../errors.js";

/** How a group comes onto the menu (docs/groups.md "Load modes"). */
export type GroupLoad = "eager" | "auto" | "lazy";

/**
 * One tool group of `toolSearch.groups` (docs/groups.md). Membership is by an id `prefix` or an
 * explicit `tools` list (exactly one of them); it never reaches the model's tool specs.
 */
export interface ToolGroupConfig {
  /** 1–64 of `[A-Za-z0-9_.-]`: what the catalogue block names and `search_tools({ group })` takes. */
  readonly name: string;
  /** Catalogue ids starting with it belong to the group. */
  readonly prefix?: string;
  /** Catalogue ids of the group (names not in the catalogue are ignored: a server may be off). */
  readonly tools?: readonly string[];
  /** Default `"auto"`. */
  readonly load?: GroupLoad;
  /** Membership the host does not write (a connected server): held back first, named under its own heading. */
  readonly dynamic?: boolean;
  /** Rules given to the model once per run, where the group first comes before it. At most 4,000 code units. */
  readonly instructions?: string;
}

/**
 * `toolSearch.deferral` (docs/groups.md "The decision"). `maxTools`: tools on the menu at
 * most, 1–10,000 (a provider's limit: VS Code 128). `maxChars`: UTF-16 code units of the
 * JSON of the turn-0 menu's specs at most, 1–10,000,000 (a window budget). `mode`: `"auto"`
 * (default) decides; `"off"` advertises every group.
 */
export interface DeferralConfig {
  readonly maxTools?: number;
  readonly maxChars?: number;
  readonly mode?: "auto" | "off";
}

/**
 * Defaults and bounds of groups and deferral (docs/groups.md):
 * - `load`: a group's load mode when it names none (`"auto"`).
 * - `mode`: deferral mode (`"auto"`).
 * - `maxToolCallsPerMessage`: tool calls one model message may make, 0–10,000 (default 64;
 *   0 = no cap). Calls past it are answered `tool_call_limit` and not run.
 * - `namesUpTo`: a held-back group of at most this many tools is named tool by tool in the
 *   catalogue block (default 8); a larger one by its prefix and a count.
 * - `maxGroups`: groups a config may declare (1,000); `maxInstructions`: code units of one
 *   group's instructions (4,000).
 */
export const GROUP_DEFAULTS = Object.freeze({
  load: "auto" as GroupLoad,
  mode: "auto" as const,
  maxToolCallsPerMessage: 64,
  namesUpTo: 8,
  maxGroups: 1000,
  maxInstructions: 4000,
  maxToolCallsCeiling: 10_000,
  maxTools: 10_000,
  maxChars: 10_000_000,
});

/** A resolved group declaration (the host's, or one per server). */
export interface GroupDeclaration {
  readonly name: string;
  readonly prefix: string | undefined;
  readonly tools: readonly string[] | undefined;
  readonly load: GroupLoad;
  readonly dynamic: boolean;
  readonly instructions: string | undefined;
}

export interface ResolvedDeferral {
  readonly maxTools: number | undefined;
  readonly maxChars: number | undefined;
  readonly mode: "auto" | "off";
}

const GROUP_FIELDS = ["name", "prefix", "tools", "load", "dynamic", "instructions"];
const DEFERRAL_FIELDS = ["maxTools", "maxChars", "mode"];
const LOADS: readonly GroupLoad[] = ["eager", "auto", "lazy"];
const GROUP_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function problem(path: readonly (string | number)[], rule: string): ToolsiftError {
  let text = "";
  for (const part of path) text += typeof part === "number" ? `[${part}]` : text.length === 0 ? part : `.${part}`;
  return new ToolsiftError("invalid_config", `${text}: ${rule}`, { path });
}

function strictKeys(value: Record<string, unknown>, known: readonly string[], path: readonly (string | number)[]): void {
  const unknown = Object.keys(value).filter((key) => !known.includes(key));
  if (unknown.length > 0) throw problem(path, unknownKeysMessage(unknown, known));
}

function integerIn(value: unknown, min: number, max: number, path: readonly (string | number)[]): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || (value as number) < min || (value as number) > max) throw problem(path, `must be an integer from ${min} to ${max}`);
  return value as number;
}

/** Reads one group entry (each field once); a problem is an `invalid_config` error naming the field. */
function readGroup(entry: unknown, position: number): GroupDeclaration {
  const path = ["toolSearch", "groups", position];
  if (!isObject(entry)) throw problem(path, "must be { name, prefix? | tools?, load?, dynamic?, instructions? }");
  strictKeys(entry, GROUP_FIELDS, path);
  const { name, prefix, tools, load, dynamic, instructions } = entry;
  if (typeof name !== "string" || !GROUP_NAME.test(name)) throw problem([...path, "name"], "must be a string of 1 to 64 characters of A-Z, a-z, 0-9, _, . and -");
  if ((prefix === undefined) === (tools === undefined)) throw problem(path, "takes exactly one of prefix and tools");
  if (prefix !== undefined && (typeof prefix !== "string" || prefix.length === 0 || prefix.length > 256)) throw problem([...path, "prefix"], "must be a string of 1 to 256 characters");
  let list: string[] | undefined;
  if (tools !== undefined) {
    if (!Array.isArray(tools) || tools.length > 100_000) throw problem([...path, "tools"], "must be an array of at most 100,000 tool ids");
    list = [];
    for (let i = 0; i < tools.length; i++) {
      const id: unknown = tools[i];
      if (typeof id !== "string" || id.length === 0) throw problem([...path, "tools", i], "must be a non-empty string");
      list.push(id);
    }
  }
  if (load !== undefined && !LOADS.includes(load as GroupLoad)) throw problem([...path, "load"], 'must be "eager", "auto" or "lazy"');
  if (dynamic !== undefined && typeof dynamic !== "boolean") throw problem([...path, "dynamic"], "must be a boolean");
  if (instructions !== undefined && (typeof instructions !== "string" || instructions.trim().length === 0 || instructions.length > GROUP_DEFAULTS.maxInstructions)) {
    throw problem([...path, "instructions"], `must be a non-blank string of at most ${GROUP_DEFAULTS.maxInstructions} characters`);
  }
  return Object.freeze({
    name,
    prefix: prefix as string | undefined,
    tools: list === undefined ? undefined : Object.freeze(list),
    load: (load as GroupLoad | undefined) ?? GROUP_DEFAULTS.load,
    dynamic: dynamic === true,
    instructions: instructions as string | undefined,
  });
}

/** `toolSearch.groups`, read entry by entry at its place in the config's checks. */
export function readGroups(value: unknown): readonly GroupDeclaration[] {
  if (!Array.isArray(value)) throw problem(["toolSearch", "groups"], "must be an array of groups");
  if (value.length > GROUP_DEFAULTS.maxGroups) throw problem(["toolSearch", "groups"], `must declare at most ${GROUP_DEFAULTS.maxGroups} groups`);
  const out: GroupDeclaration[] = [];
  const names = new Map<string, number>();
  for (let position = 0; position < value.length; position++) {
    const group = readGroup(value[position], position);
    const earlier = names.get(group.name);
    if (earlier !== undefined) throw problem(["toolSearch", "groups", position, "name"], `repeats the group name ${JSON.stringify(group.name)} of groups[${earlier}]`);
    names.set(group.name, position);
    out.push(group);
  }
  return Object.freeze(out);
}

/** `toolSearch.deferral`, read once. */
export function readDeferral(value: unknown): ResolvedDeferral {
  const path = ["toolSearch", "deferral"];
  if (value === undefined) return { maxTools: undefined, maxChars: undefined, mode: GROUP_DEFAULTS.mode };
  if (!isObject(value)) throw problem(path, "must be { maxTools?, maxChars?, mode? }");
  strictKeys(value, DEFERRAL_FIELDS, path);
  const { maxTools, maxChars, mode } = value;
  if (mode !== undefined && mode !== "auto" && mode !== "off") throw problem([...path, "mode"], 'must be "auto" or "off"');
  return Object.freeze({
    maxTools: integerIn(maxTools, 1, GROUP_DEFAULTS.maxTools, [...path, "maxTools"]),
    maxChars: integerIn(maxChars, 1, GROUP_DEFAULTS.maxChars, [...path, "maxChars"]),
    mode: (mode as "auto" | "off" | undefined) ?? GROUP_DEFAULTS.mode,
  });
}

// Schema fields: each reads its value with the functions above, which throw the config error
// with its exact path (as the annotations field does), and passes the resolved value on.
export const groupsSchema = z.custom<readonly GroupDeclaration[]>().check((payload) => {
  payload.value = readGroups(payload.value);
});

export const deferralSchema = z.custom<ResolvedDeferral>().check((payload) => {
  payload.value = readDeferral(payload.value);
});

export const serverGroupsSchema = checked<boolean>((value) => (typeof value === "boolean" ? undefined : "must be a boolean"));

export const callCapSchema = checked<number>((value) =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= GROUP_DEFAULTS.maxToolCallsCeiling
    ? undefined
    : `must be an integer from 0 to ${GROUP_DEFAULTS.maxToolCallsCeiling} (0: no cap)`,
);
