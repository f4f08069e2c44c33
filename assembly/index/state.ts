// The whole index of this module instance: flat typed arrays
// (DESIGN.md "Index layout"). One instance holds one index; the TypeScript layer instantiates the
// compiled module once per ranker.
import { freshFloat64Array, freshUint16Array, freshUint32Array, freshUint8Array } from "../fresh";
import { TermDictionary } from "./dictionary";
import { FIELD_COUNT } from "../abi";

/** Tokens kept per field: name, aliases, tags, summary, description, params (docs/analyzer.md §A5). */
export const FIELD_CAPS: StaticArray<i32> = [32, 96, 64, 64, 128, 128];
export const MAX_DOCUMENTS: i32 = 1 << 20;
/** Distinct terms one index holds: a build record keeps 20 bits of term (assembly/index/build.ts). */
export const MAX_TERMS: i32 = 1 << 20;
/** Up to this many documents a posting entry is a u16, above it a u32 (DESIGN.md "Index layout"). */
export const NARROW_DOCUMENTS: i32 = 1 << 15;

export const terms = new TermDictionary();
export const stopwords = new TermDictionary();

export const weights = freshFloat64Array(FIELD_COUNT);
export let k1: f64 = 1.2;
export let b: f64 = 0.75;

export function setScoring(newK1: f64, newB: f64): void {
  k1 = newK1;
  b = newB;
}

export let documentCount: i32 = 0;
/** Tokens kept per document and field: `documentCount × FIELD_COUNT`. */
export let fieldLengths = freshUint16Array(0);
/**
 * Per field: the sum of its lengths (`[0, FIELD_COUNT)`), then the number of documents that
 * have it (`[FIELD_COUNT, 2 × FIELD_COUNT)`). A field's average length is taken over the
 * documents that have it, so a sparse field (aliases, tags) is not crushed by normalization.
 */
export const fieldTotals = freshFloat64Array(FIELD_COUNT * 2);

/** Average length of `field` over the documents that have it (NaN when none has it). */
@inline
export function averageFieldLength(field: i32): f64 {
  return unchecked(fieldTotals[field]) / unchecked(fieldTotals[FIELD_COUNT + field]);
}
/** Each document's position in tool-id order (UTF-16 code units), for tie-breaks. */
export let documentRanks = freshUint32Array(0);
/** Distinct terms of each document's name field (for the name-coverage bonus). */
export let nameTermCounts = freshUint16Array(0);
/** Name-coverage bonus: a hit's score × (1 + nameBonus × matched name terms / name terms). */
export let nameBonus: f64 = 0.6;

export function setNameBonus(value: f64): void {
  nameBonus = value;
}

/** Postings of term t are `[postingStarts[t], postingStarts[t + 1])`, documents ascending. */
export let postingStarts = freshUint32Array(1);
/**
 * Per posting: `document << 1 | (term in the name field)`, as u16 when the index has at most
 * NARROW_DOCUMENTS documents, else as u32 (`wideEntries`). The query path reads only these
 * and the saturations.
 */
export let postingEntries = freshUint8Array(0);
export let wideEntries: bool = false;
/**
 * Per posting: `tf~ / (k1 + tf~)` in units of 2^−16, rounded to nearest (docs/scoring.md, Scoring):
 * the score reads `q × 2^−16`, exact in f64, so the quantization is the only rounding.
 */
export let saturations = freshUint16Array(0);
/**
 * Per posting: the clamped term frequency (0–2) of each field, two bits per field from bit 0.
 * Read by explain only; a loaded index receives them from the host when first needed.
 */
export let fieldFrequencies = freshUint16Array(0);
export const SATURATION_UNIT: f64 = 1.0 / 65536.0;

/** The entry of posting `at`: `document << 1 | in name`. */
@inline
export function entryAt(at: usize): u32 {
  return wideEntries
    ? load<u32>(postingEntries.dataStart + (at << 2))
    : <u32>load<u16>(postingEntries.dataStart + (at << 1));
}

/** `s` in units of 2^−16: `min(floor(s × 65536 + 0.5), 65535)` (s ≥ 0). */
@inline
export function quantizeSaturation(s: f64): u16 {
  let units = Math.floor(s * 65536.0 + 0.5);
  return units < 65535.0 ? <u16>units : <u16>65535;
}
export let inverseFrequencies = freshFloat64Array(0);

export function setDocumentArrays(count: i32): void {
  documentCount = count;
  wideEntries = count > NARROW_DOCUMENTS;
  fieldLengths = freshUint16Array(count * FIELD_COUNT);
  documentRanks = freshUint32Array(count);
  nameTermCounts = freshUint16Array(count);
  fieldTotals.fill(0);
}

/** Posting starts alone: what a build keeps until its records are placed in another core. */
export function setPostingStarts(termCount: i32): void {
  postingStarts = freshUint32Array(termCount + 1);
}

export function setPostingArrays(termCount: i32, postingCount: i32): void {
  postingStarts = freshUint32Array(termCount + 1);
  postingEntries = freshUint8Array(postingCount << (wideEntries ? 2 : 1));
  saturations = freshUint16Array(postingCount);
  fieldFrequencies = freshUint16Array(postingCount);
  inverseFrequencies = freshFloat64Array(termCount);
}
