// Your own catalogue: paste or upload an array of tools or an MCP tools/list result, get a
// located error when it is not one, search it, and download the built index artifact.
import type { Store } from "../../state/store.js";
import { h } from "../../ui/dom.js";
import { editorCard } from "./editor.js";
import { summaryCard } from "./summary.js";

export function catalogueView(store: Store): HTMLElement {
  const editor = editorCard(store);
  return h("section", { class: "view catalogue-view stack-gap" }, summaryCard(store), editor);
}
