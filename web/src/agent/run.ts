// Runs a scripted agent run through a real tool-search session over the current catalogue,
// counting every call of the ranker, and replays it from its journal: the replay must
// produce the same outcomes and the same menu with zero ranker calls (DESIGN.md "Journal").
import { isToolsiftError } from "../../../src/entry/browser.js";
import { vouchedBy } from "../catalogue/model.js";
import { InMemoryJournal, type Journal } from "../../../src/entry/browser.js";
import { createToolSearchSession, type ToolCallOutcome } from "../../../src/entry/browser.js";
import type { ToolDefinition } from "../../../src/entry/browser.js";
import { skillActivation } from "../../../src/skills/activation.js";
import type { ParsedSkill } from "../../../src/skills/parse.js";
import type { Store } from "../state/store.js";
import type { ScriptCall } from "./script.js";

export const RUN_ID = "playground";

/** With groups on: one dynamic group per server, under VS Code's limit of 128 tools (docs/groups.md). */
export const GROUPS_MAX_TOOLS = 128;

/** The agent's own tools: on the menu from the start, never searched. */
export const AGENT_TOOLS: readonly ToolDefinition[] = Object.freeze([
  { id: "reply_to_user", description: "Send the final answer to the user.", inputSchema: { type: "object", properties: { text: { type: "string" } } } },
]);

export interface StepRecord {
  readonly call: ScriptCall;
  /** The session's outcome, or the typed error it threw. */
  readonly outcome?: ToolCallOutcome;
  readonly error?: { readonly code: string; readonly message: string };
  /** The menu after this call, in order. */
  readonly menu: readonly string[];
  /** Ranker calls made while handling this call. */
  readonly rankerCalls: number;
}

export interface RunRecord {
  readonly steps: readonly StepRecord[];
  readonly journal: Journal;
  readonly rankerCalls: number;
  /** The menu before the first call, and after the last. */
  readonly initialMenu: readonly string[];
  readonly menu: readonly string[];
  readonly milliseconds: number;
  /** A replay that left recorded decisions unasked, or went another way (`journal_divergence`). */
  readonly finishError?: string;
  /** Warnings the session sent to the host (`TOOLSIFT_*` codes). */
  readonly warnings: readonly string[];
  /** The skill index the model would see in its system prompt (empty without skills). */
  readonly skillIndex: string;
  /** The catalogue block for the system prompt (empty without groups). */
  readonly catalogueBlock: string;
  /** The groups the deferral decision held back (empty without groups). */
  readonly held: readonly string[];
}

/** Options of a run: the skills it has (`activate_skill` on the menu), groups on, its run id. */
export interface RunOptions {
  readonly skills?: readonly ParsedSkill[] | undefined;
  readonly groups?: boolean;
  readonly runId?: string;
}

/**
 * One agent run, a call at a time: a real session over the store's catalogue with its ranker
 * counted. With `journal` holding records, searches and activations are served from it (a
 * replay, or a run resumed from its stored journal) and the calls past its end go live.
 */
export class AgentRun {
  readonly journal: Journal;
  readonly initialMenu: readonly string[];
  readonly skillIndex: string;
  readonly catalogueBlock: string;
  readonly held: readonly string[];
  readonly warnings: string[] = [];
  readonly steps: StepRecord[] = [];
  readonly #calls: readonly ScriptCall[];
  readonly #session: ReturnType<typeof createToolSearchSession>;
  #rankerCalls = 0;
  #milliseconds = 0;

  constructor(store: Store, calls: readonly ScriptCall[], journal: Journal = new InMemoryJournal(), options: RunOptions = {}) {
    const { skills, groups = false, runId = RUN_ID } = options;
    this.#calls = calls;
    this.journal = journal;
    const current = store.ranker;
    // The session intersects this ranker's output with what it may show; we only count calls.
    const ranker = {
      kind: current.kind,
      rank: (query: string, limit: number) => {
        this.#rankerCalls++;
        return current.rank(query, limit);
      },
    };
    const started = performance.now();
    this.#session = createToolSearchSession({
      runId,
      tools: AGENT_TOOLS,
      journal,
      onWarning: (warning) => this.warnings.push(`${warning.code}: ${warning.message}`),
      toolSearch: {
        // With groups, each tool carries its server, which `serverGroups` reads.
        catalogue: groups ? store.definitions.map((definition, index) => ({ ...definition, server: store.catalogue?.tools[index]?.server })) : store.definitions,
        annotations: store.trust.annotations,
        trustJsonSchemaText: vouchedBy(store.trust.vouched),
        ranker,
        ...(groups ? { serverGroups: true, deferral: { maxTools: GROUPS_MAX_TOOLS } } : {}),
      },
      ...(skills === undefined ? {} : { skillActivation: skillActivation({ catalogue: skills }) }),
    });
    this.initialMenu = this.#session.menuNames();
    this.skillIndex = this.#session.skillIndex();
    this.catalogueBlock = this.#session.catalogueBlock();
    const decision = groups ? (journal.records().find((record) => record.id === `${runId}#deferral`)?.value as { held?: unknown } | undefined) : undefined;
    this.held = Array.isArray(decision?.held) ? decision.held.filter((name): name is string => typeof name === "string") : [];
    this.#milliseconds = performance.now() - started;
  }

  get total(): number {
    return this.#calls.length;
  }

  get done(): number {
    return this.steps.length;
  }

  get rankerCalls(): number {
    return this.#rankerCalls;
  }

  /** The menu now, in order. */
  menu(): readonly string[] {
    return this.#session.menuNames();
  }

  /** Handles the next call of the script; undefined when every call was made. */
  step(): StepRecord | undefined {
    const call = this.#calls[this.steps.length];
    if (call === undefined) return undefined;
    const started = performance.now();
    const before = this.#rankerCalls;
    let step: StepRecord;
    try {
      const outcome = this.#session.handleToolCall(call);
      step = { call, outcome, menu: this.#session.menuNames(), rankerCalls: this.#rankerCalls - before };
    } catch (error) {
      if (!isToolsiftError(error)) throw error;
      step = { call, error: { code: error.code, message: error.message }, menu: this.#session.menuNames(), rankerCalls: this.#rankerCalls - before };
    }
    this.steps.push(step);
    this.#milliseconds += performance.now() - started;
    return step;
  }

  /** Ends the run (the rest of the script unmade is fine only if the journal asks for nothing more). */
  finish(): RunRecord {
    let finishError: string | undefined;
    try {
      this.#session.finish();
    } catch (error) {
      if (!isToolsiftError(error)) throw error;
      finishError = `${error.code}: ${error.message}`;
    }
    return {
      steps: this.steps,
      journal: this.journal,
      rankerCalls: this.#rankerCalls,
      initialMenu: this.initialMenu,
      menu: this.#session.menuNames(),
      milliseconds: this.#milliseconds,
      warnings: this.warnings,
      skillIndex: this.skillIndex,
      catalogueBlock: this.catalogueBlock,
      held: this.held,
      ...(finishError ? { finishError } : {}),
    };
  }
}

/**
 * Runs the calls; with `journal` holding records, searches and activations are served from it
 * (a replay). With `skills`, the session has them (`activate_skill` on the menu).
 */
export function runScript(store: Store, calls: readonly ScriptCall[], journal: Journal = new InMemoryJournal(), options: RunOptions = {}): RunRecord {
  const run = new AgentRun(store, calls, journal, options);
  while (run.step() !== undefined);
  return run.finish();
}

// What a replay must reproduce of each step: everything the model and the host see.
function visible(step: StepRecord): string {
  const outcome = step.outcome;
  if (outcome === undefined) return JSON.stringify({ error: step.error });
  if (outcome.kind === "search" || outcome.kind === "skill") {
    return JSON.stringify({ kind: outcome.kind, result: outcome.result, tainted: outcome.tainted, added: outcome.added, decisionId: outcome.decisionId });
  }
  return JSON.stringify(outcome.onMenu ? { kind: outcome.kind, name: outcome.name, onMenu: true } : { kind: outcome.kind, result: outcome.result, tainted: outcome.tainted, added: outcome.added });
}

export interface ReplayCheck {
  readonly identical: boolean;
  readonly differences: readonly string[];
  readonly served: number;
}

/** Compares a replay with the run it replays, step by step and menu by menu. */
export function compareRuns(live: RunRecord, replay: RunRecord): ReplayCheck {
  const differences: string[] = [];
  live.steps.forEach((step, index) => {
    const other = replay.steps[index];
    if (other === undefined) differences.push(`call ${index + 1} is missing from the replay`);
    else if (visible(step) !== visible(other)) differences.push(`call ${index + 1} (${step.call.name}) answered differently`);
    else if (JSON.stringify(step.menu) !== JSON.stringify(other.menu)) differences.push(`the menu after call ${index + 1} differs`);
  });
  if (replay.rankerCalls !== 0) differences.push(`the replay called the ranker ${replay.rankerCalls} times`);
  if (replay.finishError !== undefined) differences.push(replay.finishError);
  if (replay.catalogueBlock !== live.catalogueBlock) differences.push("the catalogue block differs");
  const served = replay.steps.filter((step) => step.outcome?.kind === "search" && step.outcome.source === "replay").length;
  return { identical: differences.length === 0, differences, served };
}
