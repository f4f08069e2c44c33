// One sample skill as the skills view lists it: its id, description, tools, instructions and file.
import type { ParsedSkill } from "../../../../src/skills/parse.js";
import { h } from "../../ui/dom.js";

export function skillCard(skill: ParsedSkill): HTMLElement {
  return h(
    "article",
    { class: "card stack-gap skill-card", "data-skill": skill.id },
    h("h3", {}, h("code", {}, skill.id)),
    h("p", { class: "skill-description" }, skill.description),
    h(
      "p",
      { class: "skill-tools" },
      "Tools: ",
      skill.tools.length === 0 ? h("span", { class: "muted" }, "none") : skill.tools.map((tool, index) => [index > 0 ? " " : "", h("code", {}, tool)]).flat(),
    ),
    h("details", { open: true }, h("summary", {}, "Instructions"), h("pre", { class: "skill-text" }, skill.instructions)),
    h("p", { class: "hint" }, skill.path),
  );
}
