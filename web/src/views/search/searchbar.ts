// The search view's query box and its keyboard path into the results: the down arrow moves
// into the hits; leaving them at the top, or Escape, comes back to the box.
import { h } from "../../ui/dom.js";
import { focusHit } from "../hits.js";

/** `results`: the element the hits are drawn into; `onInput`: the query text changed. */
export function searchBar(results: HTMLElement, onInput: () => void): { element: HTMLElement; input: HTMLInputElement } {
  const input = h("input", {
    id: "query",
    type: "search",
    autocomplete: "off",
    spellcheck: "false",
    placeholder: "Describe what the agent wants to do…",
    "aria-describedby": "query-help",
    "aria-controls": "search-results",
  });
  const label = h("label", { for: "query", class: "search-label" }, "Search the catalogue");
  const help = h("p", { id: "query-help", class: "visually-hidden" }, "Results update as you type. Press the down arrow to move into the results, Enter to explain a hit.");

  input.addEventListener("input", onInput);
  input.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowDown") return;
    const buttons = [...results.querySelectorAll<HTMLButtonElement>(".hit-toggle")];
    if (buttons.length === 0) return;
    event.preventDefault();
    focusHit(buttons, 0);
  });
  results.addEventListener("exit-top", () => input.focus());
  results.addEventListener("keydown", (event) => {
    if (event.key === "Escape") input.focus();
  });

  return { element: h("div", { class: "searchbar" }, label, input, help), input };
}
