// What the analyzer made of a query: the terms it scores, lexicon expansions with their
// weight, and the words it did not score (stopwords, and words no tool contains).
import type { Bm25ToolRanker } from "../../../src/entry/browser.js";
import { h } from "../ui/dom.js";

export interface QueryTerms {
  readonly terms: readonly { term: string; weight: number }[];
  /** Query stopwords the ranker dropped. */
  readonly stopwords: readonly string[];
  /** Words that are in no tool of this index (or fell past the term cap). */
  readonly unknown: readonly string[];
}

type Weighted = { weightedQueryTerms?: (query: string) => { term: string; weight: number }[] };

const stopwordCache = new WeakMap<Bm25ToolRanker, ReadonlySet<string>>();

// The ranker's stopwords as the analyzer sees them (an empty list when they are switched off).
function analyzedStopwords(ranker: Bm25ToolRanker): ReadonlySet<string> {
  let set = stopwordCache.get(ranker);
  if (set === undefined) {
    set = new Set(ranker.options.stopwords.flatMap((word) => ranker.analyze(word)));
    stopwordCache.set(ranker, set);
  }
  return set;
}

export function queryTerms(ranker: Bm25ToolRanker, query: string): QueryTerms {
  const weighted = (ranker as unknown as Weighted).weightedQueryTerms;
  const terms = typeof weighted === "function" ? weighted.call(ranker, query) : ranker.queryTerms(query).map((term) => ({ term, weight: 1 }));
  const scored = new Set(terms.map((entry) => entry.term));
  const stopwords = analyzedStopwords(ranker);
  const dropped = [...new Set(ranker.analyze(query))].filter((token) => !scored.has(token));
  return { terms, stopwords: dropped.filter((token) => stopwords.has(token)), unknown: dropped.filter((token) => !stopwords.has(token)) };
}

function chips(caption: string, label: string, className: string, items: readonly string[], title: (item: string) => string): HTMLElement[] {
  if (items.length === 0) return [];
  return [
    h("span", { class: "caption" }, caption),
    h("ul", { class: "chips", "aria-label": label }, items.map((item) => h("li", { class: `chip ${className}`, title: title(item) }, item))),
  ];
}

export function queryTermChips(info: QueryTerms): HTMLElement {
  const own = info.terms.filter((entry) => entry.weight >= 1);
  const expansions = info.terms.filter((entry) => entry.weight < 1);
  return h(
    "div",
    { class: "query-terms" },
    h("span", { class: "caption" }, "Analyzed query:"),
    own.length === 0 && expansions.length === 0 ? h("span", { class: "muted" }, "no terms") : null,
    h("ul", { class: "chips", "aria-label": "Query terms" }, own.map((entry) => h("li", { class: "chip term" }, entry.term))),
    chips("lexicon:", "Lexicon expansions", "expansion", expansions.map((entry) => entry.term), (term) => `expansion of a query word, weight ${expansions.find((entry) => entry.term === term)?.weight}`),
    chips("stopwords:", "Dropped stopwords", "dropped", info.stopwords, () => "query stopword: not scored"),
    chips("in no tool:", "Words no tool contains", "unknown", info.unknown, () => "no tool in this index contains it (or it fell past the term cap)"),
  );
}
