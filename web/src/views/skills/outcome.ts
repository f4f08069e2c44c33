// The answer to a one-call skills run (live or replayed): the activation or its refusal, the
// menu after it, and the run's warnings.
import { isToolsiftError } from "../../../../src/entry/browser.js";
import type { RunRecord } from "../../agent/run.js";
import { h } from "../../ui/dom.js";
import { skillResultView } from "../skill-result.js";

export function runOutcome(record: RunRecord, testId: string, heading: string): HTMLElement {
  const step = record.steps[0]!;
  return h(
    "div",
    { class: "card stack-gap", "data-testid": testId },
    h("h4", {}, heading),
    step.outcome?.kind === "skill" ? skillResultView(step.outcome) : h("p", { class: "error" }, `${step.error?.code}: ${step.error?.message}`),
    h("p", { class: "muted" }, `The menu: ${record.menu.join(", ")}`),
    record.warnings.length > 0 ? h("p", { class: "hint" }, record.warnings.join(" ")) : null,
    record.finishError !== undefined ? h("p", { class: "error" }, record.finishError) : null,
  );
}

/** A typed error as an alert; any other error is thrown. */
export function runError(error: unknown): HTMLElement {
  if (!isToolsiftError(error)) throw error;
  return h("div", { class: "alert bad", role: "alert" }, `${error.code}: ${error.message}`);
}
