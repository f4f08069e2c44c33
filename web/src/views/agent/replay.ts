// Replay of a finished run from its journal (as shown, or as edited): the same script served
// from the journal's records without the ranker, and checked against the live run.
import { isToolsiftError, journalFromJsonLines, journalToJsonLines } from "../../../../src/entry/browser.js";
import { compareRuns, runScript, type ReplayCheck, type RunRecord } from "../../agent/run.js";
import { parseScript } from "../../agent/script.js";
import { h, replace } from "../../ui/dom.js";
import { count } from "../../ui/format.js";
import type { AgentContext } from "./context.js";
import { stepView } from "./steps.js";

/** What the check found: identical, or every difference (and, for an edited journal, why it was clipped). */
function replayResult(check: ReplayCheck, replayed: RunRecord, edited: boolean): HTMLElement {
  if (check.identical) {
    return h(
      "div",
      { class: "alert good", role: "status", "data-testid": "replay-result" },
      h("strong", {}, "Replay identical."),
      `${count(check.served)} search decisions served from the journal with 0 ranker calls; every result and the ${count(replayed.menu.length)}-tool menu match the live run.`,
    );
  }
  return h(
    "div",
    { class: "alert warn", role: "status", "data-testid": "replay-result" },
    h("strong", {}, edited ? "Replay of the edited journal differs from the live run." : "Replay differs from the live run."),
    h("ul", {}, check.differences.map((difference) => h("li", {}, difference))),
    replayed.warnings.length > 0 ? h("p", {}, replayed.warnings.join(" ")) : null,
    edited ? h("p", {}, "A journal is untrusted input: on replay its decisions are re-admitted against this session, clipped, never widened.") : null,
  );
}

export function replay(agent: AgentContext): void {
  const { current, store } = agent;
  const record = current?.record;
  if (current === undefined || record === undefined) return;
  const text = agent.journal.text.value;
  const status = agent.script.replayStatus;
  let replayed: RunRecord;
  const edited = text !== journalToJsonLines(record.journal);
  try {
    replayed = runScript(store, parseScript(current.script), journalFromJsonLines(text), { skills: current.skills, groups: current.groups, runId: current.runId });
  } catch (error) {
    if (!isToolsiftError(error)) throw error;
    replace(status, h("div", { class: "alert bad", role: "alert", "data-testid": "replay-result" }, h("strong", {}, "The journal was refused."), `${error.code}: ${error.message}`));
    return;
  }
  replace(agent.steps, replayed.steps.map((step, index) => stepView(step, index + 1)));
  replace(status, replayResult(compareRuns(record, replayed), replayed, edited));
}
