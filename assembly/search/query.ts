// SPEC §1.7 and §3: one query, start to end, without allocation. Query terms are chosen
// (DESIGN.md §A6), their postings accumulated into per-document scores, and the best
// `limit` documents kept in a bounded min-heap (SPEC §3.2).
import { freshFloat64Array, freshInt32Array, freshUint16Array, freshUint32Array, freshUint8Array } from "../fresh";
import { MAX_INPUT, tokenCount, tokenLength, tokenPointer, tokenize } from "../analyzer/tokenizer";
import { foldWordForm, wordFormMode } from "../analyzer/wordform";
import { MODE_PLURAL } from "../abi";
import { expandTokens, matchLexicon, ownTokenWeight } from "./lexicon";
import { logarithm } from "../index/log";
import { SELECT_FIRST, SELECT_RAREST } from "../abi";
import {
  documentCount,
  documentRanks,
  inverseFrequencies,
  nameBonus,
  nameTermCounts,
  postingStarts,
  postingEntries,
  saturations,
  SATURATION_UNIT,
  stopwords,
  terms,
  wideEntries,
} from "../index/state";

export const MAX_QUERY_TERMS: i32 = 64;

let maxQueryTerms: i32 = 16;
let selection: i32 = SELECT_RAREST;
let expansionWeight: f64 = 0.5;

let relatedWeight: f64 = 0.3;

export function setExpansionWeight(weight: f64): void {
  expansionWeight = weight;
}

export function setRelatedWeight(weight: f64): void {
  relatedWeight = weight;
}

// §A6 step 5: lexicon terms fill the slots the query's own terms left, at the expansion
// weight (translations) or the related weight (English synonyms).
function addExpansion(term: i32, related: bool): void {
  if (related && relatedWeight == 0) return;
  if (queryTermCount >= maxQueryTerms || unchecked(termStamps[term]) == stamp) return;
  unchecked((termStamps[term] = stamp));
  addQueryTerm(term, related ? relatedWeight : expansionWeight);
}

// §A6 step 6: word-form variants of the chosen terms, at the related weight.
const formUnits = new Uint16Array(40);
let formLength: i32 = 0;

@inline
function unitAt(pointer: usize, index: i32): u32 {
  return <u32>load<u16>(pointer + (<usize>index << 1));
}

@inline
function isVowel(unit: u32): bool {
  return unit == 0x61 || unit == 0x65 || unit == 0x69 || unit == 0x6f || unit == 0x75 || unit == 0x79;
}

// Looks up the form in `formUnits[0, formLength)` followed by `tail` (up to 3 ASCII letters).
function tryForm(tail: string): void {
  if (queryTermCount >= maxQueryTerms) return;
  let length = formLength;
  for (let index = 0; index < tail.length; index++) unchecked((formUnits[length + index] = <u16>tail.charCodeAt(index)));
  length += tail.length;
  let term = terms.find(formUnits.dataStart, length);
  if (term < 0 || unchecked(termStamps[term]) == stamp) return;
  unchecked((termStamps[term] = stamp));
  addQueryTerm(term, relatedWeight);
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
    if (unitAt(pointer, index) - 0x61 >= 26) return;
  }
  let last = unitAt(pointer, length - 1);
  let before = unitAt(pointer, length - 2);
  if (before == 0x6e && last == 0x67 && unitAt(pointer, length - 3) == 0x69) {
    tryStem(pointer, length - 3); // -ing
  } else if (before == 0x65 && last == 0x64 && unitAt(pointer, length - 3) != 0x65) {
    tryStem(pointer, length - 2); // -ed, not -eed
  } else if (before == 0x69 && last == 0x65 && length > 4) {
    memory.copy(formUnits.dataStart, pointer, <usize>(length - 2) << 1);
    formLength = length - 2;
    tryForm("y"); // -ie (a folded -ies) → -y
  } else if (before == 0x65 && last == 0x72 && length > 5) {
    tryStem(pointer, length - 2); // -er
  } else {
    memory.copy(formUnits.dataStart, pointer, <usize>length << 1);
    formLength = last == 0x65 ? length - 1 : length;
    tryForm("ing");
    tryForm("ed");
    if (length <= 5 && isDoublingEnd(last) && isPlainVowel(before) && !isPlainVowel(unitAt(pointer, length - 3))) {
      unchecked((formUnits[length] = <u16>last));
      formLength = length + 1;
      tryForm("ing");
      tryForm("ed");
      formLength = last == 0x65 ? length - 1 : length;
    }
    tryForm("er");
    if (last == 0x79) {
      formLength = length - 1;
      tryForm("ie");
    }
  }
}

@inline
function isPlainVowel(unit: u32): bool {
  return unit == 0x61 || unit == 0x65 || unit == 0x69 || unit == 0x6f || unit == 0x75;
}

@inline
function isDoublingEnd(unit: u32): bool {
  // b d g m n p r t
  return unit == 0x62 || unit == 0x64 || unit == 0x67 || unit == 0x6d || unit == 0x6e || unit == 0x70 || unit == 0x72 || unit == 0x74;
}

function addAllVariants(): void {
  if (wordFormMode() != MODE_PLURAL || relatedWeight == 0) return;
  let chosen = queryTermCount;
  for (let index = 0; index < chosen; index++) addVariants(unchecked(queryTerms[index]));
}

export function setQueryOptions(cap: i32, rule: i32): void {
  maxQueryTerms = cap;
  selection = rule;
}

// Candidate terms of the current query, in query order.
const candidates = freshInt32Array(MAX_INPUT * 2 + 64);
const candidateWeights = freshFloat64Array(MAX_INPUT * 2 + 64);
const chosenFlags = freshUint8Array(MAX_INPUT * 2 + 64);
let candidateCount: i32 = 0;
/** The chosen query terms, in query order, and their query weights. */
export const queryTerms = freshInt32Array(MAX_QUERY_TERMS);
export const queryWeights = freshFloat64Array(MAX_QUERY_TERMS);
export let queryTermCount: i32 = 0;

let termStamps = freshUint32Array(0);
// Per document, 16 bytes in one place: the score (f64 at 0), the stamp of the query that
// last touched it (u32 at 8) and its matched name terms (u16 at 12). A posting then touches
// one cache line, not three arrays' (at 100k tools they no longer fit the cache).
const STATE_BYTES: usize = 16;
let documentState = freshFloat64Array(0);
let touched = freshInt32Array(0);
let touchedCount: i32 = 0;
let stamp: u32 = 0;

/**
 * DESIGN.md "No confident match": after `search`, [0] the ceiling of the query (the score a
 * tool matching every chosen term with saturation 1 and a fully covered name would get) and
 * [1] the reference score of the index (idf of a term only one tool has). Fixed in memory.
 */
export const queryStats = new Float64Array(2);

/** Best first after `search`: document numbers and their scores. */
export let resultDocuments = freshInt32Array(0);
export let resultScores = freshFloat64Array(0);

/** Sizes the per-query working arrays; called once after an index is built or loaded. */
export function prepareSearch(): void {
  termStamps = freshUint32Array(terms.count);
  documentState = freshFloat64Array(documentCount * 2);
  touched = freshInt32Array(documentCount);
  resultDocuments = freshInt32Array(documentCount);
  resultScores = freshFloat64Array(documentCount);
  stamp = 0;
  let total = <f64>documentCount;
  unchecked((queryStats[1] = logarithm(1.0 + (total - 1.0 + 0.5) / (1.0 + 0.5))));
}

// DESIGN.md "No confident match": (Σ qw·idf in query order) × (1 + nameBonus).
function queryCeiling(): f64 {
  let sum = 0.0;
  for (let index = 0; index < queryTermCount; index++) {
    sum = sum + unchecked(queryWeights[index]) * unchecked(inverseFrequencies[unchecked(queryTerms[index])]);
  }
  return sum * (1.0 + nameBonus);
}

function nextStamp(): void {
  stamp += 1;
  if (stamp == 0) {
    termStamps.fill(0);
    for (let document = 0; document < documentCount; document++) {
      store<u32>(documentState.dataStart + <usize>document * STATE_BYTES, 0, 8);
    }
    stamp = 1;
  }
}

@inline
function frequencyOf(term: i32): u32 {
  return unchecked(postingStarts[term + 1]) - unchecked(postingStarts[term]);
}

@inline
function addCandidate(term: i32, weight: f64): void {
  if (unchecked(termStamps[term]) == stamp) return;
  unchecked((termStamps[term] = stamp));
  unchecked((candidates[candidateCount] = term));
  unchecked((candidateWeights[candidateCount] = weight));
  candidateCount += 1;
}

const MIN_SPLIT_UNITS: i32 = 3;
const suffixBuffer = freshUint16Array(64);

@inline
function usableHalf(pointer: usize, length: i32, allStopwords: bool): i32 {
  let term = terms.find(pointer, length);
  if (term < 0) return -1;
  if (!allStopwords && stopwords.find(pointer, length) >= 0) return -1;
  return term;
}

// DESIGN.md §A6 step 3: an absent term may be two index terms written together.
function splitAbsentTerm(pointer: usize, length: i32, allStopwords: bool, weight: f64): void {
  for (let cut = length - MIN_SPLIT_UNITS; cut >= MIN_SPLIT_UNITS; cut--) {
    let prefix = usableHalf(pointer, cut, allStopwords);
    if (prefix < 0) continue;
    let suffixLength = length - cut;
    memory.copy(suffixBuffer.dataStart, pointer + (<usize>cut << 1), <usize>suffixLength << 1);
    suffixLength = foldWordForm(suffixBuffer.dataStart, suffixLength);
    let suffix = usableHalf(suffixBuffer.dataStart, suffixLength, allStopwords);
    if (suffix < 0) continue;
    addCandidate(prefix, weight);
    addCandidate(suffix, weight);
    return;
  }
}

// DESIGN.md §A6 steps 1–4.
function chooseQueryTerms(): void {
  let allStopwords = true;
  for (let token = 0; token < tokenCount; token++) {
    if (stopwords.find(tokenPointer(token), unchecked(tokenLength[token])) < 0) {
      allStopwords = false;
      break;
    }
  }
  candidateCount = 0;
  matchLexicon();
  for (let token = 0; token < tokenCount; token++) {
    // A token a translation covers shares its word's weight with the word's other tokens.
    let weight = ownTokenWeight(token);
    let pointer = tokenPointer(token);
    let length = unchecked(tokenLength[token]);
    if (!allStopwords && stopwords.find(pointer, length) >= 0) continue;
    let term = terms.find(pointer, length);
    if (term >= 0) addCandidate(term, weight);
    else splitAbsentTerm(pointer, length, allStopwords, weight);
  }
  queryTermCount = 0;
  selectOwnTerms();
  expandTokens(addExpansion);
  addAllVariants();
}

function selectOwnTerms(): void {
  if (candidateCount <= maxQueryTerms || selection == SELECT_FIRST) {
    let kept = candidateCount < maxQueryTerms ? candidateCount : maxQueryTerms;
    for (let index = 0; index < kept; index++) addQueryTerm(unchecked(candidates[index]), unchecked(candidateWeights[index]));
    return;
  }
  // The rarest N (ties: earlier first), kept in query order.
  for (let index = 0; index < candidateCount; index++) unchecked((chosenFlags[index] = 0));
  for (let round = 0; round < maxQueryTerms; round++) {
    let best = -1;
    let bestFrequency: u32 = 0xffffffff;
    for (let index = 0; index < candidateCount; index++) {
      if (unchecked(chosenFlags[index])) continue;
      let frequency = frequencyOf(unchecked(candidates[index]));
      if (frequency < bestFrequency) {
        best = index;
        bestFrequency = frequency;
      }
    }
    unchecked((chosenFlags[best] = 1));
  }
  for (let index = 0; index < candidateCount; index++) {
    if (unchecked(chosenFlags[index])) addQueryTerm(unchecked(candidates[index]), unchecked(candidateWeights[index]));
  }
}

@inline
function addQueryTerm(term: i32, weight: f64): void {
  unchecked((queryTerms[queryTermCount] = term));
  unchecked((queryWeights[queryTermCount] = weight));
  queryTermCount += 1;
}

function accumulate(): void {
  if (wideEntries) accumulateEntries<u32>();
  else accumulateEntries<u16>();
}

// One copy of the loop per entry width, so the inner loop has no width test.
@inline
function accumulateEntries<T>(): void {
  // Raw pointers keep the inner loop to loads, one multiply and one add per posting.
  let entryBase = postingEntries.dataStart;
  let saturationBase = saturations.dataStart;
  let stateBase = documentState.dataStart;
  let touchedBase = touched.dataStart;
  let current = stamp;
  let count = 0;
  for (let index = 0; index < queryTermCount; index++) {
    let term = unchecked(queryTerms[index]);
    let factor = unchecked(queryWeights[index]) * unchecked(inverseFrequencies[term]);
    let end = <usize>unchecked(postingStarts[term + 1]);
    for (let at = <usize>unchecked(postingStarts[term]); at < end; at++) {
      let entry = <u32>load<T>(entryBase + (at << alignof<T>()));
      let document = <usize>(entry >> 1);
      // q × 2^−16 is exact; prescaling the factor instead would differ once it is subnormal.
      let contribution = factor * (<f64>load<u16>(saturationBase + (at << 1)) * SATURATION_UNIT);
      let state = stateBase + document * STATE_BYTES;
      let inName = <u16>(entry & 1);
      if (load<u32>(state, 8) != current) {
        store<u32>(state, current, 8);
        store<f64>(state, 0.0 + contribution);
        store<u16>(state, inName, 12);
        store<i32>(touchedBase + (<usize>count << 2), <i32>document);
        count += 1;
      } else {
        store<f64>(state, load<f64>(state) + contribution);
        store<u16>(state, load<u16>(state, 12) + inName, 12);
      }
    }
  }
  touchedCount = count;
}

// Heap order: a document is better with a higher score, then an earlier id.
@inline
function better(scoreA: f64, documentA: i32, scoreB: f64, documentB: i32): bool {
  if (scoreA != scoreB) return scoreA > scoreB;
  return unchecked(documentRanks[documentA]) < unchecked(documentRanks[documentB]);
}

function siftDown(from: i32, size: i32): void {
  let at = from;
  let document = unchecked(resultDocuments[at]);
  let score = unchecked(resultScores[at]);
  while (true) {
    let child = (at << 1) + 1;
    if (child >= size) break;
    let right = child + 1;
    if (
      right < size &&
      better(unchecked(resultScores[child]), unchecked(resultDocuments[child]), unchecked(resultScores[right]), unchecked(resultDocuments[right]))
    ) {
      child = right;
    }
    if (!better(score, document, unchecked(resultScores[child]), unchecked(resultDocuments[child]))) break;
    unchecked((resultDocuments[at] = unchecked(resultDocuments[child])));
    unchecked((resultScores[at] = unchecked(resultScores[child])));
    at = child;
  }
  unchecked((resultDocuments[at] = document));
  unchecked((resultScores[at] = score));
}

function siftUp(from: i32): void {
  let at = from;
  let document = unchecked(resultDocuments[at]);
  let score = unchecked(resultScores[at]);
  while (at > 0) {
    let parent = (at - 1) >> 1;
    if (!better(unchecked(resultScores[parent]), unchecked(resultDocuments[parent]), score, document)) break;
    unchecked((resultDocuments[at] = unchecked(resultDocuments[parent])));
    unchecked((resultScores[at] = unchecked(resultScores[parent])));
    at = parent;
  }
  unchecked((resultDocuments[at] = document));
  unchecked((resultScores[at] = score));
}

/** DESIGN.md "Scoring": the name-coverage factor of a hit of the current query. */
export function nameFactor(document: i32): f64 {
  let matched = load<u16>(documentState.dataStart + <usize>document * STATE_BYTES, 12);
  let nameTerms = <f64>unchecked(nameTermCounts[document]);
  // No matched name term gives 1 + nameBonus × 0 = 1 exactly: skip the division.
  if (nameTerms == 0 || matched == 0) return 1.0;
  return 1.0 + nameBonus * (<f64>matched / nameTerms);
}

function selectTop(limit: i32): i32 {
  let size = 0;
  // No factor exceeds 1 + nameBonus and rounding is monotonic, so a document whose sum times
  // that bound is already below the heap's worst cannot enter: skip its factor and compare.
  let bound = 1.0 + nameBonus;
  // Locals, not loads through the arrays each round: the heap's stores would keep the
  // compiler from hoisting them. `worst` is the heap's root once it is full.
  let stateBase = documentState.dataStart;
  let touchedBase = touched.dataStart;
  let count = touchedCount;
  let worst = -Infinity;
  for (let index = 0; index < count; index++) {
    let document = load<i32>(touchedBase + (<usize>index << 2));
    let sum = load<f64>(stateBase + <usize>document * STATE_BYTES);
    if (sum * bound < worst) continue;
    let score = sum * nameFactor(document);
    if (size < limit) {
      unchecked((resultDocuments[size] = document));
      unchecked((resultScores[size] = score));
      size += 1;
      siftUp(size - 1);
      if (size == limit) worst = unchecked(resultScores[0]);
    } else if (better(score, document, unchecked(resultScores[0]), unchecked(resultDocuments[0]))) {
      unchecked((resultDocuments[0] = document));
      unchecked((resultScores[0] = score));
      siftDown(0, size);
      worst = unchecked(resultScores[0]);
    }
  }
  // Heap sort: the worst goes last each round, leaving the best first.
  for (let end = size - 1; end > 0; end--) {
    let document = unchecked(resultDocuments[end]);
    let score = unchecked(resultScores[end]);
    unchecked((resultDocuments[end] = unchecked(resultDocuments[0])));
    unchecked((resultScores[end] = unchecked(resultScores[0])));
    unchecked((resultDocuments[0] = document));
    unchecked((resultScores[0] = score));
    siftDown(0, end);
  }
  return size;
}

/** Analyzes the query in the scratch window and ranks; returns the number of results. */
export function search(pointer: usize, length: i32, limit: i32): i32 {
  nextStamp();
  tokenize(pointer, length);
  chooseQueryTerms();
  unchecked((queryStats[0] = queryCeiling()));
  if (limit <= 0 || queryTermCount == 0) return 0;
  accumulate();
  return selectTop(limit < documentCount ? limit : documentCount);
}
