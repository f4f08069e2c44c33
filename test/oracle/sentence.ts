// docs/analyzer.md §A8: the first sentence of a description. Written from the design text only.
//
// Readings chosen where the text leaves room (each is listed in the oracle's README):
// - "whitespace" is what the JavaScript `\s` class matches, as in the `\n\s*\n` of the text;
// - an abbreviation must be a whole word: it starts the text or follows a code point that is
//   not a letter, mark or digit (`canvs.` does not end `vs.`); the list is case-sensitive;
// - "the next word" is the first non-whitespace code point after the `.`, and "starts with an
//   upper-case letter" means it is in the Unicode category Lu;
// - brackets pair per kind, each closer with the nearest unpaired opener of its kind; a
//   sentence end is "inside an open bracket that closes later" when some opener before it is
//   paired with a closer after it. The rule applies to every kind of sentence end.
import { codePointsOf } from "./classes.js";

const ABBREVIATIONS = ["e.g.", "i.e.", "vs.", "cf.", "etc.", "approx.", "incl.", "т.е.", "т.д.", "напр.", "см."];
const UNLESS_UPPER_FOLLOWS = new Set(["etc.", "т.д."]);
const WHITESPACE = /\s/;
const WORD_CHARACTER = /[\p{L}\p{M}\p{N}]/u;
const UPPER_CASE_LETTER = /\p{Lu}/u;
const BLANK_LINE = /\n\s*\n/y;

function codePointBefore(text: string, index: number): string {
  const points = codePointsOf(text.slice(Math.max(0, index - 2), index));
  const last = points[points.length - 1];
  return last === undefined ? "" : String.fromCodePoint(last);
}

function codePointAt(text: string, index: number): string {
  const point = text.codePointAt(index);
  return point === undefined ? "" : String.fromCodePoint(point);
}

/** The abbreviation that the `.` at `dot` ends, if any. */
function abbreviationEndingAt(text: string, dot: number): string | undefined {
  for (const abbreviation of ABBREVIATIONS) {
    const start = dot + 1 - abbreviation.length;
    if (start < 0 || text.slice(start, dot + 1) !== abbreviation) continue;
    if (start > 0 && WORD_CHARACTER.test(codePointBefore(text, start))) continue;
    return abbreviation;
  }
  return undefined;
}

function nextWordStartsUpper(text: string, from: number): boolean {
  let index = from;
  while (index < text.length && WHITESPACE.test(text[index] as string)) index++;
  return index < text.length && UPPER_CASE_LETTER.test(codePointAt(text, index));
}

/** If a sentence end starts at `index`, the index just after it; otherwise -1. */
function sentenceEndAt(text: string, index: number): number {
  const ch = text[index] as string;
  if (ch === "。" || ch === "！" || ch === "？") return index + 1;
  if (ch === "." || ch === "!" || ch === "?") {
    const after = index + 1;
    if (after < text.length && !WHITESPACE.test(text[after] as string)) return -1;
    if (ch === ".") {
      const abbreviation = abbreviationEndingAt(text, index);
      if (abbreviation !== undefined) {
        if (!UNLESS_UPPER_FOLLOWS.has(abbreviation) || !nextWordStartsUpper(text, after)) return -1;
      }
    }
    return after;
  }
  if (ch === "\n") {
    BLANK_LINE.lastIndex = index;
    const match = BLANK_LINE.exec(text);
    if (match !== null) return index + match[0].length;
  }
  return -1;
}

/** Pairs of [opener index, closer index], per bracket kind. */
function bracketPairs(text: string): [number, number][] {
  const kinds: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
  const open: Record<string, number[]> = { "(": [], "[": [], "{": [] };
  const pairs: [number, number][] = [];
  for (let index = 0; index < text.length; index++) {
    const ch = text[index] as string;
    const stack = open[ch];
    if (stack !== undefined) {
      stack.push(index);
      continue;
    }
    const opener = kinds[ch];
    if (opener !== undefined) {
      const opened = (open[opener] as number[]).pop();
      if (opened !== undefined) pairs.push([opened, index]);
    }
  }
  return pairs;
}

/**
 * Splits a description into its first sentence (the summary) and the rest (§A8).
 *
 * @example
 * oracleSplitSummary("Opens a page, e.g. a URL. Then waits."); // ["Opens a page, e.g. a URL.", " Then waits."]
 */
export function oracleSplitSummary(description: string): [summary: string, rest: string] {
  const pairs = bracketPairs(description);
  for (let index = 0; index < description.length; index++) {
    const end = sentenceEndAt(description, index);
    if (end < 0) continue;
    if (pairs.some(([opener, closer]) => opener < index && index < closer)) continue;
    return [description.slice(0, end), description.slice(end)];
  }
  return [description, ""];
}
