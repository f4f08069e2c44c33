import { ToolsiftError } from "../errors.js";
import type { ToolCall } from "./types.js";

/** The fields of a tool call the session decides by. */
export interface ReadCall {
  readonly turn: number;
  readonly index: number;
  readonly name: string;
}

// The host's call object, each field read once; a getter or proxy trap that throws is the
// host's error, typed, with the original as `cause`.
export function readCall(call: unknown): ReadCall {
  if (typeof call !== "object" || call === null) throw new ToolsiftError("invalid_tool_call", "A tool call is { turn, index, name, input }.");
  let turn: unknown;
  let index: unknown;
  let name: unknown;
  try {
    ({ turn, index, name } = call as Record<string, unknown>);
  } catch (cause) {
    throw new ToolsiftError("invalid_tool_call", "The tool call could not be read (a getter or proxy trap threw).", { cause });
  }
  if (!isIndex(turn) || !isIndex(index)) {
    throw new ToolsiftError("invalid_tool_call", "turn and index are non-negative integers.", { path: isIndex(turn) ? ["index"] : ["turn"] });
  }
  if (typeof name !== "string") throw new ToolsiftError("invalid_tool_call", "name is a string.", { path: ["name"] });
  return { turn, index, name };
}

// Read only for a meta-tool call: a call of another tool never touches its input.
export function readInput(call: ToolCall): unknown {
  try {
    return call.input;
  } catch (cause) {
    throw new ToolsiftError("invalid_tool_call", "The tool call's input could not be read (a getter or proxy trap threw).", { path: ["input"], cause });
  }
}

function isIndex(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}
