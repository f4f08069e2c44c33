// docs/analyzer.md §A8: the first sentence of a description is the summary field. One forward scan
// plus one pass to pair brackets; descriptions can be a megabyte.

const ABBREVIATIONS = ["e.g.", "i.e.", "vs.", "cf.", "etc.", "approx.", "incl.", "т.е.", "т.д.", "напр.", "см."];
const CLOSES_BEFORE_UPPER_CASE = new Set(["etc.", "т.д."]);
const WORD_CODE_POINT = /[\p{L}\p{M}\p{N}]/u;
const UPPER_CASE_LETTER = /\p{Lu}/u;
const WHITESPACE = /\s/;
const BLANK_LINE = /\n\s*\n/y;
// The units a sentence end starts with: . ! ? \n 。 ！ ？
const SENTENCE_END_START = /[.!?\n\u3002\uff01\uff1f]/g;

// `\s` of one code unit; ASCII without a regular expression.
function isWhitespace(code: number): boolean {
  return code < 0x80 ? code === 0x20 || (code >= 9 && code <= 13) : WHITESPACE.test(String.fromCharCode(code));
}

function codePointEndingAt(text: string, end: number): string {
  const low = text.charCodeAt(end - 1);
  const high = text.charCodeAt(end - 2);
  if (low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff) return text.slice(end - 2, end);
  return text.slice(end - 1, end);
}

// The abbreviation a "." at `dot` ends: a whole word (at the start, or after a code point that
// is not a letter, mark or digit), matched case-sensitively.
function abbreviationAt(text: string, dot: number): string | undefined {
  for (const abbreviation of ABBREVIATIONS) {
    const start = dot + 1 - abbreviation.length;
    if (start < 0 || !text.startsWith(abbreviation, start)) continue;
    if (start > 0 && WORD_CODE_POINT.test(codePointEndingAt(text, start))) continue;
    return abbreviation;
  }
  return undefined;
}

function nextWordStartsUpper(text: string, from: number): boolean {
  let index = from;
  while (index < text.length && WHITESPACE.test(text[index]!)) index++;
  if (index >= text.length) return false;
  return UPPER_CASE_LETTER.test(String.fromCodePoint(text.codePointAt(index)!));
}

// Bracket pairs as [opener, closer, opener, closer, …]. Per kind, each closer pairs with the
// nearest unpaired opener; a position is inside when some pair has opener < it < closer.
// Code units and a switch, not per-character strings and lookups: this runs over every
// description of a build.
function bracketPairs(text: string): number[] | undefined {
  if (text.indexOf(")") < 0 && text.indexOf("]") < 0 && text.indexOf("}") < 0) return undefined;
  const round: number[] = [];
  const square: number[] = [];
  const curly: number[] = [];
  const pairs: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code > 0x7d) continue;
    let opener: number | undefined;
    switch (code) {
      case 0x28: round.push(index); continue;
      case 0x5b: square.push(index); continue;
      case 0x7b: curly.push(index); continue;
      case 0x29: opener = round.pop(); break;
      case 0x5d: opener = square.pop(); break;
      case 0x7d: opener = curly.pop(); break;
      default: continue;
    }
    if (opener !== undefined) pairs.push(opener, index);
  }
  return pairs;
}

// A test per candidate sentence end: a scan of the pairs when there are few, a depth array
// (prefix sums, O(length)) when there are many, so no description costs more than linear time.
function insideTest(text: string, pairs: readonly number[]): (index: number) => boolean {
  if (pairs.length <= 64) {
    return (index) => {
      for (let at = 0; at < pairs.length; at += 2) if (pairs[at]! < index && index < pairs[at + 1]!) return true;
      return false;
    };
  }
  const depth = new Int32Array(text.length + 1);
  for (let at = 0; at < pairs.length; at += 2) {
    depth[pairs[at]! + 1]! += 1;
    depth[pairs[at + 1]!]! -= 1;
  }
  for (let index = 1; index <= text.length; index++) depth[index]! += depth[index - 1]!;
  return (index) => depth[index]! > 0;
}

// If a sentence end starts at `index` (whose code unit is `code`), the index just after it;
// otherwise −1. Code units, not one-character strings: this runs on every unit of every
// description of a build.
function sentenceEnd(text: string, index: number, code: number): number {
  switch (code) {
    case 0x3002: // 。
    case 0xff01: // ！
    case 0xff1f: // ？
      return index + 1;
    case 0x2e: // .
    case 0x21: // !
    case 0x3f: { // ?
      const after = index + 1;
      if (after < text.length && !isWhitespace(text.charCodeAt(after))) return -1;
      if (code === 0x2e) {
        const abbreviation = abbreviationAt(text, index);
        if (abbreviation !== undefined && !(CLOSES_BEFORE_UPPER_CASE.has(abbreviation) && nextWordStartsUpper(text, after))) return -1;
      }
      return after;
    }
    case 0x0a: {
      BLANK_LINE.lastIndex = index;
      const match = BLANK_LINE.exec(text);
      if (match !== null) return index + match[0].length;
      return -1;
    }
    default:
      return -1;
  }
}

/**
 * Where the first sentence of a description ends (docs/analyzer.md §A8): the summary is
 * `description.slice(0, end)`, the description field the rest.
 */
export function summaryEnd(description: string): number {
  let inside: ((index: number) => boolean) | undefined | null = null;
  // Openers still open, per kind, in the units read so far (a closer with none open does
  // nothing, as in `bracketPairs`). A pair encloses an end only if its opener is still open
  // there, so an end with none open is decided from the prefix alone, read once: most first
  // sentences are decided without pairing the brackets of the whole description.
  let round = 0;
  let square = 0;
  let curly = 0;
  let read = 0;
  // The engine's regular expression finds the next unit a sentence end can start with many
  // times faster than a charCodeAt loop; `test` moves `lastIndex` past that unit without
  // making a match object.
  SENTENCE_END_START.lastIndex = 0;
  while (SENTENCE_END_START.test(description)) {
    const index = SENTENCE_END_START.lastIndex - 1;
    const end = sentenceEnd(description, index, description.charCodeAt(index));
    if (end < 0) continue;
    for (; read < index; read++) {
      switch (description.charCodeAt(read)) {
        case 0x28: round++; break;
        case 0x5b: square++; break;
        case 0x7b: curly++; break;
        case 0x29: if (round > 0) round--; break;
        case 0x5d: if (square > 0) square--; break;
        case 0x7d: if (curly > 0) curly--; break;
      }
    }
    if (round + square + curly === 0) return end;
    if (inside === null) {
      const pairs = bracketPairs(description);
      inside = pairs === undefined ? undefined : insideTest(description, pairs);
    }
    if (inside !== undefined && inside(index)) continue;
    return end;
  }
  return description.length;
}

/** Splits a description into its first sentence and the rest (docs/analyzer.md §A8). */
export function splitSummary(description: string): [summary: string, rest: string] {
  const end = summaryEnd(description);
  return [description.slice(0, end), description.slice(end)];
}
