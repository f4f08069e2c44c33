// The trust view (DESIGN.md "Trust"): mark servers or tools third-party, vouch for one, taint a
// description, add host annotations, and watch the ranking change live. What the index
// ranks on for the chosen tool is shown exactly as `toolSearchDocs` produces it.
import { toolSearchDocs, WITHHELD_DESCRIPTION } from "../../../src/entry/browser.js";
import { DEFAULT_TRUST, vouchedBy, type TrustState } from "../catalogue/model.js";
import type { Store } from "../state/store.js";
import { h, replace, uid } from "../ui/dom.js";
import { count, milliseconds } from "../ui/format.js";
import { hitList } from "./hits.js";

const FOCUS_TOOL = "github__create_pull_request";

interface Scenario {
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

function toggled(list: readonly string[], item: string, on: boolean): string[] {
  const rest = list.filter((entry) => entry !== item);
  return on ? [...rest, item] : rest;
}

function splitLabels(text: string): string[] {
  return text.split(",").map((label) => label.trim()).filter((label) => label.length > 0);
}

export function trustView(store: Store): HTMLElement {
  let previous: Map<string, number> | undefined;
  let selected = FOCUS_TOOL;

  // Live ranking
  const queryId = uid("trust-query");
  const query = h("input", { id: queryId, type: "search", autocomplete: "off", value: store.query });
  query.addEventListener("input", () => {
    previous = undefined;
    store.setQuery(query.value);
  });
  const ranking = h("div", { "aria-live": "polite" });
  const rankingStatus = h("p", { class: "hint" });

  function renderRanking(): void {
    if (query.value !== store.query) query.value = store.query;
    const text = store.query.trim();
    if (text.length === 0) {
      replace(ranking, h("p", { class: "muted" }, "Type a query to see the ranking."));
      return;
    }
    const hits = store.ranker.explain(text, 10);
    replace(ranking, hits.length === 0 ? h("p", { class: "empty" }, "No tool matched.") : hitList(store, hits, { compact: true, ...(previous ? { previous } : {}) }));
    replace(
      rankingStatus,
      store.busy
        ? "Rebuilding the index…"
        : `${store.index.source === "built" ? `Index rebuilt in ${milliseconds(store.index.milliseconds)}` : "Prebuilt index"} · ${count(store.ranker.size)} tools${previous ? " · arrows: movement since the last trust change" : ""}`,
    );
  }

  function change(trust: TrustState): void {
    const text = store.query.trim();
    previous = text.length > 0 ? new Map(store.ranker.rank(text, 50).map((hit, index) => [hit.id, index + 1])) : undefined;
    store.setTrust(trust);
  }

  // Scenarios
  const scenarios = h(
    "div",
    { class: "scenarios" },
    SCENARIOS.map((scenario) =>
      h(
        "button",
        {
          type: "button",
          class: "secondary",
          onclick: () => {
            store.setQuery(scenario.query);
            selected = scenario.tool;
            toolInput.value = selected;
            change(scenario.trust);
          },
        },
        scenario.label,
      ),
    ),
    h("button", { type: "button", class: "secondary", onclick: () => change(DEFAULT_TRUST) }, "Reset trust"),
  );

  // Servers
  const filterId = uid("server-filter");
  const filter = h("input", { id: filterId, type: "search", placeholder: "filter servers", autocomplete: "off" });
  const serverRows = h("tbody");
  filter.addEventListener("input", renderServers);

  function renderServers(): void {
    const catalogue = store.catalogue;
    if (catalogue === undefined) {
      replace(serverRows, h("tr", {}, h("td", { colspan: 3, class: "muted" }, "Loading the catalogue…")));
      return;
    }
    const needle = filter.value.trim().toLowerCase();
    const counts = new Map<string, number>();
    for (const tool of catalogue.tools) counts.set(tool.server, (counts.get(tool.server) ?? 0) + 1);
    const remote = new Set(store.trust.remoteServers);
    replace(
      serverRows,
      catalogue.servers
        .filter((server) => server.toLowerCase().includes(needle))
        .map((server) => {
          const id = uid("server");
          const box = h("input", {
            type: "checkbox",
            id,
            checked: remote.has(server),
            onchange: () => change({ ...store.trust, remoteServers: toggled(store.trust.remoteServers, server, box.checked) }),
          });
          return h("tr", {}, h("td", {}, box), h("td", {}, h("label", { for: id, class: "inline" }, server || "(no server)")), h("td", { class: "num" }, count(counts.get(server) ?? 0)));
        }),
    );
  }

  // One tool
  const toolId = uid("trust-tool");
  const listId = uid("tool-ids");
  const toolInput = h("input", { id: toolId, type: "text", list: listId, value: selected, autocomplete: "off", spellcheck: "false" });
  const datalist = h("datalist", { id: listId });
  const toolPanel = h("div", { class: "stack-gap" });
  toolInput.addEventListener("change", () => {
    selected = toolInput.value.trim();
    renderTool();
  });

  function renderTool(): void {
    const catalogue = store.catalogue;
    const tool = catalogue?.byId.get(selected);
    if (tool === undefined) {
      replace(toolPanel, h("p", { class: "muted" }, catalogue === undefined ? "Loading the catalogue…" : "Choose a tool id from the list."));
      return;
    }
    const trust = store.trust;
    const verdict = store.verdict(tool.id);
    const annotation = trust.annotations[tool.id] ?? {};
    const box = (label: string, checked: boolean, disabled: boolean, onChange: (on: boolean) => void) => {
      const id = uid("tool-flag");
      const input = h("input", { type: "checkbox", id, checked, disabled, onchange: () => onChange(input.checked) });
      return h("label", { for: id, class: "inline" }, input, ` ${label}`);
    };
    const serverRemote = trust.remoteServers.includes(tool.server);
    const tagsId = uid("tags");
    const aliasesId = uid("aliases");
    const tags = h("input", { id: tagsId, type: "text", value: (annotation.tags ?? []).join(", "), placeholder: "comma-separated" });
    const aliases = h("input", { id: aliasesId, type: "text", value: (annotation.aliases ?? []).join(", "), placeholder: "comma-separated" });
    const applyLabels = () => {
      const next = { ...trust.annotations };
      const entry = { tags: splitLabels(tags.value), aliases: splitLabels(aliases.value) };
      if (entry.tags.length === 0 && entry.aliases.length === 0) delete next[tool.id];
      else next[tool.id] = entry;
      change({ ...store.trust, annotations: next });
    };
    tags.addEventListener("change", applyLabels);
    aliases.addEventListener("change", applyLabels);
    const definition = store.definitions.find((item) => item.id === tool.id);
    const doc = definition === undefined ? undefined : toolSearchDocs([definition], { annotations: trust.annotations, trustJsonSchemaText: vouchedBy(trust.vouched) })[0];
    const state = verdict?.descriptionTainted
      ? "Tainted: the description is never indexed, never shown and cannot be vouched for."
      : verdict?.thirdParty && verdict.vouched
        ? "Third-party, vouched: its own text is indexed as description-level text and shown."
        : verdict?.thirdParty
          ? `Third-party: only host annotations are indexed; the model sees “${WITHHELD_DESCRIPTION}”.`
          : "First-party: its description, tags, aliases and parameters are indexed and shown.";
    replace(
      toolPanel,
      h("p", { class: "verdict" }, h("strong", {}, tool.id), " — ", state),
      h(
        "div",
        { class: "row" },
        box("third-party (this tool)", trust.remoteTools.includes(tool.id) || serverRemote, serverRemote, (on) => change({ ...store.trust, remoteTools: toggled(store.trust.remoteTools, tool.id, on) })),
        box("vouch for it", trust.vouched.includes(tool.id), false, (on) => change({ ...store.trust, vouched: toggled(store.trust.vouched, tool.id, on) })),
        box("tainted description", trust.tainted.includes(tool.id), false, (on) => change({ ...store.trust, tainted: toggled(store.trust.tainted, tool.id, on) })),
      ),
      h("div", { class: "control" }, h("label", { for: aliasesId }, "Host aliases"), aliases),
      h("div", { class: "control" }, h("label", { for: tagsId }, "Host tags"), tags),
      h("p", { class: "hint" }, "Host annotations are trusted and apply to any tool (normalized, at most 16 per field, 80 characters each)."),
      doc ? h("details", {}, h("summary", {}, "What the index ranks on (toolSearchDocs)"), h("pre", { class: "journal" }, JSON.stringify(doc, null, 2))) : null,
    );
  }

  function renderAll(): void {
    renderServers();
    renderTool();
    renderRanking();
  }
  store.on("catalogue", () => {
    replace(datalist, (store.catalogue?.tools ?? []).map((tool) => h("option", { value: tool.id })));
    if (store.catalogue !== undefined && !store.catalogue.byId.has(selected)) selected = store.catalogue.tools[0]?.id ?? "";
    toolInput.value = selected;
    previous = undefined;
    renderAll();
  });
  store.on("trust", () => {
    renderServers();
    renderTool();
  });
  store.on("index", renderRanking);
  store.on("busy", renderRanking);
  store.on("query", () => {
    previous = undefined;
    renderRanking();
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
    h(
      "div",
      { class: "trust-grid" },
      h(
        "div",
        { class: "stack-gap" },
        h("div", { class: "card stack-gap" }, h("h3", {}, "One tool"), h("div", { class: "control" }, h("label", { for: toolId }, "Tool id"), toolInput, datalist), toolPanel),
        h(
          "div",
          { class: "card stack-gap" },
          h("h3", {}, "Third-party servers"),
          h("div", { class: "control" }, h("label", { for: filterId }, "Filter servers"), filter),
          h("div", { class: "server-list" }, h("table", {}, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "3rd party"), h("th", { scope: "col" }, "server"), h("th", { scope: "col", class: "num" }, "tools"))), serverRows)),
        ),
      ),
      h("div", { class: "card stack-gap" }, h("h3", {}, "Live ranking"), h("div", { class: "control" }, h("label", { for: queryId }, "Query"), query), rankingStatus, ranking),
    ),
  );
}
