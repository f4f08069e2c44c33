// The agent run's list of calls: one item per call, with what the session answered (a search,
// an activation, a tool on the menu, a blind call or a refusal) or the typed error it threw.
import type { StepRecord } from "../../agent/run.js";
import { h } from "../../ui/dom.js";
import { count } from "../../ui/format.js";
import { skillResultView } from "../skill-result.js";

type Outcome = NonNullable<StepRecord["outcome"]>;

/** A `search_tools` answer: where it came from, the groups and tools it names, and its notes. */
function searchStep(step: StepRecord, outcome: Extract<Outcome, { kind: "search" }>, head: HTMLElement): HTMLElement {
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

/** A call of a named tool: on the menu, loaded by a blind call, or refused. */
function toolStep(outcome: Extract<Outcome, { kind: "tool" }>, head: HTMLElement): HTMLElement {
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

/** Call `number` of a run (from 1) as a list item. */
export function stepView(step: StepRecord, number: number): HTMLElement {
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
  if (outcome.kind === "search") return searchStep(step, outcome, head);
  if (outcome.kind === "skill") return h("li", { class: "step", "data-source": outcome.source }, head, skillResultView(outcome));
  return toolStep(outcome, head);
}
