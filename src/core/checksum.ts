import { ToolsiftError } from "../errors.js";
// The artifact checksum (DESIGN.md "Index artifact"): sixteen lanes of xor-rotate-multiply over little-endian words, then the tail bytes.

const PRIME_A = 0x9e3779b1;
const PRIME_B = 0x85ebca77;

function rotl(value: number, bits: number): number {
  return (value << bits) | (value >>> (32 - bits));
}

function word(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24);
}

/** True on little-endian platforms (all the runtimes here): typed-array views read LE words. */
export const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Checksum of `bytes`, chained from `seed` (a previous region's checksum). */
export function hashBytes(bytes: Uint8Array, seed: number): number {
  let lane0 = (seed ^ 0x243f6a88) | 0;
  let lane1 = (seed ^ 0x85a308d3) | 0;
  let lane2 = (seed ^ 0x13198a2e) | 0;
  let lane3 = (seed ^ 0x03707344) | 0;
  const length = bytes.length;
  let at = 0;
  if (LITTLE_ENDIAN && bytes.byteOffset % 4 === 0) {
    // Word loads from an aligned view are several times faster than assembling bytes.
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, length >>> 2);
    for (let index = 0; at + 16 <= length; at += 16, index += 4) {
      lane0 = Math.imul(rotl(lane0 ^ words[index]!, 13), PRIME_A);
      lane1 = Math.imul(rotl(lane1 ^ words[index + 1]!, 13), PRIME_A);
      lane2 = Math.imul(rotl(lane2 ^ words[index + 2]!, 13), PRIME_A);
      lane3 = Math.imul(rotl(lane3 ^ words[index + 3]!, 13), PRIME_A);
    }
  }
  for (; at + 16 <= length; at += 16) {
    lane0 = Math.imul(rotl(lane0 ^ word(bytes, at), 13), PRIME_A);
    lane1 = Math.imul(rotl(lane1 ^ word(bytes, at + 4), 13), PRIME_A);
    lane2 = Math.imul(rotl(lane2 ^ word(bytes, at + 8), 13), PRIME_A);
    lane3 = Math.imul(rotl(lane3 ^ word(bytes, at + 12), 13), PRIME_A);
  }
  for (; at < length; at++) lane0 = Math.imul(rotl(lane0 ^ bytes[at]!, 11), PRIME_B);
  const combined = lane0 ^ rotl(lane1, 8) ^ rotl(lane2, 16) ^ rotl(lane3, 24);
  return Math.imul(rotl(combined ^ length, 7), PRIME_B) >>> 0;
}

// The artifact checksum (DESIGN.md "Index artifact"): sixteen independent lanes of the same
// xor-rotate-multiply over 64-byte blocks, so the core can absorb its sections with four
// SIMD vectors right after copying them (assembly/index/checksum.ts computes the same lanes).
export const CHECKSUM_BLOCK = 64;
const LANES = 16;

/** The initial lane state. */
export function checksumLanes(): Int32Array {
  const lanes = new Int32Array(LANES);
  for (let lane = 0; lane < LANES; lane++) lanes[lane] = (0x243f6a88 + Math.imul(lane, PRIME_A)) | 0;
  return lanes;
}

/**
 * Absorbs whole 64-byte blocks of `bytes` (its length a multiple of 64) into `lanes`. Used for
 * small artifacts and when serializing; a large artifact's load sums its bytes in the core.
 */
export function absorbBlocks(lanes: Int32Array, bytes: Uint8Array): void {
  if (bytes.length % CHECKSUM_BLOCK !== 0) throw new ToolsiftError("internal_error", "checksum input must be whole 64-byte blocks");
  const words = LITTLE_ENDIAN && bytes.byteOffset % 4 === 0 ? new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length >>> 2) : undefined;
  for (let at = 0; at < bytes.length; at += CHECKSUM_BLOCK) {
    for (let lane = 0; lane < LANES; lane++) {
      const value = words !== undefined ? words[(at >>> 2) + lane]! : word(bytes, at + 4 * lane);
      lanes[lane] = Math.imul(rotl(lanes[lane]! ^ value, 13), PRIME_A);
    }
  }
}

/** The checksum of `length` absorbed bytes. */
export function finishChecksum(lanes: Int32Array, length: number): number {
  let hash = 0;
  for (let lane = 0; lane < LANES; lane++) hash = Math.imul(rotl(hash ^ lanes[lane]!, 7), PRIME_B);
  return Math.imul(rotl(hash ^ length, 7), PRIME_B) >>> 0;
}

/** The artifact checksum of `bytes` (whole 64-byte blocks). */
export function artifactChecksum(bytes: Uint8Array): number {
  const lanes = checksumLanes();
  absorbBlocks(lanes, bytes);
  return finishChecksum(lanes, bytes.length);
}
