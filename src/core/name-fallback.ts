import { WorkBudget } from "./work-budget.js";

// docs/scoring.md "No confident match", the name fallback: when no tool scores, tools whose
// normalized name contains a normalized fragment of the query, longest match first.

/** Fragments shorter than this never match: one or two letters are in almost every name. */
export const MIN_FRAGMENT_LENGTH = 3;

/** Fragments of one query read at most (a 512-unit query has far fewer words). */
const MAX_FRAGMENTS = 64;

/**
 * Code units of the name index one fallback may scan: each fragment scans the whole index
 * once, so this is fragments × index length. 16,000,000 is 64 fragments over ~12,000 tools
 * of 20-unit names (every normal query on every normal catalogue: results unchanged); at
 * 200,000 tools (a 5,000,000-unit index) it is the three longest fragments that can match,
 * where all 64 took 1.1 s. The first fragment is always scanned.
 */
export const NAME_FALLBACK_BUDGET = 16_000_000;

// Connectors and whitespace are dropped on both sides, so `pull-req`, `pull req` and
// `pull_request` all meet; a query word ends at any other non-letter, non-digit character.
const CONNECTORS = /[_\-./:\s]+/gu;
const WORD_BREAK = /[^\p{L}\p{M}\p{N}_\-./:]+/u;

/** A name as the fallback compares it: NFKC, lower case, connectors and whitespace removed. */
export function normalizeName(name: string): string {
  return name.normalize("NFKC").toLowerCase().replace(CONNECTORS, "");
}

/**
 * The fragments of a query: each word (split at whitespace and punctuation other than the
 * connectors `_ - . / :`), normalized, and the whole query's words joined, each at least
 * `MIN_FRAGMENT_LENGTH` code units, deduplicated, in query order.
 */
export function queryFragments(query: string): string[] {
  const words = query
    .normalize("NFKC")
    .split(WORD_BREAK)
    .map((word) => word.toLowerCase().replace(CONNECTORS, ""))
    .filter((word) => word.length > 0);
  const fragments = [...words, words.join("")].filter((fragment) => fragment.length >= MIN_FRAGMENT_LENGTH);
  return [...new Set(fragments)].slice(0, MAX_FRAGMENTS);
}

/** One fallback hit: a tool id and the length of the longest query fragment its name contains. */
export interface NameMatch {
  readonly id: string;
  readonly length: number;
}

/**
 * The names matched by the query's fragments, longest match first, then id in UTF-16
 * code-unit order. `names` is the lazily built index of normalized names (see `NameIndex`).
 * Fragments are scanned longest first while `budget` allows (the first always); scanning
 * stops early, without changing the result, once `limit` names matched longer fragments
 * than any left.
 */
export function matchNames(index: NameIndex, query: string, limit: number, budget = new WorkBudget(NAME_FALLBACK_BUDGET)): NameMatch[] {
  const fragments = queryFragments(query);
  if (fragments.length === 0 || limit <= 0) return [];
  // Stable: fragments of one length keep their query order.
  fragments.sort((left, right) => right.length - left.length);
  const best = new Map<number, number>();
  // A fragment longer than every name matches none (the whole query's words joined, often).
  const candidates = fragments.filter((fragment) => fragment.length <= index.longest);
  for (let position = 0; position < candidates.length; position++) {
    const fragment = candidates[position]!;
    // Every name found so far matched a longer fragment than this one, and that is its best.
    if (position > 0 && fragment.length < candidates[position - 1]!.length && best.size >= limit) break;
    if (position === 0) budget.force(index.length);
    else if (!budget.take(index.length)) break;
    for (const document of index.containing(fragment)) {
      if (!best.has(document)) best.set(document, fragment.length);
    }
  }
  const matches = [...best].map(([document, length]) => ({ id: index.id(document), length }));
  matches.sort((left, right) => right.length - left.length || (left.id < right.id ? -1 : left.id > right.id ? 1 : 0));
  return matches.slice(0, limit);
}

/**
 * Every tool's normalized name in one string (names separated by U+0000, which NFKC and
 * `toLowerCase` never produce from a name and the connectors' removal never joins), so a
 * fragment is found with native `indexOf` scans instead of one call per tool. Built on first
 * use: a catalogue whose searches always score never pays for it.
 */
export class NameIndex {
  readonly #ids: (document: number) => string;
  readonly #text: string;
  readonly #starts: Int32Array;
  /** Code units of the longest normalized name. */
  readonly longest: number;

  constructor(count: number, id: (document: number) => string) {
    this.#ids = id;
    const parts: string[] = new Array(count);
    const starts = new Int32Array(count + 1);
    let at = 0;
    let longest = 0;
    for (let document = 0; document < count; document++) {
      const name = normalizeName(id(document)).replaceAll("\u0000", "");
      parts[document] = name;
      longest = Math.max(longest, name.length);
      starts[document] = at;
      at += name.length + 1;
    }
    starts[count] = at;
    this.#text = parts.join("\u0000");
    this.#starts = starts;
    this.longest = longest;
  }

  id(document: number): string {
    return this.#ids(document);
  }

  /** Code units of the index: what one fragment's scan reads at most. */
  get length(): number {
    return this.#text.length;
  }

  /** Documents whose normalized name contains `fragment` (which holds no U+0000), ascending. */
  *containing(fragment: string): Generator<number> {
    const text = this.#text;
    let from = 0;
    let document = 0;
    while (true) {
      const at = text.indexOf(fragment, from);
      if (at < 0) return;
      while (this.#starts[document + 1]! <= at) document++;
      yield document;
      // The next match of interest starts in the next name.
      from = this.#starts[document + 1]!;
    }
  }
}
