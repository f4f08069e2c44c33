// Resuming the run the address names after a reload: its journal opened from IndexedDB, the
// calls made before replayed from their records, the rest left to go live.
import { AgentRun } from "../../agent/run.js";
import { parseScript } from "../../agent/script.js";
import { openRunJournal, readStoredRun } from "../../agent/stored.js";
import type { Store } from "../../state/store.js";
import { h, replace } from "../../ui/dom.js";
import { count, counted } from "../../ui/format.js";
import { claim, exclusive, type AgentContext, type Current } from "./context.js";
import { show, showFinished } from "./progress.js";

/** Resolves once the catalogue is in and no index is being built: a resumed run needs both. */
function ready(store: Store): Promise<void> {
  return new Promise((resolve) => {
    const events = ["catalogue", "index", "busy"] as const;
    const check = () => {
      if (store.catalogue === undefined || store.busy) return;
      for (const event of events) store.removeEventListener(event, check);
      resolve();
    };
    for (const event of events) store.on(event, check);
    check();
  });
}

/**
 * Resumes the run the address names: its journal opened from IndexedDB, a new session over
 * it, the calls made before the reload replayed from their records (no ranking), and the
 * menu checked against the one stored after them. The remaining calls then go live.
 */
export function resume(agent: AgentContext, runId: string): Promise<void> {
  return exclusive(agent, async () => {
    const { script: panel, store } = agent;
    const stored = readStoredRun(runId);
    if (stored === undefined) {
      replace(panel.status, h("p", { class: "hint", "data-testid": "run-missing" }, `No run ${runId} is stored in this browser; Clear the stored run forgets its address.`));
      return;
    }
    if (!(await claim(agent, runId))) {
      replace(panel.status, h("p", { class: "hint", "data-testid": "run-elsewhere" }, `The run ${runId} is open in another tab of this browser and goes on there; this tab leaves it alone. Run the script here for a run of its own.`));
      return;
    }
    panel.script.value = stored.script;
    panel.skillsToggle.checked = stored.skills;
    panel.groupsToggle.checked = stored.groups;
    const parsed = parseScript(stored.script);
    await ready(store);
    const journal = await openRunJournal(runId);
    const skills = stored.skills ? agent.sampleSkills() : undefined;
    const run = new AgentRun(store, parsed, journal, { skills, groups: stored.groups, runId });
    const current: Current = { runId, run, journal, script: stored.script, skills, groups: stored.groups };
    agent.current = current;
    const loaded = journal.loaded;
    while (run.done < Math.min(stored.done, run.total)) run.step();
    const same = JSON.stringify(run.menu()) === JSON.stringify(stored.menu);
    const note = h(
      "p",
      { "data-testid": "run-resumed" },
      `Resumed from IndexedDB after a reload: ${counted(run.done, "call")} replayed from ${counted(loaded, "stored record")} with ${counted(run.rankerCalls, "ranker call")}; `,
      same ? `the menu is the one the run had (${count(stored.menu.length)} tools).` : h("strong", { class: "error" }, "the menu differs from the one the run had."),
    );
    if (run.done === run.total) {
      current.record = run.finish();
      showFinished(agent, current.record);
    }
    show(agent, note);
  });
}
