// The agent view's script card: the model's tool calls as editable JSON, the skills and groups
// switches, the buttons that run, step, finish, replay and clear, and where each says how it went.
import { DEFAULT_SCRIPT, GROUPS_SCRIPT, SKILLS_SCRIPT } from "../../agent/script.js";
import { readRunId } from "../../state/url.js";
import { h, uid } from "../../ui/dom.js";

/** What the buttons do; the panel only holds them. */
export interface ScriptActions {
  run(): void;
  step(): void;
  finish(): void;
  replay(): void;
  clear(): void;
}

export interface ScriptPanel {
  readonly element: HTMLElement;
  readonly script: HTMLTextAreaElement;
  readonly skillsToggle: HTMLInputElement;
  readonly groupsToggle: HTMLInputElement;
  readonly runButton: HTMLButtonElement;
  readonly stepButton: HTMLButtonElement;
  readonly finishButton: HTMLButtonElement;
  readonly replayButton: HTMLButtonElement;
  readonly clearButton: HTMLButtonElement;
  /** How far the run is. */
  readonly progress: HTMLElement;
  /** How the run ended, or why it stopped. */
  readonly status: HTMLElement;
  /** What the last replay found. */
  readonly replayStatus: HTMLElement;
}

export function scriptPanel(actions: ScriptActions): ScriptPanel {
  const scriptId = uid("script");
  // Wrapped: the script's longest calls ran past the box's edge, out of sight.
  const script = h("textarea", { id: scriptId, class: "code", spellcheck: "false", wrap: "soft", rows: 12, "aria-describedby": `${scriptId}-help` });
  script.value = DEFAULT_SCRIPT;
  const skillsToggle = h("input", { type: "checkbox" });
  const groupsToggle = h("input", { type: "checkbox" });
  const choose = (text: string, skills: boolean, groups: boolean) => () => {
    script.value = text;
    skillsToggle.checked = skills;
    groupsToggle.checked = groups;
  };
  const panel = {
    script,
    skillsToggle,
    groupsToggle,
    runButton: h("button", { type: "button", onclick: () => actions.run() }, "Run the script"),
    stepButton: h("button", { type: "button", class: "secondary", onclick: () => actions.step() }, "Run the next call"),
    finishButton: h("button", { type: "button", class: "secondary", disabled: true, onclick: () => actions.finish() }, "Finish the run"),
    replayButton: h("button", { type: "button", disabled: true, onclick: () => actions.replay() }, "Replay from the journal"),
    clearButton: h("button", { type: "button", class: "secondary", disabled: readRunId() === undefined, onclick: () => actions.clear() }, "Clear the stored run"),
    progress: h("div", { "aria-live": "polite" }),
    status: h("div", { "aria-live": "polite" }),
    replayStatus: h("div", { "aria-live": "polite" }),
  };
  const element = h(
    "div",
    { class: "card stack-gap" },
    h("label", { for: scriptId }, "Script: the model's tool calls"),
    h(
      "p",
      { id: `${scriptId}-help`, class: "hint" },
      "A JSON array, one call per turn: a string is a search_tools query; an object is a search_tools input ({ query, limit, select }); an object with \"name\" calls that tool.",
    ),
    script,
    h("label", { class: "inline" }, skillsToggle, "Skills on (the sample SKILL.md files; adds activate_skill)"),
    h("label", { class: "inline" }, groupsToggle, "Groups on (each server a group, at most 128 tools on the menu)"),
    h(
      "div",
      { class: "row" },
      panel.runButton,
      panel.stepButton,
      panel.finishButton,
      panel.replayButton,
      panel.clearButton,
      h("button", { type: "button", class: "secondary", onclick: choose(DEFAULT_SCRIPT, false, false) }, "Reset the script"),
      h("button", { type: "button", class: "secondary", onclick: choose(SKILLS_SCRIPT, true, false) }, "The skills script"),
      h("button", { type: "button", class: "secondary", onclick: choose(GROUPS_SCRIPT, false, true) }, "The groups script"),
    ),
    panel.progress,
    panel.status,
    panel.replayStatus,
  );
  return { element, ...panel };
}
