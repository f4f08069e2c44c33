// The skills view's activation card: activate a skill through a real session, edit its
// instructions, and replay the recorded journal with the edit: the journal pins what was
// delivered, so the edit is answered `instructions_changed` while the activation stands.
import { journalFromJsonLines, journalToJsonLines } from "../../../../src/entry/browser.js";
import type { ParsedSkill } from "../../../../src/skills/parse.js";
import { runScript, type RunRecord } from "../../agent/run.js";
import type { ScriptCall } from "../../agent/script.js";
import { withInstructions } from "../../skills/samples.js";
import type { Store } from "../../state/store.js";
import { h, replace, uid } from "../../ui/dom.js";
import { runError, runOutcome } from "./outcome.js";

/** The skill the demonstration activates first: its tools are all in the embedded catalogue. */
export const DEMO_SKILL = "triage-bug";

/** The last visible character flipped between "." and "!": the smallest edit a digest must catch. */
function editOneCharacter(edit: HTMLTextAreaElement): void {
  const match = /[^\s](?=\s*$)/u.exec(edit.value);
  if (match === null) return void (edit.value = ".");
  const flipped = match[0] === "." ? "!" : ".";
  edit.value = edit.value.slice(0, match.index) + flipped + edit.value.slice(match.index + 1);
}

export function activationCard(store: Store, skills: readonly ParsedSkill[]): HTMLElement {
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

  function activate(): void {
    const skill = selected();
    const calls: ScriptCall[] = [{ turn: 0, index: 0, name: "activate_skill", input: { name: skill.id } }];
    replace(replayed);
    try {
      const record = runScript(store, calls, undefined, { skills });
      live = { record, calls, skill: skill.id };
      resetEdit();
      replayButton.disabled = false;
      replace(activated, runOutcome(record, "skill-activation", `Live run: activate_skill { "name": "${skill.id}" }`));
    } catch (error) {
      replace(activated, runError(error));
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
      replace(replayed, runOutcome(record, "skill-replay", same ? "Replay, instructions unchanged" : "Replay after the edit"));
    } catch (error) {
      replace(replayed, runError(error));
    }
  }

  return h(
    "div",
    { class: "card stack-gap" },
    h("h3", {}, "Activate, edit, replay"),
    h("div", { class: "row" }, h("label", { for: pickId }, "Skill"), pick, h("button", { type: "button", onclick: activate }, "Activate the skill")),
    activated,
    h("label", { for: editId }, "Its instructions, for the replay"),
    h("p", { id: `${editId}-help`, class: "hint" }, "Change them (one character is enough) and replay the recorded journal: the activation stands, nothing new is delivered."),
    edit,
    h("div", { class: "row" }, h("button", { type: "button", class: "secondary", onclick: () => editOneCharacter(edit) }, "Edit one character"), replayButton),
    replayed,
  );
}
