// DESIGN.md "Index layout": the term dictionary, an open-addressing hash over term code units.
// Terms are numbered densely in insertion order; the table stores number + 1 (0 = empty).
import { freshInt32Array, freshUint16Array, freshUint32Array, freshUint8Array } from "../fresh";

@inline
export function hashUnits(pointer: usize, length: i32): u32 {
  let hash: u32 = 0x811c9dc5;
  for (let k = 0; k < length; k++) {
    hash = (hash ^ <u32>load<u16>(pointer + (<usize>k << 1))) * 0x01000193;
  }
  return hash;
}

// Eight bytes at a time (wasm loads need no alignment): `memory.compare` goes byte by byte
// unless both pointers share their alignment modulo 8, which two u16 arrays rarely do.
@inline
export function unitsEqual(left: usize, right: usize, length: i32): bool {
  let end = left + (<usize>length << 1);
  while (left + 8 <= end) {
    if (load<u64>(left) != load<u64>(right)) return false;
    left += 8;
    right += 8;
  }
  if (left + 4 <= end) {
    if (load<u32>(left) != load<u32>(right)) return false;
    left += 4;
    right += 4;
  }
  return left == end || load<u16>(left) == load<u16>(right);
}

@inline
export function align4(bytes: i32): i32 {
  return (bytes + 3) & ~3;
}

/**
 * The table size a dictionary of `count` terms has after interning them one by one: the
 * least power of two from 512 that is at least twice the count (so a lookup always ends).
 */
export function tableSizeFor(count: i32): i32 {
  let size = 512;
  while (size < count << 1) size <<= 1;
  return size;
}

export class TermDictionary {
  pool: Uint16Array = freshUint16Array(1024);
  offsets: Uint32Array = freshUint32Array(256);
  lengths: Uint8Array = freshUint8Array(256);
  table: Int32Array = freshInt32Array(512);
  count: i32 = 0;
  poolLength: i32 = 0;

  /** Term number of the code units, or −1. */
  find(pointer: usize, length: i32): i32 {
    let mask = this.table.length - 1;
    let slot = <i32>(hashUnits(pointer, length) & <u32>mask);
    while (true) {
      let entry = unchecked(this.table[slot]);
      if (entry == 0) return -1;
      if (this.equals(entry - 1, pointer, length)) return entry - 1;
      slot = (slot + 1) & mask;
    }
  }

  /** Term number of the code units, inserting them when new. */
  intern(pointer: usize, length: i32): i32 {
    let mask = this.table.length - 1;
    let slot = <i32>(hashUnits(pointer, length) & <u32>mask);
    while (true) {
      let entry = unchecked(this.table[slot]);
      if (entry == 0) break;
      if (this.equals(entry - 1, pointer, length)) return entry - 1;
      slot = (slot + 1) & mask;
    }
    let term = this.append(pointer, length);
    unchecked((this.table[slot] = term + 1));
    if ((this.count << 1) > this.table.length) this.rehash(this.table.length << 1);
    return term;
  }

  termPointer(term: i32): usize {
    return this.pool.dataStart + (<usize>unchecked(this.offsets[term]) << 1);
  }

  termLength(term: i32): i32 {
    return <i32>unchecked(this.lengths[term]);
  }

  clear(): void {
    this.pool = freshUint16Array(1024);
    this.offsets = freshUint32Array(256);
    this.lengths = freshUint8Array(256);
    this.table = freshInt32Array(512);
    this.count = 0;
    this.poolLength = 0;
  }

  /** Rebuilds the hash table from the stored terms at `size` slots. */
  rehash(size: i32): void {
    this.table = freshInt32Array(size);
    this.insertAll();
  }

  /** Inserts every stored term, in order, into the table, which must be empty (a load's is). */
  insertAll(): void {
    let table = this.table;
    let mask = table.length - 1;
    for (let term = 0; term < this.count; term++) {
      let slot = <i32>(hashUnits(this.termPointer(term), this.termLength(term)) & <u32>mask);
      while (unchecked(table[slot]) != 0) slot = (slot + 1) & mask;
      unchecked((table[slot] = term + 1));
    }
  }

  /** Bytes `encode` writes: a 16-byte header, then pool, offsets, lengths and table. */
  encodedBytes(): i32 {
    return 16 + align4(this.poolLength << 1) + (this.count << 2) + align4(this.count) + (this.table.length << 2);
  }

  /** Writes the dictionary at `pointer` (an artifact section; DESIGN.md "Index artifact"). */
  encode(pointer: usize): void {
    let count = this.count;
    let tableSize = this.table.length;
    store<u32>(pointer, count);
    store<u32>(pointer, this.poolLength, 4);
    store<u32>(pointer, tableSize, 8);
    store<u32>(pointer, 0, 12);
    let at = pointer + 16;
    memory.copy(at, this.pool.dataStart, <usize>this.poolLength << 1);
    memory.fill(at + (<usize>this.poolLength << 1), 0, <usize>(align4(this.poolLength << 1) - (this.poolLength << 1)));
    at += align4(this.poolLength << 1);
    memory.copy(at, this.offsets.dataStart, <usize>count << 2);
    at += <usize>count << 2;
    memory.copy(at, this.lengths.dataStart, <usize>count);
    memory.fill(at + <usize>count, 0, <usize>(align4(count) - count));
    at += align4(count);
    memory.copy(at, this.table.dataStart, <usize>tableSize << 2);
  }

  /**
   * Replaces the dictionary by one `encode` wrote at `byteOffset` in `buffer`; false
   * (dictionary unchanged) when the bytes are not a sound table: every term inside the pool,
   * 1–255 units, table entries in range and at least one empty slot (so a lookup always
   * ends). The arrays are views of `buffer`, not copies: a decoded dictionary is only read
   * (the query side's tables never change after a load).
   */
  decode(buffer: ArrayBuffer, byteOffset: i32, length: i32): bool {
    if (length < 16 || byteOffset < 0 || (byteOffset & 3) != 0 || <i64>byteOffset + <i64>length > <i64>buffer.byteLength) return false;
    let pointer = changetype<usize>(buffer) + <usize>byteOffset;
    let count = load<i32>(pointer);
    let poolLength = load<i32>(pointer, 4);
    let tableSize = load<i32>(pointer, 8);
    if (count < 0 || poolLength < 0 || tableSize < 2 || (tableSize & (tableSize - 1)) != 0 || count >= tableSize) return false;
    if (count > (1 << 24) || poolLength > (1 << 28) || tableSize > (1 << 26) || load<u32>(pointer, 12) != 0) return false;
    if (16 + align4(poolLength << 1) + (count << 2) + align4(count) + (tableSize << 2) != length) return false;
    let poolAt = byteOffset + 16;
    let offsetsAt = poolAt + align4(poolLength << 1);
    let lengthsAt = offsetsAt + (count << 2);
    let tableAt = lengthsAt + align4(count);
    let offsets = Uint32Array.wrap(buffer, offsetsAt, count);
    let lengths = Uint8Array.wrap(buffer, lengthsAt, count);
    for (let term = 0; term < count; term++) {
      let offset = unchecked(offsets[term]);
      let units = <u32>unchecked(lengths[term]);
      if (units == 0 || <u64>offset + <u64>units > <u64>poolLength) return false;
    }
    let table = Int32Array.wrap(buffer, tableAt, tableSize);
    let empty = false;
    for (let slot = 0; slot < tableSize; slot++) {
      let entry = unchecked(table[slot]);
      if (entry == 0) empty = true;
      else if (entry < 0 || entry > count) return false;
    }
    if (!empty) return false;
    this.pool = Uint16Array.wrap(buffer, poolAt, poolLength);
    this.offsets = offsets;
    this.lengths = lengths;
    this.table = table;
    this.count = count;
    this.poolLength = poolLength;
    return true;
  }

  @inline
  private equals(term: i32, pointer: usize, length: i32): bool {
    if (<i32>unchecked(this.lengths[term]) != length) return false;
    return unitsEqual(this.termPointer(term), pointer, length);
  }

  private append(pointer: usize, length: i32): i32 {
    let term = this.count;
    if (term == this.offsets.length) {
      let offsets = freshUint32Array(term << 1);
      offsets.set(this.offsets);
      this.offsets = offsets;
      let lengths = freshUint8Array(term << 1);
      lengths.set(this.lengths);
      this.lengths = lengths;
    }
    if (this.poolLength + length > this.pool.length) {
      let capacity = this.pool.length << 1;
      while (capacity < this.poolLength + length) capacity <<= 1;
      let pool = freshUint16Array(capacity);
      pool.set(this.pool);
      this.pool = pool;
    }
    memory.copy(
      this.pool.dataStart + (<usize>this.poolLength << 1),
      pointer,
      <usize>length << 1,
    );
    unchecked((this.offsets[term] = <u32>this.poolLength));
    unchecked((this.lengths[term] = <u8>length));
    this.poolLength += length;
    this.count = term + 1;
    return term;
  }
}
