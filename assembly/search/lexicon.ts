// docs/analyzer.md §A6: query expansion through a lexicon. A key is analyzed into a token sequence;
// a query whose token stream contains that sequence gains the key's English terms at the
// expansion weight. In `plural` mode Cyrillic key and query tokens are matched in their
// Snowball stem (only for the lexicon: index terms are untouched), so one key covers the
// inflected forms a request uses.
import { freshInt32Array, freshUint16Array, freshUint8Array } from "../fresh";
import { MAX_INPUT, tokenCount, tokenLength, tokenPointer, tokenize } from "../analyzer/tokenizer";
import { wordFormMode } from "../analyzer/wordform";
import {
  LEXICON_ENTRY_COUNT_AT,
  LEXICON_EXPANSION_COUNT_AT,
  LEXICON_HEADER_BYTES,
  LEXICON_KEY_TABLE_BYTES_AT,
  LEXICON_KEY_TOKEN_COUNT_AT,
  LEXICON_RESERVED_AT,
  LEXICON_WORD_TABLE_BYTES_AT,
  MODE_PLURAL,
} from "../abi";
import { TermDictionary } from "../index/dictionary";
import { stemRussian } from "../stem/russian";
import { terms } from "../index/state";

const keyTokens = new TermDictionary();
const expansionWords = new TermDictionary();
let entryHead = filled(64);
let entryNext = filled(64);
let entryKeyStart = freshInt32Array(64);
let entryKeyLength = freshInt32Array(64);
let entryExpansionStart = freshInt32Array(64);
let entryExpansionLength = freshInt32Array(64);
/** 1 when the entry's key is written in ASCII only (an English synonym, docs/analyzer.md §A6 step 5). */
let entryRelated = freshInt32Array(64);
let entryCount: i32 = 0;
let keyTokenList = freshInt32Array(256);
let keyTokenCount: i32 = 0;
let expansionList = freshInt32Array(256);
let expansionCount: i32 = 0;
/** Per expansion word: its index term, or −1 (refreshed after a build or load). */
let expansionTerms = freshInt32Array(0);

const formBuffer = freshUint16Array(64);

function filled(length: i32): Int32Array {
  let array = freshInt32Array(length);
  array.fill(-1);
  return array;
}

function grown(array: Int32Array, needed: i32, fill: i32): Int32Array {
  if (needed <= array.length) return array;
  let capacity = array.length << 1;
  while (capacity < needed) capacity <<= 1;
  let next = freshInt32Array(capacity);
  next.fill(fill);
  next.set(array);
  return next;
}

// The form a token is matched in: in plural mode a Cyrillic token with each run of one
// letter written once (loanwords are spelt both ways: `аппрув`, `апрув`), then stemmed;
// others as they are.
function lexiconForm(pointer: usize, length: i32): i32 {
  if (length > 64) length = 64;
  memory.copy(formBuffer.dataStart, pointer, <usize>length << 1);
  if (wordFormMode() != MODE_PLURAL) return length;
  for (let index = 0; index < length; index++) {
    if (<u32>unchecked(formBuffer[index]) - 0x430 >= 32) return length;
  }
  let kept = min(length, 1);
  for (let index = 1; index < length; index++) {
    let unit = unchecked(formBuffer[index]);
    if (unit != unchecked(formBuffer[kept - 1])) unchecked((formBuffer[kept++] = unit));
  }
  return stemRussian(formBuffer.dataStart, kept);
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

// The prepared lexicon as an artifact section (DESIGN.md "Index artifact"): counts, the two
// dictionaries, then the entry arrays, so loading copies it instead of re-analyzing keys.

function intsBytes(count: i32): i32 {
  return count << 2;
}

export function lexiconStateBytes(): i32 {
  return LEXICON_HEADER_BYTES + keyTokens.encodedBytes() + expansionWords.encodedBytes()
    + intsBytes(keyTokens.count) + intsBytes(entryCount) * 6 + intsBytes(keyTokenCount) + intsBytes(expansionCount)
    + intsBytes(expansionWords.count);
}

function storeInts(at: usize, array: Int32Array, count: i32): usize {
  memory.copy(at, array.dataStart, <usize>count << 2);
  return at + (<usize>count << 2);
}

export function encodeLexiconState(pointer: usize): void {
  store<i32>(pointer, entryCount, LEXICON_ENTRY_COUNT_AT);
  store<i32>(pointer, keyTokenCount, LEXICON_KEY_TOKEN_COUNT_AT);
  store<i32>(pointer, expansionCount, LEXICON_EXPANSION_COUNT_AT);
  store<i32>(pointer, keyTokens.encodedBytes(), LEXICON_KEY_TABLE_BYTES_AT);
  store<i32>(pointer, expansionWords.encodedBytes(), LEXICON_WORD_TABLE_BYTES_AT);
  store<i32>(pointer, 0, LEXICON_RESERVED_AT);
  let at = pointer + LEXICON_HEADER_BYTES;
  keyTokens.encode(at);
  at += keyTokens.encodedBytes();
  expansionWords.encode(at);
  at += expansionWords.encodedBytes();
  at = storeInts(at, entryHead, keyTokens.count);
  at = storeInts(at, entryNext, entryCount);
  at = storeInts(at, entryKeyStart, entryCount);
  at = storeInts(at, entryKeyLength, entryCount);
  at = storeInts(at, entryExpansionStart, entryCount);
  at = storeInts(at, entryExpansionLength, entryCount);
  at = storeInts(at, entryRelated, entryCount);
  at = storeInts(at, keyTokenList, keyTokenCount);
  at = storeInts(at, expansionList, expansionCount);
  storeInts(at, expansionTerms, expansionWords.count);
}

// Decoding takes views of the staged section one after the other from `cursor` (a byte
// offset into `stage`): nothing is copied, the section stays as the host wrote it.
let stage = new ArrayBuffer(0);
let cursor: i32 = 0;

function takeInts(count: i32): Int32Array {
  let array = Int32Array.wrap(stage, cursor, count);
  cursor += count << 2;
  return array;
}

// Every value `expandTokens` follows must stay in bounds and every chain must end: an
// entry's next entry is an earlier one (entries are prepended as they are added).
function entriesSound(): bool {
  for (let token = 0; token < keyTokens.count; token++) {
    let entry = unchecked(entryHead[token]);
    if (entry < -1 || entry >= entryCount) return false;
  }
  for (let entry = 0; entry < entryCount; entry++) {
    let following = unchecked(entryNext[entry]);
    if (following < -1 || following >= entry) return false;
    if (<u32>unchecked(entryRelated[entry]) > 1) return false;
    let start = unchecked(entryKeyStart[entry]);
    let length = unchecked(entryKeyLength[entry]);
    if (start < 0 || length < 1 || <i64>start + <i64>length > <i64>keyTokenCount) return false;
    start = unchecked(entryExpansionStart[entry]);
    length = unchecked(entryExpansionLength[entry]);
    if (start < 0 || length < 0 || <i64>start + <i64>length > <i64>expansionCount) return false;
  }
  for (let at = 0; at < keyTokenCount; at++) {
    let token = unchecked(keyTokenList[at]);
    if (token < 0 || token >= keyTokens.count) return false;
  }
  for (let at = 0; at < expansionCount; at++) {
    let word = unchecked(expansionList[at]);
    if (word < 0 || word >= expansionWords.count) return false;
  }
  for (let word = 0; word < expansionWords.count; word++) {
    let term = unchecked(expansionTerms[word]);
    if (term < -1 || term >= terms.count) return false;
  }
  return true;
}

/**
 * Replaces the lexicon by one `encodeLexiconState` wrote; false when it is not sound. On
 * failure the core is left half-loaded; the host discards it.
 */
export function decodeLexiconState(staged: Uint8Array): bool {
  let length = staged.length;
  if (length < LEXICON_HEADER_BYTES) return false;
  let pointer = staged.dataStart;
  let entries = load<i32>(pointer, LEXICON_ENTRY_COUNT_AT);
  let keyCount = load<i32>(pointer, LEXICON_KEY_TOKEN_COUNT_AT);
  let wordCount = load<i32>(pointer, LEXICON_EXPANSION_COUNT_AT);
  let keyBytes = load<i32>(pointer, LEXICON_KEY_TABLE_BYTES_AT);
  let wordBytes = load<i32>(pointer, LEXICON_WORD_TABLE_BYTES_AT);
  if (entries < 0 || keyCount < 0 || wordCount < 0 || keyBytes < 16 || wordBytes < 16 || load<i32>(pointer, LEXICON_RESERVED_AT) != 0) return false;
  if ((keyBytes & 3) != 0 || (wordBytes & 3) != 0) return false;
  if (<i64>LEXICON_HEADER_BYTES + <i64>keyBytes + <i64>wordBytes > <i64>length) return false;
  stage = staged.buffer;
  let at = staged.byteOffset + LEXICON_HEADER_BYTES;
  if (!keyTokens.decode(stage, at, keyBytes)) return false;
  at += keyBytes;
  if (!expansionWords.decode(stage, at, wordBytes)) return false;
  at += wordBytes;
  let rest = <i64>length - LEXICON_HEADER_BYTES - keyBytes - wordBytes;
  if (rest != (<i64>keyTokens.count + <i64>entries * 6 + <i64>keyCount + <i64>wordCount + <i64>expansionWords.count) << 2) return false;
  cursor = at;
  entryHead = takeInts(keyTokens.count);
  entryNext = takeInts(entries);
  entryKeyStart = takeInts(entries);
  entryKeyLength = takeInts(entries);
  entryExpansionStart = takeInts(entries);
  entryExpansionLength = takeInts(entries);
  entryRelated = takeInts(entries);
  keyTokenList = takeInts(keyCount);
  expansionList = takeInts(wordCount);
  expansionTerms = takeInts(expansionWords.count);
  entryCount = entries;
  keyTokenCount = keyCount;
  expansionCount = wordCount;
  return entriesSound();
}

/**
 * Maps expansion words to index terms; called after an index is built (a loaded one reads
 * the map from its lexicon section, checked against the term count).
 */
export function prepareLexicon(): void {
  // A lexicon restored from another build's tables already has the map's array, a view of
  // the staged section: filled in place, the staged section holds this index's map.
  if (expansionTerms.length != expansionWords.count) expansionTerms = freshInt32Array(expansionWords.count);
  for (let word = 0; word < expansionWords.count; word++) {
    expansionTerms[word] = terms.find(expansionWords.termPointer(word), expansionWords.termLength(word));
  }
}

// Per query token: its key-token number, or −1; and the token count of the longest
// translation key that covers it, or 0 (its weight is one over that, docs/analyzer.md §A6 step 1).
const queryKeyTokens = freshInt32Array(MAX_INPUT * 2 + 64);
const coveringKeyTokens = freshUint8Array(MAX_INPUT * 2 + 64);

/** The query weight of token `token` of the stream `matchLexicon` last read. */
@inline
export function ownTokenWeight(token: i32): f64 {
  let keyLength = unchecked(coveringKeyTokens[token]);
  return keyLength == 0 ? 1.0 : 1.0 / <f64>keyLength;
}

function matchesAt(entry: i32, token: i32): bool {
  let keyLength = unchecked(entryKeyLength[entry]);
  if (token + keyLength > tokenCount) return false;
  let keyStart = unchecked(entryKeyStart[entry]);
  for (let offset = 1; offset < keyLength; offset++) {
    if (unchecked(queryKeyTokens[token + offset]) != unchecked(keyTokenList[keyStart + offset])) return false;
  }
  return true;
}

/**
 * Matches the current token stream against the keys (docs/analyzer.md §A6 step 1): notes for every
 * token the longest translation key (not an English synonym) that covers it. Must run before
 * `ownTokenWeight` and `expandTokens`, on the same stream.
 */
export function matchLexicon(): void {
  for (let token = 0; token < tokenCount; token++) unchecked((coveringKeyTokens[token] = 0));
  if (entryCount == 0) return;
  for (let token = 0; token < tokenCount; token++) {
    let length = lexiconForm(tokenPointer(token), unchecked(tokenLength[token]));
    unchecked((queryKeyTokens[token] = keyTokens.find(formBuffer.dataStart, length)));
  }
  for (let token = 0; token < tokenCount; token++) {
    let first = unchecked(queryKeyTokens[token]);
    if (first < 0) continue;
    for (let entry = unchecked(entryHead[first]); entry >= 0; entry = unchecked(entryNext[entry])) {
      if (unchecked(entryRelated[entry]) != 0 || !matchesAt(entry, token)) continue;
      let keyLength = unchecked(entryKeyLength[entry]);
      for (let covered = token; covered < token + keyLength; covered++) {
        if (keyLength > <i32>unchecked(coveringKeyTokens[covered])) unchecked((coveringKeyTokens[covered] = <u8>keyLength));
      }
    }
  }
}

/**
 * Calls `emit(term, related)` for each index term that the current token stream expands to, in
 * match order (a term may come more than once; the caller deduplicates); `related` is true for
 * an English synonym entry (an ASCII key), false for a translation. Needs `matchLexicon` first.
 */
export function expandTokens(emit: (term: i32, related: bool) => void): void {
  if (entryCount == 0) return;
  for (let token = 0; token < tokenCount; token++) {
    let first = unchecked(queryKeyTokens[token]);
    if (first < 0) continue;
    for (let entry = unchecked(entryHead[first]); entry >= 0; entry = unchecked(entryNext[entry])) {
      if (matchesAt(entry, token)) emitEntry(entry, emit);
    }
  }
  // Step 5b: the English synonyms of each translation word, as if the request had said it.
  let count = translationCount;
  translationCount = 0;
  for (let index = 0; index < count; index++) {
    let word = unchecked(translationWords[index]);
    let key = keyTokens.find(expansionWords.termPointer(word), expansionWords.termLength(word));
    if (key < 0) continue;
    for (let entry = unchecked(entryHead[key]); entry >= 0; entry = unchecked(entryNext[entry])) {
      if (unchecked(entryRelated[entry]) != 0 && unchecked(entryKeyLength[entry]) == 1) emitEntry(entry, emit);
    }
  }
}

// Emits an entry's English words that are index terms; a translation's words are also kept
// (up to MAX_TRANSLATIONS a query) for their synonyms.
function emitEntry(entry: i32, emit: (term: i32, related: bool) => void): void {
  let start = unchecked(entryExpansionStart[entry]);
  let end = start + unchecked(entryExpansionLength[entry]);
  let related = unchecked(entryRelated[entry]) != 0;
  for (let at = start; at < end; at++) {
    let word = unchecked(expansionList[at]);
    let term = unchecked(expansionTerms[word]);
    if (term >= 0) emit(term, related);
    if (!related && translationCount < MAX_TRANSLATIONS) {
      unchecked((translationWords[translationCount] = word));
      translationCount += 1;
    }
  }
}

const MAX_TRANSLATIONS: i32 = 256;
const translationWords = freshInt32Array(MAX_TRANSLATIONS);
let translationCount: i32 = 0;
