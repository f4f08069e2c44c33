// The trust view's scenarios: one press sets a query, a tool and a trust state that show one
// rule of the trust model at work.
import { DEFAULT_TRUST, type TrustState } from "../../catalogue/model.js";
import { h } from "../../ui/dom.js";

/** The tool the view opens on, and the one most scenarios are about. */
export const FOCUS_TOOL = "github__create_pull_request";

export interface Scenario {
  readonly label: string;
  readonly query: string;
  readonly trust: TrustState;
  readonly tool: string;
}

const SCENARIOS: readonly Scenario[] = [
  { label: "GitHub is a third-party server", query: "create a pull request", tool: FOCUS_TOOL, trust: { ...DEFAULT_TRUST, remoteServers: ["github"] } },
  { label: "…and vouch for one of its tools", query: "create a pull request", tool: FOCUS_TOOL, trust: { ...DEFAULT_TRUST, remoteServers: ["github"], vouched: [FOCUS_TOOL] } },
  { label: "…but its description is tainted", query: "create a pull request", tool: FOCUS_TOOL, trust: { ...DEFAULT_TRUST, remoteServers: ["github"], vouched: [FOCUS_TOOL], tainted: [FOCUS_TOOL] } },
  {
    label: "Host alias “open a PR” for GitLab merge requests",
    query: "open a PR",
    tool: "gitlab__create_merge_request",
    trust: { ...DEFAULT_TRUST, annotations: { gitlab__create_merge_request: { aliases: ["open a PR"], tags: ["code review"] } } },
  },
];

/** A button per scenario, and one that puts the default trust back. */
export function scenarioButtons(onScenario: (scenario: Scenario) => void, onReset: () => void): HTMLElement {
  return h(
    "div",
    { class: "scenarios" },
    SCENARIOS.map((scenario) => h("button", { type: "button", class: "secondary", onclick: () => onScenario(scenario) }, scenario.label)),
    h("button", { type: "button", class: "secondary", onclick: onReset }, "Reset trust"),
  );
}
