// How the agent view shows its run: the steps, the menu after the last, the journal and how
// far the run is; and, once every call was made, what the run cost and what it delivered.
import { journalToJsonLines } from "../../../../src/entry/browser.js";
import { GROUPS_MAX_TOOLS, type RunRecord } from "../../agent/run.js";
import { h, replace } from "../../ui/dom.js";
import { count, counted, milliseconds } from "../../ui/format.js";
import { setButtons, type AgentContext } from "./context.js";
import { stepView } from "./steps.js";

/** Shows the run as it is: its steps, the menu after the last, the journal, how far it is. */
export function show(agent: AgentContext, note?: HTMLElement): void {
  if (agent.current === undefined) return;
  const { run, journal, runId, groups } = agent.current;
  replace(agent.steps, run.steps.map((step, index) => stepView(step, index + 1)));
  agent.journal.text.value = journalToJsonLines(journal);
  agent.menu.show(run, run.done, groups);
  const stored = journal.records().length - journal.pending;
  replace(
    agent.script.progress,
    h(
      "div",
      { class: "alert good", role: "status", "data-testid": "run-progress", "data-run": runId, "data-done": String(run.done) },
      h("strong", {}, `Run ${runId}: ${count(run.done)} of ${count(run.total)} calls made.`),
      `${counted(stored, "journal record")} stored in IndexedDB; a reload resumes the run from them.`,
      note ?? null,
    ),
  );
  setButtons(agent);
}

export function showFinished(agent: AgentContext, record: RunRecord): void {
  agent.journal.text.readOnly = false;
  const skills = agent.current?.skills;
  replace(
    agent.script.status,
    h(
      "div",
      { class: "alert good", role: "status", "data-testid": "run-result" },
      h("strong", {}, `Ran ${count(record.steps.length)} calls in ${milliseconds(record.milliseconds)}: ${count(record.journal.records().length)} ${skills === undefined ? "search decisions" : "decisions (searches and activations)"} journaled, ${count(record.rankerCalls)} ranker calls.`),
      `The menu grew from ${count(record.initialMenu.length)} to ${count(record.menu.length)} tools, append-only.`,
      skills !== undefined ? h("p", {}, `With ${count(skills.length)} skills; the index in the system prompt:`, h("pre", { class: "skill-text" }, record.skillIndex)) : null,
      agent.current?.groups === true
        ? h(
            "p",
            { "data-testid": "catalogue-block" },
            `Groups on (one per server, at most ${count(GROUPS_MAX_TOOLS)} tools): ${count(record.held.length)} held back, named in the catalogue block of the system prompt (${count(record.catalogueBlock.length)} characters, the same bytes every turn):`,
            h("pre", { class: "skill-text" }, record.catalogueBlock),
          )
        : null,
      record.warnings.length > 0 ? h("p", {}, record.warnings.join(" ")) : null,
    ),
  );
}
