// The agent-run view: an editable script of the model's tool calls runs through a real
// session; the menu grows append-only, each search is journaled, and Replay serves the run
// again from the journal (as shown, or as edited) and checks that it is identical.
import { isToolsiftError } from "../../../src/entry/browser.js";
import { journalFromJsonLines, journalToJsonLines } from "../../../src/entry/browser.js";
import { GROUPS_MAX_TOOLS, compareRuns, runScript, type RunRecord, type StepRecord } from "../agent/run.js";
import { DEFAULT_SCRIPT, GROUPS_SCRIPT, SKILLS_SCRIPT, parseScript, ScriptError, type ScriptCall } from "../agent/script.js";
import type { ParsedSkill } from "../../../src/skills/parse.js";
import { readSamples } from "../skills/samples.js";
import type { Store } from "../state/store.js";
import { h, replace, uid } from "../ui/dom.js";
import { download } from "../ui/download.js";
import { count, milliseconds } from "../ui/format.js";
import { skillResultView } from "./skill-result.js";

function stepView(step: StepRecord, number: number): HTMLElement {
  const { call, outcome } = step;
  const head = h(
    "div",
    { class: "step-head" },
    h("span", { class: "badge" }, `#${number}`),
    h("span", { class: "muted" }, `turn ${call.turn}`),
    h("code", {}, call.name),
    h("code", { class: "muted" }, JSON.stringify(call.input)),
  );
  if (outcome === undefined) return h("li", { class: "step" }, head, h("p", { class: "error" }, `${step.error?.code}: ${step.error?.message}`));
  if (outcome.kind === "search") {
    const result = outcome.result;
    const body =
      "tools" in result
        ? h(
            "ul",
            {},
            result.tools.map((tool) =>
              h("li", {}, h("code", {}, tool.name), tool.loaded ? null : h("span", { class: "badge tainted" }, "not loaded"), " ", h("span", { class: "muted" }, tool.description)),
            ),
          )
        : h("p", { class: "error" }, `${result.code}: ${result.message}`);
    return h(
      "li",
      { class: "step", "data-source": outcome.source },
      head,
      h(
        "div",
        { class: "step-head" },
        h("span", { class: `badge ${outcome.source === "refused" ? "tainted" : outcome.source === "replay" ? "vouched" : "annotated"}` }, outcome.source),
        outcome.tainted ? h("span", { class: "badge third-party", title: "names a third-party tool: fence it as data" }, "tainted result") : null,
        h("span", { class: "muted" }, `ranker calls: ${step.rankerCalls} · +${outcome.added.length} on the menu`),
      ),
      "groups" in result && result.groups
        ? h(
            "p",
            { class: "note" },
            result.groups.map((group) => h("span", { class: `badge ${group.loaded ? "ok" : "tainted"}` }, group.loaded ? `group ${group.name}: ${count(group.tools)} tools, one load` : `group ${group.name} not loaded`)),
          )
        : null,
      body,
      "rules" in result && result.rules ? h("pre", { class: "skill-text" }, result.rules) : null,
      "note" in result && result.note ? h("p", { class: "note" }, result.note) : null,
    );
  }
  if (outcome.kind === "skill") return h("li", { class: "step", "data-source": outcome.source }, head, skillResultView(outcome));
  if (outcome.onMenu) {
    return h("li", { class: "step" }, head, h("p", {}, h("span", { class: "badge ok" }, "on the menu"), " The host runs it through its own gates (validation, approval).", outcome.thirdParty ? " Third-party: its output is untrusted data." : ""));
  }
  if (outcome.result.code === "tool_loaded") {
    return h(
      "li",
      { class: "step", "data-source": outcome.source ?? "live" },
      head,
      h("div", { class: "step-head" }, h("span", { class: "badge annotated" }, "blind call"), h("span", { class: "muted" }, `did not run · +${outcome.added?.length ?? 0} on the menu for the next turn`)),
      h("p", {}, "It takes: ", h("code", {}, outcome.result.signature ?? "")),
      h("pre", { class: "skill-text" }, outcome.result.message),
    );
  }
  return h(
    "li",
    { class: "step" },
    head,
    h("p", {}, h("span", { class: "badge tainted" }, outcome.result.code), " ", outcome.result.message),
    outcome.result.suggestions.length > 0 ? h("p", { class: "note" }, "Suggestions: ", outcome.result.suggestions.join(", ")) : null,
  );
}

export function agentView(store: Store): HTMLElement {
  const scriptId = uid("script");
  const script = h("textarea", { id: scriptId, class: "code", spellcheck: "false", wrap: "off", rows: 12, "aria-describedby": `${scriptId}-help` });
  script.value = DEFAULT_SCRIPT;
  const journalId = uid("journal");
  // Wrapped: every record begins with the same 60 characters, which were all a line showed.
  const journalText = h("textarea", { id: journalId, class: "code journal-text", spellcheck: "false", wrap: "soft", rows: 14, readonly: true, "aria-describedby": `${journalId}-help` });
  const steps = h("ol", { class: "steps", "aria-label": "Calls and outcomes" });
  const status = h("div", { "aria-live": "polite" });
  const replayStatus = h("div", { "aria-live": "polite" });
  const menu = h("ol", { class: "menu-list", "aria-label": "Menu" });
  const scrubId = uid("scrub");
  const scrub = h("input", { id: scrubId, type: "range", min: 0, max: 0, value: 0, step: 1, disabled: true });
  const scrubLabel = h("span", { class: "muted" });
  const runButton = h("button", { type: "button", onclick: run }, "Run the script");
  const replayButton = h("button", { type: "button", disabled: true, onclick: replay }, "Replay from the journal");
  const skillsToggle = h("input", { type: "checkbox" });
  const groupsToggle = h("input", { type: "checkbox" });
  // Whether the live run had groups: its replay must have them too.
  let runGroups = false;
  let live: RunRecord | undefined;
  let calls: readonly ScriptCall[] = [];
  // The skills the live run had: its replay must have the same ones.
  let runSkills: readonly ParsedSkill[] | undefined;
  let samples: readonly ParsedSkill[] | undefined;
  const sampleSkills = () => (samples ??= readSamples().skills);

  function renderMenu(record: RunRecord, after: number): void {
    const names = after === 0 ? record.initialMenu : record.steps[after - 1]!.menu;
    const addedBy = new Map<string, number>();
    record.steps.forEach((step, index) => {
      const outcome = step.outcome;
      if (outcome?.kind === "search" || outcome?.kind === "skill") for (const id of outcome.added) addedBy.set(id, index + 1);
      else if (outcome !== undefined && !outcome.onMenu) for (const id of outcome.added ?? []) addedBy.set(id, index + 1);
    });
    replace(
      menu,
      names.map((name) => {
        const by = addedBy.get(name);
        return h(
          "li",
          { class: by !== undefined && by === after ? "fresh" : "" },
          h("code", {}, name),
          h(
            "span",
            { class: "section" },
            name === "search_tools" || name === "activate_skill" ? "meta" : by !== undefined ? `call #${by}` : name === "reply_to_user" || !runGroups ? "agent" : "group (advertised)",
          ),
        );
      }),
    );
    scrubLabel.textContent = after === 0 ? "at the start (turn 0)" : `after call #${after}: ${count(names.length)} tools`;
  }

  scrub.addEventListener("input", () => {
    if (live !== undefined) renderMenu(live, Number(scrub.value));
  });

  function fail(message: string): void {
    replace(status, h("div", { class: "alert bad", role: "alert" }, message));
  }

  function run(): void {
    replace(replayStatus);
    try {
      calls = parseScript(script.value);
    } catch (error) {
      if (error instanceof ScriptError) return fail(error.message);
      throw error;
    }
    runSkills = skillsToggle.checked ? sampleSkills() : undefined;
    runGroups = groupsToggle.checked;
    try {
      live = runScript(store, calls, undefined, runSkills, runGroups);
    } catch (error) {
      if (isToolsiftError(error)) return fail(`${error.code}: ${error.message}`);
      throw error;
    }
    replace(steps, live.steps.map((step, index) => stepView(step, index + 1)));
    journalText.value = journalToJsonLines(live.journal);
    journalText.readOnly = false;
    scrub.max = String(live.steps.length);
    scrub.value = String(live.steps.length);
    scrub.disabled = false;
    renderMenu(live, live.steps.length);
    replayButton.disabled = false;
    replace(
      status,
      h(
        "div",
        { class: "alert good", role: "status", "data-testid": "run-result" },
        h("strong", {}, `Ran ${count(live.steps.length)} calls in ${milliseconds(live.milliseconds)}: ${count(live.journal.size)} ${runSkills === undefined ? "search decisions" : "decisions (searches and activations)"} journaled, ${count(live.rankerCalls)} ranker calls.`),
        `The menu grew from ${count(live.initialMenu.length)} to ${count(live.menu.length)} tools, append-only.`,
        runSkills !== undefined ? h("p", {}, `With ${count(runSkills.length)} skills; the index in the system prompt:`, h("pre", { class: "skill-text" }, live.skillIndex)) : null,
        runGroups
          ? h(
              "p",
              { "data-testid": "catalogue-block" },
              `Groups on (one per server, at most ${count(GROUPS_MAX_TOOLS)} tools): ${count(live.held.length)} held back, named in the catalogue block of the system prompt (${count(live.catalogueBlock.length)} characters, the same bytes every turn):`,
              h("pre", { class: "skill-text" }, live.catalogueBlock),
            )
          : null,
        live.warnings.length > 0 ? h("p", {}, live.warnings.join(" ")) : null,
      ),
    );
  }

  function replay(): void {
    if (live === undefined) return;
    let replayed: RunRecord;
    const edited = journalText.value !== journalToJsonLines(live.journal);
    try {
      replayed = runScript(store, calls, journalFromJsonLines(journalText.value), runSkills, runGroups);
    } catch (error) {
      if (!isToolsiftError(error)) throw error;
      replace(replayStatus, h("div", { class: "alert bad", role: "alert", "data-testid": "replay-result" }, h("strong", {}, "The journal was refused."), `${error.code}: ${error.message}`));
      return;
    }
    const check = compareRuns(live, replayed);
    replace(steps, replayed.steps.map((step, index) => stepView(step, index + 1)));
    replace(
      replayStatus,
      check.identical
        ? h(
            "div",
            { class: "alert good", role: "status", "data-testid": "replay-result" },
            h("strong", {}, "Replay identical."),
            `${count(check.served)} search decisions served from the journal with 0 ranker calls; every result and the ${count(replayed.menu.length)}-tool menu match the live run.`,
          )
        : h(
            "div",
            { class: "alert warn", role: "status", "data-testid": "replay-result" },
            h("strong", {}, edited ? "Replay of the edited journal differs from the live run." : "Replay differs from the live run."),
            h("ul", {}, check.differences.map((difference) => h("li", {}, difference))),
            replayed.warnings.length > 0 ? h("p", {}, replayed.warnings.join(" ")) : null,
            edited ? h("p", {}, "A journal is untrusted input: on replay its decisions are re-admitted against this session, clipped, never widened.") : null,
          ),
    );
  }

  store.on("index", () => {
    if (live !== undefined) replace(replayStatus, h("p", { class: "hint" }, "The index changed since this run; Replay still serves the journal, without the ranker."));
  });

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
        "A scripted run of the model's tool calls through a real session over the current catalogue: search_tools answers and appends matches to the menu (never removing one), every search decision is journaled, and Replay serves the same run from the journal without calling the ranker.",
      ),
    ),
    h(
      "div",
      { class: "agent-grid" },
      h(
        "div",
        { class: "stack-gap" },
        h(
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
            runButton,
            replayButton,
            h("button", { type: "button", class: "secondary", onclick: () => ((script.value = DEFAULT_SCRIPT), (skillsToggle.checked = false), (groupsToggle.checked = false)) }, "Reset the script"),
            h("button", { type: "button", class: "secondary", onclick: () => ((script.value = SKILLS_SCRIPT), (skillsToggle.checked = true), (groupsToggle.checked = false)) }, "The skills script"),
            h("button", { type: "button", class: "secondary", onclick: () => ((script.value = GROUPS_SCRIPT), (groupsToggle.checked = true), (skillsToggle.checked = false)) }, "The groups script"),
          ),
          status,
          replayStatus,
        ),
        steps,
      ),
      h(
        "div",
        { class: "stack-gap" },
        h(
          "div",
          { class: "card stack-gap" },
          h("h3", {}, "Menu"),
          h("div", { class: "control" }, h("label", { for: scrubId }, "Show the menu ", scrubLabel), scrub),
          menu,
        ),
        h(
          "div",
          { class: "card stack-gap" },
          h("h3", {}, h("label", { for: journalId }, "Journal (JSON lines)")),
          h("p", { id: `${journalId}-help`, class: "hint" }, "One record per search decision. Edit it and press Replay to see a tampered journal clipped, never widened."),
          journalText,
          h(
            "button",
            {
              type: "button",
              class: "secondary",
              onclick: () => download(journalText.value, "playground-run.jsonl", "application/x-ndjson"),
            },
            "Download the journal",
          ),
        ),
      ),
    ),
  );
}
