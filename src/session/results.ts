import { deepFreeze } from "../shared/freeze.js";

/** One tool in a `search_tools` result (DESIGN.md "Data flow of one `search_tools` call"). */
export interface SearchToolsHit {
  readonly name: string;
  /** One line: the first line of a trusted description, or the withheld text. */
  readonly description: string;
  /** On the menu now. `false`: it did not fit (a cap) and cannot be called. */
  readonly loaded: boolean;
}

/** The result of a valid `search_tools` call, as the model receives it. */
export interface SearchToolsResult {
  readonly tools: readonly SearchToolsHit[];
  /** Skills found (only when skill discovery is on); a search never activates one. */
  readonly skills?: readonly SearchSkillHit[];
  /** Groups the call asked to load (only then): each loaded whole or not at all; its tools lead `tools`. */
  readonly groups?: readonly SearchGroupHit[];
  /** Rules of the groups this call loaded, given once per run, under headings that carry the run's mark. */
  readonly rules?: string;
  readonly note?: string;
}

/** One skill in a `search_tools` result (present only when skill discovery is on). */
export interface SearchSkillHit {
  readonly kind: "skill";
  readonly id: string;
  /** The first line of a vouched description, or the withheld text. */
  readonly description: string;
}

/** Codes of a refused `activate_skill` call (DESIGN.md "Skills"). */
export type SkillErrorCode =
  | "invalid_tool_input"
  | "unknown_skill"
  | "skill_limit_reached"
  | "instructions_too_large"
  | "instructions_refused"
  | "instructions_changed"
  | "instructions_unavailable";

export interface SkillErrorResult {
  readonly code: SkillErrorCode;
  readonly message: string;
  /** The skill's tools that joined the menu anyway (an activation that stands on replay). */
  readonly tools?: readonly string[];
}

/** What a successful `activate_skill` call gives the model. */
export interface SkillActivationResult {
  readonly skill: string;
  readonly instructions: string;
  /** Tools this skill brings (now on the menu), in the skill's order. */
  readonly tools?: readonly string[];
  readonly note?: string;
}

/** One group of a `search_tools({ group })` call. */
export interface SearchGroupHit {
  readonly name: string;
  /** Tools of the group this call added to the menu (0 when it did not fit). */
  readonly tools: number;
  readonly loaded: boolean;
}

/** Codes of a refused `search_tools` call (DESIGN.md "Data flow of one `search_tools` call"). Refusals record nothing. */
export type SearchErrorCode = "invalid_tool_input" | "search_limit_reached" | "search_unavailable" | "unknown_group";

/** A refused `search_tools` call, as the model receives it: plain data with a literal `code`. */
export interface SearchErrorResult {
  readonly code: SearchErrorCode;
  readonly message: string;
  /** For `invalid_tool_input`: the input field at fault. */
  readonly path?: readonly (string | number)[];
  /** For `unknown_group`: up to three near group names. */
  readonly suggestions?: readonly string[];
}

/** Codes of a call of a tool that is not on the menu. */
export type ToolCallErrorCode = "unknown_tool" | "tool_not_loaded" | "tool_loaded" | "tool_call_limit" | "invalid_tool_arguments";

/** The answer to a call of a tool that is not on the menu (DESIGN.md "Session"). */
export interface ToolCallErrorResult {
  readonly code: ToolCallErrorCode;
  readonly message: string;
  /** Up to three near names the session may show, best first. */
  readonly suggestions: readonly string[];
  /** For `tool_loaded` (a blind call) and `invalid_tool_arguments`: the tool's one-line signature. */
  readonly signature?: string;
}

/** Characters of a model-supplied name echoed back in a message. */
export const ECHOED_NAME_LENGTH = 64;

/** A model-supplied name, quoted and bounded for echoing in a message. */
export function echoName(name: string): string {
  const bounded = name.length > ECHOED_NAME_LENGTH ? `${name.slice(0, ECHOED_NAME_LENGTH)}…` : name;
  return JSON.stringify(bounded);
}

const MESSAGES: Readonly<Record<Exclude<SearchErrorCode, "invalid_tool_input" | "unknown_group">, string>> = {
  search_limit_reached: "The search limit for this run is reached; use the tools already loaded.",
  search_unavailable: "Tool search is unavailable right now; try again later or use the tools already loaded.",
};

/** A `search_tools({ group })` naming no group of the session, with near names. */
export function unknownGroup(name: string, suggestions: readonly string[]): SearchErrorResult {
  const message = `Unknown tool group ${echoName(name)}.${suggestions.length > 0 ? ` Did you mean: ${suggestions.join(", ")}?` : ""}`;
  return deepFreeze({ code: "unknown_group" as const, message, suggestions: [...suggestions] });
}

export function searchError(code: Exclude<SearchErrorCode, "invalid_tool_input" | "unknown_group">): SearchErrorResult {
  return deepFreeze({ code, message: MESSAGES[code] });
}

export function invalidInput(message: string, path: readonly (string | number)[]): SearchErrorResult {
  return deepFreeze({ code: "invalid_tool_input" as const, message, path: [...path] });
}

/** The answer to a call past `maxToolCallsPerMessage` in one model message: it did not run. */
export function callLimitAnswer(cap: number): ToolCallErrorResult {
  return deepFreeze({
    code: "tool_call_limit" as const,
    message: `This message made more than ${cap} tool calls; this call and the ones after it did not run. Make fewer calls per message.`,
    suggestions: [],
  });
}

/** A host's argument error for a tool, ending with the tool's signature (docs/groups.md "Blind calls"). */
export function argumentAnswer(message: string, line: string): ToolCallErrorResult {
  return deepFreeze({ code: "invalid_tool_arguments" as const, message: `${message} It takes: ${line}`, suggestions: [], signature: line });
}
