// The Porter stemmer, as defined in M.F. Porter, "An algorithm for suffix stripping",
// Program 14(3), 130–137 (1980). Definitions, conditions and rule tables follow the paper.
//
// A word is `len` UTF-16 code units at `ptr`, rewritten in place. Every rule of the paper
// replaces a suffix by one that is no longer, so the word never outgrows its buffer.
// Suffixes are string literals: static data, read code unit by code unit, never allocated
// or passed as managed strings (see endings.ts for the tables of steps 2–4).

import { ENDING_INDEX_BYTES, endingLength, indexEndings, longestEnding, writeReplacement } from "./endings";

// @ts-ignore: decorator
@inline const LETTER_A: u32 = 0x61;
// @ts-ignore: decorator
@inline const LETTER_E: u32 = 0x65;
// @ts-ignore: decorator
@inline const LETTER_I: u32 = 0x69;
// @ts-ignore: decorator
@inline const LETTER_L: u32 = 0x6c;
// @ts-ignore: decorator
@inline const LETTER_O: u32 = 0x6f;
// @ts-ignore: decorator
@inline const LETTER_S: u32 = 0x73;
// @ts-ignore: decorator
@inline const LETTER_T: u32 = 0x74;
// @ts-ignore: decorator
@inline const LETTER_U: u32 = 0x75;
// @ts-ignore: decorator
@inline const LETTER_W: u32 = 0x77;
// @ts-ignore: decorator
@inline const LETTER_X: u32 = 0x78;
// @ts-ignore: decorator
@inline const LETTER_Y: u32 = 0x79;
// @ts-ignore: decorator
@inline const LETTER_Z: u32 = 0x7a;

// The rule tables of steps 2–4 as published, in the paper's order. Each is one literal:
// asc does not fold "a" + "b", and a concatenation would allocate at start-up.
const STEP_2 =
  "ational=ate tional=tion enci=ence anci=ance izer=ize abli=able alli=al entli=ent eli=e ousli=ous ization=ize ation=ate ator=ate alism=al iveness=ive fulness=ful ousness=ous aliti=al iviti=ive biliti=ble";
const STEP_3 = "icate=ic ative alize=al iciti=ic ical=ic ful ness";
const STEP_4 = "al ance ence er ic able ible ant ement ment ent ou ism ate iti ous ive ize"; // and -ion, in step4

const STEP_2_INDEX: usize = memory.data(ENDING_INDEX_BYTES, 8);
const STEP_3_INDEX: usize = memory.data(ENDING_INDEX_BYTES, 8);
const STEP_4_INDEX: usize = memory.data(ENDING_INDEX_BYTES, 8);
let tablesIndexed = false;

function indexTables(): void {
  indexEndings(STEP_2_INDEX, STEP_2);
  indexEndings(STEP_3_INDEX, STEP_3);
  indexEndings(STEP_4_INDEX, STEP_4);
  tablesIndexed = true;
}

// @ts-ignore: decorator
@inline function unitAt(ptr: usize, index: i32): u32 {
  return <u32>load<u16>(ptr + (<usize>index << 1));
}

// @ts-ignore: decorator
@inline function isPlainVowel(unit: u32): bool {
  return unit == LETTER_A || unit == LETTER_E || unit == LETTER_I || unit == LETTER_O || unit == LETTER_U;
}

// The paper's definition: a consonant is a letter other than a, e, i, o, u, and other than
// y preceded by a consonant. Any other code unit (the list has apostrophes) is a consonant.
function isConsonant(ptr: usize, index: i32): bool {
  const unit = unitAt(ptr, index);
  if (isPlainVowel(unit)) return false;
  if (unit != LETTER_Y) return true;
  // In a run of y's the status alternates, starting from the y after a non-y letter.
  let start = index;
  while (start > 0 && unitAt(ptr, start - 1) == LETTER_Y) start--;
  const firstIsConsonant = start == 0 || isPlainVowel(unitAt(ptr, start - 1));
  return ((index - start) & 1) == 0 ? firstIsConsonant : !firstIsConsonant;
}

// The paper's measure: m in [C](VC)^m[V], for the first `stemLength` units of the word.
function measure(ptr: usize, stemLength: i32): i32 {
  let count = 0;
  // "Before the start" behaves like a vowel for y (a leading y is a consonant), but a
  // leading consonant does not close a VC pair.
  let previousIsConsonant = false;
  for (let index = 0; index < stemLength; index++) {
    const unit = unitAt(ptr, index);
    const consonant = isPlainVowel(unit) ? false : unit == LETTER_Y ? !previousIsConsonant : true;
    if (consonant && !previousIsConsonant && index > 0) count++;
    previousIsConsonant = consonant;
  }
  return count;
}

// Condition *v*: the stem contains a vowel.
function containsVowel(ptr: usize, stemLength: i32): bool {
  let previousIsConsonant = false;
  for (let index = 0; index < stemLength; index++) {
    const unit = unitAt(ptr, index);
    const consonant = isPlainVowel(unit) ? false : unit == LETTER_Y ? !previousIsConsonant : true;
    if (!consonant) return true;
    previousIsConsonant = consonant;
  }
  return false;
}

// Condition *d: the stem ends with a double consonant.
function endsWithDoubleConsonant(ptr: usize, stemLength: i32): bool {
  if (stemLength < 2) return false;
  if (unitAt(ptr, stemLength - 1) != unitAt(ptr, stemLength - 2)) return false;
  return isConsonant(ptr, stemLength - 1) && isConsonant(ptr, stemLength - 2);
}

// Condition *o: the stem ends consonant–vowel–consonant, the last consonant not w, x or y.
function endsWithShortSyllable(ptr: usize, stemLength: i32): bool {
  if (stemLength < 3) return false;
  const last = unitAt(ptr, stemLength - 1);
  if (last == LETTER_W || last == LETTER_X || last == LETTER_Y) return false;
  return (
    isConsonant(ptr, stemLength - 1) &&
    !isConsonant(ptr, stemLength - 2) &&
    isConsonant(ptr, stemLength - 3)
  );
}

function endsWith(ptr: usize, length: i32, suffix: string): bool {
  const suffixLength = suffix.length;
  if (suffixLength > length) return false;
  const suffixPointer = changetype<usize>(suffix);
  const offset = ptr + (<usize>(length - suffixLength) << 1);
  for (let index = 0; index < suffixLength; index++) {
    const at = <usize>index << 1;
    if (load<u16>(offset + at) != load<u16>(suffixPointer + at)) return false;
  }
  return true;
}

// Appends e after the first `stemLength` units (step 1b removed at least two units first);
// returns the new length.
// @ts-ignore: decorator
@inline function appendE(ptr: usize, stemLength: i32): i32 {
  store<u16>(ptr + (<usize>stemLength << 1), <u16>LETTER_E);
  return stemLength + 1;
}

// A step of rules "(m > threshold) ending → replacement". The paper obeys only the rule with
// the longest matching ending, so when that rule's condition fails the word stays unchanged.
function applyLongestRule(ptr: usize, length: i32, index: usize, threshold: i32): i32 {
  const ending = longestEnding(ptr, length, 0, index);
  if (ending < 0) return length;
  const stemLength = length - endingLength(index, ending);
  if (measure(ptr, stemLength) <= threshold) return length;
  return writeReplacement(ptr, stemLength, index, ending);
}

// Step 1a: plurals.
function step1a(ptr: usize, length: i32): i32 {
  if (unitAt(ptr, length - 1) != LETTER_S) return length;
  if (endsWith(ptr, length, "sses")) return length - 2;
  if (endsWith(ptr, length, "ies")) return length - 2;
  if (endsWith(ptr, length, "ss")) return length;
  return length - 1;
}

// Step 1b: -eed, -ed, -ing, and the clean-up after removing -ed or -ing.
function step1b(ptr: usize, length: i32): i32 {
  let stemLength: i32;
  if (endsWith(ptr, length, "eed")) {
    return measure(ptr, length - 3) > 0 ? length - 1 : length;
  } else if (endsWith(ptr, length, "ed")) {
    stemLength = length - 2;
  } else if (endsWith(ptr, length, "ing")) {
    stemLength = length - 3;
  } else {
    return length;
  }
  if (!containsVowel(ptr, stemLength)) return length;

  if (
    endsWith(ptr, stemLength, "at") ||
    endsWith(ptr, stemLength, "bl") ||
    endsWith(ptr, stemLength, "iz")
  ) {
    return appendE(ptr, stemLength);
  }
  if (endsWithDoubleConsonant(ptr, stemLength)) {
    const last = unitAt(ptr, stemLength - 1);
    if (last != LETTER_L && last != LETTER_S && last != LETTER_Z) return stemLength - 1;
    return stemLength;
  }
  if (measure(ptr, stemLength) == 1 && endsWithShortSyllable(ptr, stemLength)) {
    return appendE(ptr, stemLength);
  }
  return stemLength;
}

// Step 1c: (*v*) y → i.
function step1c(ptr: usize, length: i32): i32 {
  if (unitAt(ptr, length - 1) == LETTER_Y && containsVowel(ptr, length - 1)) {
    store<u16>(ptr + (<usize>(length - 1) << 1), <u16>LETTER_I);
  }
  return length;
}

// Step 2: (m > 0) double suffixes to single ones.
// @ts-ignore: decorator
@inline function step2(ptr: usize, length: i32): i32 {
  return applyLongestRule(ptr, length, STEP_2_INDEX, 0);
}

// Step 3: (m > 0) -ic-, -full, -ness etc.
// @ts-ignore: decorator
@inline function step3(ptr: usize, length: i32): i32 {
  return applyLongestRule(ptr, length, STEP_3_INDEX, 0);
}

// Step 4: (m > 1) remove a final suffix; -ion only after s or t. No other ending of the step
// ends in n, so -ion is the longest match whenever it matches.
function step4(ptr: usize, length: i32): i32 {
  if (endsWith(ptr, length, "ion")) {
    const stemLength = length - 3;
    if (measure(ptr, stemLength) <= 1) return length;
    const before = unitAt(ptr, stemLength - 1);
    return before == LETTER_S || before == LETTER_T ? stemLength : length;
  }
  return applyLongestRule(ptr, length, STEP_4_INDEX, 1);
}

// Step 5a: (m > 1) e →, and (m = 1 and not *o) e →.
function step5a(ptr: usize, length: i32): i32 {
  if (unitAt(ptr, length - 1) != LETTER_E) return length;
  const stemLength = length - 1;
  const m = measure(ptr, stemLength);
  if (m > 1 || (m == 1 && !endsWithShortSyllable(ptr, stemLength))) return stemLength;
  return length;
}

// Step 5b: (m > 1 and *d and *l) → single letter.
function step5b(ptr: usize, length: i32): i32 {
  if (
    unitAt(ptr, length - 1) == LETTER_L &&
    endsWithDoubleConsonant(ptr, length) &&
    measure(ptr, length) > 1
  ) {
    return length - 1;
  }
  return length;
}

/**
 * Runs every step of the 1980 paper on a word of any length, including one or two letters
 * (`is` → `i`, `s` → the empty word). This is the function the published conformance list
 * tests word for word; the analyzer calls {@link stemPorter}.
 *
 * @example
 * // "is" in the scratch window:
 * porterSteps(ptr, 2); // 1, the window now holds "i"
 */
export function porterSteps(ptr: usize, len: i32): i32 {
  if (!tablesIndexed) indexTables();
  let length = len;
  if (length == 0) return 0;
  length = step1a(ptr, length);
  if (length == 0) return 0;
  length = step1b(ptr, length);
  length = step1c(ptr, length);
  length = step2(ptr, length);
  length = step3(ptr, length);
  length = step4(ptr, length);
  length = step5a(ptr, length);
  length = step5b(ptr, length);
  return length;
}

/**
 * Stems an English token in place: `len` UTF-16 code units `a`–`z` at `ptr` (already lower
 * case). Returns the new length. Tokens of one or two letters are returned unchanged, so a
 * token never stems to the empty word.
 *
 * @example
 * // "generalizations" in the scratch window:
 * stemPorter(ptr, 15); // 5, the window now starts with "gener"
 */
export function stemPorter(ptr: usize, len: i32): i32 {
  if (len <= 2) return len;
  return porterSteps(ptr, len);
}
