// Ending tables for the suffix-stripping stemmers.
//
// A table is a string literal listing endings separated by one space, in the order its
// algorithm publishes them, so it can be read against the published text. An ending may
// carry a replacement after "=" ("ational=ate"); without one it is simply removed.
//
// Each table is indexed once, on first use, into a fixed block of static memory: for each
// bucket (a code unit's low 5 bits, which are distinct for a–z and for а–я) the bit set of the
// endings whose last unit falls in it. Finding the longest ending of a word then compares only
// the few endings in the bucket of the word's last unit, instead of scanning the whole table
// (scanning every table in full made the Russian stemmer about 3× slower on its list).

// @ts-ignore: decorator
@inline const BUCKETS: i32 = 32;
// @ts-ignore: decorator
@inline const MAX_ENDINGS: i32 = 64; // one bit each in a u64 bucket set
// @ts-ignore: decorator
@inline const ENDINGS_OFFSET: usize = <usize>BUCKETS << 3;
// @ts-ignore: decorator
@inline const SPACE: u16 = 0x20;
// @ts-ignore: decorator
@inline const EQUALS: u16 = 0x3d;

/**
 * Bytes of static memory one table's index takes: 32 bucket bit sets (u64), then for each
 * ending its address (u32), length (u16) and replacement length (u16).
 *
 * @example
 * const NOUN_INDEX = memory.data(ENDING_INDEX_BYTES, 8);
 */
// @ts-ignore: decorator
@inline export const ENDING_INDEX_BYTES: i32 = (BUCKETS << 3) + (MAX_ENDINGS << 3);

// @ts-ignore: decorator
@inline function entryAt(index: usize, ending: i32): usize {
  return index + ENDINGS_OFFSET + (<usize>ending << 3);
}

/**
 * Fills `index` (ENDING_INDEX_BYTES of zeroed static memory) from a table literal. Runs once
 * per table; the table must stay alive, which string literals do.
 *
 * @example
 * indexEndings(NOUN_INDEX, "а ев ов ие");
 */
export function indexEndings(index: usize, table: string): void {
  const base = changetype<usize>(table);
  const tableLength = table.length;
  let ending = 0;
  let position = 0;
  while (position < tableLength) {
    // A table longer than MAX_ENDINGS is a bug in this source, caught by the conformance tests.
    if (ending >= MAX_ENDINGS) unreachable();
    const start = position;
    while (position < tableLength) {
      const unit = load<u16>(base + (<usize>position << 1));
      if (unit == SPACE || unit == EQUALS) break;
      position++;
    }
    const length = position - start;
    let replacementLength = 0;
    if (position < tableLength && load<u16>(base + (<usize>position << 1)) == EQUALS) {
      position++;
      const replacementStart = position;
      while (position < tableLength && load<u16>(base + (<usize>position << 1)) != SPACE) position++;
      replacementLength = position - replacementStart;
    }
    position++; // the separating space

    const last = <usize>(load<u16>(base + (<usize>(start + length - 1) << 1)) & 31);
    const bucket = index + (last << 3);
    store<u64>(bucket, load<u64>(bucket) | (<u64>1 << <u64>ending));
    const entry = entryAt(index, ending);
    store<u32>(entry, <u32>(base + (<usize>start << 1)));
    store<u16>(entry, <u16>length, 4);
    store<u16>(entry, <u16>replacementLength, 6);
    ending++;
  }
}

/**
 * The number (0-based, in table order) of the longest ending of the indexed table that ends
 * the word of `length` units at `ptr` and starts at or after `limit`; −1 when none does.
 *
 * @example
 * const ending = longestEnding(ptr, length, rv, NOUN_INDEX);
 */
export function longestEnding(ptr: usize, length: i32, limit: i32, index: usize): i32 {
  if (length <= limit) return -1;
  const last = <usize>(load<u16>(ptr + (<usize>(length - 1) << 1)) & 31);
  let candidates = load<u64>(index + (last << 3));
  let best = -1;
  let bestLength = 0;
  while (candidates != 0) {
    const ending = <i32>ctz(candidates);
    candidates &= candidates - 1;
    const entry = entryAt(index, ending);
    const endingLength = <i32>load<u16>(entry, 4);
    if (endingLength <= bestLength || length - endingLength < limit) continue;
    const address = <usize>load<u32>(entry);
    const word = ptr + (<usize>(length - endingLength) << 1);
    // From the last unit: the bucket only says the low bits agree.
    let unit = endingLength - 1;
    while (unit >= 0 && load<u16>(word + (<usize>unit << 1)) == load<u16>(address + (<usize>unit << 1))) unit--;
    if (unit < 0) {
      best = ending;
      bestLength = endingLength;
    }
  }
  return best;
}

/**
 * The length in code units of ending number `ending` of the indexed table.
 *
 * @example
 * length -= endingLength(NOUN_INDEX, ending);
 */
// @ts-ignore: decorator
@inline export function endingLength(index: usize, ending: i32): i32 {
  return <i32>load<u16>(entryAt(index, ending), 4);
}

/**
 * Writes the replacement of ending number `ending` after the first `stemLength` units of the
 * word at `ptr`; returns the new length. The caller guarantees the room (every replacement
 * in these tables is no longer than its ending).
 *
 * @example
 * return writeReplacement(ptr, stemLength, STEP2_INDEX, ending);
 */
export function writeReplacement(ptr: usize, stemLength: i32, index: usize, ending: i32): i32 {
  const entry = entryAt(index, ending);
  const endingLength = <i32>load<u16>(entry, 4);
  const replacementLength = <i32>load<u16>(entry, 6);
  // The replacement follows the ending and its "=" in the table.
  const source = <usize>load<u32>(entry) + (<usize>(endingLength + 1) << 1);
  const target = ptr + (<usize>stemLength << 1);
  for (let unit = 0; unit < replacementLength; unit++) {
    store<u16>(target + (<usize>unit << 1), load<u16>(source + (<usize>unit << 1)));
  }
  return stemLength + replacementLength;
}
