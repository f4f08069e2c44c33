// docs/performance.md "Query: block-max pruning": exact top-k over blocks of 2^BLOCK_SHIFT
// documents. A block's bound is the sum, over the query terms with postings in it, of the
// term's factor times its largest saturation there, times the largest name factor when one of
// them is in a name there. The best-bound blocks are summed first; the heap's worst after them
// is a floor no document of a block with a lower bound can reach, so the terms' postings are
// then summed only in the blocks left at or above it.
import { PRUNE_ALWAYS, PRUNE_AUTO } from "../abi";
import { freshFloat64Array, freshInt32Array, freshUint16Array, freshUint32Array, freshUint8Array, heapEnd } from "../fresh";
import { documentCount, entryAt, inverseFrequencies, nameBonus, nameTermCounts, postingStarts, saturations, SATURATION_UNIT, terms } from "../index/state";
import { addRange, resetTouched, touchedCount } from "./accumulate";
import { MAX_QUERY_TERMS, queryTermCount, queryTerms, queryWeights } from "./terms";
import { beginTop, finishTop, offerTouched, worstScore } from "./top-k";

/** Documents per block: 2^5 = 32, so a block's bound sees the words of a tool server or two. */
export const BLOCK_SHIFT: u32 = 5;
// Below this many documents the whole index is summed: a query there takes tens of µs.
const MIN_DOCUMENTS: i32 = 16384;
// A term with at least this many postings keeps its blocks in a table (filled by its first
// query); a rarer one is scanned by each query, which reads no more than its postings.
const TABLED_POSTINGS: i32 = 256;
// More query terms than this (a long request) leave nearly every block above the floor.
const MAX_PRUNED_TERMS: i32 = 16;
// The blocks summed first, best bound first, to set the floor.
const SEED_BLOCKS: i32 = 16;
// The name bit of a table maximum (bit 16, above the saturation).
const NAME_BIT: u32 = 0x10000;

let pruning: i32 = PRUNE_AUTO;
// 0 until the first pruned query of an index sizes the tables (a load does no work for them).
let blockCount: i32 = 0;
// Per term: where its table starts in the pool (-1: scanned) and its blocks (-1: not filled).
let tableOffsets = freshInt32Array(0);
let tableLengths = freshInt32Array(0);
// The pool of tables: per block with postings, its number, its first posting and its largest
// saturation (with NAME_BIT when one is in a name); a table ends with its term's end posting.
let poolUsed: i32 = 0;
let itemBlocks = freshUint16Array(0);
let itemStarts = freshUint32Array(0);
let itemMaxima = freshUint32Array(0);
// Per block, the fewest name terms of a tool with a name there (0xffff: none has one).
let fewestNameTerms = freshUint16Array(0);
// The current query: each block's bound; 0 when no query term has postings there, else 1 +
// the query terms with a posting in a name there; the blocks left.
let blockBounds = freshFloat64Array(0);
let blockNames = freshUint8Array(0);
let liveBlocks = freshUint8Array(0);
const seeds = freshInt32Array(SEED_BLOCKS);
const queryFactors = freshFloat64Array(MAX_QUERY_TERMS);

/** PRUNE_AUTO (the default), PRUNE_ALWAYS, or PRUNE_OFF (every query summed whole). */
export function setPruning(mode: i32): void {
  pruning = mode;
}

/** Forgets the block tables; called once after an index is built or loaded. */
export function resetBlocks(): void {
  blockCount = 0;
}

// Sizes the block tables for the current index.
function prepareBlocks(): void {
  blockCount = (documentCount + (1 << BLOCK_SHIFT) - 1) >> BLOCK_SHIFT;
  let count = terms.count;
  // A table holds at most one item per block and per posting, plus its end; the pool is capped
  // at half the postings (a term that finds it full is scanned: the same sums, read slower).
  let wanted: u64 = 0;
  for (let term = 0; term < count; term++) {
    let frequency = <i32>(unchecked(postingStarts[term + 1]) - unchecked(postingStarts[term]));
    if (frequency >= TABLED_POSTINGS) wanted += <u64>(min(frequency, blockCount) + 1);
  }
  let cap = <u64>(unchecked(postingStarts[count]) >> 1);
  let items = <i32>(wanted < cap ? wanted : cap);
  // One growth to the exact size, as the load's reserve does, not the runtime's doubling.
  let bytes = <u64>count * 8 + <u64>items * 10 + <u64>blockCount * 12 + 4096;
  let pages = <i32>((<u64>heapEnd() + bytes + 0xffff) >> 16);
  if (pages > memory.size()) memory.grow(pages - memory.size());
  tableOffsets = freshInt32Array(count);
  tableLengths = freshInt32Array(count);
  for (let term = 0; term < count; term++) {
    let frequency = <i32>(unchecked(postingStarts[term + 1]) - unchecked(postingStarts[term]));
    unchecked((tableOffsets[term] = frequency >= TABLED_POSTINGS ? 0 : -1));
    unchecked((tableLengths[term] = -1));
  }
  poolUsed = 0;
  itemBlocks = freshUint16Array(items);
  itemStarts = freshUint32Array(items);
  itemMaxima = freshUint32Array(items);
  fewestNameTerms = freshUint16Array(blockCount);
  fewestNameTerms.fill(0xffff);
  for (let document = 0; document < documentCount; document++) {
    let nameTerms = unchecked(nameTermCounts[document]);
    let block = document >> BLOCK_SHIFT;
    if (nameTerms > 0 && nameTerms < unchecked(fewestNameTerms[block])) unchecked((fewestNameTerms[block] = nameTerms));
  }
  blockBounds = freshFloat64Array(blockCount);
  blockNames = freshUint8Array(blockCount);
  liveBlocks = freshUint8Array(blockCount);
}

/** The current query is summed block by block. */
export function prunes(): bool {
  if (pruning == PRUNE_AUTO ? documentCount < MIN_DOCUMENTS || queryTermCount > MAX_PRUNED_TERMS : pruning != PRUNE_ALWAYS) return false;
  if (blockCount == 0) prepareBlocks();
  return true;
}

@inline
function blockOf(at: usize): i32 {
  return <i32>(entryAt(at) >> (1 + BLOCK_SHIFT));
}

@inline
function maximumAt(at: usize): u32 {
  return <u32>load<u16>(saturations.dataStart + (at << 1)) | ((entryAt(at) & 1) << 16);
}

@inline
function merged(left: u32, right: u32): u32 {
  return max(left & 0xffff, right & 0xffff) | ((left | right) & NAME_BIT);
}

// Fills `term`'s table; false when the pool has no room for it (the term is then scanned).
function fillTable(term: i32): bool {
  let start = <usize>unchecked(postingStarts[term]);
  let end = <usize>unchecked(postingStarts[term + 1]);
  let length = 0;
  let last = -1;
  for (let at = start; at < end; at++) {
    let block = blockOf(at);
    if (block != last) length += 1;
    last = block;
  }
  if (poolUsed + length + 1 > itemStarts.length) {
    unchecked((tableOffsets[term] = -1));
    return false;
  }
  let base = poolUsed;
  let item = base - 1;
  last = -1;
  for (let at = start; at < end; at++) {
    let block = blockOf(at);
    if (block != last) {
      item += 1;
      unchecked((itemBlocks[item] = <u16>block));
      unchecked((itemStarts[item] = <u32>at));
      unchecked((itemMaxima[item] = maximumAt(at)));
      last = block;
    } else {
      unchecked((itemMaxima[item] = merged(unchecked(itemMaxima[item]), maximumAt(at))));
    }
  }
  unchecked((itemStarts[base + length] = <u32>end));
  unchecked((tableOffsets[term] = base));
  unchecked((tableLengths[term] = length));
  poolUsed = base + length + 1;
  return true;
}

// `term` has a table (filled now if it was not).
function tabled(term: i32): bool {
  if (unchecked(tableOffsets[term]) < 0) return false;
  return unchecked(tableLengths[term]) >= 0 || fillTable(term);
}

// Adds one block's part of a term's bound. The bound takes the product `accumulate` takes,
// added in query order as a document's sum is: rounding is monotonic, so it is at least the
// sum of any document in the block.
@inline
function addBound(block: i32, factor: f64, maximum: u32): void {
  unchecked((blockBounds[block] = unchecked(blockBounds[block]) + factor * (<f64>(maximum & 0xffff) * SATURATION_UNIT)));
  // Each term adds to a block once, so the count is of distinct query terms.
  let names = unchecked(blockNames[block]);
  unchecked((blockNames[block] = (names == 0 ? 1 : names) + (maximum & NAME_BIT ? 1 : 0)));
}

function boundBlocks(): void {
  for (let block = 0; block < blockCount; block++) {
    unchecked((blockBounds[block] = 0.0));
    unchecked((blockNames[block] = 0));
  }
  for (let index = 0; index < queryTermCount; index++) {
    let term = unchecked(queryTerms[index]);
    let factor = unchecked(queryWeights[index]) * unchecked(inverseFrequencies[term]);
    unchecked((queryFactors[index] = factor));
    if (tabled(term)) {
      let base = unchecked(tableOffsets[term]);
      let end = base + unchecked(tableLengths[term]);
      for (let item = base; item < end; item++) addBound(<i32>unchecked(itemBlocks[item]), factor, unchecked(itemMaxima[item]));
      continue;
    }
    let end = <usize>unchecked(postingStarts[term + 1]);
    let last = -1;
    let maximum: u32 = 0;
    for (let at = <usize>unchecked(postingStarts[term]); at < end; at++) {
      let block = blockOf(at);
      if (block != last) {
        if (last >= 0) addBound(last, factor, maximum);
        last = block;
        maximum = 0;
      }
      maximum = merged(maximum, maximumAt(at));
    }
    if (last >= 0) addBound(last, factor, maximum);
  }
  // From here a bound includes the block's largest name factor: a tool matches at most the
  // query terms in a name there, over at least the block's fewest name terms, and never more
  // than all of its own (`nameFactor`'s expression, so rounding keeps it an upper bound).
  for (let block = 0; block < blockCount; block++) {
    let names = <i32>unchecked(blockNames[block]) - 1;
    if (names <= 0) continue;
    let share = <f64>names / <f64>unchecked(fewestNameTerms[block]);
    if (share > 1.0) share = 1.0;
    unchecked((blockBounds[block] = unchecked(blockBounds[block]) * (1.0 + nameBonus * share)));
  }
}

// The first posting of `term` at or after document `document`, within `[low, high)`.
function firstPosting(low: usize, high: usize, document: u32): usize {
  while (low < high) {
    let middle = (low + high) >> 1;
    if (entryAt(middle) >> 1 < document) low = middle + 1;
    else high = middle;
  }
  return low;
}

// Sums the block's documents whole: each query term's postings in it, in query order.
function sumBlock(block: i32): void {
  for (let index = 0; index < queryTermCount; index++) {
    let term = unchecked(queryTerms[index]);
    let from: usize = 0;
    let to: usize = 0;
    if (unchecked(tableOffsets[term]) >= 0) {
      let low = unchecked(tableOffsets[term]);
      let high = low + unchecked(tableLengths[term]);
      while (low < high) {
        let middle = (low + high) >> 1;
        if (<i32>unchecked(itemBlocks[middle]) < block) low = middle + 1;
        else high = middle;
      }
      if (low == unchecked(tableOffsets[term]) + unchecked(tableLengths[term]) || <i32>unchecked(itemBlocks[low]) != block) continue;
      from = <usize>unchecked(itemStarts[low]);
      to = <usize>unchecked(itemStarts[low + 1]);
    } else {
      let start = <usize>unchecked(postingStarts[term]);
      let end = <usize>unchecked(postingStarts[term + 1]);
      from = firstPosting(start, end, <u32>block << BLOCK_SHIFT);
      to = firstPosting(from, end, <u32>(block + 1) << BLOCK_SHIFT);
    }
    addRange(unchecked(queryFactors[index]), from, to);
  }
}

// The SEED_BLOCKS blocks of the largest bounds into `seeds` (fewer when fewer blocks); their count.
function chooseSeeds(): i32 {
  let count = 0;
  for (let block = 0; block < blockCount; block++) {
    let bound = unchecked(blockBounds[block]);
    if (unchecked(blockNames[block]) == 0) continue;
    if (count == SEED_BLOCKS && bound <= unchecked(blockBounds[unchecked(seeds[count - 1])])) continue;
    let at = count < SEED_BLOCKS ? count++ : count - 1;
    while (at > 0 && unchecked(blockBounds[unchecked(seeds[at - 1])]) < bound) {
      unchecked((seeds[at] = unchecked(seeds[at - 1])));
      at -= 1;
    }
    unchecked((seeds[at] = block));
  }
  return count;
}

// Adds a scanned term's postings `[start, end)` that lie in live blocks, a run at a time.
function addLiveRuns(factor: f64, start: usize, end: usize): void {
  let run: isize = -1;
  for (let at = start; at < end; at++) {
    if (unchecked(liveBlocks[blockOf(at)])) {
      if (run < 0) run = <isize>at;
    } else if (run >= 0) {
      addRange(factor, <usize>run, at);
      run = -1;
    }
  }
  if (run >= 0) addRange(factor, <usize>run, end);
}

/** Ranks the current query block by block; the number of results (as `selectTop`). */
export function searchBlocks(limit: i32): i32 {
  boundBlocks();
  resetTouched();
  beginTop(limit);
  let seedCount = chooseSeeds();
  for (let seed = 0; seed < seedCount; seed++) sumBlock(unchecked(seeds[seed]));
  offerTouched(0, touchedCount);
  // A score below the heap's worst never enters (-Infinity until the heap is full).
  let floor = worstScore;
  let live = 0;
  for (let block = 0; block < blockCount; block++) {
    let keep = unchecked(blockNames[block]) != 0 && !(unchecked(blockBounds[block]) < floor);
    unchecked((liveBlocks[block] = <u8>keep));
    live += <i32>keep;
  }
  for (let seed = 0; seed < seedCount; seed++) {
    let block = unchecked(seeds[seed]);
    live -= <i32>unchecked(liveBlocks[block]);
    unchecked((liveBlocks[block] = 0));
  }
  if (live == 0) return finishTop();
  let from = touchedCount;
  for (let index = 0; index < queryTermCount; index++) {
    let term = unchecked(queryTerms[index]);
    let factor = unchecked(queryFactors[index]);
    if (unchecked(tableOffsets[term]) < 0) {
      addLiveRuns(factor, <usize>unchecked(postingStarts[term]), <usize>unchecked(postingStarts[term + 1]));
      continue;
    }
    // Consecutive live blocks are one range of postings.
    let base = unchecked(tableOffsets[term]);
    let end = base + unchecked(tableLengths[term]);
    let run = -1;
    for (let item = base; item < end; item++) {
      if (unchecked(liveBlocks[<i32>unchecked(itemBlocks[item])])) {
        if (run < 0) run = item;
      } else if (run >= 0) {
        addRange(factor, <usize>unchecked(itemStarts[run]), <usize>unchecked(itemStarts[item]));
        run = -1;
      }
    }
    if (run >= 0) addRange(factor, <usize>unchecked(itemStarts[run]), <usize>unchecked(itemStarts[end]));
  }
  offerTouched(from, touchedCount);
  return finishTop();
}
