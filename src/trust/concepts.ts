import { ENGLISH_SYNONYM_GROUPS } from "../analysis/synonyms.js";
import { splitSummary } from "../core/summary.js";

// Why vouched third-party text is thinned (DESIGN.md, Trust, "Thinned vouched text"): a query
// word reaches more than itself, its word forms (`create` → `creating`, `created`) and the
// other words of its synonym group (`generate`, `make`, `build`), and each one it finds in a
// tool adds to that tool's score. A vouched remote tool listing the forms and synonyms of the
// users' common words once each is credited a dozen times for one request word: on the MCP
// catalogue it took first place on 10–16% of the dev queries (src/session/stuffing-mcp.test.ts).
// Repeating one word wins nothing (k1 saturates it); listing its relatives did.

/**
 * Bounds on vouched third-party text (first-party text is never thinned):
 * - `formsPerWord`: distinct words kept per word-form key (`create`, `creates`, `created`,
 *   `creating` share one), ≥ 1. 1 keeps the first form written and its repeats.
 * - `wordsPerSynonymGroup`: distinct words kept per bundled English synonym group, ≥ 1.
 *   Honest descriptions use two or three (`errors and issues`); 3 left the dev folds of the
 *   whole catalogue vouched within noise, 1 cost 1.6 points of nDCG@10.
 * - `summaryWords`: distinct words the first sentence may have and still be the summary
 *   field (weight 2 against the description's 0.5 by default); a longer one is description text. 24 is above
 *   97.8% of the catalogue's first sentences (p95 20, p99 31); a bag of 32–64 common words
 *   written as one sentence was the strongest stuffing.
 */
export const VOUCHED_TEXT_LIMITS = Object.freeze({
  formsPerWord: 1,
  wordsPerSynonymGroup: 3,
  summaryWords: 24,
});

const WORD = /[\p{L}\p{N}]+/gu;
const HAN = /\p{Script=Han}/u;
const ASCII_LOWER_WORD = /^[a-z]+$/;
const VOWEL = /[aeiouy]/;
const ENDING = /(?:ies|ing|ed|er|es|s)$/;

/**
 * The key a word shares with its English word forms: the endings the query side adds or
 * strips (`-s`, `-es`, `-ing`, `-ed`, `-er`, `-ies` → `-y`) are cut, then a doubled final
 * consonant and a final `e`. `create`, `created`, `creating`, `creates` → `creat`;
 * `issue`, `issued` → `issu`; `builder` → `build`. A stem shorter than 3 letters or without
 * a vowel keeps its ending, as on the query side.
 *
 * @example
 * wordFormKey("creating") === wordFormKey("created"); // true
 */
export function wordFormKey(word: string): string {
  let stem = word;
  const ending = ENDING.exec(word);
  if (ending !== null) {
    const cut = word.slice(0, ending.index);
    if (cut.length >= 3 && VOWEL.test(cut)) stem = ending[0] === "ies" ? `${cut}y` : cut;
  }
  const last = stem.length - 1;
  if (stem.length >= 4 && stem[last] === stem[last - 1] && !VOWEL.test(stem[last]!)) stem = stem.slice(0, last);
  if (stem.length >= 4 && stem.endsWith("e")) stem = stem.slice(0, -1);
  return stem;
}

// Word-form key → the bundled synonym groups (by index) its words are in; built on first use.
let groupsByKey: Map<string, number[]> | undefined;

function synonymGroups(key: string): readonly number[] {
  if (groupsByKey === undefined) {
    const map = new Map<string, number[]>();
    ENGLISH_SYNONYM_GROUPS.forEach((group, index) => {
      for (const word of group) {
        const wordKey = wordFormKey(word);
        const groups = map.get(wordKey) ?? [];
        if (!groups.includes(index)) groups.push(index);
        map.set(wordKey, groups);
      }
    });
    groupsByKey = map;
  }
  return groupsByKey.get(key) ?? [];
}

// The index term of an ASCII word under the `plural` analyzer: a final `s` after a unit other
// than `s` is folded in words of four or more letters (docs/analyzer.md §A4), so `issues` repeats `issue`.
function indexTerm(word: string): string {
  return word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
}

function count(counts: Map<string | number, number>, key: string | number): number {
  return counts.get(key) ?? 0;
}

/**
 * `text` with each English concept said a bounded number of ways: a word is dropped when
 * `formsPerWord` other forms of it, or `wordsPerSynonymGroup` words of one of its synonym
 * groups, came earlier. A kept word's repeats stay (they saturate anyway; a plain plural is a
 * repeat, as the index folds it), as do non-ASCII words and everything between words, so
 * the first sentence ends where it did.
 *
 * @example
 * thinConcepts("Create an issue; returns the created issue."); // "Create an issue; returns the  issue."
 */
export function thinConcepts(text: string, limits: typeof VOUCHED_TEXT_LIMITS = VOUCHED_TEXT_LIMITS): string {
  const kept = new Set<string>();
  const perKey = new Map<string | number, number>();
  const perGroup = new Map<string | number, number>();
  let out = "";
  let copied = 0;
  for (const match of text.matchAll(WORD)) {
    const word = indexTerm(match[0].toLowerCase());
    if (!ASCII_LOWER_WORD.test(word) || kept.has(word)) continue;
    const key = wordFormKey(word);
    const groups = synonymGroups(key);
    if (count(perKey, key) >= limits.formsPerWord || groups.some((group) => count(perGroup, group) >= limits.wordsPerSynonymGroup)) {
      out += text.slice(copied, match.index);
      copied = match.index + match[0].length;
      continue;
    }
    kept.add(word);
    perKey.set(key, count(perKey, key) + 1);
    for (const group of groups) perGroup.set(group, count(perGroup, group) + 1);
  }
  return copied === 0 ? text : out + text.slice(copied);
}

// Distinct words as the index sees them, near enough: letter or digit runs, a Han run as its
// bigrams (docs/analyzer.md §A3).
function distinctWords(text: string): number {
  const words = new Set<string>();
  for (const match of text.matchAll(WORD)) {
    const word = match[0].toLowerCase();
    if (!HAN.test(word)) {
      words.add(word);
      continue;
    }
    const points = [...word];
    if (points.length === 1) words.add(word);
    for (let index = 0; index + 1 < points.length; index++) words.add(points[index]! + points[index + 1]!);
  }
  return words.size;
}

/**
 * Vouched third-party text as it is indexed: concepts thinned (`thinConcepts`), and a first
 * sentence of more than `summaryWords` distinct words moved out of the summary field by a
 * leading blank line (an empty first sentence, docs/analyzer.md §A8), so all of it is description
 * text.
 *
 * @example
 * vouchedText("Create a branch. Creates it from main."); // "Create a branch.  it from main."
 * // 25 or more distinct words and no sentence end: the same words after "\n\n"
 */
export function vouchedText(text: string, limits: typeof VOUCHED_TEXT_LIMITS = VOUCHED_TEXT_LIMITS): string {
  const thinned = thinConcepts(text, limits);
  return distinctWords(splitSummary(thinned)[0]) > limits.summaryWords ? `\n\n${thinned}` : thinned;
}
