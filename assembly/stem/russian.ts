// The Snowball Russian stemmer, as described on snowballstem.org ("Russian stemming
// algorithm"). The ending groups below are the published ones, in the published order.
//
// A word is `len` UTF-16 code units `а`–`я` at `ptr`, rewritten in place (the analyzer has
// already folded `ё` to `е`, which is what the algorithm's first step does). The algorithm
// only removes endings, so the word never outgrows its buffer. Ending tables: see endings.ts.

import { ENDING_INDEX_BYTES, endingLength, indexEndings, longestEnding } from "./endings";

// @ts-ignore: decorator
@inline const CYRILLIC_A: u32 = 0x430; // а
// @ts-ignore: decorator
@inline const CYRILLIC_YA: u32 = 0x44f; // я
// @ts-ignore: decorator
@inline const CYRILLIC_I: u32 = 0x438; // и
// @ts-ignore: decorator
@inline const CYRILLIC_EN: u32 = 0x43d; // н
// @ts-ignore: decorator
@inline const CYRILLIC_SOFT_SIGN: u32 = 0x44c; // ь

// The vowels а е и о у ы э ю я, as bits of (unit − 0x430).
// @ts-ignore: decorator
@inline const VOWEL_BITS: u32 =
  (1 << 0) | (1 << 5) | (1 << 8) | (1 << 14) | (1 << 19) | (1 << 27) | (1 << 29) | (1 << 30) | (1 << 31);

// The ending groups, as published. Group 1 of the gerund, participle and verb endings only
// counts after а or я (which stays).
const PERFECTIVE_GERUND_1 = "в вши вшись";
const PERFECTIVE_GERUND_2 = "ив ивши ившись ыв ывши ывшись";
const ADJECTIVE = "ее ие ые ое ими ыми ей ий ый ой ем им ым ом его ого ему ому их ых ую юю ая яя ою ею";
const PARTICIPLE_1 = "ем нн вш ющ щ";
const PARTICIPLE_2 = "ивш ывш ующ";
const REFLEXIVE = "ся сь";
const VERB_1 = "ла на ете йте ли й л ем н ло но ет ют ны ть ешь нно";
const VERB_2 =
  "ила ыла ена ейте уйте ите или ыли ей уй ил ыл им ым ен ило ыло ено ят ует уют ит ыт ены ить ыть ишь ую ю";
const NOUN = "а ев ов ие ье е иями ями ами еи ии и ией ей ой ий й иям ям ием ем ам ом о у ах иях ях ы ь ию ью ю ия ья я";
const SUPERLATIVE = "ейш ейше";
const DERIVATIONAL = "ост ость";

const PERFECTIVE_GERUND_1_INDEX: usize = memory.data(ENDING_INDEX_BYTES, 8);
const PERFECTIVE_GERUND_2_INDEX: usize = memory.data(ENDING_INDEX_BYTES, 8);
const ADJECTIVE_INDEX: usize = memory.data(ENDING_INDEX_BYTES, 8);
const PARTICIPLE_1_INDEX: usize = memory.data(ENDING_INDEX_BYTES, 8);
const PARTICIPLE_2_INDEX: usize = memory.data(ENDING_INDEX_BYTES, 8);
const REFLEXIVE_INDEX: usize = memory.data(ENDING_INDEX_BYTES, 8);
const VERB_1_INDEX: usize = memory.data(ENDING_INDEX_BYTES, 8);
const VERB_2_INDEX: usize = memory.data(ENDING_INDEX_BYTES, 8);
const NOUN_INDEX: usize = memory.data(ENDING_INDEX_BYTES, 8);
const SUPERLATIVE_INDEX: usize = memory.data(ENDING_INDEX_BYTES, 8);
const DERIVATIONAL_INDEX: usize = memory.data(ENDING_INDEX_BYTES, 8);
let tablesIndexed = false;

function indexTables(): void {
  indexEndings(PERFECTIVE_GERUND_1_INDEX, PERFECTIVE_GERUND_1);
  indexEndings(PERFECTIVE_GERUND_2_INDEX, PERFECTIVE_GERUND_2);
  indexEndings(ADJECTIVE_INDEX, ADJECTIVE);
  indexEndings(PARTICIPLE_1_INDEX, PARTICIPLE_1);
  indexEndings(PARTICIPLE_2_INDEX, PARTICIPLE_2);
  indexEndings(REFLEXIVE_INDEX, REFLEXIVE);
  indexEndings(VERB_1_INDEX, VERB_1);
  indexEndings(VERB_2_INDEX, VERB_2);
  indexEndings(NOUN_INDEX, NOUN);
  indexEndings(SUPERLATIVE_INDEX, SUPERLATIVE);
  indexEndings(DERIVATIONAL_INDEX, DERIVATIONAL);
  tablesIndexed = true;
}

// @ts-ignore: decorator
@inline function unitAt(ptr: usize, index: i32): u32 {
  return <u32>load<u16>(ptr + (<usize>index << 1));
}

// @ts-ignore: decorator
@inline function isVowel(unit: u32): bool {
  const offset = unit - CYRILLIC_A;
  return offset < 32 && ((VOWEL_BITS >>> offset) & 1) != 0;
}

// The length of the longest ending of the indexed table that ends the word inside the
// region starting at `limit`; 0 when none does.
function longestEndingLength(ptr: usize, length: i32, limit: i32, index: usize): i32 {
  const ending = longestEnding(ptr, length, limit, index);
  return ending < 0 ? 0 : endingLength(index, ending);
}

// Whether the unit before the last `endingLength` units is а or я, inside the region.
// @ts-ignore: decorator
@inline function afterAOrYa(ptr: usize, length: i32, limit: i32, endingLength: i32): bool {
  const position = length - endingLength - 1;
  if (position < limit) return false;
  const unit = unitAt(ptr, position);
  return unit == CYRILLIC_A || unit == CYRILLIC_YA;
}

// Removes the longest ending of the two groups (group 1 only after а or я, which stays);
// returns the new length, or −1 when nothing was removed. Only the longest match counts: if
// it is a group-1 ending without а or я before it, no shorter ending is tried.
function removeGroupedEnding(
  ptr: usize,
  length: i32,
  limit: i32,
  afterAIndex: usize,
  plainIndex: usize,
): i32 {
  const afterALength = longestEndingLength(ptr, length, limit, afterAIndex);
  const plainLength = longestEndingLength(ptr, length, limit, plainIndex);
  if (plainLength > afterALength) return length - plainLength;
  if (afterALength > 0 && afterAOrYa(ptr, length, limit, afterALength)) return length - afterALength;
  return -1;
}

/**
 * Stems a Russian token in place: `len` UTF-16 code units `а`–`я` at `ptr` (lower case, `ё`
 * already folded to `е`). Returns the new length.
 *
 * @example
 * // "важнейшими" in the scratch window:
 * stemRussian(ptr, 10); // 4, the window now starts with "важн"
 */
export function stemRussian(ptr: usize, len: i32): i32 {
  if (!tablesIndexed) indexTables();
  let length = len;

  // RV is the region after the first vowel; R2 is the region after the first non-vowel
  // following a vowel, applied twice. Both are fixed before any ending is removed.
  let rv = length;
  let r2 = length;
  let index = 0;
  while (index < length && !isVowel(unitAt(ptr, index))) index++;
  if (index < length) {
    rv = index + 1;
    index = rv;
    while (index < length && isVowel(unitAt(ptr, index))) index++;
    index++; // past the non-vowel: R1 starts here
    while (index < length && !isVowel(unitAt(ptr, index))) index++;
    while (index < length && isVowel(unitAt(ptr, index))) index++;
    if (index < length) r2 = index + 1;
  }

  // Every test below looks only at RV.
  // Step 1.
  let removed = removeGroupedEnding(ptr, length, rv, PERFECTIVE_GERUND_1_INDEX, PERFECTIVE_GERUND_2_INDEX);
  if (removed >= 0) {
    length = removed;
  } else {
    length -= longestEndingLength(ptr, length, rv, REFLEXIVE_INDEX);
    const adjective = longestEndingLength(ptr, length, rv, ADJECTIVE_INDEX);
    if (adjective > 0) {
      // ADJECTIVAL: an adjective ending, optionally preceded by a participle ending.
      length -= adjective;
      removed = removeGroupedEnding(ptr, length, rv, PARTICIPLE_1_INDEX, PARTICIPLE_2_INDEX);
      if (removed >= 0) length = removed;
    } else {
      removed = removeGroupedEnding(ptr, length, rv, VERB_1_INDEX, VERB_2_INDEX);
      if (removed >= 0) length = removed;
      else length -= longestEndingLength(ptr, length, rv, NOUN_INDEX);
    }
  }

  // Step 2.
  if (length > rv && unitAt(ptr, length - 1) == CYRILLIC_I) length--;

  // Step 3: a derivational ending wholly in R2.
  const derivational = longestEndingLength(ptr, length, rv, DERIVATIONAL_INDEX);
  if (derivational > 0 && length - derivational >= r2) length -= derivational;

  // Step 4: undouble н, or remove a superlative ending and then undouble н, or remove ь.
  const superlative = longestEndingLength(ptr, length, rv, SUPERLATIVE_INDEX);
  if (superlative > 0) length -= superlative;
  if (length > rv && unitAt(ptr, length - 1) == CYRILLIC_EN) {
    if (length - 1 > rv && unitAt(ptr, length - 2) == CYRILLIC_EN) length--;
  } else if (superlative == 0 && length > rv && unitAt(ptr, length - 1) == CYRILLIC_SOFT_SIGN) {
    length--;
  }
  return length;
}
