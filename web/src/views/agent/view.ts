// The agent-run view: an editable script of the model's tool calls runs through a real
// session, a call at a time or all at once; the menu grows append-only, each decision is
// journaled into IndexedDB as it is made, so a reload resumes the run where it was, and Replay
// serves the run again from the journal (as shown, or as edited) and checks that it is identical.
import type { ParsedSkill } from "../../../../src/skills/parse.js";
import { readSamples } from "../../skills/samples.js";
import type { Store } from "../../state/store.js";
import { readRunId } from "../../state/url.js";
import { h, replace } from "../../ui/dom.js";
import type { AgentContext } from "./context.js";
import { journalPanel } from "./journal-panel.js";
import { advance, clear, next, start } from "./lifecycle.js";
import { menuPanel } from "./menu-panel.js";
import { replay } from "./replay.js";
import { resume } from "./resume.js";
import { scriptPanel } from "./script-panel.js";

export function agentView(store: Store): HTMLElement {
  const script = scriptPanel({
    run: () => void start(agent, Number.POSITIVE_INFINITY),
    step: () => void next(agent),
    finish: () => void advance(agent, Number.POSITIVE_INFINITY),
    replay: () => replay(agent),
    clear: () => void clear(agent),
  });
  const journal = journalPanel();
  const menu = menuPanel(() => (agent.current === undefined ? undefined : { run: agent.current.run, groups: agent.current.groups }));
  let samples: readonly ParsedSkill[] | undefined;
  const agent: AgentContext = {
    store,
    script,
    menu,
    journal,
    steps: h("ol", { class: "steps", "aria-label": "Calls and outcomes" }),
    current: undefined,
    claimed: undefined,
    working: false,
    sampleSkills: () => (samples ??= readSamples().skills),
  };

  store.on("index", () => {
    if (agent.current?.record !== undefined) replace(script.replayStatus, h("p", { class: "hint" }, "The index changed since this run; Replay still serves the journal, without the ranker."));
  });

  const storedRun = readRunId();
  if (storedRun !== undefined) void resume(agent, storedRun);

  return h(
    "section",
    { class: "view agent-view stack-gap" },
    h(
      "div",
      { class: "card" },
      h("h2", {}, "Agent run"),
      h(
        "p",
        { class: "muted" },
        "A scripted run of the model's tool calls through a real session over the current catalogue, all at once or a call at a time: search_tools answers and appends matches to the menu (never removing one), every decision is journaled into this browser's IndexedDB as it is made, so a reload resumes the run, and Replay serves the same run from the journal without calling the ranker.",
      ),
    ),
    h(
      "div",
      { class: "agent-grid" },
      h("div", { class: "stack-gap" }, script.element, agent.steps),
      h("div", { class: "stack-gap" }, menu.element, journal.element),
    ),
  );
}
