// What the agent view's panels and actions share: the panels, the run in the view, the run
// this tab holds, and the one action in flight. Each action takes this context.
import { isToolsiftError } from "../../../../src/entry/browser.js";
import type { IndexedDbJournal } from "../../../../src/journal/stores/index.js";
import type { ParsedSkill } from "../../../../src/skills/parse.js";
import type { AgentRun, RunRecord } from "../../agent/run.js";
import { ScriptError } from "../../agent/script.js";
import { StoredRunError, claimRun } from "../../agent/stored.js";
import type { Store } from "../../state/store.js";
import { readRunId } from "../../state/url.js";
import { h, replace } from "../../ui/dom.js";
import type { JournalPanel } from "./journal-panel.js";
import type { MenuPanel } from "./menu-panel.js";
import type { ScriptPanel } from "./script-panel.js";

/** The run in the view: its session, its stored journal and what it was started with. */
export interface Current {
  readonly runId: string;
  readonly run: AgentRun;
  readonly journal: IndexedDbJournal;
  readonly script: string;
  readonly skills: readonly ParsedSkill[] | undefined;
  readonly groups: boolean;
  /** The run's record once every call was made. */
  record?: RunRecord;
  /** Set when the store refused a write: the run cannot go on. */
  failed?: boolean;
}

export interface AgentContext {
  readonly store: Store;
  readonly script: ScriptPanel;
  readonly menu: MenuPanel;
  readonly journal: JournalPanel;
  /** The calls and their outcomes. */
  readonly steps: HTMLOListElement;
  current: Current | undefined;
  /** The run this tab holds (claimRun): only the holder steps it, resumes it or clears it. */
  claimed: { readonly runId: string; readonly release: () => void } | undefined;
  /** A step, a start, a resume or a clear in flight: the buttons wait for it. */
  working: boolean;
  /** The sample skills, read once. */
  sampleSkills(): readonly ParsedSkill[];
}

/** The message of a typed error (`code: message`), a stored-run error or a script error. */
function describe(error: unknown): string | undefined {
  if (isToolsiftError(error)) return `${error.code}: ${error.message}`;
  if (error instanceof StoredRunError || error instanceof ScriptError) return error.message;
  return undefined;
}

export function fail(agent: AgentContext, message: string): void {
  replace(agent.script.status, h("div", { class: "alert bad", role: "alert", "data-testid": "run-error" }, message));
}

export function setButtons(agent: AgentContext): void {
  const { current, working, script } = agent;
  const open = current !== undefined && current.record === undefined && current.failed !== true;
  script.runButton.disabled = working;
  script.stepButton.disabled = working;
  script.finishButton.disabled = working || !open;
  script.replayButton.disabled = working || current?.record === undefined;
  script.clearButton.disabled = working || readRunId() === undefined;
}

/** Claims `runId` for this tab, giving up the run it held before; false when another tab holds it. */
export async function claim(agent: AgentContext, runId: string): Promise<boolean> {
  if (agent.claimed?.runId === runId) return true;
  const release = await claimRun(runId);
  if (release === undefined) return false;
  agent.claimed?.release();
  agent.claimed = { runId, release };
  return true;
}

/** Runs one step at a time while `working` holds the buttons; a typed error is shown, others thrown. */
export async function exclusive(agent: AgentContext, action: () => Promise<void>): Promise<void> {
  if (agent.working) return;
  agent.working = true;
  setButtons(agent);
  try {
    await action();
  } catch (error) {
    const message = describe(error);
    if (message === undefined) throw error;
    fail(agent, message);
  } finally {
    agent.working = false;
    setButtons(agent);
  }
}
