// What the analyzer made of a query: the terms it scores, lexicon expansions with their
// weight, and the words it did not score (stopwords, and words no tool contains).
import type { Bm25ToolRanker } from "../../../src/entry/browser.js";
import { h } from "../ui/dom.js";

export interface QueryTerms {
  readonly terms: readonly { term: string; weight: number }[];
  /** Query stopwords the ranker dropped. */
  readonly stopwords: readonly string[];
  /** Query words, as typed, that matched no tool of this index (or fell past the term cap). */
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

/** The terms the ranker scores for a query, with their query weights (1 for the query's own words). */
export function scoredTerms(ranker: Bm25ToolRanker, query: string): { term: string; weight: number }[] {
  const weighted = (ranker as unknown as Weighted).weightedQueryTerms;
  return typeof weighted === "function" ? weighted.call(ranker, query) : ranker.queryTerms(query).map((term) => ({ term, weight: 1 }));
}

// Past this many words the leave-one-out test below is skipped (each word costs one analysis).
const MAX_WORDS_CHECKED = 32;

// The words of the query no tool matched, as typed. A word is judged whole, not by its analyzed
// tokens: Chinese is indexed as character bigrams, so "截取网页截图" yields pairs such as "取网"
// that straddle two words and are in no tool, while the query found its tools. A word matched
// when one of its own terms is scored, or when the query without it scores other terms (a
// lexicon translation: "создай" scores "create"; a two-word key needs both words).
function unmatchedWords(ranker: Bm25ToolRanker, query: string, scored: ReadonlySet<string>, stopwords: ReadonlySet<string>): string[] {
  const words = query.split(/\s+/).map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "")).filter((word) => word.length > 0);
  const signature = [...scored].sort().join("\n");
  const unmatched: string[] = [];
  words.forEach((word, index) => {
    const tokens = ranker.analyze(word).filter((token) => !stopwords.has(token));
    if (tokens.length === 0 || tokens.some((token) => scored.has(token))) return;
    if (words.length > 1 && words.length <= MAX_WORDS_CHECKED) {
      const without = [...words.slice(0, index), ...words.slice(index + 1)].join(" ");
      const rest = scoredTerms(ranker, without).map((entry) => entry.term).sort().join("\n");
      if (rest !== signature) return;
    } else if (words.length === 1 && scored.size > 0) {
      return;
    }
    if (!unmatched.includes(word)) unmatched.push(word);
  });
  return unmatched;
}

export function queryTerms(ranker: Bm25ToolRanker, query: string): QueryTerms {
  const terms = scoredTerms(ranker, query);
  const scored = new Set(terms.map((entry) => entry.term));
  const stopwords = analyzedStopwords(ranker);
  const dropped = [...new Set(ranker.analyze(query))].filter((token) => !scored.has(token));
  return { terms, stopwords: dropped.filter((token) => stopwords.has(token)), unknown: unmatchedWords(ranker, query, scored, stopwords) };
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
