// Search as you type: every keystroke ranks the whole catalogue in the page, times the
// ranking call alone (repeated until the clock can resolve it), and renders the hits.
import type { Bm25ToolRanker } from "../../../src/entry/browser.js";
import type { Store } from "../state/store.js";
import { h, replace } from "../ui/dom.js";
import { count, duration, microseconds, milliseconds } from "../ui/format.js";
import { focusHit, hitList } from "./hits.js";
import { queryTermChips, queryTerms, scoredTerms } from "./query-info.js";

const PAGE = 10;
const MAX_SHOWN = 50;

/**
 * How the steady per-query time is measured: batches of runs, each long enough for the clock
 * to resolve (5 µs here, cross-origin isolated; 100 µs without), and the median of the
 * batches' means. A mean over all runs let one pause (a collection, another tab) move the
 * figure: 17–178 µs for the same query between visits.
 */
export const RANK_TIMING = Object.freeze({
  /** Batches after the first run; odd, so the median is one batch's mean. */
  batches: 9,
  /** ms of runs in a batch, at least: 50 ticks of a 5 µs clock. */
  batchMilliseconds: 0.25,
  /** Runs after the first, at most (a batch ends early at its share of them). */
  maxRuns: 900,
});

// A query's `rank` is timed in two parts: the first call alone (it may pay for cold code paths
// and caches, here 100 µs against 11 µs after for "create a pull request on github") and the
// median batch of the calls after it.

/** The time of one `rank` call, in µs (the first one for a query: made before anything else ranks it). */
function timeFirstRank(ranker: Bm25ToolRanker, query: string, limit: number): number {
  const first = performance.now();
  ranker.rank(query, limit);
  return (performance.now() - first) * 1000;
}

/** The median of the batches' mean `rank` times after the first call (RANK_TIMING), in µs, and the runs made. */
function timeRepeatedRanks(ranker: Bm25ToolRanker, query: string, limit: number): { micros: number; runs: number } {
  const { batches, batchMilliseconds, maxRuns } = RANK_TIMING;
  const means: number[] = [];
  let runs = 0;
  for (let batch = 0; batch < batches; batch++) {
    const started = performance.now();
    let batchRuns = 0;
    let elapsed = 0;
    do {
      ranker.rank(query, limit);
      batchRuns++;
      elapsed = performance.now() - started;
    } while (elapsed < batchMilliseconds && batchRuns < maxRuns / batches);
    means.push((elapsed * 1000) / batchRuns);
    runs += batchRuns;
  }
  means.sort((left, right) => left - right);
  return { micros: means[batches >> 1]!, runs };
}

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

/** `examples`: the chips' requests (web/src/catalogue/requests.ts), made for the catalogue the page was built with. */
export function searchView(store: Store, examples: readonly string[], onAnswered: (query: string) => void): SearchView {
  let shown = PAGE;
  const open = new Set<string>();
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
  const info = h("div", { class: "query-info", "aria-live": "polite" });
  const results = h("div", { id: "search-results" });
  const more = h("button", { type: "button", class: "secondary", hidden: true, onclick: () => { shown = Math.min(MAX_SHOWN, shown + PAGE); render(); } }, "Show 10 more");
  const chips = h(
    "div",
    { class: "examples", hidden: true },
    h("span", { class: "caption" }, "Try:"),
    examples.map((example) =>
      h("button", { type: "button", class: "chip example", onclick: () => { input.value = example; update(); input.focus(); } }, example),
    ),
  );

  function update(): void {
    shown = PAGE;
    open.clear();
    store.setQuery(input.value);
  }

  input.addEventListener("input", update);
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

  let pendingInfo: (() => void) | undefined;

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
    pendingInfo = () => {
      const timing = { firstMicros, ...timeRepeatedRanks(ranker, query, shown) };
      replace(
        info,
        queryTermChips(queryTerms(ranker, query)),
        h(
          "p",
          { class: "timing" },
          h("strong", { "data-testid": "query-time" }, microseconds(timing.micros)),
          ` per query (rank over ${count(ranker.size)} tools, median of ${RANK_TIMING.batches} timed batches, ${timing.runs} runs, after a first run of `,
          h("span", { "data-testid": "query-first-time" }, duration(timing.firstMicros)),
          `) · explain and render ${milliseconds(renderTime)}`,
        ),
      );
    };
    onAnswered(query);
  }

  store.on("query", render);
  store.on("index", render);
  // The examples are requests to the catalogue the page was built with (complete() hides them for another).
  store.on("catalogue", render);

  const element = h("section", { class: "view search-view" }, h("div", { class: "searchbar" }, label, input, help), chips, info, results, more);
  return { element, input, render, renderFirst, complete };
}
