// DESIGN.md "No confident match", the name fallback: when no tool scores, tools whose
// normalized name contains a normalized fragment of the query, longest match first.

/** Fragments shorter than this never match: one or two letters are in almost every name. */
export const MIN_FRAGMENT_LENGTH = 3;

/** Fragments of one query read at most (a 512-unit query has far fewer words). */
const MAX_FRAGMENTS = 64;

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
 */
export function matchNames(index: NameIndex, query: string, limit: number): NameMatch[] {
  const fragments = queryFragments(query);
  if (fragments.length === 0 || limit <= 0) return [];
  const best = new Map<number, number>();
  for (const fragment of fragments) {
    for (const document of index.containing(fragment)) {
      if ((best.get(document) ?? 0) < fragment.length) best.set(document, fragment.length);
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

  constructor(count: number, id: (document: number) => string) {
    this.#ids = id;
    const parts: string[] = new Array(count);
    const starts = new Int32Array(count + 1);
    let at = 0;
    for (let document = 0; document < count; document++) {
      const name = normalizeName(id(document)).replaceAll("\u0000", "");
      parts[document] = name;
      starts[document] = at;
      at += name.length + 1;
    }
    starts[count] = at;
    this.#text = parts.join("\u0000");
    this.#starts = starts;
  }

  id(document: number): string {
    return this.#ids(document);
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
