// DESIGN.md §A8: the first sentence of a description is the summary field. One forward scan
// plus one pass to pair brackets; descriptions can be a megabyte.

const ABBREVIATIONS = ["e.g.", "i.e.", "vs.", "cf.", "etc.", "approx.", "incl.", "т.е.", "т.д.", "напр.", "см."];
const CLOSES_BEFORE_UPPER_CASE = new Set(["etc.", "т.д."]);
const WORD_CODE_POINT = /[\p{L}\p{M}\p{N}]/u;
const UPPER_CASE_LETTER = /\p{Lu}/u;
const WHITESPACE = /\s/;
const BLANK_LINE = /\n\s*\n/y;

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

// Positions strictly inside a bracket pair. Per kind, each closer pairs with the nearest
// unpaired opener; depth[i] > 0 when some pair has opener < i < closer.
function bracketDepth(text: string): Int32Array | undefined {
  if (!/[)\]}]/.test(text)) return undefined;
  const openers: Record<string, number[]> = { "(": [], "[": [], "{": [] };
  const partner: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
  const change = new Int32Array(text.length + 1);
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    const stack = openers[character];
    if (stack !== undefined) {
      stack.push(index);
    } else if (partner[character] !== undefined) {
      const opener = openers[partner[character]!]!.pop();
      if (opener !== undefined) {
        change[opener + 1]! += 1;
        change[index]! -= 1;
      }
    }
  }
  for (let index = 1; index <= text.length; index++) change[index]! += change[index - 1]!;
  return change;
}

// If a sentence end starts at `index`, the index just after it; otherwise −1.
function sentenceEnd(text: string, index: number): number {
  const character = text[index]!;
  if (character === "。" || character === "！" || character === "？") return index + 1;
  if (character === "." || character === "!" || character === "?") {
    const after = index + 1;
    if (after < text.length && !WHITESPACE.test(text[after]!)) return -1;
    if (character === ".") {
      const abbreviation = abbreviationAt(text, index);
      if (abbreviation !== undefined && !(CLOSES_BEFORE_UPPER_CASE.has(abbreviation) && nextWordStartsUpper(text, after))) return -1;
    }
    return after;
  }
  if (character === "\n") {
    BLANK_LINE.lastIndex = index;
    const match = BLANK_LINE.exec(text);
    if (match !== null) return index + match[0].length;
  }
  return -1;
}

/** Splits a description into its first sentence and the rest (DESIGN.md §A8). */
export function splitSummary(description: string): [summary: string, rest: string] {
  let depth: Int32Array | undefined | null = null;
  for (let index = 0; index < description.length; index++) {
    const end = sentenceEnd(description, index);
    if (end < 0) continue;
    if (depth === null) depth = bracketDepth(description);
    if (depth !== undefined && depth[index]! > 0) continue;
    return [description.slice(0, end), description.slice(end)];
  }
  return [description, ""];
}
