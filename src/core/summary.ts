// DESIGN.md §A8: the first sentence of a description is the summary field.

const ABBREVIATIONS = ["e.g.", "i.e.", "vs.", "cf.", "etc.", "approx.", "incl.", "т.е.", "т.д.", "напр.", "см."];
const CLOSES_ONLY_BEFORE_CAPITAL = new Set(["etc.", "т.д."]);
const OPENERS = "([{";
const CLOSERS = ")]}";

function endsAbbreviation(text: string, dot: number): string | undefined {
  const lower = text.slice(Math.max(0, dot - 7), dot + 1).toLowerCase();
  for (const abbreviation of ABBREVIATIONS) {
    if (!lower.endsWith(abbreviation)) continue;
    const before = dot + 1 - abbreviation.length - 1;
    if (before < 0 || !/[\p{L}\p{N}]/u.test(text[before]!)) return abbreviation;
  }
  return undefined;
}

function nextWordStartsUpper(text: string, from: number): boolean {
  const match = /\S/u.exec(text.slice(from, from + 64));
  if (!match) return false;
  const character = match[0];
  return character !== character.toLowerCase() && character === character.toUpperCase();
}

// For each position, whether an opener before it is still open and closes later.
function insideClosingBracket(text: string): (position: number) => boolean {
  const lastCloser = new Map<string, number>();
  for (let index = 0; index < text.length; index++) {
    const kind = CLOSERS.indexOf(text[index]!);
    if (kind >= 0) lastCloser.set(OPENERS[kind]!, index);
  }
  const open: number[] = [];
  const depthAt: number[] = new Array<number>(text.length);
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    const opener = OPENERS.indexOf(character);
    const closer = CLOSERS.indexOf(character);
    if (opener >= 0 && (lastCloser.get(character) ?? -1) > index) open.push(opener);
    else if (closer >= 0 && open.length > 0 && open[open.length - 1] === closer) open.pop();
    depthAt[index] = open.length;
  }
  return (position) => (depthAt[position] ?? 0) > 0;
}

/** Splits a description into its first sentence and the rest (DESIGN.md §A8). */
export function splitSummary(description: string): [summary: string, rest: string] {
  const inside = insideClosingBracket(description);
  for (let index = 0; index < description.length; index++) {
    const character = description[index]!;
    let end = -1;
    if (character === "。" || character === "！" || character === "？") end = index + 1;
    else if (character === "." || character === "!" || character === "?") {
      const next = description[index + 1];
      if (next === undefined || /\s/u.test(next)) end = index + 1;
      if (end >= 0 && character === ".") {
        const abbreviation = endsAbbreviation(description, index);
        if (abbreviation !== undefined) {
          const closes = CLOSES_ONLY_BEFORE_CAPITAL.has(abbreviation) && nextWordStartsUpper(description, index + 1);
          if (!closes) end = -1;
        }
      }
    } else if (character === "\n") {
      const blank = /^\n[^\S\n]*\n/u.exec(description.slice(index));
      if (blank) end = index;
    }
    if (end >= 0 && !inside(index)) return [description.slice(0, end), description.slice(end)];
  }
  return [description, ""];
}
