import { ToolsiftError } from "../errors.js";
import type { ToolSearchSession } from "../session/session.js";
import type { ToolCallOutcome } from "../session/types.js";
import type { ToolDefinition } from "../trust/tool-definition.js";
import { WireNames } from "./names.js";

/** A call of a tool on the menu, for the host to run through its own gates. */
export interface HostToolCall {
  /** The stack's id of the call (`tool_use_id`, `call_id`, `tool_call_id`). */
  readonly id: string;
  /** The session's name of the tool (the provider-facing name mapped back). */
  readonly name: string;
  readonly input: unknown;
  /** The host's definition of the tool. */
  readonly tool: ToolDefinition;
  /** A third-party tool: its output is untrusted data. */
  readonly thirdParty: boolean;
}

/** Names of the session's tools as the provider gets them: the menu first, then the catalogue. */
export function sessionWireNames(session: ToolSearchSession): WireNames {
  return new WireNames([...session.menuNames(), ...session.searchableSpecs().map((spec) => spec.name)]);
}

/** The menu tool a call is for, when the session left it to the host. */
export function hostCall(id: string, input: unknown, outcome: ToolCallOutcome): HostToolCall | undefined {
  if (outcome.kind !== "tool" || !outcome.onMenu) return undefined;
  return { id, name: outcome.name, input, tool: outcome.tool, thirdParty: outcome.thirdParty };
}

/**
 * What the session answers a call with, as the JSON text a tool result carries, with the tool
 * names in its lists (`tools[].name`, `suggestions`, a skill's `tools`) as the provider knows them.
 */
export function outcomeText(outcome: ToolCallOutcome, names: WireNames): string | undefined {
  if (outcome.kind === "tool" && outcome.onMenu) return undefined;
  return JSON.stringify(outcome.result, (key, value: unknown) => {
    if (key === "name" && typeof value === "string") return names.wire(value);
    if ((key === "suggestions" || key === "tools") && Array.isArray(value)) return value.map((item: unknown) => (typeof item === "string" ? names.wire(item) : item));
    return value;
  });
}

/** True when the session's answer is an error (a result with a `code`). */
export function isErrorOutcome(outcome: ToolCallOutcome): boolean {
  return outcome.kind !== "tool" ? "code" in outcome.result : !outcome.onMenu;
}

/** Counts the model's earlier turns in a conversation: the messages with one of `roles`. */
export function countTurns(messages: readonly unknown[], role: string): number {
  if (!Array.isArray(messages)) throw new ToolsiftError("invalid_request", "The conversation is an array of messages.", { path: ["messages"] });
  let turns = 0;
  for (const message of messages) if (typeof message === "object" && message !== null && (message as { role?: unknown }).role === role) turns++;
  return turns;
}

/** A meta-tool call's input with the provider-facing names in `select` mapped back to session names. */
export function sessionInput(input: unknown, names: WireNames): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const select = (input as { select?: unknown }).select;
  if (!Array.isArray(select)) return input;
  return { ...input, select: select.map((name: unknown) => (typeof name === "string" ? names.session(name) : name)) };
}

/** The input of a call whose arguments are a JSON string (OpenAI); a bad string stays a string for the session to refuse. */
export function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function requestError(message: string, path: readonly (string | number)[]): ToolsiftError {
  return new ToolsiftError("invalid_request", message, { path });
}
