// The skills view: the sample SKILL.md files read by the library's parser, the skill index
// exactly as a session hands it to the model, one activation through a real session, and a
// replay of that run's journal after an edit of the skill's instructions: the journal pins
// what was delivered (digest and bytes), so the edit is answered `instructions_changed`
// while the activation, and the tools it brought, stand.
import { createToolSearchSession, isToolsiftError, journalFromJsonLines, journalToJsonLines } from "../../../src/entry/browser.js";
import { skillActivation } from "../../../src/skills/activation.js";
import type { ParsedSkill } from "../../../src/skills/parse.js";
import { AGENT_TOOLS, RUN_ID, runScript, type RunRecord } from "../agent/run.js";
import type { ScriptCall } from "../agent/script.js";
import { readSamples, withInstructions } from "../skills/samples.js";
import type { Store } from "../state/store.js";
import { h, replace, uid } from "../ui/dom.js";
import { skillResultView } from "./skill-result.js";

/** The skill the demonstration activates first: its tools are all in the embedded catalogue. */
export const DEMO_SKILL = "triage-bug";

function skillCard(skill: ParsedSkill): HTMLElement {
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

export function skillsView(store: Store): HTMLElement {
  const samples = readSamples();
  const skills = samples.skills;
  // The index needs no catalogue: a session with the skills alone gives the same text.
  const index = createToolSearchSession({ runId: RUN_ID, tools: AGENT_TOOLS, skillActivation: skillActivation({ catalogue: skills }) }).skillIndex();

  const pickId = uid("skill");
  const pick = h("select", { id: pickId }, skills.map((skill) => h("option", { value: skill.id, selected: skill.id === DEMO_SKILL }, skill.id)));
  const editId = uid("instructions");
  const edit = h("textarea", { id: editId, class: "code", spellcheck: "false", rows: 7, "aria-describedby": `${editId}-help` });
  const activated = h("div", { "aria-live": "polite" });
  const replayed = h("div", { "aria-live": "polite" });
  const replayButton = h("button", { type: "button", disabled: true, onclick: replay }, "Replay the journal with these instructions");
  let live: { record: RunRecord; calls: readonly ScriptCall[]; skill: string } | undefined;

  const selected = (): ParsedSkill => skills.find((skill) => skill.id === pick.value) ?? skills[0]!;
  const resetEdit = () => (edit.value = selected().instructions);
  resetEdit();
  pick.addEventListener("change", resetEdit);

  function fail(into: HTMLElement, error: unknown): void {
    if (!isToolsiftError(error)) throw error;
    replace(into, h("div", { class: "alert bad", role: "alert" }, `${error.code}: ${error.message}`));
  }

  function outcomeOf(record: RunRecord, into: HTMLElement, testId: string, heading: string): void {
    const step = record.steps[0]!;
    replace(
      into,
      h(
        "div",
        { class: "card stack-gap", "data-testid": testId },
        h("h4", {}, heading),
        step.outcome?.kind === "skill" ? skillResultView(step.outcome) : h("p", { class: "error" }, `${step.error?.code}: ${step.error?.message}`),
        h("p", { class: "muted" }, `The menu: ${record.menu.join(", ")}`),
        record.warnings.length > 0 ? h("p", { class: "hint" }, record.warnings.join(" ")) : null,
        record.finishError !== undefined ? h("p", { class: "error" }, record.finishError) : null,
      ),
    );
  }

  function activate(): void {
    const skill = selected();
    const calls: ScriptCall[] = [{ turn: 0, index: 0, name: "activate_skill", input: { name: skill.id } }];
    replace(replayed);
    try {
      const record = runScript(store, calls, undefined, { skills });
      live = { record, calls, skill: skill.id };
      resetEdit();
      replayButton.disabled = false;
      outcomeOf(record, activated, "skill-activation", `Live run: activate_skill { "name": "${skill.id}" }`);
    } catch (error) {
      fail(activated, error);
    }
  }

  function replay(): void {
    if (live === undefined) return;
    const edited = withInstructions(skills, live.skill, edit.value);
    try {
      // Through the journal's text, as a host would store it between runs.
      const journal = journalFromJsonLines(journalToJsonLines(live.record.journal));
      const record = runScript(store, live.calls, journal, { skills: edited });
      const same = edit.value === skills.find((skill) => skill.id === live!.skill)!.instructions;
      outcomeOf(record, replayed, "skill-replay", same ? "Replay, instructions unchanged" : "Replay after the edit");
    } catch (error) {
      fail(replayed, error);
    }
  }

  function editOneCharacter(): void {
    // The last visible character flipped between "." and "!": the smallest edit a digest must catch.
    const match = /[^\s](?=\s*$)/u.exec(edit.value);
    if (match === null) return void (edit.value = ".");
    const flipped = match[0] === "." ? "!" : ".";
    edit.value = edit.value.slice(0, match.index) + flipped + edit.value.slice(match.index + 1);
  }

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
    h(
      "div",
      { class: "card stack-gap" },
      h("h3", {}, "Activate, edit, replay"),
      h("div", { class: "row" }, h("label", { for: pickId }, "Skill"), pick, h("button", { type: "button", onclick: activate }, "Activate the skill")),
      activated,
      h("label", { for: editId }, "Its instructions, for the replay"),
      h("p", { id: `${editId}-help`, class: "hint" }, "Change them (one character is enough) and replay the recorded journal: the activation stands, nothing new is delivered."),
      edit,
      h("div", { class: "row" }, h("button", { type: "button", class: "secondary", onclick: editOneCharacter }, "Edit one character"), replayButton),
      replayed,
    ),
    h("div", { class: "skill-list stack-gap" }, skills.map(skillCard)),
  );
}
