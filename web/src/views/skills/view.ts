// The skills view: the sample SKILL.md files read by the library's parser, the skill index
// exactly as a session hands it to the model, one activation through a real session, and a
// replay of that run's journal after an edit of the skill's instructions: the journal pins
// what was delivered (digest and bytes), so the edit is answered `instructions_changed`
// while the activation, and the tools it brought, stand.
import { createToolSearchSession } from "../../../../src/entry/browser.js";
import { skillActivation } from "../../../../src/skills/activation.js";
import { AGENT_TOOLS, RUN_ID } from "../../agent/run.js";
import { readSamples } from "../../skills/samples.js";
import type { Store } from "../../state/store.js";
import { h } from "../../ui/dom.js";
import { activationCard } from "./activation.js";
import { skillCard } from "./card.js";

export function skillsView(store: Store): HTMLElement {
  const samples = readSamples();
  const skills = samples.skills;
  // The index needs no catalogue: a session with the skills alone gives the same text.
  const index = createToolSearchSession({ runId: RUN_ID, tools: AGENT_TOOLS, skillActivation: skillActivation({ catalogue: skills }) }).skillIndex();

  return h(
    "section",
    { class: "view skills-view stack-gap" },
    h(
      "div",
      { class: "card" },
      h("h2", {}, "Skills"),
      h(
        "p",
        { class: "muted" },
        `The sample skills (${skills.length} SKILL.md files from test/fixtures/skills) read by parseSkill. The model sees only the index below in its system prompt; activate_skill delivers a skill's instructions and appends its tools to the menu, and the journal pins what was delivered.`,
      ),
      samples.refused.length > 0
        ? h("ul", { class: "error" }, samples.refused.map((refused) => h("li", {}, `${refused.path}: ${refused.code}: ${refused.message}`)))
        : null,
    ),
    h("div", { class: "card stack-gap" }, h("h3", {}, "The skill index, as the model sees it"), h("pre", { class: "skill-text", "data-testid": "skill-index" }, index)),
    activationCard(store, skills),
    h("div", { class: "skill-list stack-gap" }, skills.map(skillCard)),
  );
}
