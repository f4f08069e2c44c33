import { casemap } from "~lib/util/casemap";

/** docs/analyzer.md §A4 step 1: the per-code-point lower-case mapping. */
@inline
export function lowerCodePoint(c: u32): u32 {
  if (c < 0x80) return c - 0x41 < 26 ? c | 0x20 : c;
  return lowerOther(c);
}

function lowerOther(c: u32): u32 {
  if (c >= 0x20000) return c;
  if (c == 0x130) return 0x69;
  if (c == 0x3a3) return 0x3c3;
  if (c - 0x24b6 <= 0x24cf - 0x24b6) return c + 26;
  return <u32>(casemap(c, 0) & 0x1fffff);
}

/** docs/analyzer.md §A4 steps 1–2: lower case, then `ς` → `σ` and `ё` → `е`. */
@inline
export function foldCodePoint(c: u32): u32 {
  if (c < 0x80) return c - 0x41 < 26 ? c | 0x20 : c;
  let lower = lowerOther(c);
  if (lower == 0x3c2) return 0x3c3;
  if (lower == 0x451) return 0x435;
  return lower;
}

@inline
export function isUpper(c: u32): bool {
  return lowerCodePoint(c) != c;
}
