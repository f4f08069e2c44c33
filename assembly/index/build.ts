// DESIGN.md "Index layout": building the index in O(total tokens). Documents arrive in order, field by
// field; each document's term frequencies are gathered in per-term slots, flushed as
// posting records, and the records are counting-sorted by term at the end.
import { freshFloat64Array, freshInt32Array, freshUint16Array, freshUint32Array, freshUint64Array, heapEnd } from "../fresh";
import { tokenize, tokenCount, tokenLength, tokenStart, tokenText } from "../analyzer/tokenizer";
import { hashUnits, unitsEqual } from "./dictionary";
import { FIELD_COUNT, STATUS_OK, STATUS_TOO_MANY_TERMS } from "../abi";
import {
  averageFieldLength,
  FIELD_CAPS,
  MAX_DOCUMENTS,
  MAX_TERMS,
  NARROW_DOCUMENTS,
  b,
  documentCount,
  fieldLengths,
  fieldTotals,
  k1,
  nameTermCounts,
  postingStarts,
  quantizeSaturation,
  setDocumentArrays,
  setPostingStarts,
  terms,
  weights,
  wideEntries,
} from "./state";

// Per build and term: `document << SLOT_BITS | slot`, the term's slot in the current document
// when its upper bits are that document (one array, so a token reads one word), and the
// number of documents flushed with the term (its postings, counted here so that finishing
// needs no counting pass over the records).
const SLOT_BITS: u32 = 9;
let termSlots = freshUint32Array(0);
let termPostings = freshUint32Array(0);
// Slots of the current document: term and packed clamped frequencies (2 bits per field). The
// caps sum to 512 tokens, so a document has at most 512 distinct terms.
const SLOT_CAPACITY: i32 = 1 << SLOT_BITS;
const slotTerm = freshInt32Array(SLOT_CAPACITY);
const slotFrequencies = freshUint32Array(SLOT_CAPACITY);
let slotCount: i32 = 0;
let currentDocument: i32 = -1;

// A record packs the term above the 12 bits of clamped frequencies, in 4 bytes; its document
// is implied (a document's records are consecutive, and each document's count is kept). So a
// build holds at most 2^20 distinct terms (`finishBuild` says when a catalogue has more).
const TERM_SHIFT: u32 = 12;
const FREQUENCY_MASK: u32 = (1 << TERM_SHIFT) - 1;
// Records go into fixed chunks, never grown or copied: the runtime frees nothing, so a
// doubling array would keep every outgrown copy (at 100,000 tools that was twice the records'
// own size). A document flushes at most SLOT_CAPACITY records.
const RECORD_CHUNK_SHIFT: i32 = 16;
const RECORD_CHUNK: i32 = 1 << RECORD_CHUNK_SHIFT;
const MAX_RECORD_CHUNKS: i32 = <i32>((<i64>MAX_DOCUMENTS * SLOT_CAPACITY) >> RECORD_CHUNK_SHIFT);
let recordChunks = freshUint32Array(0);
let chunkBase: usize = 0;
let recordCount: i32 = 0;
let documentRecords = freshUint16Array(0);
let tooManyTerms = false;

function ensureTermCapacity(count: i32): void {
  if (count <= termSlots.length) return;
  let capacity = termSlots.length << 1;
  if (capacity < 1024) capacity = 1024;
  while (capacity < count) capacity <<= 1;
  let slots = freshUint32Array(capacity);
  slots.fill(u32.MAX_VALUE);
  slots.set(termSlots);
  termSlots = slots;
  let postings = freshUint32Array(capacity);
  postings.set(termPostings);
  termPostings = postings;
}

function flushDocument(): void {
  if (currentDocument < 0) return;
  let nameTerms = 0;
  // Locals for the arrays and the record count, as in `addField`.
  let postingsAt = termPostings.dataStart;
  let slotTermsAt = slotTerm.dataStart;
  let slotFrequenciesAt = slotFrequencies.dataStart;
  let count = recordCount;
  let base = chunkBase;
  for (let slot = 0; slot < slotCount; slot++) {
    let frequencies = load<u32>(slotFrequenciesAt + (<usize>slot << 2));
    nameTerms += <i32>((frequencies & 3) != 0);
    let term = load<i32>(slotTermsAt + (<usize>slot << 2));
    let postingAt = postingsAt + (<usize>term << 2);
    store<u32>(postingAt, load<u32>(postingAt) + 1);
    let index = count & (RECORD_CHUNK - 1);
    if (index == 0) {
      base = freshUint32Array(RECORD_CHUNK).dataStart;
      unchecked((recordChunks[count >> RECORD_CHUNK_SHIFT] = <u32>base));
    }
    store<u32>(base + (<usize>index << 2), (<u32>term << TERM_SHIFT) | frequencies);
    count += 1;
  }
  recordCount = count;
  chunkBase = base;
  if (terms.count > MAX_TERMS) tooManyTerms = true;
  nameTermCounts[currentDocument] = <u16>nameTerms;
  documentRecords[currentDocument] = <u16>slotCount;
  slotCount = 0;
}

export function beginBuild(count: i32): void {
  // A large catalogue's working memory is reserved at once (720 bytes a tool past the heap's
  // end: the records and sorted postings of an MCP tool of average length, and 4 MiB): each
  // time the runtime doubles the memory, V8 starts a full collection for the external memory
  // added (3–5 in a 100,000 tool build, 2 with this). Past NARROW_DOCUMENTS tools only: the
  // doubling's few steps cost little in a small build, and memory reserved early raises a small
  // build's peak. A memory kept from an earlier build may be that large already.
  if (count > NARROW_DOCUMENTS) {
    let pages = <i32>((<i64>heapEnd() + <i64>count * 720 + (4 << 20)) >> 16);
    if (pages > memory.size()) memory.grow(pages - memory.size());
  }
  terms.clear();
  setDocumentArrays(count);
  termSlots = freshUint32Array(0);
  termPostings = freshUint32Array(0);
  slotCount = 0;
  currentDocument = -1;
  recordChunks = freshUint32Array(MAX_RECORD_CHUNKS);
  recordCount = 0;
  documentRecords = freshUint16Array(count);
  tooManyTerms = false;
}

/** Adds one field's prepared text (in the scratch window) to `document`. */
export function addField(document: i32, field: i32, pointer: usize, length: i32): void {
  if (document != currentDocument) {
    flushDocument();
    currentDocument = document;
  }
  let cap = FIELD_CAPS[field];
  tokenize(pointer, length, cap);
  let kept = tokenCount < cap ? tokenCount : cap;
  let shift = <u32>(field << 1);
  let stamp = <u32>document << SLOT_BITS;
  // Without branches on whether a token's term is new to the document or to the field (as
  // good as random): a new term's slot is opened by the same stores that rewrite a known one's.
  // The arrays' addresses are kept in locals, read again only after a new term may have grown
  // them: the engine reloads an object's fields after every store to memory.
  let slots = slotCount;
  let table = terms.table.dataStart;
  let mask = <u32>terms.table.length - 1;
  let lengths = terms.lengths.dataStart;
  let offsets = terms.offsets.dataStart;
  let pool = terms.pool.dataStart;
  let termSlotsAt = termSlots.dataStart;
  let termSlotCount = termSlots.length;
  let slotTermsAt = slotTerm.dataStart;
  let slotFrequenciesAt = slotFrequencies.dataStart;
  let textAt = tokenText.dataStart;
  let startsAt = tokenStart.dataStart;
  let lengthsAt = tokenLength.dataStart;
  for (let token = 0; token < kept; token++) {
    let units = textAt + (<usize>load<i32>(startsAt + (<usize>token << 2)) << 1);
    let unitCount = load<i32>(lengthsAt + (<usize>token << 2));
    let probe = hashUnits(units, unitCount) & mask;
    let term: i32;
    while (true) {
      let found = load<i32>(table + (<usize>probe << 2));
      if (found == 0) {
        // A new term (a few thousand times a build): interned by the dictionary's own lookup.
        term = terms.intern(units, unitCount);
        table = terms.table.dataStart;
        mask = <u32>terms.table.length - 1;
        lengths = terms.lengths.dataStart;
        offsets = terms.offsets.dataStart;
        pool = terms.pool.dataStart;
        // Only a new term can be past the slots: every known one got its slot when it was new.
        if (term >= termSlotCount) {
          ensureTermCapacity(term + 1);
          termSlotsAt = termSlots.dataStart;
          termSlotCount = termSlots.length;
        }
        break;
      }
      term = found - 1;
      if (<i32>load<u8>(lengths + <usize>term) == unitCount && unitsEqual(pool + (<usize>load<u32>(offsets + (<usize>term << 2)) << 1), units, unitCount)) break;
      probe = (probe + 1) & mask;
    }
    let entry = load<u32>(termSlotsAt + (<usize>term << 2));
    let known = (entry & ~(SLOT_CAPACITY - 1)) == stamp;
    let slot = select<i32>(<i32>(entry & (SLOT_CAPACITY - 1)), slots, known);
    slots += <i32>!known;
    store<u32>(termSlotsAt + (<usize>term << 2), stamp | <u32>slot);
    store<i32>(slotTermsAt + (<usize>slot << 2), term);
    let frequencies = select<u32>(load<u32>(slotFrequenciesAt + (<usize>slot << 2)), 0, known);
    store<u32>(slotFrequenciesAt + (<usize>slot << 2), frequencies + (<u32>(((frequencies >> shift) & 3) < 2) << shift));
  }
  slotCount = slots;
  let offset = document * FIELD_COUNT + field;
  let before = <i32>fieldLengths[offset];
  fieldLengths[offset] = <u16>(before + kept);
  fieldTotals[field] += <f64>kept;
  if (before == 0 && kept > 0) fieldTotals[FIELD_COUNT + field] += 1.0;
}

/** Term frequency (0–2) of one field in a posting's packed frequencies. */
@inline
export function fieldFrequency(frequencies: u32, field: i32): u32 {
  return (frequencies >> <u32>(field << 1)) & 3;
}

/** BM25F length normalization of one field of one document (docs/scoring.md, Scoring). */
@inline
export function fieldNormalization(document: i32, field: i32, average: f64): f64 {
  return (1.0 - b) + (b * <f64>unchecked(fieldLengths[document * FIELD_COUNT + field])) / average;
}

// Per field and clamped frequency (0–2) of one document: the field's part of `tf~` (docs/scoring.md,
// Scoring), `(weight × frequency) / normalization`; 0 for frequency 0 and for a field no
// document has (no average).
const documentParts = freshFloat64Array(FIELD_COUNT * 4);

/** Readies `documentPart` and `documentCombinedFrequency` for `document`. */
export function prepareDocumentParts(document: i32): void {
  for (let field = 0; field < FIELD_COUNT; field++) {
    let average = averageFieldLength(field);
    if (!(average > 0)) continue;
    let normalization = fieldNormalization(document, field, average);
    let weight = unchecked(weights[field]);
    unchecked((documentParts[field * 4 + 1] = (weight * 1.0) / normalization));
    unchecked((documentParts[field * 4 + 2] = (weight * 2.0) / normalization));
  }
}

/** One field's part of `tf~` for the prepared document. */
@inline
export function documentPart(field: i32, frequency: u32): f64 {
  return unchecked(documentParts[(field << 2) + <i32>frequency]);
}

/**
 * `tf~` of a posting of the prepared document: its fields' parts summed in field order (a
 * field with frequency 0 adds nothing).
 */
@inline
export function documentCombinedFrequency(frequencies: u32): f64 {
  let sum: f64 = 0;
  let left = frequencies;
  while (left != 0) {
    let shift = ctz(left) & ~1;
    let frequency = (left >> shift) & 3;
    sum = sum + unchecked(documentParts[(shift << 1) + frequency]);
    left &= ~(<u32>3 << shift);
  }
  return sum;
}

/**
 * Ends a build in the core that built it: the posting starts from the counts kept at each
 * flush, then the records counting-sorted by term into one array of finished postings
 * (records come in document order, so each term's run comes out ascending), each with its
 * saturation, computed while its document's field lengths are at hand. One 8-byte store per
 * posting lands out of order here; `emitPostings` then writes the three posting arrays out in
 * order, a batch at a time, for the host to copy into the core the index moves to (placing
 * each record into three arrays there took three scattered stores).
 */
export function finishBuild(): i32 {
  flushDocument();
  currentDocument = -1;
  if (tooManyTerms) return STATUS_TOO_MANY_TERMS;
  let termCount = terms.count;
  setPostingStarts(termCount);
  // The counts become each term's cursor: where its next record goes.
  let cursors = termPostings;
  let start: u32 = 0;
  for (let term = 0; term < termCount; term++) {
    unchecked((postingStarts[term] = start));
    let count = unchecked(cursors[term]);
    unchecked((cursors[term] = start));
    start += count;
  }
  unchecked((postingStarts[termCount] = start));
  // A posting as `entry | saturation << 32 | frequencies << 48`.
  let sorted = freshUint64Array(recordCount);
  let saturationK1 = k1;
  let record = 0;
  for (let document = 0; document < documentCount; document++) {
    let end = record + <i32>unchecked(documentRecords[document]);
    if (record == end) continue;
    prepareDocumentParts(document);
    let entry = <u64>document << 1;
    let documentKey = <u32>document << TERM_SHIFT;
    for (; record < end; record++) {
      let value = load<u32>(<usize>unchecked(recordChunks[record >> RECORD_CHUNK_SHIFT]) + (<usize>(record & (RECORD_CHUNK - 1)) << 2));
      let term = value >> TERM_SHIFT;
      let frequencies = value & FREQUENCY_MASK;
      // A document's records share a few frequency patterns: each pattern's saturation is
      // computed once per document (a record always has a frequency, so key 0 never matches).
      let memo = <usize>((frequencies ^ (frequencies >> 6)) & 63) << 3;
      let key = documentKey | frequencies;
      let saturation = <u64>load<u32>(saturationMemo + memo, 4);
      if (load<u32>(saturationMemo + memo) != key) {
        let combined = documentCombinedFrequency(frequencies);
        saturation = <u64>quantizeSaturation(combined / (saturationK1 + combined));
        store<u32>(saturationMemo + memo, key);
        store<u32>(saturationMemo + memo, <u32>saturation, 4);
      }
      let at = unchecked(cursors[term]);
      unchecked((cursors[term] = at + 1));
      unchecked((sorted[at] = (entry | <u64>((frequencies & 3) != 0)) | (saturation << 32) | (<u64>frequencies << 48)));
    }
  }
  sortedRecords = sorted;
  termSlots = freshUint32Array(0);
  termPostings = freshUint32Array(0);
  return 0;
}

/** Postings of the finished build. */
export function recordTotal(): i32 {
  return recordCount;
}

let sortedRecords = freshUint64Array(0);
// Per frequency pattern slot: the key `document << 12 | frequencies`, then its saturation.
const saturationMemo = freshUint32Array(128).dataStart;

/**
 * Writes postings `[from, from + count)` of the finished build at `pointer`: their entries
 * (`postingEntries`' width each), then their saturations, then their field frequencies, back
 * to back.
 */
export function emitPostings(pointer: usize, from: i32, count: i32): void {
  if (from < 0 || count < 0 || from > recordCount - count) return;
  let entryBytes: usize = wideEntries ? 4 : 2;
  let saturationsAt = pointer + <usize>count * entryBytes;
  let frequenciesAt = saturationsAt + (<usize>count << 1);
  for (let index = 0; index < count; index++) {
    let value = unchecked(sortedRecords[from + index]);
    if (wideEntries) store<u32>(pointer + (<usize>index << 2), <u32>value);
    else store<u16>(pointer + (<usize>index << 1), <u16>value);
    store<u16>(saturationsAt + (<usize>index << 1), <u16>(value >> 32));
    store<u16>(frequenciesAt + (<usize>index << 1), <u16>(value >> 48));
  }
}
