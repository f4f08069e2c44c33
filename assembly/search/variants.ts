// docs/analyzer.md §A6 step 6: English word-form variants of the chosen query terms, at the related
// weight: "deploy" also finds "deploying", "deployed" and "deployer"; "creating" finds
// "create". Only index terms of 4–32 ASCII letters have variants, and only with the plural
// analyzer (the stemmer already folds these forms).
import { MODE_PLURAL } from "../abi";
import { wordFormMode } from "../analyzer/wordform";
import { terms } from "../index/state";
import { addRelatedTerm, hasRoom, queryTermCount, queryTerms, relatedWeight } from "./terms";

// The letters the rules below name, as UTF-16 code units.
const LETTER_A: u32 = 0x61;
const LETTER_B: u32 = 0x62;
const LETTER_D: u32 = 0x64;
const LETTER_E: u32 = 0x65;
const LETTER_G: u32 = 0x67;
const LETTER_I: u32 = 0x69;
const LETTER_M: u32 = 0x6d;
const LETTER_N: u32 = 0x6e;
const LETTER_O: u32 = 0x6f;
const LETTER_P: u32 = 0x70;
const LETTER_R: u32 = 0x72;
const LETTER_T: u32 = 0x74;
const LETTER_U: u32 = 0x75;
const LETTER_Y: u32 = 0x79;

const formUnits = new Uint16Array(40);
let formLength: i32 = 0;

@inline
function unitAt(pointer: usize, index: i32): u32 {
  return <u32>load<u16>(pointer + (<usize>index << 1));
}

@inline
function isVowel(unit: u32): bool {
  return isPlainVowel(unit) || unit == LETTER_Y;
}

@inline
function isPlainVowel(unit: u32): bool {
  return unit == LETTER_A || unit == LETTER_E || unit == LETTER_I || unit == LETTER_O || unit == LETTER_U;
}

// A final consonant English doubles before -ing and -ed ("plan" → "planning").
@inline
function isDoublingEnd(unit: u32): bool {
  return unit == LETTER_B || unit == LETTER_D || unit == LETTER_G || unit == LETTER_M || unit == LETTER_N || unit == LETTER_P || unit == LETTER_R || unit == LETTER_T;
}

// Looks up the form in `formUnits[0, formLength)` followed by `tail` (up to 3 ASCII letters).
function tryForm(tail: string): void {
  if (!hasRoom()) return;
  let length = formLength;
  for (let index = 0; index < tail.length; index++) unchecked((formUnits[length + index] = <u16>tail.charCodeAt(index)));
  length += tail.length;
  let term = terms.find(formUnits.dataStart, length);
  if (term >= 0) addRelatedTerm(term);
}

// A stripped stem: at least 3 letters with a vowel; tries stem, stem + "e", and the stem
// without a doubled final consonant.
function tryStem(pointer: usize, stemLength: i32): void {
  if (stemLength < 3) return;
  let vowel = false;
  for (let index = 0; index < stemLength; index++) if (isVowel(unitAt(pointer, index))) vowel = true;
  if (!vowel) return;
  memory.copy(formUnits.dataStart, pointer, <usize>stemLength << 1);
  formLength = stemLength;
  tryForm("");
  tryForm("e");
  let last = unitAt(pointer, stemLength - 1);
  if (stemLength >= 4 && last == unitAt(pointer, stemLength - 2) && !isVowel(last)) {
    formLength = stemLength - 1;
    tryForm("");
  }
}

function addVariants(term: i32): void {
  let pointer = terms.termPointer(term);
  let length = terms.termLength(term);
  if (length < 4 || length > 32) return;
  for (let index = 0; index < length; index++) {
    if (unitAt(pointer, index) - LETTER_A >= 26) return;
  }
  let last = unitAt(pointer, length - 1);
  let before = unitAt(pointer, length - 2);
  if (before == LETTER_N && last == LETTER_G && unitAt(pointer, length - 3) == LETTER_I) {
    tryStem(pointer, length - 3); // -ing
  } else if (before == LETTER_E && last == LETTER_D && unitAt(pointer, length - 3) != LETTER_E) {
    tryStem(pointer, length - 2); // -ed, not -eed
  } else if (before == LETTER_I && last == LETTER_E && length > 4) {
    memory.copy(formUnits.dataStart, pointer, <usize>(length - 2) << 1);
    formLength = length - 2;
    tryForm("y"); // -ie (a folded -ies) → -y
  } else if (before == LETTER_E && last == LETTER_R && length > 5) {
    tryStem(pointer, length - 2); // -er
  } else {
    memory.copy(formUnits.dataStart, pointer, <usize>length << 1);
    formLength = last == LETTER_E ? length - 1 : length;
    tryForm("ing");
    tryForm("ed");
    if (length <= 5 && isDoublingEnd(last) && isPlainVowel(before) && !isPlainVowel(unitAt(pointer, length - 3))) {
      unchecked((formUnits[length] = <u16>last));
      formLength = length + 1;
      tryForm("ing");
      tryForm("ed");
      formLength = last == LETTER_E ? length - 1 : length;
    }
    tryForm("er");
    if (last == LETTER_Y) {
      formLength = length - 1;
      tryForm("ie");
    }
  }
}

/** Adds the variants of every term chosen so far (the query's own and its expansions). */
export function addAllVariants(): void {
  if (wordFormMode() != MODE_PLURAL || relatedWeight == 0) return;
  let chosen = queryTermCount;
  for (let index = 0; index < chosen; index++) addVariants(unchecked(queryTerms[index]));
}
