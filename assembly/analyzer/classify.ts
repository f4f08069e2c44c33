// Code point classes of docs/analyzer.md §A2. The tables are explicit ranges (not the Unicode
// database) so the oracle and the core agree whatever Unicode version a runtime ships.

export const SEP: i32 = 0;
export const CONNECTOR: i32 = 1;
export const WORD: i32 = 2;
export const BIGRAM: i32 = 3;

@inline
function within(c: u32, low: u32, high: u32): bool {
  return c - low <= high - low;
}

function isSeparator(c: u32): bool {
  if (c < 0x80) {
    if (within(c, 0x30, 0x39) || within(c, 0x41, 0x5a) || within(c, 0x61, 0x7a)) return false;
    return true;
  }
  if (c < 0x2000) {
    if (within(c, 0x80, 0xbf)) return c != 0xaa && c != 0xb5 && c != 0xba;
    return c == 0xd7 || c == 0xf7;
  }
  if (c < 0x3000) {
    return (
      within(c, 0x2000, 0x206f) ||
      within(c, 0x20a0, 0x20cf) ||
      within(c, 0x2190, 0x2bff) ||
      within(c, 0x2e00, 0x2e7f)
    );
  }
  if (c < 0xd800) {
    if (within(c, 0x3000, 0x303f)) return !within(c, 0x3005, 0x3007);
    return c == 0x30fb;
  }
  if (c < 0x10000) {
    return (
      within(c, 0xd800, 0xf8ff) ||
      within(c, 0xfe00, 0xfe6f) ||
      c == 0xfeff ||
      within(c, 0xff00, 0xff0f) ||
      within(c, 0xff1a, 0xff20) ||
      within(c, 0xff3b, 0xff40) ||
      within(c, 0xff5b, 0xff65) ||
      within(c, 0xfff0, 0xffff)
    );
  }
  return within(c, 0x1f000, 0x1faff) || within(c, 0xe0000, 0xe007f) || c >= 0xf0000;
}

function isBigramScript(c: u32): bool {
  if (c < 0x3000) {
    return within(c, 0x0e00, 0x0e7f) || within(c, 0x1100, 0x11ff);
  }
  if (c < 0x10000) {
    return (
      within(c, 0x3005, 0x3007) ||
      within(c, 0x3040, 0x30ff) ||
      within(c, 0x3130, 0x318f) ||
      within(c, 0x31f0, 0x31ff) ||
      within(c, 0x3400, 0x4dbf) ||
      within(c, 0x4e00, 0x9fff) ||
      within(c, 0xac00, 0xd7af) ||
      within(c, 0xf900, 0xfaff)
    );
  }
  return within(c, 0x20000, 0x3ffff);
}

function asciiClass(c: u32): i32 {
  if (c == 0x5f || c == 0x2d || c == 0x3a || c == 0x2e || c == 0x2f) return CONNECTOR;
  return isSeparator(c) ? SEP : WORD;
}

// The class of every ASCII code point, filled once at start-up from the rules above.
const ASCII_CLASSES = memory.data(128);
for (let c: u32 = 0; c < 128; c++) store<u8>(ASCII_CLASSES + c, <u8>asciiClass(c));

@inline
export function classify(c: u32): i32 {
  if (c < 0x80) return <i32>load<u8>(ASCII_CLASSES + c);
  return classifyOther(c);
}

function classifyOther(c: u32): i32 {
  if (isSeparator(c)) return SEP;
  if (isBigramScript(c)) return BIGRAM;
  return WORD;
}
