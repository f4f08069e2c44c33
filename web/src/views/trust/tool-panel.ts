// The trust view's one-tool card: the chosen tool's verdict, its third-party, vouched and
// tainted switches, its host aliases and tags, and what the index ranks on for it.
import { toolSearchDocs, WITHHELD_DESCRIPTION } from "../../../../src/entry/browser.js";
import type { ToolTrust } from "../../../../src/trust/policy.js";
import { vouchedBy, type TrustState } from "../../catalogue/model.js";
import type { Store } from "../../state/store.js";
import { h, replace, uid } from "../../ui/dom.js";
import { splitLabels, toggled } from "./lists.js";
import { FOCUS_TOOL } from "./scenarios.js";

export interface ToolPanel {
  readonly element: HTMLElement;
  render(): void;
  /** Chooses the tool shown (drawn at the next `render`). */
  select(id: string): void;
  /** Lists the new catalogue's tools, keeping the chosen one when it is still there. */
  listTools(): void;
}

function verdictText(verdict: ToolTrust | undefined): string {
  if (verdict?.descriptionTainted) return "Tainted: the description is never indexed, never shown and cannot be vouched for.";
  if (verdict?.thirdParty && verdict.vouched) return "Third-party, vouched: its own text is indexed as description-level text and shown.";
  if (verdict?.thirdParty) return `Third-party: only host annotations are indexed; the model sees “${WITHHELD_DESCRIPTION}”.`;
  return "First-party: its description, tags, aliases and parameters are indexed and shown.";
}

function flag(label: string, checked: boolean, disabled: boolean, onChange: (on: boolean) => void): HTMLElement {
  const id = uid("tool-flag");
  const input = h("input", { type: "checkbox", id, checked, disabled, onchange: () => onChange(input.checked) });
  return h("label", { for: id, class: "inline" }, input, ` ${label}`);
}

/** The host aliases and tags of tool `id`, each a comma-separated field applied on change. */
function labelControls(store: Store, id: string, change: (trust: TrustState) => void): HTMLElement[] {
  const trust = store.trust;
  const annotation = trust.annotations[id] ?? {};
  const tagsId = uid("tags");
  const aliasesId = uid("aliases");
  const tags = h("input", { id: tagsId, type: "text", value: (annotation.tags ?? []).join(", "), placeholder: "comma-separated" });
  const aliases = h("input", { id: aliasesId, type: "text", value: (annotation.aliases ?? []).join(", "), placeholder: "comma-separated" });
  const applyLabels = () => {
    const next = { ...trust.annotations };
    const entry = { tags: splitLabels(tags.value), aliases: splitLabels(aliases.value) };
    if (entry.tags.length === 0 && entry.aliases.length === 0) delete next[id];
    else next[id] = entry;
    change({ ...store.trust, annotations: next });
  };
  tags.addEventListener("change", applyLabels);
  aliases.addEventListener("change", applyLabels);
  return [h("div", { class: "control" }, h("label", { for: aliasesId }, "Host aliases"), aliases), h("div", { class: "control" }, h("label", { for: tagsId }, "Host tags"), tags)];
}

/** `change`: applies a new trust state. */
export function toolPanel(store: Store, change: (trust: TrustState) => void): ToolPanel {
  let selected = FOCUS_TOOL;
  const toolId = uid("trust-tool");
  const listId = uid("tool-ids");
  const toolInput = h("input", { id: toolId, type: "text", list: listId, value: selected, autocomplete: "off", spellcheck: "false" });
  const datalist = h("datalist", { id: listId });
  const body = h("div", { class: "stack-gap" });
  toolInput.addEventListener("change", () => {
    selected = toolInput.value.trim();
    render();
  });
  const flip = (key: "remoteTools" | "vouched" | "tainted", id: string) => (on: boolean) => change({ ...store.trust, [key]: toggled(store.trust[key], id, on) });

  function render(): void {
    const catalogue = store.catalogue;
    const tool = catalogue?.byId.get(selected);
    if (tool === undefined) {
      replace(body, h("p", { class: "muted" }, catalogue === undefined ? "Loading the catalogue…" : "Choose a tool id from the list."));
      return;
    }
    const trust = store.trust;
    const serverRemote = trust.remoteServers.includes(tool.server);
    const labels = labelControls(store, tool.id, change);
    const definition = store.definitions.find((item) => item.id === tool.id);
    const doc = definition === undefined ? undefined : toolSearchDocs([definition], { annotations: trust.annotations, trustJsonSchemaText: vouchedBy(trust.vouched) })[0];
    replace(
      body,
      h("p", { class: "verdict" }, h("strong", {}, tool.id), " — ", verdictText(store.verdict(tool.id))),
      h(
        "div",
        { class: "row" },
        flag("third-party (this tool)", trust.remoteTools.includes(tool.id) || serverRemote, serverRemote, flip("remoteTools", tool.id)),
        flag("vouch for it", trust.vouched.includes(tool.id), false, flip("vouched", tool.id)),
        flag("tainted description", trust.tainted.includes(tool.id), false, flip("tainted", tool.id)),
      ),
      labels,
      h("p", { class: "hint" }, "Host annotations are trusted and apply to any tool (normalized, at most 16 per field, 80 characters each)."),
      doc ? h("details", {}, h("summary", {}, "What the index ranks on (toolSearchDocs)"), h("pre", { class: "journal" }, JSON.stringify(doc, null, 2))) : null,
    );
  }

  const element = h("div", { class: "card stack-gap" }, h("h3", {}, "One tool"), h("div", { class: "control" }, h("label", { for: toolId }, "Tool id"), toolInput, datalist), body);
  return {
    element,
    render,
    select(id) {
      selected = id;
      toolInput.value = selected;
    },
    listTools() {
      replace(datalist, (store.catalogue?.tools ?? []).map((tool) => h("option", { value: tool.id })));
      if (store.catalogue !== undefined && !store.catalogue.byId.has(selected)) selected = store.catalogue.tools[0]?.id ?? "";
      toolInput.value = selected;
    },
  };
}
