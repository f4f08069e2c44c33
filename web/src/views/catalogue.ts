// Your own catalogue: paste or upload an array of tools or an MCP tools/list result, get a
// located error when it is not one, search it, and download the built index artifact.
import { isToolsiftError } from "../../../src/entry/browser.js";
import { readCatalogue } from "../catalogue/model.js";
import { EXAMPLE_ARRAY, EXAMPLE_TOOLS_LIST } from "../catalogue/examples.js";
import { excerpt, lineColumn, locateEntry, syntaxErrorOffset, type TextRange } from "../catalogue/locate.js";
import { makeCatalogue, type Store } from "../state/store.js";
import { h, replace, uid } from "../ui/dom.js";
import { download } from "../ui/download.js";
import { count, milliseconds } from "../ui/format.js";

export function catalogueView(store: Store): HTMLElement {
  const editorId = uid("catalogue-json");
  const editor = h("textarea", { id: editorId, class: "code", spellcheck: "false", rows: 18, "aria-describedby": "catalogue-format" });
  const fileId = uid("catalogue-file");
  const file = h("input", { id: fileId, type: "file", accept: ".json,application/json" });
  const message = h("div", { "aria-live": "polite" });
  const summary = h("div", { class: "card" });

  function select(range: TextRange): void {
    editor.focus();
    editor.setSelectionRange(range.start, range.end);
    const { line } = lineColumn(editor.value, range.start);
    const lineHeight = parseFloat(getComputedStyle(editor).lineHeight) || 20;
    editor.scrollTop = Math.max(0, (line - 3) * lineHeight);
  }

  function showError(title: string, detail: string, range: TextRange | undefined, code?: string): void {
    editor.setAttribute("aria-invalid", "true");
    const where = range === undefined ? undefined : lineColumn(editor.value, range.start);
    replace(
      message,
      h(
        "div",
        { class: "alert bad error-box", role: "alert", "data-testid": "catalogue-error" },
        h("strong", {}, title),
        h("span", {}, detail),
        code ? h("span", { class: "badge tainted", style: "margin-left:0.5rem" }, code) : null,
        where ? h("p", { "data-testid": "catalogue-error-location" }, `Line ${where.line}, column ${where.column}`) : null,
        range ? h("pre", {}, excerpt(editor.value, range.start)) : null,
        range ? h("button", { type: "button", class: "secondary", onclick: () => select(range) }, "Show in the editor") : null,
      ),
    );
    message.scrollIntoView({ block: "nearest" });
  }

  async function build(): Promise<void> {
    const text = editor.value;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      const offset = syntaxErrorOffset(error, text);
      showError("This is not valid JSON.", error instanceof Error ? error.message : String(error), { start: offset, end: Math.min(text.length, offset + 1) });
      return;
    }
    let tools;
    try {
      tools = readCatalogue(json);
    } catch (error) {
      if (!isToolsiftError(error)) throw error;
      const [index, field] = error.path;
      const range = typeof index === "number" ? locateEntry(text, index, typeof field === "string" ? field : undefined) : undefined;
      showError("This catalogue has a bad entry.", error.message, range, error.code);
      return;
    }
    if (tools.length === 0) {
      showError("This catalogue has no tools.", "Add at least one tool: { \"id\": \"…\", \"description\": \"…\" }.", undefined);
      return;
    }
    editor.removeAttribute("aria-invalid");
    replace(message, h("p", { class: "muted" }, h("span", { class: "spinner", "aria-hidden": "true" }), `Indexing ${count(tools.length)} tools…`));
    await store.setCatalogue(makeCatalogue("Your catalogue", false, tools));
    if (store.lastError !== undefined) {
      showError("The index could not be built.", String(store.lastError), undefined);
      return;
    }
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

  function renderSummary(): void {
    const catalogue = store.catalogue;
    const ranker = store.ranker;
    replace(
      summary,
      h("h2", {}, "Current catalogue: ", catalogue?.name ?? "MCP catalogue"),
      h(
        "div",
        { class: "summary-grid" },
        h("div", { class: "tile" }, h("div", { class: "value" }, count(ranker.size)), h("div", { class: "name" }, "tools")),
        h("div", { class: "tile" }, h("div", { class: "value" }, count(catalogue?.servers.length ?? 0)), h("div", { class: "name" }, "servers")),
        h("div", { class: "tile" }, h("div", { class: "value" }, count(ranker.termCount)), h("div", { class: "name" }, "index terms")),
        h(
          "div",
          { class: "tile" },
          h("div", { class: "value" }, milliseconds(store.index.milliseconds)),
          h("div", { class: "name" }, store.index.source === "artifact" ? "artifact load" : "build in page"),
        ),
      ),
      h(
        "div",
        { class: "row", style: "margin-top:0.8rem" },
        h(
          "button",
          {
            type: "button",
            onclick: () => {
              const artifact = store.ranker.serialize();
              download(artifact, store.catalogue?.embedded === false ? "catalogue.tsi" : "mcp-catalogue.tsi", "application/octet-stream");
            },
          },
          "Download the index artifact (.tsi)",
        ),
        catalogue !== undefined && !catalogue.embedded
          ? h("button", { type: "button", class: "secondary", onclick: () => store.useEmbedded() }, "Back to the MCP catalogue")
          : null,
        h("span", { class: "hint" }, "The artifact is versioned and checksummed; load it with Bm25ToolRanker.load(bytes) or `toolsift query index.tsi`."),
      ),
    );
  }
  store.on("index", renderSummary);
  store.on("catalogue", renderSummary);
  renderSummary();

  return h(
    "section",
    { class: "view catalogue-view stack-gap" },
    summary,
    h(
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
        h("button", { type: "button", class: "secondary", onclick: () => { editor.value = EXAMPLE_ARRAY; editor.removeAttribute("aria-invalid"); replace(message); } }, "Insert an example array"),
        h("button", { type: "button", class: "secondary", onclick: () => { editor.value = EXAMPLE_TOOLS_LIST; editor.removeAttribute("aria-invalid"); replace(message); } }, "Insert a tools/list result"),
        h("label", { for: fileId, class: "inline" }, "Upload a file:", file),
      ),
    ),
  );
}
