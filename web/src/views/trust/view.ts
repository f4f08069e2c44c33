// The trust view (DESIGN.md "Trust"): mark servers or tools third-party, vouch for one, taint a
// description, add host annotations, and watch the ranking change live. What the index
// ranks on for the chosen tool is shown exactly as `toolSearchDocs` produces it.
import { DEFAULT_TRUST, type TrustState } from "../../catalogue/model.js";
import type { Store } from "../../state/store.js";
import { h } from "../../ui/dom.js";
import { rankingPanel } from "./ranking-panel.js";
import { scenarioButtons } from "./scenarios.js";
import { serversPanel } from "./servers-panel.js";
import { toolPanel } from "./tool-panel.js";

export function trustView(store: Store): HTMLElement {
  const ranking = rankingPanel(store);
  const change = (trust: TrustState): void => {
    ranking.remember();
    store.setTrust(trust);
  };
  const servers = serversPanel(store, change);
  const tool = toolPanel(store, change);
  const scenarios = scenarioButtons((scenario) => {
    store.setQuery(scenario.query);
    tool.select(scenario.tool);
    change(scenario.trust);
  }, () => change(DEFAULT_TRUST));

  function renderAll(): void {
    servers.render();
    tool.render();
    ranking.render();
  }
  store.on("catalogue", () => {
    tool.listTools();
    ranking.forget();
    renderAll();
  });
  store.on("trust", () => {
    servers.render();
    tool.render();
  });
  store.on("index", ranking.render);
  store.on("busy", ranking.render);
  store.on("query", () => {
    ranking.forget();
    ranking.render();
  });
  renderAll();

  return h(
    "section",
    { class: "view trust-view stack-gap" },
    h(
      "div",
      { class: "card" },
      h("h2", {}, "Trust"),
      h(
        "p",
        { class: "muted" },
        "A third-party tool's own words (description, tags, aliases, parameter text) are neither indexed nor shown unless the operator vouches for them; a tainted description never is. Host annotations are trusted for any tool. Each change rebuilds the index in the page.",
      ),
      scenarios,
    ),
    h("div", { class: "trust-grid" }, h("div", { class: "stack-gap" }, tool.element, servers.element), ranking.element),
  );
}
