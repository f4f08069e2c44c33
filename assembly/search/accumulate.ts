// docs/scoring.md: the postings of the chosen query terms summed into per-document scores, and the
// name-coverage factor a document's matched name terms give it (docs/scoring.md "Scoring").
import { freshFloat64Array, freshInt32Array } from "../fresh";
import { documentCount, inverseFrequencies, nameBonus, nameTermCounts, postingEntries, postingStarts, saturations, SATURATION_UNIT, wideEntries } from "../index/state";
import { currentStamp, queryTermCount, queryTerms, queryWeights } from "./terms";

// Per document, 16 bytes in one place: the score (f64 at 0), the stamp of the query that
// last touched it (u32 at 8) and its matched name terms (u16 at 12). A posting then touches
// one cache line, not three arrays' (at 100k tools they no longer fit the cache).
export const STATE_BYTES: usize = 16;
export let documentState = freshFloat64Array(0);
/** The documents the current query touched, in the order it did, and their count. */
export let touched = freshInt32Array(0);
export let touchedCount: i32 = 0;

/** Sizes the per-document state; called once after an index is built or loaded. */
export function prepareDocuments(): void {
  documentState = freshFloat64Array(documentCount * 2);
  touched = freshInt32Array(documentCount);
}

/** Forgets every document's query stamp (the stamps wrapped). */
export function clearDocumentStamps(): void {
  for (let document = 0; document < documentCount; document++) {
    store<u32>(documentState.dataStart + <usize>document * STATE_BYTES, 0, 8);
  }
}

/** Sums the chosen terms' postings into the touched documents' states. */
export function accumulate(): void {
  touchedCount = 0;
  for (let index = 0; index < queryTermCount; index++) {
    let term = unchecked(queryTerms[index]);
    let factor = unchecked(queryWeights[index]) * unchecked(inverseFrequencies[term]);
    addRange(factor, <usize>unchecked(postingStarts[term]), <usize>unchecked(postingStarts[term + 1]));
  }
}

/** Forgets the touched documents before a query that accumulates block by block. */
export function resetTouched(): void {
  touchedCount = 0;
}

/**
 * Adds postings `[start, end)` of one query term at `factor`. A caller that takes each of a
 * document's terms in query order sums it as `accumulate` does.
 */
export function addRange(factor: f64, start: usize, end: usize): void {
  if (wideEntries) addEntries<u32>(factor, start, end);
  else addEntries<u16>(factor, start, end);
}

// One copy of the loop per entry width, so the inner loop has no width test.
@inline
function addEntries<T>(factor: f64, start: usize, end: usize): void {
  // Raw pointers keep the inner loop to loads, one multiply and one add per posting.
  let entryBase = postingEntries.dataStart;
  let saturationBase = saturations.dataStart;
  let stateBase = documentState.dataStart;
  let touchedBase = touched.dataStart;
  let current = currentStamp();
  let count = touchedCount;
  for (let at = start; at < end; at++) {
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
  touchedCount = count;
}

/** docs/scoring.md "Scoring": the name-coverage factor of a hit of the current query. */
export function nameFactor(document: i32): f64 {
  let matched = load<u16>(documentState.dataStart + <usize>document * STATE_BYTES, 12);
  let nameTerms = <f64>unchecked(nameTermCounts[document]);
  // No matched name term gives 1 + nameBonus × 0 = 1 exactly: skip the division.
  if (nameTerms == 0 || matched == 0) return 1.0;
  return 1.0 + nameBonus * (<f64>matched / nameTerms);
}

