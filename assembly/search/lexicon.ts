// SPEC §1.9: query expansion through a lexicon. A key is analyzed into a token sequence;
// a query whose token stream contains that sequence gains the key's English terms at the
// expansion weight. In `plural` mode Cyrillic key and query tokens are matched in their
// Snowball stem (only for the lexicon: index terms are untouched), so one key covers the
// inflected forms a request uses.
import { MAX_INPUT, tokenCount, tokenLength, tokenPointer, tokenize } from "../analyzer/tokenizer";
import { MODE_PLURAL, wordFormMode } from "../analyzer/wordform";
import { TermDictionary } from "../index/dictionary";
import { stemRussian } from "../stem/russian";
import { terms } from "../index/state";

const keyTokens = new TermDictionary();
const expansionWords = new TermDictionary();
let entryHead = filled(64);
let entryNext = filled(64);
let entryKeyStart = new Int32Array(64);
let entryKeyLength = new Int32Array(64);
let entryExpansionStart = new Int32Array(64);
let entryExpansionLength = new Int32Array(64);
/** 1 when the entry's key is written in ASCII only (an English synonym, DESIGN.md §A6 step 5). */
let entryRelated = new Int32Array(64);
let entryCount: i32 = 0;
let keyTokenList = new Int32Array(256);
let keyTokenCount: i32 = 0;
let expansionList = new Int32Array(256);
let expansionCount: i32 = 0;
/** Per expansion word: its index term, or −1 (refreshed after a build or load). */
let expansionTerms = new Int32Array(0);

const formBuffer = new Uint16Array(64);

function filled(length: i32): Int32Array {
  let array = new Int32Array(length);
  array.fill(-1);
  return array;
}

function grown(array: Int32Array, needed: i32, fill: i32): Int32Array {
  if (needed <= array.length) return array;
  let capacity = array.length << 1;
  while (capacity < needed) capacity <<= 1;
  let next = new Int32Array(capacity);
  next.fill(fill);
  next.set(array);
  return next;
}

// The form a token is matched in: Cyrillic tokens stemmed in plural mode, others as they are.
function lexiconForm(pointer: usize, length: i32): i32 {
  if (length > 64) length = 64;
  memory.copy(formBuffer.dataStart, pointer, <usize>length << 1);
  if (wordFormMode() != MODE_PLURAL) return length;
  for (let index = 0; index < length; index++) {
    if (<u32>unchecked(formBuffer[index]) - 0x430 >= 32) return length;
  }
  return stemRussian(formBuffer.dataStart, length);
}

export function lexiconSize(): i32 {
  return entryCount;
}

/** Adds one entry: the key text at `keyPointer` and the expansion text after it. */
export function addLexiconEntry(keyPointer: usize, keyLength: i32, valuePointer: usize, valueLength: i32): void {
  tokenize(keyPointer, keyLength);
  if (tokenCount == 0) return;
  let entry = entryCount;
  entryHead = grown(entryHead, entry + 1, -1);
  entryNext = grown(entryNext, entry + 1, -1);
  entryKeyStart = grown(entryKeyStart, entry + 1, 0);
  entryKeyLength = grown(entryKeyLength, entry + 1, 0);
  entryExpansionStart = grown(entryExpansionStart, entry + 1, 0);
  entryExpansionLength = grown(entryExpansionLength, entry + 1, 0);
  entryRelated = grown(entryRelated, entry + 1, 0);
  let ascii = 1;
  for (let index = 0; index < keyLength; index++) {
    if (load<u16>(keyPointer + (<usize>index << 1)) >= 0x80) ascii = 0;
  }
  entryRelated[entry] = ascii;
  keyTokenList = grown(keyTokenList, keyTokenCount + tokenCount, 0);
  entryKeyStart[entry] = keyTokenCount;
  entryKeyLength[entry] = tokenCount;
  for (let token = 0; token < tokenCount; token++) {
    let length = lexiconForm(tokenPointer(token), tokenLength[token]);
    keyTokenList[keyTokenCount] = keyTokens.intern(formBuffer.dataStart, length);
    keyTokenCount += 1;
  }
  let first = keyTokenList[entryKeyStart[entry]];
  entryHead = grown(entryHead, keyTokens.count, -1);
  entryNext[entry] = entryHead[first];
  entryHead[first] = entry;
  tokenize(valuePointer, valueLength);
  expansionList = grown(expansionList, expansionCount + tokenCount, 0);
  entryExpansionStart[entry] = expansionCount;
  entryExpansionLength[entry] = tokenCount;
  for (let token = 0; token < tokenCount; token++) {
    expansionList[expansionCount] = expansionWords.intern(tokenPointer(token), tokenLength[token]);
    expansionCount += 1;
  }
  entryCount = entry + 1;
}

/** Maps expansion words to index terms; called after an index is built or loaded. */
export function prepareLexicon(): void {
  expansionTerms = new Int32Array(expansionWords.count);
  for (let word = 0; word < expansionWords.count; word++) {
    expansionTerms[word] = terms.find(expansionWords.termPointer(word), expansionWords.termLength(word));
  }
}

// Per query token: its key-token number, or −1.
const queryKeyTokens = new Int32Array(MAX_INPUT * 2 + 64);

/**
 * Calls `emit(term, related)` for each index term that the current token stream expands to, in
 * match order (a term may come more than once; the caller deduplicates); `related` is true for
 * an English synonym entry (an ASCII key), false for a translation.
 */
export function expandTokens(emit: (term: i32, related: bool) => void): void {
  if (entryCount == 0) return;
  for (let token = 0; token < tokenCount; token++) {
    let length = lexiconForm(tokenPointer(token), unchecked(tokenLength[token]));
    unchecked((queryKeyTokens[token] = keyTokens.find(formBuffer.dataStart, length)));
  }
  for (let token = 0; token < tokenCount; token++) {
    let first = unchecked(queryKeyTokens[token]);
    if (first < 0) continue;
    for (let entry = unchecked(entryHead[first]); entry >= 0; entry = unchecked(entryNext[entry])) {
      let keyLength = unchecked(entryKeyLength[entry]);
      if (token + keyLength > tokenCount) continue;
      let keyStart = unchecked(entryKeyStart[entry]);
      let matches = true;
      for (let offset = 1; offset < keyLength; offset++) {
        if (unchecked(queryKeyTokens[token + offset]) != unchecked(keyTokenList[keyStart + offset])) {
          matches = false;
          break;
        }
      }
      if (!matches) continue;
      let start = unchecked(entryExpansionStart[entry]);
      let end = start + unchecked(entryExpansionLength[entry]);
      let related = unchecked(entryRelated[entry]) != 0;
      for (let at = start; at < end; at++) {
        let term = unchecked(expansionTerms[unchecked(expansionList[at])]);
        if (term >= 0) emit(term, related);
      }
    }
  }
}
