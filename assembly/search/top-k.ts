// docs/scoring.md "Scoring": the best `limit` documents of a query, kept in a bounded min-heap over the
// touched documents, then heap-sorted best first.
import { freshFloat64Array, freshInt32Array } from "../fresh";
import { documentCount, documentRanks, nameBonus } from "../index/state";
import { STATE_BYTES, documentState, nameFactor, touched, touchedCount } from "./accumulate";

/** Best first after `search`: document numbers and their scores. */
export let resultDocuments = freshInt32Array(0);
export let resultScores = freshFloat64Array(0);

/** Sizes the result arrays; called once after an index is built or loaded. */
export function prepareResults(): void {
  resultDocuments = freshInt32Array(documentCount);
  resultScores = freshFloat64Array(documentCount);
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

// The heap between `beginTop` and `finishTop`: its size, its capacity, and its root's score
// once full (-Infinity before), which is what a document or a block must beat to enter.
let heapSize: i32 = 0;
let heapLimit: i32 = 0;
export let worstScore: f64 = -Infinity;

/** Empties the heap for a query that keeps the best `limit` documents. */
export function beginTop(limit: i32): void {
  heapSize = 0;
  heapLimit = limit;
  worstScore = -Infinity;
}

/** Offers the touched documents `[from, to)` to the heap. */
export function offerTouched(from: i32, to: i32): void {
  let size = heapSize;
  let limit = heapLimit;
  // No factor exceeds 1 + nameBonus and rounding is monotonic, so a document whose sum times
  // that bound is already below the heap's worst cannot enter: skip its factor and compare.
  let bound = 1.0 + nameBonus;
  // Locals, not loads through the arrays each round: the heap's stores would keep the
  // compiler from hoisting them. `worst` is the heap's root once it is full.
  let stateBase = documentState.dataStart;
  let touchedBase = touched.dataStart;
  let worst = worstScore;
  for (let index = from; index < to; index++) {
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
  heapSize = size;
  worstScore = worst;
}

/** Heap-sorts the kept documents best first; their count. */
export function finishTop(): i32 {
  let size = heapSize;
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

/** Keeps the best `limit` touched documents in the result arrays, best first; their count. */
export function selectTop(limit: i32): i32 {
  beginTop(limit);
  offerTouched(0, touchedCount);
  return finishTop();
}
