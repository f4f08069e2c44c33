import type { DecisionLog } from "../journal/replay.js";
import type { WarningHook } from "../shared/warnings.js";
import type { ToolSpec } from "../trust/spec.js";
import type { ToolDefinition } from "../trust/tool-definition.js";
import type { ToolSearchDoc } from "../types.js";
import type { RankedPage } from "./live-search.js";
import type { Menu } from "./menu.js";
import type { SearchSkillHit } from "./results.js";
import type { SkillCallOutcome } from "./types.js";

// The skills port: what a session needs of a skill engine, declared here so that the session
// imports nothing of the engine (src/skills implements it). An application without skills
// then ships no engine (test/size.test.ts).

/** The catalogue as a skill sees it: its tools may name catalogue tools. */
export interface SkillCatalogue {
  get(id: string): { readonly position: number; readonly tool: ToolDefinition; readonly trust: { readonly thirdParty: boolean } } | undefined;
  spec(id: string): ToolSpec | undefined;
  searchable(id: string): boolean;
  universe(): Iterable<string>;
}

/** What the session lends the skills: its journal cursor, menu, catalogue and warnings. */
export interface SkillHost {
  readonly log: DecisionLog;
  readonly menu: Menu;
  readonly catalogue: SkillCatalogue | undefined;
  readonly warn: WarningHook;
  /** A catalogue tool joined the menu (the session's over-ask counts it). */
  readonly onCatalogueTool: () => void;
}

/** The skills of one session: the index, `activate_skill`, and what a search shows of a skill. */
export interface SessionSkillSet {
  /** The activation meta-tool's name. */
  readonly toolName: string;
  /** `search_tools` may find skills (discovery `"search"` or `"both"`). */
  readonly discovery: boolean;
  readonly activeCount: number;
  /** The skill index for the system prompt. */
  index(): string;
  /** The model-facing spec of the activation meta-tool. */
  spec(): ToolSpec;
  /** Throws when the catalogue holds the meta-tool's name or an id the shared index reserves. */
  checkCatalogue(catalogue: SkillCatalogue): void;
  /** Skill discovery in `search_tools`, for a session whose skills search may find. */
  search(customToolRanker: boolean, warn: WarningHook): SkillSearch;
  /** The one line a search result shows for a skill. */
  hit(id: string): SearchSkillHit;
  /** A third-party skill: a search result naming it is tainted. */
  thirdParty(id: string): boolean;
  /** Handles one `activate_skill` call. */
  call(host: SkillHost, name: string, input: unknown, decisionId: string): SkillCallOutcome;
}

/** Skill discovery in `search_tools` (DESIGN.md "Skills"), as one search uses it. */
export interface SkillSearch {
  readonly skills: SessionSkillSet;
  /** Skills share the tools' index (the built-in ranker); otherwise they are ranked apart. */
  readonly shared: boolean;
  /** The docs of the shared index: the tools', then the skills' under their internal keys. */
  sharedDocs(toolDocs: readonly ToolSearchDoc[]): readonly ToolSearchDoc[];
  /** In the shared index: a key that is an admissible skill's. */
  admitsKey(key: string): boolean;
  /** Splits a shared page into tool ids and raw skill ids, in rank order. */
  split(ids: readonly string[]): { tools: string[]; skills: string[] };
  /** Ranks skills apart (two-ranker mode); `undefined` when the ranker could not be built. */
  rankApart(query: string, need: number, overAsk: number): RankedPage | undefined;
  /** Tool first, then skill, by rank position; a list that runs out hands its share to the other. */
  interleave(tools: readonly string[], skills: readonly string[], page: number): { tools: string[]; skills: string[] };
  /** Re-admits a recorded `skills` list: strings, offered, inactive, distinct, at most `room`. */
  admitRecorded(recorded: unknown, room: number): string[];
}

/**
 * The skills plugin as the session sees it (DESIGN.md "Skills"): made only by
 * `skillActivation({...})` from "toolsift/skills", which validated the options. The session
 * recognizes it with `instanceof` and asks it for the skills of one session.
 */
export abstract class SkillEngine {
  /** The skills of one session (`undefined`: none offered), their names checked against the search tool's. */
  abstract skills(searchToolName: string | undefined): SessionSkillSet | undefined;
}
