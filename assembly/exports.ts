// The module's boundary (DESIGN.md "Boundary ABI"). Only numbers cross it: the host writes
// UTF-16 code units into the scratch window and passes their count; results are read from
// typed-array views at the pointers exported below.
import { freshUint16Array, heapEnd } from "./fresh";
import { MAX_INPUT, tokenCount, tokenLength, tokenPointer, tokenize } from "./analyzer/tokenizer";
import { setWordFormMode } from "./analyzer/wordform";
import { addField as addFieldText, beginBuild as begin, emitPostings as emit, finishBuild as finish, recordTotal } from "./index/build";
import { MAX_TERMS, documentCount, postingStarts, setNameBonus, setScoring, stopwords, terms, weights } from "./index/state";
import { deriveSections, prepareLoad, prepareTables, restoreTables, sectionBytes, sectionPointer, stageTables, validateLoaded } from "./index/artifact";
import { FIELD_ALIASES, FIELD_DESCRIPTION, FIELD_NAME, FIELD_PARAMS, FIELD_SUMMARY, FIELD_TAGS, STATUS_OK, STATUS_STAGED_REFUSED } from "./abi";
import { decodeUtf8 } from "./utf8";
import { absorb, checksumLanes } from "./index/checksum";
import { EXPLAIN_STRIDE, explain as explainDocument, explainValues } from "./search/explain";
import { prepareSearch, queryStats, search as searchQuery } from "./search/query";
import { queryTermCount, queryTerms, queryWeights, setExpansionWeight, setQueryOptions, setRelatedWeight } from "./search/terms";
import { nameFactor } from "./search/accumulate";
import { setPruning } from "./search/block-max";
import { resultDocuments, resultScores } from "./search/top-k";
import { addLexiconEntry as addEntry, prepareLexicon } from "./search/lexicon";
import { prepareVectors, scanVectors } from "./search/vectors";

export { heapEnd, recordTotal, prepareVectors, scanVectors };
/** 1 in the shipped build, which uses WebAssembly simd128; 0 in the scalar one (asconfig.json "scalar"). */
export const SIMD_BUILD: i32 = ASC_FEATURE_SIMD ? 1 : 0;
export { EXPLAIN_STRIDE, STAGING_BYTES, MAX_INPUT, MAX_TERMS, prepareLoad, prepareTables, restoreTables, sectionBytes, sectionPointer, stageTables };

/** Where the host reads and writes the artifact checksum's sixteen lanes. */
export function checksumLanesPointer(): usize {
  return checksumLanes.dataStart;
}

/** Absorbs `length` bytes (a multiple of 64) the host wrote into the scratch window. */
export function absorbScratch(length: i32): void {
  absorb(scratch.dataStart, length);
}

/** Absorbs a copied core section (and its zero padding) into the checksum lanes. */
export function absorbSection(section: i32): void {
  absorb(sectionPointer(section), sectionBytes(section));
}

/** Derives and validates the copied sections, restores the query tables and readies search; 0 when sound. */
export function finishLoad(): i32 {
  let status = deriveSections();
  if (status == STATUS_OK) status = validateLoaded();
  if (status == STATUS_OK) status = restoreTables();
  if (status == STATUS_OK) prepareSearch();
  return status;
}

export function termPoolLength(): i32 {
  return terms.poolLength;
}

// Eight units more than the window: the tokenizer reads up to 16 bytes past its input.
const scratch = freshUint16Array(MAX_INPUT + 8);

/**
 * A build's field text is staged as UTF-8 (`addStagedDocument`) in the second half of the
 * scratch window, and decodes into the scratch window from its start: the units written stay
 * behind the bytes read (DESIGN.md "Boundary ABI").
 */
export const STAGING_BYTES: i32 = MAX_INPUT;

export function scratchPointer(): usize {
  return scratch.dataStart;
}

export function stagingPointer(): usize {
  return scratch.dataStart + <usize>MAX_INPUT;
}

/**
 * Decodes the UTF-8 at `offset` in the staging window (`length` bytes) into code units at the
 * start of the scratch window; their count, or −1 when the text holds U+FFFD (it may have been
 * a lone surrogate: the host then writes the units itself), or, when `check` is not 0, −2 when
 * it holds a code point NFKC may change (`decodeUtf8`).
 */
export function decodeStaged(offset: i32, length: i32, check: i32): i32 {
  if (offset < 0 || length < 0 || offset > STAGING_BYTES - length) return STATUS_STAGED_REFUSED;
  return decodeUtf8(stagingPointer() + <usize>offset, length, scratch.dataStart, check != 0);
}

/**
 * Sets every analyzer and scoring option in one call; before `addStopword` and `beginBuild`
 * for a build, before `finishLoad` for a load. `wordFormMode` is MODE_*, `termSelection`
 * SELECT_*, `nameBonus` the name-coverage bonus (docs/scoring.md "Scoring"; 0 turns it off),
 * `expansionWeight` and `relatedWeight` the query weights of translations and of related
 * terms (English synonyms, word-form variants; §A6 steps 5–6), then the six field weights in
 * field order.
 */
export function configure(
  wordFormMode: i32,
  k1: f64,
  b: f64,
  maxQueryTerms: i32,
  termSelection: i32,
  nameBonus: f64,
  expansionWeight: f64,
  relatedWeight: f64,
  nameWeight: f64,
  aliasesWeight: f64,
  tagsWeight: f64,
  summaryWeight: f64,
  descriptionWeight: f64,
  paramsWeight: f64,
): void {
  setWordFormMode(wordFormMode);
  setScoring(k1, b);
  setQueryOptions(maxQueryTerms, termSelection);
  setNameBonus(nameBonus);
  setExpansionWeight(expansionWeight);
  setRelatedWeight(relatedWeight);
  weights[FIELD_NAME] = nameWeight;
  weights[FIELD_ALIASES] = aliasesWeight;
  weights[FIELD_TAGS] = tagsWeight;
  weights[FIELD_SUMMARY] = summaryWeight;
  weights[FIELD_DESCRIPTION] = descriptionWeight;
  weights[FIELD_PARAMS] = paramsWeight;
}

/** The name-coverage factor of `document` for the last query (explain). */
export function nameCoverageFactor(document: i32): f64 {
  return nameFactor(document);
}

/** Adds the terms of the stopword text in the scratch window (query side only). */
export function addStopword(length: i32): void {
  tokenize(scratch.dataStart, length);
  for (let token = 0; token < tokenCount; token++) {
    stopwords.intern(tokenPointer(token), tokenLength[token]);
  }
}

export function beginBuild(count: i32): void {
  begin(count);
}

export function addField(document: i32, field: i32, length: i32): void {
  addFieldText(document, field, scratch.dataStart, length);
}

/**
 * Adds a document's six fields from their UTF-8 back to back at the start of the staging
 * window (`bytes` in all), one call per document: decoded in one pass, then split by the
 * fields' code unit counts. The unit count, or (nothing added) −1 when the text holds U+FFFD
 * or the counts do not add up to it, −2 when `check` is not 0 and the text holds a code point
 * NFKC may change (the host prepares the fields and stages them again with `check` 0).
 */
export function addStagedDocument(document: i32, bytes: i32, check: i32, name: i32, aliases: i32, tags: i32, summary: i32, description: i32, params: i32): i32 {
  let units = decodeStaged(0, bytes, check);
  if (units < 0) return units;
  // Each count below 2^15 first, so that their sum cannot wrap.
  if ((name | aliases | tags | summary | description | params) >>> 15 != 0) return STATUS_STAGED_REFUSED;
  if (name + aliases + tags + summary + description + params != units) return STATUS_STAGED_REFUSED;
  let at = addStagedUnits(document, FIELD_NAME, scratch.dataStart, name);
  at = addStagedUnits(document, FIELD_ALIASES, at, aliases);
  at = addStagedUnits(document, FIELD_TAGS, at, tags);
  at = addStagedUnits(document, FIELD_SUMMARY, at, summary);
  at = addStagedUnits(document, FIELD_DESCRIPTION, at, description);
  addStagedUnits(document, FIELD_PARAMS, at, params);
  return units;
}

@inline
function addStagedUnits(document: i32, field: i32, pointer: usize, length: i32): usize {
  if (length > 0) addFieldText(document, field, pointer, length);
  return pointer + (<usize>length << 1);
}

/**
 * Ends a build; the index then moves to a fresh core (`emitPostings`). 0, or
 * 1 when the catalogue holds more than `MAX_TERMS` distinct terms.
 */
export function finishBuild(): i32 {
  let status = finish();
  if (status == STATUS_OK) prepareLexicon();
  return status;
}

/** Postings the scratch window holds at once: 8 bytes each at most (a wide entry, a saturation, field frequencies). */
export const EMIT_BATCH: i32 = (MAX_INPUT << 1) >> 3;

/** Writes postings `[from, from + count)` (count at most EMIT_BATCH) of the finished build into the scratch window (`emitPostings`). */
export function emitPostings(from: i32, count: i32): void {
  if (count <= EMIT_BATCH) emit(scratch.dataStart, from, count);
}

/**
 * Adds lexicon entries from the scratch window: entries separated by U+0002, each a key and
 * its English words separated by U+0001 (one call for a whole lexicon chunk).
 */
export function addLexiconEntries(length: i32): void {
  let base = scratch.dataStart;
  let start = 0;
  while (start < length) {
    let end = start;
    while (end < length && scratch[end] != 2) end++;
    let split = start;
    while (split < end && scratch[split] != 1) split++;
    if (split < end) {
      addEntry(base + (<usize>start << 1), split - start, base + (<usize>(split + 1) << 1), end - split - 1);
    }
    start = end + 1;
  }
}

/** The query weight of chosen query term `index` (1 for the query's own, less for expansions). */
export function queryTermWeight(index: i32): f64 {
  return queryWeights[index];
}

export function termCount(): i32 {
  return terms.count;
}

/** PRUNE_AUTO (the default), PRUNE_ALWAYS or PRUNE_OFF: the same hits and scores either way. */
export function pruneQueries(mode: i32): void {
  setPruning(mode);
}

export function search(length: i32, limit: i32): i32 {
  return searchQuery(scratch.dataStart, length, limit);
}

export function resultDocumentsPointer(): usize {
  return resultDocuments.dataStart;
}

export function resultScoresPointer(): usize {
  return resultScores.dataStart;
}

/** Two f64 at a fixed address, set by every `search`: the query's ceiling and the index's reference score. */
export function queryStatsPointer(): usize {
  return queryStats.dataStart;
}

/** Explains `document` against the last query; values at `explainPointer()`. */
export function explain(document: i32): i32 {
  return explainDocument(document);
}

export function explainPointer(): usize {
  return explainValues.dataStart;
}

/** Copies the text of chosen query term `index` into the scratch window; returns its length. */
export function queryTermText(index: i32): i32 {
  let term = queryTerms[index];
  let length = terms.termLength(term);
  memory.copy(scratch.dataStart, terms.termPointer(term), <usize>length << 1);
  return length;
}

export function lastQueryTermCount(): i32 {
  return queryTermCount;
}

/** Analyzes the scratch text and leaves its tokens joined by U+0000 in the scratch window. */
export function analyze(length: i32): i32 {
  tokenize(scratch.dataStart, length);
  let at = 0;
  for (let token = 0; token < tokenCount; token++) {
    let units = tokenLength[token];
    if (at + units + 1 > MAX_INPUT) break;
    if (token > 0) {
      scratch[at] = 0;
      at += 1;
    }
    memory.copy(scratch.dataStart + (<usize>at << 1), tokenPointer(token), <usize>units << 1);
    at += units;
  }
  return at;
}

export function documents(): i32 {
  return documentCount;
}

/** Documents containing term `term` (for inspection). */
export function termDocumentFrequency(term: i32): i32 {
  return <i32>(postingStarts[term + 1] - postingStarts[term]);
}

/** Copies the text of term `term` into the scratch window; returns its length. */
export function termText(term: i32): i32 {
  let length = terms.termLength(term);
  memory.copy(scratch.dataStart, terms.termPointer(term), <usize>length << 1);
  return length;
}
