// DESIGN.md §A8: the first sentence of a description is the summary field. One forward scan;
// no allocation per character (descriptions can be a megabyte).

const ABBREVIATIONS = ["e.g.", "i.e.", "vs.", "cf.", "etc.", "approx.", "incl.", "т.е.", "т.д.", "напр.", "см."];
const CLOSES_ONLY_BEFORE_CAPITAL = new Set(["etc.", "т.д."]);
const OPENERS = "([{";
const CLOSERS = ")]}";
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const WHITESPACE = /\s/u;

function endsAbbreviation(text: string, dot: number): string | undefined {
  const tail = text.slice(Math.max(0, dot - 7), dot + 1).toLowerCase();
  for (const abbreviation of ABBREVIATIONS) {
    if (!tail.endsWith(abbreviation)) continue;
    const before = dot - abbreviation.length;
    if (before < 0 || !LETTER_OR_DIGIT.test(text[before]!)) return abbreviation;
  }
  return undefined;
}

function nextWordStartsUpper(text: string, from: number): boolean {
  for (let index = from; index < text.length && index < from + 64; index++) {
    const character = text[index]!;
    if (WHITESPACE.test(character)) continue;
    return character !== character.toLowerCase() && character === character.toUpperCase();
  }
  return false;
}

function isBlankLineAt(text: string, index: number): boolean {
  for (let at = index + 1; at < text.length; at++) {
    const character = text[at]!;
    if (character === "\n") return true;
    if (!WHITESPACE.test(character)) return false;
  }
  return false;
}

/** Splits a description into its first sentence and the rest (DESIGN.md §A8). */
export function splitSummary(description: string): [summary: string, rest: string] {
  // An opener counts only when its closer occurs later in the text.
  const lastCloser = [...CLOSERS].map((closer) => description.lastIndexOf(closer));
  const open: number[] = [];
  for (let index = 0; index < description.length; index++) {
    const character = description[index]!;
    const opener = OPENERS.indexOf(character);
    if (opener >= 0) {
      if (lastCloser[opener]! > index) open.push(opener);
      continue;
    }
    const closer = CLOSERS.indexOf(character);
    if (closer >= 0) {
      if (open.length > 0 && open[open.length - 1] === closer) open.pop();
      continue;
    }
    let end = -1;
    if (character === "。" || character === "！" || character === "？") end = index + 1;
    else if (character === "." || character === "!" || character === "?") {
      const next = description[index + 1];
      if (next === undefined || WHITESPACE.test(next)) end = index + 1;
      if (end >= 0 && character === ".") {
        const abbreviation = endsAbbreviation(description, index);
        if (abbreviation !== undefined) {
          const closes = CLOSES_ONLY_BEFORE_CAPITAL.has(abbreviation) && nextWordStartsUpper(description, index + 1);
          if (!closes) end = -1;
        }
      }
    } else if (character === "\n" && isBlankLineAt(description, index)) end = index;
    if (end >= 0 && open.length === 0) return [description.slice(0, end), description.slice(end)];
  }
  return [description, ""];
}
