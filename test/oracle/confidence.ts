// docs/scoring.md "No confident match": the verdict and the name fallback. Written from the design
// text only; it reuses the oracle's own analysis and ranking, nothing from src/.
import { fdlibmLog } from "./log.js";
import {
  oracleIndex,
  oracleRank,
  oracleWeightedTerms,
  resolveOptions,
  type OracleDoc,
  type OracleOptionsInput,
} from "./rank.js";

export interface OracleSearchHit {
  id: string;
  score: number;
  match: "terms" | "name";
}

export interface OracleSearch {
  hits: OracleSearchHit[];
  ceiling: number;
  reference: number;
  floor: number;
  confident: boolean;
  fallback: boolean;
}

/** The design's idf with `n_t = n` over `N` documents. */
function idf(documents: number, n: number): number {
  return fdlibmLog(1 + (documents - n + 0.5) / (n + 0.5));
}

/** Lower case, NFKC, and none of `_ - . / :` or whitespace. */
function squash(text: string): string {
  let out = "";
  for (const character of text.normalize("NFKC").toLowerCase()) {
    if (!/[_\-./:]/.test(character) && !/\s/u.test(character)) out += character;
  }
  return out;
}

/** The design's query fragments: words, then all words joined; ≥ 3 code units; first wins. */
export function oracleFragments(query: string): string[] {
  const words: string[] = [];
  let word = "";
  for (const character of query.normalize("NFKC")) {
    if (/[\p{L}\p{M}\p{N}_\-./:]/u.test(character)) {
      word += character;
    } else {
      words.push(word);
      word = "";
    }
  }
  words.push(word);
  const squashed = words.map(squash).filter((entry) => entry.length > 0);
  const all = [...squashed, squashed.join("")].filter((entry) => entry.length >= 3);
  const seen: string[] = [];
  for (const entry of all) if (!seen.includes(entry)) seen.push(entry);
  return seen.slice(0, 64);
}

/** The name fallback over every document, by plain loops: longest contained fragment, then id. */
export function oracleNameFallback(docs: readonly OracleDoc[], query: string): OracleSearchHit[] {
  const fragments = oracleFragments(query.slice(0, 512));
  const found: { id: string; length: number }[] = [];
  for (const doc of docs) {
    const name = squash(doc.id).split("\u0000").join("");
    let longest = 0;
    for (const fragment of fragments) if (name.includes(fragment) && fragment.length > longest) longest = fragment.length;
    if (longest > 0) found.push({ id: doc.id, length: longest });
  }
  found.sort((a, b) => b.length - a.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return found.map(({ id }) => ({ id, score: 0, match: "name" }));
}

/**
 * `Bm25ToolRanker.search` from the design text: the ranking, the ceiling
 * `(Σ qw·idf in query order) × (1 + nameBonus)`, the reference `idf` of a term one document
 * has, the floor `max(floor × reference, share × ceiling)`, and the fallback when nothing scores.
 */
export function oracleSearch(
  docs: readonly OracleDoc[],
  optionsInput: OracleOptionsInput,
  query: string,
  limit: number,
  confidence: { floor: number; share: number } = { floor: 0.6, share: 0.05 },
): OracleSearch {
  const options = resolveOptions(optionsInput);
  const index = oracleIndex(docs, options);
  // Every chosen term at its query weight: the query's own (1), lexicon expansions and related terms.
  let sum = 0;
  for (const [term, weight] of oracleWeightedTerms(index, options, query)) sum = sum + weight * idf(docs.length, index.documentFrequency.get(term) as number);
  const ceiling = sum * (1 + options.nameBonus);
  const reference = idf(docs.length, 1);
  const floor = Math.max(confidence.floor * reference, confidence.share * ceiling);
  const ranked = oracleRank(docs, optionsInput, query, limit);
  if (ranked.length > 0) {
    const hits = ranked.map(({ id, score }): OracleSearchHit => ({ id, score, match: "terms" }));
    return { hits, ceiling, reference, floor, confident: (hits[0] as OracleSearchHit).score >= floor, fallback: false };
  }
  const size = limit === Infinity ? docs.length : Math.max(0, Math.floor(limit));
  const hits = size === 0 ? [] : oracleNameFallback(docs, query).slice(0, size);
  return { hits, ceiling, reference, floor, confident: false, fallback: hits.length > 0 };
}
