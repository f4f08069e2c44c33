// docs/analyzer.md §A2: reading prepared text as code points and giving each one a class.
// Written from the design text only; shares no code with src/ or assembly/.

export type CodePointClass = "CONNECTOR" | "SEP" | "BIGRAM" | "WORD";

/**
 * The code points of a prepared text (§A2): a high surrogate followed by a low surrogate is
 * one astral code point; any other surrogate stays as its own value (a lone surrogate).
 */
export function codePointsOf(text: string): number[] {
  const points: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        points.push(0x10000 + ((unit - 0xd800) << 10) + (next - 0xdc00));
        index++;
        continue;
      }
    }
    points.push(unit);
  }
  return points;
}

/** Inverse of `codePointsOf` (lone surrogates are written back as single code units). */
export function stringOf(points: readonly number[]): string {
  let text = "";
  for (const point of points) {
    if (point >= 0x10000) {
      const offset = point - 0x10000;
      text += String.fromCharCode(0xd800 + (offset >> 10), 0xdc00 + (offset & 0x3ff));
    } else {
      text += String.fromCharCode(point);
    }
  }
  return text;
}

const CONNECTORS = new Set([0x5f, 0x2d, 0x3a, 0x2e, 0x2f]);

function inRange(c: number, low: number, high: number): boolean {
  return c >= low && c <= high;
}

function isAsciiAlphanumeric(c: number): boolean {
  return inRange(c, 0x30, 0x39) || inRange(c, 0x41, 0x5a) || inRange(c, 0x61, 0x7a);
}

function isSeparator(c: number): boolean {
  if (c < 0x80) return !isAsciiAlphanumeric(c) && !CONNECTORS.has(c);
  if (inRange(c, 0x80, 0xbf)) return c !== 0xaa && c !== 0xb5 && c !== 0xba;
  if (c === 0xd7 || c === 0xf7) return true;
  if (inRange(c, 0x2000, 0x206f) || inRange(c, 0x20a0, 0x20cf)) return true;
  if (inRange(c, 0x2190, 0x2bff) || inRange(c, 0x2e00, 0x2e7f)) return true;
  if (inRange(c, 0x3000, 0x303f)) return !inRange(c, 0x3005, 0x3007);
  if (c === 0x30fb) return true;
  if (inRange(c, 0xd800, 0xdfff) || inRange(c, 0xe000, 0xf8ff)) return true;
  if (inRange(c, 0xfe00, 0xfe6f) || c === 0xfeff) return true;
  if (inRange(c, 0xff00, 0xff0f) || inRange(c, 0xff1a, 0xff20)) return true;
  if (inRange(c, 0xff3b, 0xff40) || inRange(c, 0xff5b, 0xff65)) return true;
  if (inRange(c, 0xfff0, 0xffff)) return true;
  if (inRange(c, 0x1f000, 0x1faff) || inRange(c, 0xe0000, 0xe007f)) return true;
  return c >= 0xf0000;
}

const BIGRAM_RANGES: readonly (readonly [number, number])[] = [
  [0x0e00, 0x0e7f], // Thai
  [0x1100, 0x11ff], // Hangul Jamo
  [0x3130, 0x318f], // Hangul compatibility Jamo
  [0xac00, 0xd7af], // Hangul syllables
  [0x3005, 0x3007],
  [0x3040, 0x30ff], // Hiragana, Katakana
  [0x31f0, 0x31ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xf900, 0xfaff],
  [0x20000, 0x3ffff], // Han
];

/** The class of one code point (§A2). SEP is decided first: BIGRAM applies only when not SEP. */
export function classOf(c: number): CodePointClass {
  if (CONNECTORS.has(c)) return "CONNECTOR";
  if (isSeparator(c)) return "SEP";
  for (const [low, high] of BIGRAM_RANGES) {
    if (inRange(c, low, high)) return "BIGRAM";
  }
  return "WORD";
}
