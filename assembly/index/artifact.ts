// DESIGN.md "Index artifact": the index as sections of raw bytes. Serializing reads each array in place;
// loading allocates arrays of the recorded sizes, the host copies bytes into them, and
// `validateLoaded` checks every invariant the query path relies on (so a crafted artifact
// can give odd scores but never read out of bounds or loop forever).
import {
  CHECK_DOCUMENT_RANKS,
  CHECK_FIELD_TOTALS,
  CHECK_LEXICON_TABLES,
  CHECK_POSTING_BOUNDS,
  CHECK_POSTING_END,
  CHECK_POSTING_ENTRIES,
  CHECK_POSTING_RANGES,
  CHECK_STOPWORD_TABLE,
  CHECK_TERM_LENGTHS,
  FIELD_COUNT,
  SECTION_DOCUMENT_RANKS,
  SECTION_FIELD_FREQUENCIES,
  SECTION_FIELD_LENGTHS,
  SECTION_FIELD_TOTALS,
  SECTION_LEXICON_TABLES,
  SECTION_NAME_TERM_COUNTS,
  SECTION_POSTING_ENTRIES,
  SECTION_POSTING_STARTS,
  SECTION_SATURATIONS,
  SECTION_STOPWORD_TABLE,
  SECTION_TERM_LENGTHS,
  SECTION_TERM_POOL,
  STATUS_OK,
} from "../abi";
import { decodeLexiconState, encodeLexiconState, lexiconStateBytes } from "../search/lexicon";
import { freshFloat64Array, freshInt32Array, freshUint16Array, freshUint32Array, freshUint8Array, heapEnd } from "../fresh";
import { logarithm } from "./log";
import { tableSizeFor } from "./dictionary";
import {
  MAX_DOCUMENTS,
  MAX_TERMS,
  NARROW_DOCUMENTS,
  documentCount,
  documentRanks,
  entryAt,
  fieldFrequencies,
  fieldLengths,
  fieldTotals,
  inverseFrequencies,
  nameTermCounts,
  postingStarts,
  stopwords,
  postingEntries,
  saturations,
  setDocumentArrays,
  setPostingArrays,
  terms,
  wideEntries,
} from "./state";


// Sections 13 and 14 are encodings, staged in these buffers: written by `stageTables` before
// serializing, copied into by the host before `restoreTables` decodes them on load (and
// kept, so a loaded index serializes without encoding them again).
let stopwordStage = freshUint8Array(0);
let lexiconStage = freshUint8Array(0);

/** Encodes the query tables once (they do not change after configuration). */
export function stageTables(): void {
  if (stopwordStage.length > 0) return;
  stopwordStage = freshUint8Array(stopwords.encodedBytes());
  stopwords.encode(stopwordStage.dataStart);
  lexiconStage = freshUint8Array(lexiconStateBytes());
  encodeLexiconState(lexiconStage.dataStart);
}

/**
 * Room for staged tables the host copies in before `restoreTables`: a build given another
 * build's tables (of the same stopwords, lexicon and analyzer) instead of analyzing them.
 */
export function prepareTables(stopwordBytes: i32, lexiconBytes: i32): void {
  stopwordStage = freshUint8Array(stopwordBytes);
  lexiconStage = freshUint8Array(lexiconBytes);
}

/** Decodes the staged tables after a load: 0 when sound, else the failed check's number. */
export function restoreTables(): i32 {
  if (!stopwords.decode(stopwordStage.buffer, stopwordStage.byteOffset, stopwordStage.length)) return CHECK_STOPWORD_TABLE;
  if (!decodeLexiconState(lexiconStage)) return CHECK_LEXICON_TABLES;
  return STATUS_OK;
}

export function sectionPointer(section: i32): usize {
  switch (section) {
    case SECTION_TERM_POOL: return terms.pool.dataStart;
    case SECTION_TERM_LENGTHS: return terms.lengths.dataStart;
    case SECTION_POSTING_STARTS: return postingStarts.dataStart;
    case SECTION_POSTING_ENTRIES: return postingEntries.dataStart;
    case SECTION_SATURATIONS: return saturations.dataStart;
    case SECTION_FIELD_LENGTHS: return fieldLengths.dataStart;
    case SECTION_FIELD_TOTALS: return fieldTotals.dataStart;
    case SECTION_DOCUMENT_RANKS: return documentRanks.dataStart;
    case SECTION_NAME_TERM_COUNTS: return nameTermCounts.dataStart;
    case SECTION_STOPWORD_TABLE: return stopwordStage.dataStart;
    case SECTION_LEXICON_TABLES: return lexiconStage.dataStart;
    case SECTION_FIELD_FREQUENCIES: return fieldFrequencies.dataStart;
  }
  return 0;
}

/** Bytes of a section as the current index holds it (only the used part of grown arrays). */
export function sectionBytes(section: i32): i32 {
  let termCount = terms.count;
  switch (section) {
    case SECTION_TERM_POOL: return terms.poolLength << 1;
    case SECTION_TERM_LENGTHS: return termCount;
    case SECTION_POSTING_STARTS: return (termCount + 1) << 2;
    case SECTION_POSTING_ENTRIES: return postingEntries.length;
    case SECTION_SATURATIONS: return saturations.length << 1;
    case SECTION_FIELD_LENGTHS: return (documentCount * FIELD_COUNT) << 1;
    case SECTION_FIELD_TOTALS: return (FIELD_COUNT * 2) << 3;
    case SECTION_DOCUMENT_RANKS: return documentCount << 2;
    case SECTION_NAME_TERM_COUNTS: return documentCount << 1;
    case SECTION_STOPWORD_TABLE: return stopwordStage.length;
    case SECTION_LEXICON_TABLES: return lexiconStage.length;
    case SECTION_FIELD_FREQUENCIES: return saturations.length << 1;
  }
  return 0;
}

// Per allocation: block and typed-array headers and alignment, generously.
const ALLOCATION_SLACK: u64 = 128;
const ALLOCATIONS: u64 = 32;

/**
 * Grows memory once to what a load and the search set-up after it allocate, so the runtime's
 * doubling growth never leaves a loaded index in a memory twice its size (at 100,000 tools:
 * 98 MiB instead of 50). Growth that fails here is left to the allocations themselves.
 */
function reserve(count: i32, termCount: i32, poolLength: i32, tableSize: i32, postingCount: i32, stopwordBytes: i32, lexiconBytes: i32): void {
  let documents = <u64>count;
  let termsWide = <u64>termCount + 1;
  let postings = <u64>postingCount;
  let bytes = documents * (FIELD_COUNT * 2 + 4 + 2) // field lengths, ranks, name term counts
    + documents * (16 + 4 + 4 + 8) // search: document state, touched, results
    + termsWide * (4 + 8 + 4 + 4 + 1) // posting starts, idf, term stamps, offsets, lengths
    + postings * ((count > NARROW_DOCUMENTS ? 4 : 2) + 2 + 2) // entries, saturations, field frequencies
    + <u64>poolLength * 2 + <u64>tableSize * 4 + <u64>stopwordBytes + <u64>lexiconBytes
    + ALLOCATIONS * ALLOCATION_SLACK;
  let end = <u64>heapEnd() + bytes;
  let pages = <i32>((end + 0xffff) >> 16);
  if (pages > memory.size()) memory.grow(pages - memory.size());
}

/** Allocates an empty index of the recorded sizes; returns false when a size is impossible. */
export function prepareLoad(
  count: i32,
  termCount: i32,
  poolLength: i32,
  postingCount: i32,
  stopwordBytes: i32,
  lexiconBytes: i32,
): bool {
  if (count < 0 || count >= MAX_DOCUMENTS) return false;
  if (stopwordBytes < 0 || lexiconBytes < 0) return false;
  if (termCount < 0 || termCount > MAX_TERMS || poolLength < 0 || postingCount < 0) return false;
  // The table is the one a build of these terms would have; `deriveSections` fills it.
  let tableSize = tableSizeFor(termCount);
  reserve(count, termCount, poolLength, tableSize, postingCount, stopwordBytes, lexiconBytes);
  setDocumentArrays(count);
  setPostingArrays(termCount, postingCount);
  terms.pool = freshUint16Array(poolLength > 0 ? poolLength : 1);
  terms.offsets = freshUint32Array(termCount > 0 ? termCount : 1);
  terms.lengths = freshUint8Array(termCount > 0 ? termCount : 1);
  terms.table = freshInt32Array(tableSize);
  terms.count = termCount;
  terms.poolLength = poolLength;
  stopwordStage = freshUint8Array(stopwordBytes);
  lexiconStage = freshUint8Array(lexiconBytes);
  return true;
}

// Every posting's document below the document count, and ascending within each term. One
// pass over all entries, a vector at a time, counts the places where a document is not above
// the one before it; they must all be places where a term's postings begin.
function entriesSound(termCount: i32): bool {
  let total = <u32>saturations.length;
  if (total == 0) return true;
  let found = wideEntries ? wideDescents(total) : narrowDescents(total);
  if (found < 0) return false;
  let allowed = 0;
  for (let term = 0; term < termCount; term++) {
    let start = unchecked(postingStarts[term]);
    if (start == 0 || start >= unchecked(postingStarts[term + 1])) continue;
    if ((entryAt(start) >> 1) <= (entryAt(start - 1) >> 1)) allowed += 1;
  }
  return found == allowed;
}

// Descents among u16 entries, or −1 when a document is out of range. An entry's document is
// `entry >> 1`; comparing entries shifted right once keeps the lanes unsigned. Each lane
// counts its descents (a true comparison is −1) for up to DESCENT_RUN vectors at a time, far
// below what an i16 lane holds.
const DESCENT_RUN: u32 = 4096;

function narrowDescents(total: u32): i32 {
  let base = postingEntries.dataStart;
  let count = <u32>documentCount;
  if ((<u32>load<u16>(base) >> 1) >= count) return -1;
  let found = 0;
  let at: u32 = 1;
  // The scalar build (asconfig.json "scalar") takes every entry in the loop after this.
  if (ASC_FEATURE_SIMD) {
    let limit = i16x8.splat(<i16>count);
    let inRange = i16x8.splat(-1);
    while (at + 8 <= total) {
      let runEnd = at + DESCENT_RUN * 8;
      if (runEnd > total) runEnd = total;
      let descents = i16x8.splat(0);
      for (; at + 8 <= runEnd; at += 8) {
        let current = i16x8.shr_u(v128.load(base + (<usize>at << 1)), 1);
        let previous = i16x8.shr_u(v128.load(base + (<usize>(at - 1) << 1)), 1);
        inRange = v128.and(inRange, i16x8.lt_u(current, limit));
        descents = i16x8.sub(descents, i16x8.le_u(current, previous));
      }
      let wide = i32x4.extadd_pairwise_i16x8_u(descents);
      found += i32x4.extract_lane(wide, 0) + i32x4.extract_lane(wide, 1) + i32x4.extract_lane(wide, 2) + i32x4.extract_lane(wide, 3);
    }
    if (!i16x8.all_true(inRange)) return -1;
  }
  for (; at < total; at++) {
    let document = <u32>load<u16>(base + (<usize>at << 1)) >> 1;
    if (document >= count) return -1;
    if (document <= (<u32>load<u16>(base + (<usize>(at - 1) << 1)) >> 1)) found += 1;
  }
  return found;
}

function wideDescents(total: u32): i32 {
  let base = postingEntries.dataStart;
  let count = <u32>documentCount;
  if ((load<u32>(base) >> 1) >= count) return -1;
  let found = 0;
  let at: u32 = 1;
  if (ASC_FEATURE_SIMD) {
    let limit = i32x4.splat(count);
    let inRange = i32x4.splat(-1);
    let descents = i32x4.splat(0);
    for (; at + 4 <= total; at += 4) {
      let current = i32x4.shr_u(v128.load(base + (<usize>at << 2)), 1);
      let previous = i32x4.shr_u(v128.load(base + (<usize>(at - 1) << 2)), 1);
      inRange = v128.and(inRange, i32x4.lt_u(current, limit));
      descents = i32x4.sub(descents, i32x4.le_u(current, previous));
    }
    if (!i32x4.all_true(inRange)) return -1;
    found = i32x4.extract_lane(descents, 0) + i32x4.extract_lane(descents, 1) + i32x4.extract_lane(descents, 2) + i32x4.extract_lane(descents, 3);
  }
  for (; at < total; at++) {
    let document = load<u32>(base + (<usize>at << 2)) >> 1;
    if (document >= count) return -1;
    if (document <= (load<u32>(base + (<usize>(at - 1) << 2)) >> 1)) found += 1;
  }
  return found;
}

/**
 * Fills the arrays an artifact leaves out (DESIGN.md "Index artifact") from the copied ones:
 * term offsets (the pool holds the terms in order), the term table (empty until now) and the
 * idf (the build's formula). 0 when the term lengths fill the pool exactly, else 4.
 */
export function deriveSections(): i32 {
  let termCount = terms.count;
  let poolLength = <u32>terms.poolLength;
  let offset: u32 = 0;
  for (let term = 0; term < termCount; term++) {
    let length = <u32>unchecked(terms.lengths[term]);
    if (length == 0 || offset + length > poolLength) return CHECK_TERM_LENGTHS;
    unchecked((terms.offsets[term] = offset));
    offset += length;
  }
  if (offset != poolLength) return CHECK_TERM_LENGTHS;
  terms.insertAll();
  // Most terms are in few tools: their idf comes from a table of the first 256 frequencies.
  let total = <f64>documentCount;
  for (let frequency = 0; frequency < SMALL_FREQUENCIES; frequency++) {
    unchecked((smallIdf[frequency] = inverseFrequency(total, <f64>frequency)));
  }
  for (let term = 0; term < termCount; term++) {
    // Unchecked until validateLoaded: a wrapped difference only gives an odd idf.
    let frequency = unchecked(postingStarts[term + 1]) - unchecked(postingStarts[term]);
    unchecked((inverseFrequencies[term] = frequency < <u32>SMALL_FREQUENCIES ? unchecked(smallIdf[frequency]) : inverseFrequency(total, <f64>frequency)));
  }
  return STATUS_OK;
}

const SMALL_FREQUENCIES: i32 = 256;
const smallIdf = freshFloat64Array(SMALL_FREQUENCIES);

/** docs/scoring.md "Scoring": the idf of a term `frequency` of `total` tools have. */
@inline
function inverseFrequency(total: f64, frequency: f64): f64 {
  return logarithm(1.0 + (total - frequency + 0.5) / (frequency + 0.5));
}

/** Checks the loaded arrays; 0 when sound, else the number of the first failed check. */
export function validateLoaded(): i32 {
  let termCount = terms.count;
  let postingCount = <u32>saturations.length;
  if (unchecked(postingStarts[0]) != 0 || unchecked(postingStarts[termCount]) != postingCount) return CHECK_POSTING_BOUNDS;
  let previous: u32 = 0;
  for (let term = 0; term < termCount; term++) {
    let start = unchecked(postingStarts[term]);
    let end = unchecked(postingStarts[term + 1]);
    if (end < start || end > postingCount) return CHECK_POSTING_RANGES;
    previous = end;
  }
  if (previous != postingCount && termCount > 0) return CHECK_POSTING_END;
  if (!entriesSound(termCount)) return CHECK_POSTING_ENTRIES;
  for (let document = 0; document < documentCount; document++) {
    if (unchecked(documentRanks[document]) >= <u32>documentCount) return CHECK_DOCUMENT_RANKS;
  }
  for (let field = 0; field < FIELD_COUNT * 2; field++) {
    let total = unchecked(fieldTotals[field]);
    if (!(total >= 0) || total == Infinity) return CHECK_FIELD_TOTALS;
  }
  return STATUS_OK;
}


