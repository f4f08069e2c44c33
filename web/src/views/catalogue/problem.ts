// What the catalogue editor shows when its text is not a catalogue: the problem, its line and
// column, an excerpt around it and a button that selects it in the editor.
import { excerpt, lineColumn, type TextRange } from "../../catalogue/locate.js";
import { h } from "../../ui/dom.js";
import type { CatalogueProblem } from "./read.js";

/** Selects `range` in the editor and scrolls it into view (a few lines from the top). */
function select(editor: HTMLTextAreaElement, range: TextRange): void {
  editor.focus();
  editor.setSelectionRange(range.start, range.end);
  const { line } = lineColumn(editor.value, range.start);
  const lineHeight = parseFloat(getComputedStyle(editor).lineHeight) || 20;
  editor.scrollTop = Math.max(0, (line - 3) * lineHeight);
}

export function problemBox(editor: HTMLTextAreaElement, problem: CatalogueProblem): HTMLElement {
  const { title, detail, range, code } = problem;
  const where = range === undefined ? undefined : lineColumn(editor.value, range.start);
  return h(
    "div",
    { class: "alert bad error-box", role: "alert", "data-testid": "catalogue-error" },
    h("strong", {}, title),
    h("span", {}, detail),
    code ? h("span", { class: "badge tainted", style: "margin-left:0.5rem" }, code) : null,
    where ? h("p", { "data-testid": "catalogue-error-location" }, `Line ${where.line}, column ${where.column}`) : null,
    range ? h("pre", {}, excerpt(editor.value, range.start)) : null,
    range ? h("button", { type: "button", class: "secondary", onclick: () => select(editor, range) }, "Show in the editor") : null,
  );
}
