// docs/analyzer.md §A1 and §A3: preparation and segmentation of text into tokens.
// Written from the design text only; shares no code with src/ or assembly/.
import { classOf, codePointsOf, type CodePointClass } from "./classes.js";
import { cutToken, foldCase, isUpper, wordFormFolder, type OracleAnalyzer } from "./fold.js";

/** §A1: field text is `NFKC(raw.slice(0, 2000)).slice(0, 2000)`. */
export function prepareField(raw: string): string {
  return raw.slice(0, 2000).normalize("NFKC").slice(0, 2000);
}

/** §A1: query text is `NFKC(raw.slice(0, 512))`; the cut happens before anything else. */
export function prepareQuery(raw: string): string {
  return raw.slice(0, 512).normalize("NFKC");
}

function isAsciiDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** §A3: cut one maximal WORD run into parts at case boundaries. */
export function caseParts(run: readonly number[]): number[][] {
  const parts: number[][] = [];
  let current: number[] = [];
  for (let i = 0; i < run.length; i++) {
    const c = run[i] as number;
    let boundary = false;
    if (i > 0 && isUpper(c)) {
      const previous = run[i - 1] as number;
      if (!isUpper(previous)) {
        boundary = true;
      } else if (i + 2 < run.length) {
        const next = run[i + 1] as number;
        const afterNext = run[i + 2] as number;
        boundary = !isUpper(next) && !isAsciiDigit(next) && !isUpper(afterNext) && !isAsciiDigit(afterNext);
      }
    }
    if (boundary) {
      parts.push(current);
      current = [];
    }
    current.push(c);
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

/**
 * All tokens of one prepared text (§A2–§A4), in text order, with no field cap.
 *
 * @example
 * oracleTokens("BrowserOpen", "plural"); // ["browser", "open", "browseropen"]
 */
export function oracleTokens(preparedText: string, mode: OracleAnalyzer): string[] {
  const foldWordForm = wordFormFolder(mode);
  const points = codePointsOf(preparedText);
  const classes: CodePointClass[] = points.map(classOf);
  const tokens: string[] = [];
  let i = 0;
  while (i < points.length) {
    const cls = classes[i];
    if (cls === "BIGRAM") {
      const start = i;
      while (i < points.length && classes[i] === "BIGRAM") i++;
      if (i - start === 1) {
        tokens.push(cutToken(foldCase(points.slice(start, i))));
      } else {
        for (let k = start; k + 1 < i; k++) tokens.push(cutToken(foldCase(points.slice(k, k + 2))));
      }
    } else if (cls === "WORD") {
      // An identifier: W (C W)* with exactly one CONNECTOR between two WORD runs.
      const runs: number[][] = [];
      for (;;) {
        const start = i;
        while (i < points.length && classes[i] === "WORD") i++;
        runs.push(points.slice(start, i));
        if (i + 1 < points.length && classes[i] === "CONNECTOR" && classes[i + 1] === "WORD") {
          i++;
          continue;
        }
        break;
      }
      const folded = runs.flatMap(caseParts).map(foldCase);
      for (const part of folded) tokens.push(foldWordForm(cutToken(part)));
      if (folded.length >= 2) tokens.push(foldWordForm(cutToken(folded.join(""))));
    } else {
      // SEP, or a CONNECTOR not between two WORD runs.
      i++;
    }
  }
  return tokens;
}
