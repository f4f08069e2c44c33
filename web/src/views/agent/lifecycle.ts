// The agent run's life in the view: start a run of the script, make its calls (each journaled
// and stored before it counts), and clear the stored run. Every action holds the buttons.
import { AgentRun } from "../../agent/run.js";
import { parseScript } from "../../agent/script.js";
import { clearStoredRun, newRunId, openRunJournal, saveStoredRun } from "../../agent/stored.js";
import { readRunId, writeRunId } from "../../state/url.js";
import { h, replace } from "../../ui/dom.js";
import { claim, exclusive, type AgentContext } from "./context.js";
import { show, showFinished } from "./progress.js";

/** Starts a new run of the script (the stored one is cleared) and makes up to `calls` calls. */
export function start(agent: AgentContext, calls: number): Promise<void> {
  return exclusive(agent, async () => {
    const { script: panel, store } = agent;
    replace(panel.replayStatus);
    replace(panel.status);
    const text = panel.script.value;
    const parsed = parseScript(text);
    const skills = panel.skillsToggle.checked ? agent.sampleSkills() : undefined;
    const groups = panel.groupsToggle.checked;
    await dropStored(agent);
    const runId = newRunId();
    await claim(agent, runId);
    const journal = await openRunJournal(runId);
    const run = new AgentRun(store, parsed, journal, { skills, groups, runId });
    agent.current = { runId, run, journal, script: text, skills, groups };
    saveStoredRun({ runId, script: text, skills: skills !== undefined, groups, done: 0, menu: run.initialMenu });
    writeRunId(runId);
    agent.journal.text.readOnly = true;
    await makeCalls(agent, calls);
  });
}

export function advance(agent: AgentContext, calls: number): Promise<void> {
  return exclusive(agent, () => makeCalls(agent, calls));
}

/** The next call: of the run in the view while it can go on, else of a new run. */
export function next(agent: AgentContext): Promise<void> {
  const current = agent.current;
  return current === undefined || current.record !== undefined || current.failed ? start(agent, 1) : advance(agent, 1);
}

/**
 * Makes up to `calls` calls of the current run. Each call's records are stored before the
 * run counts it done (`flush`), so a reload at any point resumes with none lost or repeated.
 */
async function makeCalls(agent: AgentContext, calls: number): Promise<void> {
  const open = agent.current;
  if (open === undefined) return;
  const { run, journal, runId } = open;
  for (let made = 0; made < calls && run.step() !== undefined; made++) {
    show(agent);
    try {
      await journal.flush();
    } catch (error) {
      open.failed = true;
      show(agent);
      throw error;
    }
    saveStoredRun({ runId, script: open.script, skills: open.skills !== undefined, groups: open.groups, done: run.done, menu: run.menu() });
    show(agent);
  }
  if (run.done === run.total) {
    open.record = run.finish();
    showFinished(agent, open.record);
    show(agent);
  }
}

/**
 * Clears the run the address names (its journal records and its entry), if any; false when
 * another tab holds it, which keeps it stored (this tab only forgets its address).
 */
async function dropStored(agent: AgentContext): Promise<boolean> {
  const runId = readRunId();
  if (runId === undefined) return true;
  if (!(await claim(agent, runId))) {
    writeRunId(undefined);
    return false;
  }
  // A write still queued would store its record again after the clear.
  await agent.current?.journal.flush().catch(() => undefined);
  await clearStoredRun(runId);
  writeRunId(undefined);
  return true;
}

export function clear(agent: AgentContext): Promise<void> {
  return exclusive(agent, async () => {
    const cleared = await dropStored(agent);
    agent.current = undefined;
    agent.claimed?.release();
    agent.claimed = undefined;
    replace(agent.steps);
    replace(agent.script.progress);
    replace(agent.script.replayStatus);
    agent.menu.clear();
    agent.journal.text.value = "";
    agent.journal.text.readOnly = true;
    replace(agent.script.status, h("div", { class: "alert good", role: "status", "data-testid": "run-cleared" }, cleared ? "The stored run was cleared; the next run starts fresh." : "This tab forgot the run; it stays stored for the tab that holds it. The next run here starts fresh."));
  });
}
