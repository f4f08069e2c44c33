// docs/analyzer.md §A4: folding of one token. Written from the design text only.
import { codePointsOf, stringOf } from "./classes.js";

/** The analyzer modes of §A4 step 4. Only `plural` is implemented by the oracle so far. */
export type OracleAnalyzer = "plural" | "stem";

/** §A4 step 1: `lower(c)` for one code point. */
export function lowerCodePoint(c: number): number {
  if (c >= 0x41 && c <= 0x5a) return c + 0x20;
  if (c >= 0x20000) return c;
  if (c === 0x130) return 0x69;
  if (c === 0x3a3) return 0x3c3;
  if (c >= 0x24b6 && c <= 0x24cf) return c + 26;
  // Lone surrogates are SEP and never reach a token; String.fromCodePoint would still accept them.
  const lowered = codePointsOf(String.fromCodePoint(c).toLowerCase());
  return lowered.length === 1 ? (lowered[0] as number) : c;
}

/** §A3: `c` is UPPER when `lower(c) ≠ c` (before the `ё` / `ς` folds of step 2). */
export function isUpper(c: number): boolean {
  return lowerCodePoint(c) !== c;
}

/** §A4 steps 1–2 for the code points of one token (or one part of an identifier). */
export function foldCase(points: readonly number[]): string {
  return stringOf(
    points.map((c) => {
      const lowered = lowerCodePoint(c);
      if (lowered === 0x3c2) return 0x3c3; // ς → σ
      if (lowered === 0x451) return 0x435; // ё → е
      return lowered;
    }),
  );
}

/** §A4 step 3: cut to 32 UTF-16 code units, at 31 if the cut would leave a high surrogate last. */
export function cutToken(token: string): string {
  if (token.length <= 32) return token;
  const last = token.charCodeAt(31);
  return last >= 0xd800 && last <= 0xdbff ? token.slice(0, 31) : token.slice(0, 32);
}

/** §A4 step 4, mode `plural`. */
export function foldPlural(token: string): string {
  return token.length > 3 && token.endsWith("s") && !token.endsWith("ss") ? token.slice(0, -1) : token;
}

/**
 * §A4 step 4 per mode. `stem` (§A7: Porter for all-`a–z` tokens, Snowball Russian for all-`а–я`
 * tokens) is the hook left open: plug an independent implementation in here.
 */
export const WORD_FORM_FOLDERS: Readonly<Record<OracleAnalyzer, ((token: string) => string) | undefined>> = {
  plural: foldPlural,
  stem: undefined,
};

export function wordFormFolder(mode: OracleAnalyzer): (token: string) => string {
  const folder = WORD_FORM_FOLDERS[mode];
  if (folder === undefined) throw new Error(`oracle: analyzer mode "${mode}" is not implemented yet (docs/analyzer.md §A7)`);
  return folder;
}
