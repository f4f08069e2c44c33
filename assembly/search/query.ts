// docs/analyzer.md §A6; docs/scoring.md: one query, start to end, without allocation. Query terms are chosen
// (./terms.ts, ./variants.ts; docs/analyzer.md §A6), their postings accumulated into per-document
// scores (./accumulate.ts), and the best `limit` documents kept in a bounded min-heap
// (./top-k.ts; docs/scoring.md "Scoring").
import { tokenize } from "../analyzer/tokenizer";
import { logarithm } from "../index/log";
import { documentCount, inverseFrequencies, nameBonus } from "../index/state";
import { accumulate, clearDocumentStamps, prepareDocuments } from "./accumulate";
import { prunes, resetBlocks, searchBlocks } from "./block-max";
import { advanceStamp, chooseQueryTerms, prepareTermStamps, queryTermCount, queryTerms, queryWeights } from "./terms";
import { prepareResults, selectTop } from "./top-k";

/**
 * docs/scoring.md "No confident match": after `search`, [0] the ceiling of the query (the score a
 * tool matching every chosen term with saturation 1 and a fully covered name would get) and
 * [1] the reference score of the index (idf of a term only one tool has). Fixed in memory.
 */
export const queryStats = new Float64Array(2);

/** Sizes the per-query working arrays; called once after an index is built or loaded. */
export function prepareSearch(): void {
  prepareTermStamps();
  prepareDocuments();
  prepareResults();
  resetBlocks();
  let total = <f64>documentCount;
  unchecked((queryStats[1] = logarithm(1.0 + (total - 1.0 + 0.5) / (1.0 + 0.5))));
}

// docs/scoring.md "No confident match": (Σ qw·idf in query order) × (1 + nameBonus).
function queryCeiling(): f64 {
  let sum = 0.0;
  for (let index = 0; index < queryTermCount; index++) {
    sum = sum + unchecked(queryWeights[index]) * unchecked(inverseFrequencies[unchecked(queryTerms[index])]);
  }
  return sum * (1.0 + nameBonus);
}

/** Analyzes the query in the scratch window and ranks; returns the number of results. */
export function search(pointer: usize, length: i32, limit: i32): i32 {
  if (advanceStamp()) clearDocumentStamps();
  tokenize(pointer, length);
  chooseQueryTerms();
  unchecked((queryStats[0] = queryCeiling()));
  if (limit <= 0 || queryTermCount == 0) return 0;
  let kept = limit < documentCount ? limit : documentCount;
  if (prunes()) return searchBlocks(kept);
  accumulate();
  return selectTop(kept);
}
