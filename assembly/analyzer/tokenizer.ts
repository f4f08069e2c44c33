// docs/analyzer.md §A2–§A4: text → tokens. Tokens are written into one static stream (code units
// plus start/length per token); nothing is allocated per call.
import { freshInt32Array, freshUint16Array, freshUint32Array } from "../fresh";
import { classify, BIGRAM, CONNECTOR, WORD } from "./classify";
import { foldCodePoint, isUpper } from "./fold";
import { foldWordForm } from "./wordform";

/** Largest text the analyzer reads at once, in UTF-16 code units. */
export const MAX_INPUT: i32 = 16384;
/** A token is cut at this many code units (docs/analyzer.md §A4). */
export const MAX_TOKEN_UNITS: i32 = 32;

// Upper bounds: every token's units come from distinct input units at most twice over
// (parts, then the joined form; a bigram re-reads each code point twice).
const TEXT_CAPACITY: i32 = MAX_INPUT * 4 + 64;
const TOKEN_CAPACITY: i32 = MAX_INPUT * 2 + 64;

export const tokenText = freshUint16Array(TEXT_CAPACITY);
export const tokenStart = freshInt32Array(TOKEN_CAPACITY);
export const tokenLength = freshInt32Array(TOKEN_CAPACITY);
export let tokenCount: i32 = 0;
let textLength: i32 = 0;

const runCodePoints = freshUint32Array(MAX_INPUT + 2);

let input: usize = 0;
let inputLength: i32 = 0;
let codePointWidth: i32 = 1;

@inline
function unitAt(index: i32): u32 {
  return <u32>load<u16>(input + (<usize>index << 1));
}

@inline
function codePointAt(index: i32): u32 {
  let unit = unitAt(index);
  if (unit - 0xd800 < 0x400 && index + 1 < inputLength) {
    let next = unitAt(index + 1);
    if (next - 0xdc00 < 0x400) {
      codePointWidth = 2;
      return ((unit - 0xd800) << 10) + (next - 0xdc00) + 0x10000;
    }
  }
  codePointWidth = 1;
  return unit;
}

/** Pointer to the code units of token `index` (valid until the next `tokenize`). */
@inline
export function tokenPointer(index: i32): usize {
  return tokenText.dataStart + (<usize>unchecked(tokenStart[index]) << 1);
}

@inline
function writeCodePoint(c: u32): void {
  if (c >= 0x10000) {
    let v = c - 0x10000;
    unchecked((tokenText[textLength] = <u16>(0xd800 + (v >> 10))));
    unchecked((tokenText[textLength + 1] = <u16>(0xdc00 + (v & 0x3ff))));
    textLength += 2;
  } else {
    unchecked((tokenText[textLength] = <u16>c));
    textLength += 1;
  }
}

@inline
function beginToken(): void {
  unchecked((tokenStart[tokenCount] = textLength));
}

@inline
function endToken(): void {
  unchecked((tokenLength[tokenCount] = textLength - unchecked(tokenStart[tokenCount])));
  tokenCount += 1;
}

function emitPart(from: i32, to: i32): void {
  beginToken();
  for (let k = from; k < to; k++) writeCodePoint(foldCodePoint(unchecked(runCodePoints[k])));
  endToken();
}

@inline
function isAsciiDigit(c: u32): bool {
  return c - 0x30 < 10;
}

// §A3: case boundaries inside one WORD run.
function emitWordRun(runLength: i32): void {
  let partStart = 0;
  for (let k = 1; k < runLength; k++) {
    let c = unchecked(runCodePoints[k]);
    if (!isUpper(c)) continue;
    let boundary = !isUpper(unchecked(runCodePoints[k - 1]));
    if (!boundary && k + 2 < runLength) {
      let next = unchecked(runCodePoints[k + 1]);
      let after = unchecked(runCodePoints[k + 2]);
      boundary = !isUpper(next) && !isAsciiDigit(next) && !isUpper(after) && !isAsciiDigit(after);
    }
    if (boundary) {
      emitPart(partStart, k);
      partStart = k;
    }
  }
  emitPart(partStart, runLength);
}

// §A4 steps 3–4 on one token, in place.
@inline
function finishToken(index: i32): void {
  let length = unchecked(tokenLength[index]);
  let start = unchecked(tokenStart[index]);
  if (length > MAX_TOKEN_UNITS) {
    length = MAX_TOKEN_UNITS;
    if (<u32>unchecked(tokenText[start + length - 1]) - 0xd800 < 0x400) length -= 1;
  }
  unchecked((tokenLength[index] = foldWordForm(tokenText.dataStart + (<usize>start << 1), length)));
}

// The ASCII WORD units are `0-9A-Za-z` (§A2), UPPER among them is `A-Z`, and each one's fold
// (§A4 steps 1–2) is `unit | 0x20`.

// A lower-case ASCII letter at `pointer`: within a run, what is neither UPPER nor a digit.
@inline
function isAsciiLowerAt(pointer: usize): bool {
  return <u32>load<u16>(pointer) - 0x61 < 26;
}

// The joined form of an identifier's parts (when it has two or more) and §A4 steps 3–4 for
// each of its tokens.
function finishIdentifier(firstToken: i32): void {
  let lastPart = tokenCount - 1;
  if (lastPart > firstToken) {
    // The parts lie next to each other in the stream, so the joined form is one copy.
    let from = unchecked(tokenStart[firstToken]);
    let units = textLength - from;
    beginToken();
    memory.copy(
      tokenText.dataStart + (<usize>textLength << 1),
      tokenText.dataStart + (<usize>from << 1),
      <usize>units << 1,
    );
    textLength += units;
    endToken();
  }
  for (let token = firstToken; token < tokenCount; token++) finishToken(token);
}

// §A3 for any identifier: each WORD run is read as code points into `runCodePoints`.
function tokenizeIdentifier(at: i32): i32 {
  let index = at;
  let firstToken = tokenCount;
  while (true) {
    let runLength = 0;
    while (index < inputLength) {
      let c = codePointAt(index);
      if (classify(c) != WORD) break;
      unchecked((runCodePoints[runLength] = c));
      runLength += 1;
      index += codePointWidth;
    }
    emitWordRun(runLength);
    if (
      index + 1 < inputLength &&
      classify(unitAt(index)) == CONNECTOR &&
      classify(codePointAt(index + 1)) == WORD
    ) {
      index += 1;
      continue;
    }
    break;
  }
  finishIdentifier(firstToken);
  return index;
}

// §A3 for an identifier whose WORD runs are all ASCII (most identifiers), in one pass over
// the input with the state in locals (the engine reloads a module global after every store
// to memory). Lower-case letters and digits, the bulk of a run, fold to themselves and start
// no part, so a tight inner loop copies them; the outer loop takes upper-case units (§A3 case
// boundaries), connectors and the end. Returns the index after the identifier, or −1 when a
// run goes on with another WORD code point: nothing global was updated, and the caller reads
// the identifier again with `tokenizeIdentifier`.
function tokenizeAsciiIdentifier(at: i32): i32 {
  let firstToken = tokenCount;
  let count = firstToken;
  let base = tokenText.dataStart;
  let target = base + (<usize>textLength << 1);
  let partStart = target;
  let source = input + (<usize>at << 1);
  let end = input + (<usize>inputLength << 1);
  let runStart = source;
  while (true) {
    // Eight units a step: all eight are stored, and the run's length among them decides how
    // far both pointers move (units past `end` are read, never kept). The scalar build
    // (asconfig.json "scalar") copies one unit a step.
    if (ASC_FEATURE_SIMD) {
      while (source < end) {
        let units = v128.load(source);
        let lower = i16x8.lt_u(i16x8.sub(units, i16x8.splat(0x61)), i16x8.splat(26));
        let digit = i16x8.lt_u(i16x8.sub(units, i16x8.splat(0x30)), i16x8.splat(10));
        v128.store(target, units);
        let run = <usize>ctz(~i16x8.bitmask(v128.or(lower, digit))) << 1;
        source += run;
        target += run;
        if (run < 16) break;
      }
    } else {
      while (source < end && (isAsciiLowerAt(source) || <u32>load<u16>(source) - 0x30 < 10)) {
        store<u16>(target, load<u16>(source));
        source += 2;
        target += 2;
      }
    }
    if (source >= end) {
      target -= source - end;
      source = end;
      break;
    }
    let unit = <u32>load<u16>(source);
    if (unit - 0x41 < 26) {
      // A boundary before an UPPER unit that follows a non-UPPER one, or that follows an
      // UPPER one and is followed by two lower-case units (`HTTPServer` → `HTTP|Server`).
      if (
        source > runStart &&
        (<u32>load<u16>(source - 2) - 0x41 >= 26 || (source + 4 < end && isAsciiLowerAt(source + 2) && isAsciiLowerAt(source + 4)))
      ) {
        unchecked((tokenStart[count] = <i32>((partStart - base) >> 1)));
        unchecked((tokenLength[count] = <i32>((target - partStart) >> 1)));
        count += 1;
        partStart = target;
      }
      store<u16>(target, <u16>(unit | 0x20));
      source += 2;
      target += 2;
      continue;
    }
    if (unit >= 0x80) {
      if (classify(codePointAt(<i32>((source - input) >> 1))) == WORD) return -1;
      break;
    }
    // An ASCII unit outside WORD: a CONNECTOR followed by a WORD code point joins two runs.
    if (source + 2 >= end || classify(unit) != CONNECTOR) break;
    let next = <u32>load<u16>(source + 2);
    if (next >= 0x80) {
      if (classify(codePointAt(<i32>((source + 2 - input) >> 1))) == WORD) return -1;
      break;
    }
    if (classify(next) != WORD) break;
    unchecked((tokenStart[count] = <i32>((partStart - base) >> 1)));
    unchecked((tokenLength[count] = <i32>((target - partStart) >> 1)));
    count += 1;
    partStart = target;
    source += 2;
    runStart = source;
  }
  let length = <i32>((target - partStart) >> 1);
  unchecked((tokenStart[count] = <i32>((partStart - base) >> 1)));
  tokenCount = count + 1;
  textLength = <i32>((target - base) >> 1);
  if (count == firstToken && length <= MAX_TOKEN_UNITS) {
    // One part (most identifiers): no joined form and no cut, only §A4 step 4.
    unchecked((tokenLength[count] = foldWordForm(partStart, length)));
  } else {
    unchecked((tokenLength[count] = length));
    finishIdentifier(firstToken);
  }
  return <i32>((source - input) >> 1);
}

function tokenizeBigrams(at: i32): i32 {
  let index = at;
  let runLength = 0;
  while (index < inputLength) {
    let c = codePointAt(index);
    if (classify(c) != BIGRAM) break;
    unchecked((runCodePoints[runLength] = c));
    runLength += 1;
    index += codePointWidth;
  }
  if (runLength == 1) {
    beginToken();
    writeCodePoint(unchecked(runCodePoints[0]));
    endToken();
  } else {
    for (let k = 0; k + 1 < runLength; k++) {
      beginToken();
      writeCodePoint(unchecked(runCodePoints[k]));
      writeCodePoint(unchecked(runCodePoints[k + 1]));
      endToken();
    }
  }
  return index;
}

/**
 * Analyzes `length` code units at `pointer` (at most MAX_INPUT) into the token stream. With a
 * `limit`, analysis stops at the first identifier or bigram run that starts after `limit`
 * tokens exist: the first `limit` tokens are the same, and a capped field (docs/analyzer.md §A5) does not
 * pay for the text it will not keep. The text must stay readable for 16 bytes past its end
 * (the ASCII path reads eight units at a time; what lies past the end is never kept).
 */
export function tokenize(pointer: usize, length: i32, limit: i32 = i32.MAX_VALUE): void {
  input = pointer;
  inputLength = length < MAX_INPUT ? length : MAX_INPUT;
  tokenCount = 0;
  textLength = 0;
  let index = 0;
  while (index < inputLength && tokenCount < limit) {
    let unit = unitAt(index);
    if (unit < 0x80) {
      // An ASCII unit starts an identifier or is a separator (a leading CONNECTOR is one).
      if (classify(unit) != WORD) {
        index += 1;
      } else {
        let after = tokenizeAsciiIdentifier(index);
        index = after >= 0 ? after : tokenizeIdentifier(index);
      }
      continue;
    }
    let c = codePointAt(index);
    let kind = classify(c);
    if (kind == WORD) index = tokenizeIdentifier(index);
    else if (kind == BIGRAM) index = tokenizeBigrams(index);
    else index += codePointWidth;
  }
}
