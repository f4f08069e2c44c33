// Cyrillic look-alikes (docs/analyzer.md §A10): a Russian request names a product the way it sounds,
// in Cyrillic and inflected («в ноушене», «в супабейзе», «хабспоте»), while the catalogue
// spells it in Latin letters, in the namespace of its tools' ids (`notion__…`). Each Cyrillic
// word of a request is transliterated, and a namespace word that sounds the same is added to
// the request. No word list: the words come from the index, so it helps any catalogue alike.

/** Words shorter than this (in letters) are neither looked up nor candidates. */
export const LOOKALIKE_MIN_LETTERS = 4;
/** A candidate matches when its distance is at most this share of the transliteration's length. */
export const LOOKALIKE_MAX_DISTANCE = 0.15;

// `а`–`я` in order, each letter's Latin letters (`-`: none).
const LATIN = "a b v g d e zh z i y k l m n o p r s t u f h ts ch sh sh - y - e yu ya".split(" ");

// Russian case and number endings, longest first: a word is also looked up without each one
// it ends with, when at least 3 letters are left («супабейзе» → «супабейз»).
const ENDINGS = "ами ями ого ему ому ах ях ом ем ой ей ую ью ов ев е а у ы и я ю ь".split(" ");

/**
 * A spelling both scripts meet in: English digraphs and soft `c` as they sound, one letter per
 * sound where Russian has one (`k`, `s`, `v`), `j` as Russian writes it, a `y` before a vowel
 * dropped and any other `y` as `i`, doubled letters once.
 */
export function soundSpelling(latin: string): string {
  // One pass does what the rules do one after another: no rule's output holds another rule's
  // letters (the `z` of `dzh` comes after `z` → `s`), and none makes or removes a vowel a
  // lookahead could see.
  return latin.replace(SOUNDS, sound).replace(/(.)\1+/g, "$1");
}

const SOUNDS = /tion|ph|ck|(c)(?=[eiy])|(y)(?=[aeiou])|[cqxwzjy]/g;
const LETTER_SOUNDS: Readonly<Record<string, string>> = { tion: "shn", ph: "f", ck: "k", c: "k", q: "k", x: "ks", w: "v", z: "s", j: "dzh", y: "i" };

function sound(match: string, softC: string | undefined, glideY: string | undefined): string {
  return softC !== undefined ? "s" : glideY !== undefined ? "" : LETTER_SOUNDS[match]!;
}

/** Latin letters for a word of lower-case Cyrillic letters (`дж` is `j`). */
export function transliterate(word: string): string {
  let latin = "";
  for (let index = 0; index < word.length; index++) {
    const letter = word[index]!;
    if (letter === "д" && word[index + 1] === "ж") {
      latin += "j";
      index++;
    } else {
      const latinLetters = LATIN[letter.charCodeAt(0) - 0x430];
      if (latinLetters !== undefined && latinLetters !== "-") latin += latinLetters;
    }
  }
  return latin;
}

const skeleton = (spelling: string): string => spelling.replace(/[aeiou]/g, "");

/**
 * Edit distance between two sound spellings, vowels counting half: inserting or deleting a
 * vowel costs 0.5, another letter 1; replacing a vowel by a vowel 0.5, anything else 1.5.
 */
export function soundDistance(left: string, right: string): number {
  let previous = [0];
  for (let column = 1; column <= right.length; column++) previous[column] = previous[column - 1]! + cost(right[column - 1]!);
  for (const letter of left) {
    const current = [previous[0]! + cost(letter)];
    for (let column = 1; column <= right.length; column++) {
      const other = right[column - 1]!;
      const replace = letter === other ? 0 : cost(letter) + cost(other) === 1 ? 0.5 : 1.5;
      current[column] = Math.min(previous[column - 1]! + replace, previous[column]! + cost(letter), current[column - 1]! + cost(other));
    }
    previous = current;
  }
  return previous[right.length]!;
}

// A vowel (`a e i o u`) costs half.
const cost = (letter: string): number => ("aeiou".includes(letter) ? 0.5 : 1);

/**
 * Words of a tool id's namespace, the id before its last `__`, `:`, `/` or `.` (none without
 * one): runs of ASCII letters, split before a capital that follows a small letter, lower-cased.
 */
export function namespaceWords(id: string): string[] {
  return wordsOf(id.slice(0, namespaceEnd(id)));
}

function namespaceEnd(id: string): number {
  return Math.max(id.lastIndexOf("__"), id.lastIndexOf(":"), id.lastIndexOf("/"), id.lastIndexOf("."), 0);
}

function wordsOf(namespace: string): string[] {
  const words: string[] = [];
  for (const run of namespace.match(/[A-Za-z]+/g) ?? []) {
    for (const part of run.split(/(?<=[a-z])(?=[A-Z])/)) {
      if (part.length >= LOOKALIKE_MIN_LETTERS) words.push(part.toLowerCase());
    }
  }
  return words;
}

const SEEN_WORDS = 4096;

interface Candidate {
  readonly word: string;
  readonly spelling: string;
  /** A word of a flat id (one without a namespace), not of a namespace. */
  readonly fromName: boolean;
}

/** The tools' namespace words by the skeleton of their sound spelling, for `lookalikes`. */
export class LookalikeIndex {
  readonly #bySkeleton = new Map<string, Candidate[]>();
  // Each word looked up so far and its look-alike ("" for none).
  readonly #seen = new Map<string, string>();

  /** From the ids of an index's tools. */
  constructor(ids: Iterable<string>) {
    // Tools share namespaces: each is split once. A flat id (`create_jira_issue`, no namespace)
    // names its product among its own words, so they are candidates too, after the namespaces'.
    const namespaces = new Set<string>();
    const flatIds: string[] = [];
    for (const id of ids) {
      const end = namespaceEnd(id);
      if (end === 0) flatIds.push(id);
      else namespaces.add(id.slice(0, end));
    }
    const seen = new Set<string>();
    const add = (word: string, fromName: boolean): void => {
      if (seen.has(word)) return;
      seen.add(word);
      const spelling = soundSpelling(word);
      const key = skeleton(spelling);
      if (key.length < 2) return;
      const bucket = this.#bySkeleton.get(key);
      if (bucket === undefined) this.#bySkeleton.set(key, [{ word, spelling, fromName }]);
      else bucket.push({ word, spelling, fromName });
    };
    for (const namespace of namespaces) for (const word of wordsOf(namespace)) add(word, false);
    for (const id of flatIds) for (const word of wordsOf(id)) add(word, true);
  }

  /**
   * The look-alikes of the Cyrillic words of `query` (docs/analyzer.md §A10), in query order, each
   * once; a word equal to one of `stopwords` (lower case, `ё` as `е`) is not looked up. A word
   * one of whose forms `translated` (a lexicon key) is meets no flat id's word: `файлы` is a
   * file, not `fill`.
   */
  lookalikes(query: string, stopwords: ReadonlySet<string>, translated: (form: string) => boolean = () => false): string[] {
    const found: string[] = [];
    for (const word of query.toLowerCase().replace(/ё/g, "е").match(/[а-я]+/g) ?? []) {
      if (word.length < LOOKALIKE_MIN_LETTERS || stopwords.has(word)) continue;
      let match = this.#seen.get(word);
      if (match === undefined) {
        // Requests repeat their words: each is looked up once (a few thousand kept at most).
        if (this.#seen.size >= SEEN_WORDS) this.#seen.clear();
        match = this.#best(word, translated) ?? "";
        this.#seen.set(word, match);
      }
      if (match !== "" && !found.includes(match)) found.push(match);
    }
    return found;
  }

  // The closest candidate of any form of `word`: least distance, then first in code-unit order.
  #best(word: string, translated: (form: string) => boolean): string | undefined {
    let best: string | undefined;
    let bestDistance = Infinity;
    const forms = wordForms(word);
    const names = !forms.some(translated);
    for (const form of forms) {
      const spelling = soundSpelling(transliterate(form));
      const limit = LOOKALIKE_MAX_DISTANCE * spelling.length;
      for (const candidate of this.#bySkeleton.get(skeleton(spelling)) ?? []) {
        if (candidate.fromName && !names) continue;
        const distance = soundDistance(spelling, candidate.spelling);
        if (distance > limit) continue;
        if (distance < bestDistance || (distance === bestDistance && candidate.word < best!)) {
          best = candidate.word;
          bestDistance = distance;
        }
      }
    }
    return best;
  }
}

function wordForms(word: string): string[] {
  const forms = [word];
  for (const ending of ENDINGS) {
    if (word.endsWith(ending) && word.length - ending.length >= 3) forms.push(word.slice(0, -ending.length));
  }
  return forms;
}
