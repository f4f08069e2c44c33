// docs/performance.md "Query: block-max pruning": exact top-k over blocks of 2^BLOCK_SHIFT
// documents. A block's bound is the sum, over the query terms with postings in it, of the
// term's factor times its largest saturation there, times the largest name factor when one of
// them is in a name there. The best-bound blocks are summed first; the heap's worst after them
// is a floor. The lowest-bound terms whose bounds together stay below it are non-essential: a
// document needs an essential term to reach the floor, so every term's postings are then
// summed only in the blocks that hold an essential term and whose bound is not below it.
import { PRUNE_ALWAYS, PRUNE_AUTO } from "../abi";
import { freshFloat64Array, freshInt32Array, freshUint32Array, freshUint8Array, heapEnd } from "../fresh";
import { documentCount, entryAt, inverseFrequencies, nameBonus, nameTermCounts, postingStarts, saturations, SATURATION_UNIT, terms } from "../index/state";
import { addRange, resetTouched, touchedCount } from "./accumulate";
import { MAX_QUERY_TERMS, queryTermCount, queryTerms, queryWeights, wordTermCount } from "./terms";
import { beginTop, finishTop, offerTouched, worstScore } from "./top-k";

/** Documents per block: 2^5 = 32, so a block's bound sees the words of a tool server or two. */
export const BLOCK_SHIFT: u32 = 5;
// Below this many documents the whole index is summed: a query there takes tens of µs.
const MIN_DOCUMENTS: i32 = 16384;
// A term with at least this many postings keeps its blocks in a table (filled by its first
// query); a rarer one is scanned by each query, which reads no more than its postings.
const TABLED_POSTINGS: i32 = 256;
// A request of more words than this (own terms and translations; related words and word forms
// do not count) leaves most blocks above the floor: its many bounds sum past the k-th score.
const MAX_PRUNED_WORDS: i32 = 5;
// The blocks summed first, best bound first, to set the floor.
const SEED_BLOCKS: i32 = 16;
// The name bit of a table maximum (bit 16, above the saturation).
const NAME_BIT: u32 = 0x10000;
// A bound summed in another order than a document's sum is within (n - 1) × 2^-53 of it
// relatively (n ≤ 65 terms), so a bound times this is at least any document's sum.
const LIFT: f64 = 1.0 + 1.0 / <f64>(1 << 30) / 1024.0;
// A table is searched per live block when it has this many times more entries than live blocks.
const SEARCH_COST: i32 = 8;

let pruning: i32 = PRUNE_AUTO;
// 0 until the first pruned query of an index sizes the tables (a load does no work for them).
let blockCount: i32 = 0;
// Per term: the address of its table (0: scanned, 1: not filled yet) and its entries. A table
// is one allocation, made by the term's first query: per block with postings, its first
// posting (u32, then the term's end posting), its largest saturation (u32, with NAME_BIT when
// one is in a name; then the term's largest) and its number (u16).
let tablePointers = freshUint32Array(0);
let tableLengths = freshInt32Array(0);
// Per block, the fewest name terms of a tool with a name there (0xffff: none has one).
let fewestNameTerms = freshInt32Array(0);
// The current query: each block's bound before the name factor; the query terms with a
// posting in a name there (+1; 0 when no bounded term has postings there); the best rank (in
// `boundOrder`) of a bounded term with postings there; the blocks left.
let blockBounds = freshFloat64Array(0);
let blockNames = freshUint8Array(0);
let blockRanks = freshUint8Array(0);
let liveBlocks = freshUint8Array(0);
let liveList = freshInt32Array(0);
const seeds = freshInt32Array(SEED_BLOCKS);
const seedBounds = freshFloat64Array(SEED_BLOCKS);
// Per query term: its factor (qw × idf), its bound anywhere (factor × its largest saturation)
// and that maximum (with NAME_BIT). `boundOrder`: the terms, largest bound first.
const queryFactors = freshFloat64Array(MAX_QUERY_TERMS);
const termBounds = freshFloat64Array(MAX_QUERY_TERMS);
const termMaxima = freshUint32Array(MAX_QUERY_TERMS);
const boundOrder = freshInt32Array(MAX_QUERY_TERMS);
const bounded = freshUint8Array(MAX_QUERY_TERMS);

/** PRUNE_AUTO (the default), PRUNE_ALWAYS, or PRUNE_OFF (every query summed whole). */
export function setPruning(mode: i32): void {
  pruning = mode;
}

/** Forgets the block tables; called once after an index is built or loaded. */
export function resetBlocks(): void {
  blockCount = 0;
}

// Grows the memory to hold `bytes` more past the heap, exactly (not the runtime's doubling).
function ensureRoom(bytes: u64): void {
  let pages = <i32>((<u64>heapEnd() + bytes + 64 + 0xffff) >> 16);
  if (pages > memory.size()) memory.grow(pages - memory.size());
}

// Sizes the per-term and per-block arrays for the current index; tables come later, one by one.
function prepareBlocks(): void {
  blockCount = (documentCount + (1 << BLOCK_SHIFT) - 1) >> BLOCK_SHIFT;
  let count = terms.count;
  ensureRoom(<u64>count * 8 + <u64>blockCount * 23 + 4096);
  tablePointers = freshUint32Array(count);
  tableLengths = freshInt32Array(count);
  for (let term = 0; term < count; term++) {
    let frequency = <i32>(unchecked(postingStarts[term + 1]) - unchecked(postingStarts[term]));
    unchecked((tablePointers[term] = frequency >= TABLED_POSTINGS ? 1 : 0));
  }
  fewestNameTerms = freshInt32Array(blockCount);
  fewestNameTerms.fill(0xffff);
  for (let document = 0; document < documentCount; document++) {
    let nameTerms = <i32>unchecked(nameTermCounts[document]);
    let block = document >> BLOCK_SHIFT;
    if (nameTerms > 0 && nameTerms < unchecked(fewestNameTerms[block])) unchecked((fewestNameTerms[block] = nameTerms));
  }
  blockBounds = freshFloat64Array(blockCount);
  blockNames = freshUint8Array(blockCount);
  blockRanks = freshUint8Array(blockCount);
  liveBlocks = freshUint8Array(blockCount);
  liveList = freshInt32Array(blockCount);
}

/** The current query is summed block by block. */
export function prunes(): bool {
  if (pruning == PRUNE_AUTO ? documentCount < MIN_DOCUMENTS || wordTermCount > MAX_PRUNED_WORDS : pruning != PRUNE_ALWAYS) return false;
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

// A table's parts: entry `item`'s first posting, maximum and block.
@inline
function startAt(table: usize, item: i32): usize {
  return <usize>load<u32>(table + (<usize>item << 2));
}

@inline
function maximumOf(table: usize, length: i32, item: i32): u32 {
  return load<u32>(table + (<usize>(length + 1 + item) << 2));
}

@inline
function blockAt(table: usize, length: i32, item: i32): i32 {
  return <i32>load<u16>(table + (<usize>(length + 1) << 3) + (<usize>item << 1));
}

// Fills `term`'s table.
function fillTable(term: i32): void {
  let start = <usize>unchecked(postingStarts[term]);
  let end = <usize>unchecked(postingStarts[term + 1]);
  let length = 0;
  let last = -1;
  for (let at = start; at < end; at++) {
    let block = blockOf(at);
    if (block != last) length += 1;
    last = block;
  }
  let bytes = (length + 1) * 8 + length * 2;
  ensureRoom(<u64>bytes);
  let table = freshUint8Array(bytes).dataStart;
  let item = -1;
  let largest: u32 = 0;
  last = -1;
  for (let at = start; at < end; at++) {
    let block = blockOf(at);
    let maximum = maximumAt(at);
    largest = merged(largest, maximum);
    if (block != last) {
      item += 1;
      store<u16>(table + (<usize>(length + 1) << 3) + (<usize>item << 1), <u16>block);
      store<u32>(table + (<usize>item << 2), <u32>at);
      store<u32>(table + (<usize>(length + 1 + item) << 2), maximum);
      last = block;
    } else {
      let address = table + (<usize>(length + 1 + item) << 2);
      store<u32>(address, merged(load<u32>(address), maximum));
    }
  }
  store<u32>(table + (<usize>length << 2), <u32>end);
  store<u32>(table + (<usize>(length + 1 + length) << 2), largest);
  unchecked((tablePointers[term] = <u32>table));
  unchecked((tableLengths[term] = length));
}

// The address of `term`'s table (filled now if it was not), 0 when it is scanned.
@inline
function tableOf(term: i32): usize {
  let table = unchecked(tablePointers[term]);
  if (table == 1) {
    fillTable(term);
    table = unchecked(tablePointers[term]);
  }
  return <usize>table;
}

// The factors and bounds of the query terms, and the terms by bound, largest first.
function boundTerms(): void {
  let count = queryTermCount;
  for (let index = 0; index < count; index++) {
    let term = unchecked(queryTerms[index]);
    let factor = unchecked(queryWeights[index]) * unchecked(inverseFrequencies[term]);
    unchecked((queryFactors[index] = factor));
    let table = tableOf(term);
    let largest: u32 = 0;
    if (table != 0) {
      let length = unchecked(tableLengths[term]);
      largest = maximumOf(table, length, length);
    } else {
      let end = <usize>unchecked(postingStarts[term + 1]);
      for (let at = <usize>unchecked(postingStarts[term]); at < end; at++) largest = merged(largest, maximumAt(at));
    }
    unchecked((termMaxima[index] = largest));
    let bound = factor * (<f64>(largest & 0xffff) * SATURATION_UNIT);
    unchecked((termBounds[index] = bound));
    unchecked((bounded[index] = 0));
    // Insertion sort, stable: at most MAX_QUERY_TERMS.
    let at = index;
    while (at > 0 && unchecked(termBounds[unchecked(boundOrder[at - 1])]) < bound) {
      unchecked((boundOrder[at] = unchecked(boundOrder[at - 1])));
      at -= 1;
    }
    unchecked((boundOrder[at] = index));
  }
}

// Adds one block's part of a term's bound.
@inline
function addBound(block: i32, factor: f64, maximum: u32, rank: i32): void {
  unchecked((blockBounds[block] = unchecked(blockBounds[block]) + factor * (<f64>(maximum & 0xffff) * SATURATION_UNIT)));
  // Each term adds to a block once, so the count is of distinct query terms.
  let names = unchecked(blockNames[block]);
  if (names == 0) unchecked((blockRanks[block] = <u8>rank));
  else if (rank < <i32>unchecked(blockRanks[block])) unchecked((blockRanks[block] = <u8>rank));
  unchecked((blockNames[block] = (names == 0 ? 1 : names) + (maximum & NAME_BIT ? 1 : 0)));
}

// Adds the blocks of the term of rank `rank` (in `boundOrder`) to the bounds: every block,
// or with `live` only the live ones (listed in `liveList`, `listed` of them).
function boundTerm(rank: i32, live: bool, listed: i32): void {
  let index = unchecked(boundOrder[rank]);
  unchecked((bounded[index] = 1));
  let term = unchecked(queryTerms[index]);
  let factor = unchecked(queryFactors[index]);
  let table = <usize>unchecked(tablePointers[term]);
  if (table != 0) {
    let length = unchecked(tableLengths[term]);
    if (live && listed * SEARCH_COST < length) {
      let low = 0;
      for (let at = 0; at < listed && low < length; at++) {
        let block = unchecked(liveList[at]);
        low = searchTable(table, length, low, block);
        if (low < length && blockAt(table, length, low) == block) addBound(block, factor, maximumOf(table, length, low), rank);
      }
      return;
    }
    for (let item = 0; item < length; item++) {
      let block = blockAt(table, length, item);
      if (!live || unchecked(liveBlocks[block])) addBound(block, factor, maximumOf(table, length, item), rank);
    }
    return;
  }
  let end = <usize>unchecked(postingStarts[term + 1]);
  let last = -1;
  let maximum: u32 = 0;
  for (let at = <usize>unchecked(postingStarts[term]); at <= end; at++) {
    let block = at < end ? blockOf(at) : -2;
    if (block != last) {
      if (last >= 0 && (!live || unchecked(liveBlocks[last]))) addBound(last, factor, maximum, rank);
      last = block;
      maximum = 0;
    }
    if (at < end) maximum = merged(maximum, maximumAt(at));
  }
}

// A block's bound: its sum plus `extra` (the bounds of the terms not added block by block),
// times its largest name factor: a tool matches at most the query terms in a name there (and
// `extraNames` more), over at least the block's fewest name terms, and never more than all
// of its own (`nameFactor`'s expression, so rounding keeps it an upper bound); then lifted.
@inline
function blockBound(block: i32, extra: f64, extraNames: i32): f64 {
  let bound = unchecked(blockBounds[block]) + extra;
  let names = <i32>unchecked(blockNames[block]) - 1 + extraNames;
  if (names > 0) {
    let share = <f64>names / <f64>unchecked(fewestNameTerms[block]);
    if (share > 1.0) share = 1.0;
    bound = bound * (1.0 + nameBonus * share);
  }
  return bound * LIFT;
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

// The first entry at or after `from` of a table whose block is at least `block`.
@inline
function searchTable(table: usize, length: i32, from: i32, block: i32): i32 {
  let low = from;
  let high = length;
  while (low < high) {
    let middle = (low + high) >> 1;
    if (blockAt(table, length, middle) < block) low = middle + 1;
    else high = middle;
  }
  return low;
}

// Sums the block's documents whole: each query term's postings in it, in query order.
function sumBlock(block: i32): void {
  for (let index = 0; index < queryTermCount; index++) {
    let term = unchecked(queryTerms[index]);
    let table = <usize>unchecked(tablePointers[term]);
    let from: usize = 0;
    let to: usize = 0;
    if (table != 0) {
      let length = unchecked(tableLengths[term]);
      let item = searchTable(table, length, 0, block);
      if (item == length || blockAt(table, length, item) != block) continue;
      from = startAt(table, item);
      to = startAt(table, item + 1);
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
    if (unchecked(blockNames[block]) == 0) continue;
    let bound = blockBound(block, 0.0, 0);
    if (count == SEED_BLOCKS && bound <= unchecked(seedBounds[count - 1])) continue;
    let at = count < SEED_BLOCKS ? count++ : count - 1;
    while (at > 0 && unchecked(seedBounds[at - 1]) < bound) {
      unchecked((seeds[at] = unchecked(seeds[at - 1])));
      unchecked((seedBounds[at] = unchecked(seedBounds[at - 1])));
      at -= 1;
    }
    unchecked((seeds[at] = block));
    unchecked((seedBounds[at] = bound));
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

// Adds a tabled term's postings in the blocks of `liveList`, searching its table for each.
function addListedBlocks(factor: f64, table: usize, length: i32, liveCount: i32): void {
  let low = 0;
  let run = -1;
  let next = -1;
  for (let index = 0; index < liveCount && low < length; index++) {
    let block = unchecked(liveList[index]);
    low = searchTable(table, length, low, block);
    if (low == length || blockAt(table, length, low) != block) continue;
    if (low != next) {
      if (run >= 0) addRange(factor, startAt(table, run), startAt(table, next));
      run = low;
    }
    low += 1;
    next = low;
  }
  if (run >= 0) addRange(factor, startAt(table, run), startAt(table, next));
}

// Adds a tabled term's postings in the live blocks, one pass over its table; consecutive live
// blocks are one range of postings.
function addLiveItems(factor: f64, table: usize, length: i32): void {
  let run = -1;
  for (let item = 0; item < length; item++) {
    if (unchecked(liveBlocks[blockAt(table, length, item)])) {
      if (run < 0) run = item;
    } else if (run >= 0) {
      addRange(factor, startAt(table, run), startAt(table, item));
      run = -1;
    }
  }
  if (run >= 0) addRange(factor, startAt(table, run), startAt(table, length));
}

// How many of the lowest-bound terms can be non-essential below `floor`: the most whose
// bounds, added in query order and times the largest name factor they allow, stay below it
// (a document with none of the others takes a subset of those products in that order).
function nonEssentialTerms(floor: f64): i32 {
  let count = queryTermCount;
  let taken = 0;
  while (taken < count) {
    let sum = 0.0;
    let named = false;
    for (let index = 0; index < count; index++) {
      // Rank of `index`: it is among the `taken + 1` lowest when its rank is at least this.
      if (!lowRank(index, count - taken - 1)) continue;
      sum = sum + unchecked(termBounds[index]);
      named = named || (unchecked(termMaxima[index]) & NAME_BIT) != 0;
    }
    if (named) sum = sum * (1.0 + nameBonus);
    if (!(sum < floor)) break;
    taken += 1;
  }
  return taken;
}

// Whether the term at query position `index` has rank `rank` or later in `boundOrder`.
@inline
function lowRank(index: i32, rank: i32): bool {
  return unchecked(termRanks[index]) >= rank;
}
const termRanks = freshInt32Array(MAX_QUERY_TERMS);

/** Ranks the current query block by block; the number of results (as `selectTop`). */
export function searchBlocks(limit: i32): i32 {
  let count = queryTermCount;
  boundTerms();
  for (let rank = 0; rank < count; rank++) unchecked((termRanks[unchecked(boundOrder[rank])] = rank));
  for (let block = 0; block < blockCount; block++) {
    unchecked((blockBounds[block] = 0.0));
    unchecked((blockNames[block] = 0));
  }
  // The seeds are chosen by the bounds of the largest-bound terms: those until the rest's
  // bounds sum below the largest (a guess at the floor; any seeds give a true floor).
  let rest = 0.0;
  for (let index = 0; index < count; index++) rest += unchecked(termBounds[index]);
  let boundedCount = 0;
  while (boundedCount < count && (boundedCount == 0 || !(rest < unchecked(termBounds[unchecked(boundOrder[0])])))) {
    rest -= unchecked(termBounds[unchecked(boundOrder[boundedCount])]);
    boundTerm(boundedCount++, false, 0);
  }
  resetTouched();
  beginTop(limit);
  let seedCount = chooseSeeds();
  for (let seed = 0; seed < seedCount; seed++) sumBlock(unchecked(seeds[seed]));
  offerTouched(0, touchedCount);
  // A score below the heap's worst never enters (-Infinity until the heap is full).
  let floor = worstScore;
  let essential = count - (floor > 0.0 ? nonEssentialTerms(floor) : 0);
  // Every essential term is added block by block; the others not yet added count whole.
  while (boundedCount < essential) boundTerm(boundedCount++, false, 0);
  let extra = 0.0;
  let extraNames = 0;
  for (let index = 0; index < count; index++) {
    if (unchecked(bounded[index])) continue;
    extra = extra + unchecked(termBounds[index]);
    if (unchecked(termMaxima[index]) & NAME_BIT) extraNames += 1;
  }
  let live = 0;
  for (let block = 0; block < blockCount; block++) {
    let keep = unchecked(blockNames[block]) != 0 && <i32>unchecked(blockRanks[block]) < essential && !(blockBound(block, extra, extraNames) < floor);
    unchecked((liveBlocks[block] = <u8>keep));
    if (keep) unchecked((liveList[live++] = block));
  }
  // The non-essential terms not yet added are added to the blocks still live, which tightens
  // their bounds: a table is searched per live block when that is cheaper than reading it.
  if (boundedCount < count && live > 0) {
    for (let rank = boundedCount; rank < count; rank++) boundTerm(rank, true, live);
    let candidates = live;
    live = 0;
    for (let at = 0; at < candidates; at++) {
      let block = unchecked(liveList[at]);
      if (blockBound(block, 0.0, 0) < floor) unchecked((liveBlocks[block] = 0));
      else unchecked((liveList[live++] = block));
    }
  }
  // The seeds are summed already.
  for (let seed = 0; seed < seedCount; seed++) unchecked((liveBlocks[unchecked(seeds[seed])] = 0));
  let kept = 0;
  for (let at = 0; at < live; at++) {
    let block = unchecked(liveList[at]);
    if (unchecked(liveBlocks[block])) unchecked((liveList[kept++] = block));
  }
  live = kept;
  if (live == 0) return finishTop();
  let from = touchedCount;
  for (let index = 0; index < count; index++) {
    let term = unchecked(queryTerms[index]);
    let factor = unchecked(queryFactors[index]);
    let table = <usize>unchecked(tablePointers[term]);
    if (table == 0) {
      addLiveRuns(factor, <usize>unchecked(postingStarts[term]), <usize>unchecked(postingStarts[term + 1]));
      continue;
    }
    let length = unchecked(tableLengths[term]);
    // Few live blocks: search the table for each; else one pass over it.
    if (live * SEARCH_COST < length) addListedBlocks(factor, table, length, live);
    else addLiveItems(factor, table, length);
  }
  offerTouched(from, touchedCount);
  return finishTop();
}
