// Search as you type: every keystroke ranks the whole catalogue in the page, times the
// ranking call alone (repeated until the clock can resolve it), and renders the hits.
import type { Store } from "../../state/store.js";
import { h, replace } from "../../ui/dom.js";
import { count } from "../../ui/format.js";
import { hitList } from "../hits.js";
import { queryTermChips, queryTerms, scoredTerms } from "../query-info.js";
import { searchBar } from "./searchbar.js";
import { timeFirstRank, timingLine } from "./timing.js";

const PAGE = 10;
const MAX_SHOWN = 50;

export interface SearchView {
  readonly element: HTMLElement;
  readonly input: HTMLInputElement;
  /** Ranks and renders the current query; returns when the hits are in the DOM. */
  render(): void;
  /**
   * The first answer, as little as it can paint: the hits, with the analyzed query, the
   * timing line and the example chips (Chinese and Russian text, whose fonts cost the first
   * layout more) left for `complete`, called once that frame is out.
   */
  renderFirst(): void;
  complete(): void;
}

/** The example requests, each a button that searches it. */
function exampleChips(examples: readonly string[], choose: (example: string) => void): HTMLElement {
  return h(
    "div",
    { class: "examples", hidden: true },
    h("span", { class: "caption" }, "Try:"),
    examples.map((example) => h("button", { type: "button", class: "chip example", onclick: () => choose(example) }, example)),
  );
}

/** `examples`: the chips' requests (web/src/catalogue/requests.ts), made for the catalogue the page was built with. */
export function searchView(store: Store, examples: readonly string[], onAnswered: (query: string) => void): SearchView {
  let shown = PAGE;
  const open = new Set<string>();
  const info = h("div", { class: "query-info", "aria-live": "polite" });
  const results = h("div", { id: "search-results" });
  const bar = searchBar(results, update);
  const input = bar.input;
  const more = h("button", { type: "button", class: "secondary", hidden: true, onclick: () => { shown = Math.min(MAX_SHOWN, shown + PAGE); render(); } }, "Show 10 more");
  const chips = exampleChips(examples, (example) => { input.value = example; update(); input.focus(); });
  let pendingInfo: (() => void) | undefined;

  function update(): void {
    shown = PAGE;
    open.clear();
    store.setQuery(input.value);
  }

  function render(): void {
    renderFirst();
    complete();
  }

  function complete(): void {
    chips.hidden = store.catalogue?.embedded === false || examples.length === 0;
    pendingInfo?.();
    pendingInfo = undefined;
  }

  function renderFirst(): void {
    pendingInfo = undefined;
    const query = store.query;
    if (input.value !== query) input.value = query;
    const ranker = store.ranker;
    if (query.trim().length === 0) {
      replace(info, h("span", { class: "muted" }, `${count(ranker.size)} tools indexed. Type a request the way an agent would phrase it.`));
      replace(results);
      more.hidden = true;
      return;
    }
    // The first call is timed now; the repeated ones (2 ms or more) wait for complete().
    const firstMicros = timeFirstRank(ranker, query, shown);
    const started = performance.now();
    const hits = ranker.explain(query, shown);
    const weights = new Map(scoredTerms(ranker, query).map((entry) => [entry.term, entry.weight]));
    replace(
      results,
      hits.length === 0
        ? h("p", { class: "empty" }, "No tool matched any query term.")
        : hitList(store, hits, { weights, open, onToggle: (id, isOpen) => (isOpen ? open.add(id) : open.delete(id)) }),
    );
    const renderTime = performance.now() - started;
    more.hidden = hits.length < shown || shown >= MAX_SHOWN;
    pendingInfo = () => replace(info, queryTermChips(queryTerms(ranker, query)), timingLine(ranker, query, shown, firstMicros, renderTime));
    onAnswered(query);
  }

  store.on("query", render);
  store.on("index", render);
  // The examples are requests to the catalogue the page was built with (complete() hides them for another).
  store.on("catalogue", render);

  const element = h("section", { class: "view search-view" }, bar.element, chips, info, results, more);
  return { element, input, render, renderFirst, complete };
}
