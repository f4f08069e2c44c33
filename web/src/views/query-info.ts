// What the analyzer made of a query: the terms it scores (rarest first when the cap bites),
// lexicon expansions with their weight, and the words it dropped (stopwords, the term cap).
import type { Bm25ToolRanker } from "../../../src/api.js";
import { h } from "../ui/dom.js";

export interface QueryTerms {
  readonly terms: readonly { term: string; weight: number }[];
  readonly dropped: readonly string[];
}

type Weighted = { weightedQueryTerms?: (query: string) => { term: string; weight: number }[] };

export function queryTerms(ranker: Bm25ToolRanker, query: string): QueryTerms {
  const weighted = (ranker as unknown as Weighted).weightedQueryTerms;
  const terms = typeof weighted === "function" ? weighted.call(ranker, query) : ranker.queryTerms(query).map((term) => ({ term, weight: 1 }));
  const scored = new Set(terms.map((entry) => entry.term));
  const dropped = [...new Set(ranker.analyze(query))].filter((token) => !scored.has(token));
  return { terms, dropped };
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
    expansions.length > 0
      ? [
          h("span", { class: "caption" }, "lexicon:"),
          h("ul", { class: "chips", "aria-label": "Lexicon expansions" }, expansions.map((entry) => h("li", { class: "chip expansion", title: `expansion, weight ${entry.weight}` }, entry.term))),
        ]
      : null,
    info.dropped.length > 0
      ? [
          h("span", { class: "caption" }, "dropped:"),
          h("ul", { class: "chips", "aria-label": "Dropped words (stopwords or over the term cap)" }, info.dropped.map((token) => h("li", { class: "chip dropped", title: "stopword or over the term cap" }, token))),
        ]
      : null,
  );
}
