// The trust view's server list: a third-party switch per server, with its tool count and a filter.
import type { TrustState } from "../../catalogue/model.js";
import type { Store } from "../../state/store.js";
import { h, replace, uid } from "../../ui/dom.js";
import { count } from "../../ui/format.js";
import { toggled } from "./lists.js";

export interface ServersPanel {
  readonly element: HTMLElement;
  render(): void;
}

/** `change`: applies a new trust state. */
export function serversPanel(store: Store, change: (trust: TrustState) => void): ServersPanel {
  const filterId = uid("server-filter");
  const filter = h("input", { id: filterId, type: "search", placeholder: "filter servers", autocomplete: "off" });
  const serverRows = h("tbody");
  filter.addEventListener("input", render);

  function render(): void {
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

  const element = h(
    "div",
    { class: "card stack-gap" },
    h("h3", {}, "Third-party servers"),
    h("div", { class: "control" }, h("label", { for: filterId }, "Filter servers"), filter),
    h("div", { class: "server-list" }, h("table", {}, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "3rd party"), h("th", { scope: "col" }, "server"), h("th", { scope: "col", class: "num" }, "tools"))), serverRows)),
  );
  return { element, render };
}
