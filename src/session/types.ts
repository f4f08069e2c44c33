import type { ToolDefinition } from "../trust/tool-definition.js";
import type { SearchErrorResult, SearchToolsResult, SkillActivationResult, SkillErrorResult, ToolCallErrorResult } from "./results.js";

/**
 * One tool call of the model, as the host's loop sees it: the `index`-th call (0-based) in
 * the model's response of turn `turn`. Both are pure functions of the model's response, so
 * a replay of the same responses produces the same decision ids.
 */
export interface ToolCall {
  readonly turn: number;
  readonly index: number;
  readonly name: string;
  readonly input?: unknown;
}

/** What the outcome of a decided meta-tool call (`search_tools`, `activate_skill`) has. */
export interface DecidedCallOutcome {
  readonly name: string;
  /** `<run>#turn:<i>:tool:<j>:search` (or `:skill`). */
  readonly decisionId: string;
  /** `live`: decided now and recorded; `replay`: served from the journal; `refused`: an error result, nothing recorded. */
  readonly source: "live" | "replay" | "refused";
  /** Tools this call added to the menu, in menu order. */
  readonly added: readonly string[];
}

/** The outcome of a `search_tools` call: what to send back to the model, and how. */
export interface SearchCallOutcome extends DecidedCallOutcome {
  readonly kind: "search";
  /** The tool result for the model (a result, or a typed error: plain data with a `code`). */
  readonly result: SearchToolsResult | SearchErrorResult;
  /** The result names a third-party tool: fence it as data at the prompt boundary (DESIGN.md "Trust"). */
  readonly tainted: boolean;
}

/** A call of a tool on the menu: the host runs it through its own gates (validation, approval). */
export interface MenuToolCallOutcome {
  readonly kind: "tool";
  readonly name: string;
  readonly onMenu: true;
  /** The host's definition of the tool. */
  readonly tool: ToolDefinition;
  /** A third-party tool: its output is untrusted data. */
  readonly thirdParty: boolean;
}

/** A call of a tool that is not on the menu: send `result` to the model; never run the tool. */
export interface OffMenuCallOutcome {
  readonly kind: "tool";
  readonly name: string;
  readonly onMenu: false;
  readonly result: ToolCallErrorResult;
  /** The result names a third-party tool. */
  readonly tainted: boolean;
  /** Only for a blind call (docs/groups.md "Blind calls", `result.code` `tool_loaded`): its decision and what it added to the menu. */
  readonly decisionId?: string;
  readonly source?: "live" | "replay";
  readonly added?: readonly string[];
}

/** The outcome of an `activate_skill` call. Instructions are host text: never tainted. */
export interface SkillCallOutcome extends DecidedCallOutcome {
  readonly kind: "skill";
  readonly result: SkillActivationResult | SkillErrorResult;
  readonly tainted: false;
}

export type ToolCallOutcome = SearchCallOutcome | MenuToolCallOutcome | OffMenuCallOutcome | SkillCallOutcome;

/** Counters of a session, for a host's logs and tests. */
export interface SessionStats {
  readonly searches: number;
  /** Tools searches added to the menu (what `maxLoaded` caps). */
  readonly loadedBySearch: number;
  /** Characters of their specs (what `maxMenuChars` caps). */
  readonly searchMenuChars: number;
  /** Recorded decisions not yet served. */
  readonly pendingReplay: number;
}
