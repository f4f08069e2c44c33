// DESIGN.md "Index artifact": the artifact checksum's sixteen lanes, four i32x4 vectors, one
// 64-byte block per step (src/core/checksum.ts is the same computation in TypeScript). The
// host passes the lane state in and out through `checksumLanes`; the core absorbs its own
// sections in place after they are copied in, so no byte is read twice.
import { freshUint32Array, freshUint8Array } from "../fresh";

export const checksumLanes = freshUint32Array(16);
const lastBlock = freshUint8Array(64);
const PRIME: u32 = 0x9e3779b1;

@inline
function round(lanes: v128, block: v128): v128 {
  let mixed = v128.xor(lanes, block);
  mixed = v128.or(i32x4.shl(mixed, 13), i32x4.shr_u(mixed, 19));
  return i32x4.mul(mixed, i32x4.splat(PRIME));
}

/** Absorbs `length` bytes at `pointer` followed by zeros up to the next multiple of 64. */
export function absorb(pointer: usize, length: i32): void {
  if (!ASC_FEATURE_SIMD) {
    absorbScalar(pointer, length);
    return;
  }
  let state = checksumLanes.dataStart;
  let a = v128.load(state);
  let b = v128.load(state, 16);
  let c = v128.load(state, 32);
  let d = v128.load(state, 48);
  let whole = <usize>(length & ~63);
  for (let at: usize = 0; at < whole; at += 64) {
    let block = pointer + at;
    a = round(a, v128.load(block));
    b = round(b, v128.load(block, 16));
    c = round(c, v128.load(block, 32));
    d = round(d, v128.load(block, 48));
  }
  let rest = <usize>length - whole;
  if (rest > 0) {
    let block = lastBlock.dataStart;
    memory.fill(block, 0, 64);
    memory.copy(block, pointer + whole, rest);
    a = round(a, v128.load(block));
    b = round(b, v128.load(block, 16));
    c = round(c, v128.load(block, 32));
    d = round(d, v128.load(block, 48));
  }
  v128.store(state, a);
  v128.store(state, b, 16);
  v128.store(state, c, 32);
  v128.store(state, d, 48);
}

// The scalar build's (asconfig.json "scalar"): each of the sixteen lanes on its own, the same
// arithmetic as `round`'s per lane.
function absorbScalar(pointer: usize, length: i32): void {
  let state = checksumLanes.dataStart;
  let whole = <usize>(length & ~63);
  for (let at: usize = 0; at < whole; at += 64) roundScalar(state, pointer + at);
  let rest = <usize>length - whole;
  if (rest > 0) {
    let block = lastBlock.dataStart;
    memory.fill(block, 0, 64);
    memory.copy(block, pointer + whole, rest);
    roundScalar(state, block);
  }
}

@inline
function roundScalar(state: usize, block: usize): void {
  for (let lane: usize = 0; lane < 64; lane += 4) {
    store<u32>(state + lane, rotl<u32>(load<u32>(state + lane) ^ load<u32>(block + lane), 13) * PRIME);
  }
}
