// The golden "session without X" checks: a script of tool calls through one session, kept as
// the menu before and after each call, what the model saw of each outcome, and the journal's
// lines, so that a feature left off can be shown to change none of them.
import type { ToolSearchSession } from "../../src/session/session.js";
import type { ToolCall, ToolCallOutcome } from "../../src/session/types.js";

export interface GoldenRun {
  readonly menus: string[];
  readonly results: unknown[];
  readonly journal: string[];
}

/** What the model sees of an outcome (a search's result and provenance, a call's name). */
function modelFacing(outcome: ToolCallOutcome): unknown {
  return outcome.kind === "search" ? [outcome.result, outcome.tainted, outcome.added, outcome.source] : outcome.kind === "skill" || !outcome.onMenu ? outcome.result : outcome.name;
}

export function runGoldenScript(session: ToolSearchSession, script: readonly ToolCall[]): GoldenRun {
  const menus = [JSON.stringify(session.menu())];
  const results: unknown[] = [];
  for (const call of script) {
    results.push(modelFacing(session.handleToolCall(call)));
    menus.push(JSON.stringify(session.menu()));
  }
  return { menus, results: JSON.parse(JSON.stringify(results)) as unknown[], journal: session.journal.records().map((record) => JSON.stringify(record)) };
}
