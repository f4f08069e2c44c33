// The catalogue view's editor card: paste, insert an example or upload a catalogue, build its
// index in the page and search it, or see where the text is wrong.
import { EXAMPLE_ARRAY, EXAMPLE_TOOLS_LIST } from "../../catalogue/examples.js";
import { makeCatalogue, type Store } from "../../state/store.js";
import { h, replace, uid } from "../../ui/dom.js";
import { count, milliseconds } from "../../ui/format.js";
import { problemBox } from "./problem.js";
import { readTools, type CatalogueProblem } from "./read.js";

export function editorCard(store: Store): HTMLElement {
  const editorId = uid("catalogue-json");
  const editor = h("textarea", { id: editorId, class: "code", spellcheck: "false", rows: 18, "aria-describedby": "catalogue-format" });
  const fileId = uid("catalogue-file");
  const file = h("input", { id: fileId, type: "file", accept: ".json,application/json" });
  const message = h("div", { "aria-live": "polite" });

  function showError(problem: CatalogueProblem): void {
    editor.setAttribute("aria-invalid", "true");
    replace(message, problemBox(editor, problem));
    message.scrollIntoView({ block: "nearest" });
  }

  async function build(): Promise<void> {
    const read = readTools(editor.value);
    if (!read.ok) return showError(read.problem);
    const { tools } = read;
    editor.removeAttribute("aria-invalid");
    replace(message, h("p", { class: "muted" }, h("span", { class: "spinner", "aria-hidden": "true" }), `Indexing ${count(tools.length)} tools…`));
    await store.setCatalogue(makeCatalogue("Your catalogue", false, tools));
    if (store.lastError !== undefined) return showError({ title: "The index could not be built.", detail: String(store.lastError) });
    replace(
      message,
      h("div", { class: "alert good", role: "status", "data-testid": "catalogue-ok" }, h("strong", {}, `Indexed ${count(tools.length)} tools in ${milliseconds(store.index.milliseconds)}.`), "Search them in the Search tab."),
    );
    store.setQuery("");
    store.setView("search");
    document.getElementById("query")?.focus();
  }

  file.addEventListener("change", async () => {
    const chosen = file.files?.[0];
    if (chosen === undefined) return;
    editor.value = await chosen.text();
    await build();
    file.value = "";
  });
  const insert = (text: string) => () => {
    editor.value = text;
    editor.removeAttribute("aria-invalid");
    replace(message);
  };

  return h(
    "div",
    { class: "card stack-gap" },
    h("h2", {}, "Bring your own catalogue"),
    h(
      "p",
      { id: "catalogue-format", class: "muted" },
      "A JSON array of tools ",
      h("code", {}, '{ "id" | "name", "description"?, "tags"?, "aliases"?, "params"? | "inputSchema"? }'),
      " or an MCP ",
      h("code", {}, "tools/list"),
      " result ",
      h("code", {}, '{ "tools": [...] }'),
      ". It is indexed in this page as your own (trusted) catalogue; nothing is uploaded anywhere.",
    ),
    // Above the editor: below it, an error was out of sight at 1400×1000 (the editor is tall).
    message,
    h("label", { for: editorId }, "Catalogue JSON"),
    editor,
    h(
      "div",
      { class: "row" },
      h("button", { type: "button", onclick: build }, "Build the index and search it"),
      h("button", { type: "button", class: "secondary", onclick: insert(EXAMPLE_ARRAY) }, "Insert an example array"),
      h("button", { type: "button", class: "secondary", onclick: insert(EXAMPLE_TOOLS_LIST) }, "Insert a tools/list result"),
      h("label", { for: fileId, class: "inline" }, "Upload a file:", file),
    ),
  );
}
