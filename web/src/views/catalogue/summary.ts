// The catalogue view's summary card: the current catalogue's size and index, kept up to date,
// and the download of its index artifact.
import type { Store } from "../../state/store.js";
import { h, replace } from "../../ui/dom.js";
import { download } from "../../ui/download.js";
import { count, milliseconds } from "../../ui/format.js";
import { tile } from "../../ui/tile.js";

function downloadArtifact(store: Store): void {
  const artifact = store.ranker.serialize();
  download(artifact, store.catalogue?.embedded === false ? "catalogue.tsi" : "mcp-catalogue.tsi", "application/octet-stream");
}

export function summaryCard(store: Store): HTMLElement {
  const summary = h("div", { class: "card" });

  function render(): void {
    const catalogue = store.catalogue;
    const ranker = store.ranker;
    replace(
      summary,
      h("h2", {}, "Current catalogue: ", catalogue?.name ?? "MCP catalogue"),
      h(
        "div",
        { class: "summary-grid" },
        tile("tools", count(ranker.size)),
        tile("servers", count(catalogue?.servers.length ?? 0)),
        tile("index terms", count(ranker.termCount)),
        tile(store.index.source === "artifact" ? "artifact load" : "build in page", milliseconds(store.index.milliseconds)),
      ),
      h(
        "div",
        { class: "row", style: "margin-top:0.8rem" },
        h("button", { type: "button", onclick: () => downloadArtifact(store) }, "Download the index artifact (.tsi)"),
        catalogue !== undefined && !catalogue.embedded
          ? h("button", { type: "button", class: "secondary", onclick: () => store.useEmbedded() }, "Back to the MCP catalogue")
          : null,
        h("span", { class: "hint" }, "The artifact is versioned and checksummed; load it with Bm25ToolRanker.load(bytes) or `toolsift query index.tsi`."),
      ),
    );
  }
  store.on("index", render);
  store.on("catalogue", render);
  render();
  return summary;
}
