// DESIGN.md "Boundary ABI": per hit, each query term's contribution and its per-field parts. Off the hot
// path: called only when a caller asks for an explanation of a result.
import { freshFloat64Array } from "../fresh";
import { documentCombinedFrequency, documentPart, fieldFrequency, prepareDocumentParts } from "../index/build";
import { FIELD_COUNT } from "../abi";
import {
  entryAt,
  fieldFrequencies,
  inverseFrequencies,
  postingStarts,
  saturations,
  SATURATION_UNIT,
} from "../index/state";
import { MAX_QUERY_TERMS, queryTermCount, queryTerms, queryWeights } from "./terms";

/** Per query term: contribution, tf~, then the six field parts `v_f` (0 when absent). */
export const EXPLAIN_STRIDE: i32 = 2 + FIELD_COUNT;
export const explainValues = freshFloat64Array(MAX_QUERY_TERMS * EXPLAIN_STRIDE);

function findPosting(term: i32, document: i32): i32 {
  let low = <i32>unchecked(postingStarts[term]);
  let high = <i32>unchecked(postingStarts[term + 1]) - 1;
  while (low <= high) {
    let middle = (low + high) >>> 1;
    let found = <i32>(entryAt(<usize>middle) >> 1);
    if (found == document) return middle;
    if (found < document) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** Fills `explainValues` for `document` against the last query; returns the term count. */
export function explain(document: i32): i32 {
  explainValues.fill(0);
  prepareDocumentParts(document);
  for (let index = 0; index < queryTermCount; index++) {
    let term = unchecked(queryTerms[index]);
    let at = findPosting(term, document);
    if (at < 0) continue;
    let frequencies = <u32>unchecked(fieldFrequencies[at]);
    let base = index * EXPLAIN_STRIDE;
    let factor = unchecked(queryWeights[index]) * unchecked(inverseFrequencies[term]);
    explainValues[base] = factor * (<f64>unchecked(saturations[at]) * SATURATION_UNIT);
    explainValues[base + 1] = documentCombinedFrequency(frequencies);
    for (let field = 0; field < FIELD_COUNT; field++) {
      explainValues[base + 2 + field] = documentPart(field, fieldFrequency(frequencies, field));
    }
  }
  return queryTermCount;
}
