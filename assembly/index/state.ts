// The whole index of this module instance: flat typed arrays (SPEC §2.3, DESIGN.md
// "Index layout"). One instance holds one index; the TypeScript layer instantiates the
// compiled module once per ranker.
import { TermDictionary } from "./dictionary";

export const FIELD_COUNT: i32 = 6;
/** Tokens kept per field: name, aliases, tags, summary, description, params (SPEC §1.6). */
export const FIELD_CAPS: StaticArray<i32> = [32, 96, 64, 64, 128, 128];
/** A posting packs the document number above the 12 bits of clamped term frequencies. */
export const DOC_SHIFT: u32 = 12;
export const MAX_DOCUMENTS: i32 = 1 << 20;

export const terms = new TermDictionary();
export const stopwords = new TermDictionary();

export const weights = new Float64Array(FIELD_COUNT);
export let k1: f64 = 1.2;
export let b: f64 = 0.75;

export function setScoring(newK1: f64, newB: f64): void {
  k1 = newK1;
  b = newB;
}

export let documentCount: i32 = 0;
/** Tokens kept per document and field: `documentCount × FIELD_COUNT`. */
export let fieldLengths = new Uint16Array(0);
/**
 * Per field: the sum of its lengths (`[0, FIELD_COUNT)`), then the number of documents that
 * have it (`[FIELD_COUNT, 2 × FIELD_COUNT)`). A field's average length is taken over the
 * documents that have it, so a sparse field (aliases, tags) is not crushed by normalization.
 */
export const fieldTotals = new Float64Array(FIELD_COUNT * 2);

/** Average length of `field` over the documents that have it (NaN when none has it). */
@inline
export function averageFieldLength(field: i32): f64 {
  return unchecked(fieldTotals[field]) / unchecked(fieldTotals[FIELD_COUNT + field]);
}
/** Each document's position in tool-id order (UTF-16 code units), for tie-breaks. */
export let documentRanks = new Uint32Array(0);
/** Distinct terms of each document's name field (for the name-coverage bonus). */
export let nameTermCounts = new Uint16Array(0);
/** Name-coverage bonus: a hit's score × (1 + nameBonus × matched name terms / name terms). */
export let nameBonus: f64 = 0.6;

export function setNameBonus(value: f64): void {
  nameBonus = value;
}

/** Postings of term t are `[postingStarts[t], postingStarts[t + 1])`, documents ascending. */
export let postingStarts = new Uint32Array(1);
export let postings = new Uint32Array(0);
/** Per posting: `tf~ / (k1 + tf~)` rounded to f32 (DESIGN.md, Scoring). */
export let saturations = new Float32Array(0);
export let inverseFrequencies = new Float64Array(0);

// An array whose every byte the caller is about to overwrite (an artifact section): no
// zero-fill pass over megabytes that are copied in next.
@inline
function unfilled(bytes: i32): ArrayBuffer {
  return changetype<ArrayBuffer>(__new(<usize>bytes, idof<ArrayBuffer>()));
}

export function setDocumentArrays(count: i32, forLoad: bool = false): void {
  documentCount = count;
  fieldLengths = forLoad ? Uint16Array.wrap(unfilled(count * FIELD_COUNT * 2)) : new Uint16Array(count * FIELD_COUNT);
  documentRanks = forLoad ? Uint32Array.wrap(unfilled(count * 4)) : new Uint32Array(count);
  nameTermCounts = forLoad ? Uint16Array.wrap(unfilled(count * 2)) : new Uint16Array(count);
  fieldTotals.fill(0);
}

export function setPostingArrays(termCount: i32, postingCount: i32, forLoad: bool = false): void {
  if (forLoad) {
    postingStarts = Uint32Array.wrap(unfilled((termCount + 1) * 4));
    postings = Uint32Array.wrap(unfilled(postingCount * 4));
    saturations = Float32Array.wrap(unfilled(postingCount * 4));
    inverseFrequencies = Float64Array.wrap(unfilled(termCount * 8));
    return;
  }
  postingStarts = new Uint32Array(termCount + 1);
  postings = new Uint32Array(postingCount);
  saturations = new Float32Array(postingCount);
  inverseFrequencies = new Float64Array(termCount);
}
