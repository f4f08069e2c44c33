// One `activate_skill` answer as the page shows it: the instructions delivered, or the typed
// refusal, and the tools that joined the menu either way. Text nodes only: a skill's text is
// host text, but it is still never parsed as HTML.
import type { ToolCallOutcome } from "../../../src/entry/browser.js";
import { h } from "../ui/dom.js";

type SkillOutcome = Extract<ToolCallOutcome, { kind: "skill" }>;

export function skillResultView(outcome: SkillOutcome): HTMLElement {
  const result = outcome.result;
  const refused = "code" in result;
  return h(
    "div",
    { class: "skill-result stack-gap", "data-testid": "skill-result", "data-code": refused ? result.code : "delivered" },
    h(
      "div",
      { class: "step-head" },
      h("span", { class: `badge ${outcome.source === "refused" ? "tainted" : outcome.source === "replay" ? "vouched" : "annotated"}` }, outcome.source),
      refused ? h("span", { class: "badge tainted" }, result.code) : h("span", { class: "badge ok" }, `instructions of ${result.skill} delivered`),
      h("span", { class: "muted", "data-testid": "skill-added" }, outcome.added.length === 0 ? "nothing new on the menu" : `+${outcome.added.length} on the menu: ${outcome.added.join(", ")}`),
    ),
    refused ? h("p", {}, result.message) : h("pre", { class: "skill-text" }, result.instructions),
    refused && result.tools !== undefined ? h("p", { class: "note" }, `The activation stands: its tools joined the menu (${result.tools.join(", ")}).`) : null,
    !refused && result.note ? h("p", { class: "note" }, result.note) : null,
    h("details", {}, h("summary", {}, "The tool result, as the model gets it"), h("pre", { class: "skill-text" }, JSON.stringify(result, null, 2))),
  );
}
