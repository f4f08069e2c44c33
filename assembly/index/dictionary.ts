// SPEC §2.3: the term dictionary, an open-addressing hash over term code units.
// Terms are numbered densely in insertion order; the table stores number + 1 (0 = empty).
import { freshInt32Array, freshUint16Array, freshUint32Array, freshUint8Array } from "../fresh";

@inline
function hashUnits(pointer: usize, length: i32): u32 {
  let hash: u32 = 0x811c9dc5;
  for (let k = 0; k < length; k++) {
    hash = (hash ^ <u32>load<u16>(pointer + (<usize>k << 1))) * 0x01000193;
  }
  return hash;
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

  /** Rebuilds the hash table from the stored terms (after loading an artifact). */
  rehash(size: i32): void {
    let table = freshInt32Array(size);
    let mask = size - 1;
    for (let term = 0; term < this.count; term++) {
      let slot = <i32>(hashUnits(this.termPointer(term), this.termLength(term)) & <u32>mask);
      while (unchecked(table[slot]) != 0) slot = (slot + 1) & mask;
      unchecked((table[slot] = term + 1));
    }
    this.table = table;
  }

  private equals(term: i32, pointer: usize, length: i32): bool {
    if (<i32>unchecked(this.lengths[term]) != length) return false;
    return memory.compare(this.termPointer(term), pointer, <usize>length << 1) == 0;
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
