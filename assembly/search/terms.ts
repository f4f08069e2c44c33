// docs/analyzer.md §A6: the query terms, chosen from the analyzed query's tokens (steps 1–4: the
// index terms among them, stopwords out, an absent term split in two), capped by the rarest
// or the first, then filled with lexicon expansions (step 5) and word-form variants (step 6).
import { SELECT_FIRST, SELECT_RAREST } from "../abi";
import { MAX_INPUT, tokenCount, tokenLength, tokenPointer } from "../analyzer/tokenizer";
import { foldWordForm } from "../analyzer/wordform";
import { freshFloat64Array, freshInt32Array, freshUint16Array, freshUint32Array, freshUint8Array } from "../fresh";
import { postingStarts, stopwords, terms } from "../index/state";
import { expandTokens, matchLexicon, ownTokenWeight } from "./lexicon";
import { addAllVariants } from "./variants";

export const MAX_QUERY_TERMS: i32 = 64;

let maxQueryTerms: i32 = 16;
let selection: i32 = SELECT_RAREST;
let expansionWeight: f64 = 0.5;
/** The query weight of related terms: English synonyms and word-form variants. */
export let relatedWeight: f64 = 0.3;

export function setQueryOptions(cap: i32, rule: i32): void {
  maxQueryTerms = cap;
  selection = rule;
}

export function setExpansionWeight(weight: f64): void {
  expansionWeight = weight;
}

export function setRelatedWeight(weight: f64): void {
  relatedWeight = weight;
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
/** How many of them stand for the query's own words: its own terms and their translations, not related words or word forms. */
export let wordTermCount: i32 = 0;

// Per term, the stamp of the query that last chose it (or made it a candidate).
let termStamps = freshUint32Array(0);
let stamp: u32 = 0;

/** Sizes the term stamps; called once after an index is built or loaded. */
export function prepareTermStamps(): void {
  termStamps = freshUint32Array(terms.count);
  stamp = 0;
}

/** The stamp of the current query (never 0). */
export function currentStamp(): u32 {
  return stamp;
}

/** Starts a query's stamp; true when the stamps wrapped (the caller then clears its own). */
export function advanceStamp(): bool {
  stamp += 1;
  if (stamp != 0) return false;
  termStamps.fill(0);
  stamp = 1;
  return true;
}

/** There is room for another query term. */
export function hasRoom(): bool {
  return queryTermCount < maxQueryTerms;
}

/** Adds `term` at the related weight unless this query has it already. */
export function addRelatedTerm(term: i32): void {
  if (unchecked(termStamps[term]) == stamp) return;
  unchecked((termStamps[term] = stamp));
  addQueryTerm(term, relatedWeight);
}

// §A6 step 5: lexicon terms fill the slots the query's own terms left, at the expansion
// weight (translations) or the related weight (English synonyms).
function addExpansion(term: i32, related: bool): void {
  if (related && relatedWeight == 0) return;
  if (queryTermCount >= maxQueryTerms || unchecked(termStamps[term]) == stamp) return;
  unchecked((termStamps[term] = stamp));
  if (!related) wordTermCount += 1;
  addQueryTerm(term, related ? relatedWeight : expansionWeight);
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

// docs/analyzer.md §A6 step 3: an absent term may be two index terms written together.
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

/** docs/analyzer.md §A6: chooses the terms of the tokenized query. */
export function chooseQueryTerms(): void {
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
    // A number of one digit is an argument of the request (a count, an operand), not a word
    // that names a tool: it counts at the related weight.
    if (length == 1 && <u32>load<u16>(pointer) - 0x30 < 10) weight *= relatedWeight;
    let term = terms.find(pointer, length);
    if (term >= 0) addCandidate(term, weight);
    else splitAbsentTerm(pointer, length, allStopwords, weight);
  }
  queryTermCount = 0;
  selectOwnTerms();
  wordTermCount = queryTermCount;
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

