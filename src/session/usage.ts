import { usedRecordId, type UsedRecord } from "../journal/record.js";
import type { DecisionLog } from "../journal/replay.js";
import { safeWarn, type WarningHook } from "../shared/warnings.js";
import type { ToolCallOutcome } from "./types.js";

/**
 * Bounds on `used` records (DESIGN.md "Journal"):
 * - `recordsPerRun`: `used` records one session writes, ≥ 0 (default 64). A run that calls
 *   its found tools more often than this teaches nothing new after the first ones; the bound
 *   keeps a looping model from filling the host's store.
 */
export const USAGE_LIMITS = Object.freeze({ recordsPerRun: 64 });

// The tool names a search outcome returned (a refusal returns none).
function returned(outcome: ToolCallOutcome): readonly string[] {
  if (outcome.kind !== "search" || !("tools" in outcome.result)) return [];
  return outcome.result.tools.map((tool) => tool.name);
}

/**
 * Writes a `used` record when the model calls a menu tool that a search of this run returned:
 * once per (search, tool), at most `USAGE_LIMITS.recordsPerRun` per run. These are what
 * `learnHints` learns from (request → tool used). A store that refuses one is warned about
 * (`TOOLSIFT_JOURNAL_USAGE`) and the call goes on: the record is advice, not a decision.
 */
export class UsageRecorder {
  readonly #runId: string;
  readonly #log: DecisionLog;
  readonly #warn: WarningHook;
  readonly #foundBy = new Map<string, { readonly search: string; readonly ranked: boolean }>();
  readonly #written = new Set<string>();
  #ranked: { readonly search: string; readonly ids: ReadonlySet<string>; readonly onMenu: readonly string[] } | undefined;

  constructor(runId: string, log: DecisionLog, warn: WarningHook) {
    this.#runId = runId;
    this.#log = log;
    this.#warn = warn;
  }

  /**
   * Told by the session, before `observe` sees the search: the results its ranking returned,
   * and the tools it ranked among the page that were on the menu already (named in the note).
   */
  ranked(search: string, ids: readonly string[], onMenu: readonly string[] = []): void {
    this.#ranked = { search, ids: new Set(ids), onMenu };
  }

  /** Sees every handled call with its outcome. */
  observe(call: { readonly turn: number; readonly index: number }, outcome: ToolCallOutcome): void {
    if (outcome.kind === "search") {
      const told = this.#ranked?.search === outcome.decisionId ? this.#ranked : undefined;
      this.#ranked = undefined;
      for (const name of returned(outcome)) this.#foundBy.set(name, { search: outcome.decisionId, ranked: told?.ids.has(name) === true });
      // A tool on the menu is not returned again, but this search ranked it for its query: a
      // later call answers this request, not the one that first loaded the tool (in a long
      // run, a gateway connection, that may be hours and many requests before).
      for (const name of told?.onMenu ?? []) this.#foundBy.set(name, { search: outcome.decisionId, ranked: true });
      return;
    }
    if (outcome.kind !== "tool" || !outcome.onMenu) return;
    const found = this.#foundBy.get(outcome.name);
    const pair = `${found?.search}\u0000${outcome.name}`;
    if (found === undefined || this.#written.has(pair) || this.#written.size >= USAGE_LIMITS.recordsPerRun) return;
    this.#written.add(pair);
    const record: UsedRecord = { used: outcome.name, search: found.search, turn: call.turn, ranked: found.ranked };
    try {
      this.#log.recordUsage(usedRecordId(this.#runId, call.turn, call.index), record);
    } catch (cause) {
      safeWarn(this.#warn, { code: "TOOLSIFT_JOURNAL_USAGE", message: "The journal could not store a used record; the tool call went on.", cause });
    }
  }
}
