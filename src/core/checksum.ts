// The artifact checksum (SPEC §2.4): four lanes of xor-rotate-multiply over little-endian words, then the tail bytes.

const PRIME_A = 0x9e3779b1;
const PRIME_B = 0x85ebca77;

function rotl(value: number, bits: number): number {
  return (value << bits) | (value >>> (32 - bits));
}

function word(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24);
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

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

/** Absorbs whole 64-byte blocks of `bytes` (its length a multiple of 64) into `lanes`. */
export function absorbBlocks(lanes: Int32Array, bytes: Uint8Array): void {
  if (bytes.length % CHECKSUM_BLOCK !== 0) throw new RangeError("checksum input must be whole 64-byte blocks");
  // Sixteen locals, not an array: the lanes stay in registers.
  let l0 = lanes[0]!;
  let l1 = lanes[1]!;
  let l2 = lanes[2]!;
  let l3 = lanes[3]!;
  let l4 = lanes[4]!;
  let l5 = lanes[5]!;
  let l6 = lanes[6]!;
  let l7 = lanes[7]!;
  let l8 = lanes[8]!;
  let l9 = lanes[9]!;
  let l10 = lanes[10]!;
  let l11 = lanes[11]!;
  let l12 = lanes[12]!;
  let l13 = lanes[13]!;
  let l14 = lanes[14]!;
  let l15 = lanes[15]!;
  if (LITTLE_ENDIAN && bytes.byteOffset % 4 === 0) {
    const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length >>> 2);
    for (let w = 0; w < words.length; w += 16) {
      l0 = Math.imul(rotl(l0 ^ words[w + 0]!, 13), PRIME_A);
      l1 = Math.imul(rotl(l1 ^ words[w + 1]!, 13), PRIME_A);
      l2 = Math.imul(rotl(l2 ^ words[w + 2]!, 13), PRIME_A);
      l3 = Math.imul(rotl(l3 ^ words[w + 3]!, 13), PRIME_A);
      l4 = Math.imul(rotl(l4 ^ words[w + 4]!, 13), PRIME_A);
      l5 = Math.imul(rotl(l5 ^ words[w + 5]!, 13), PRIME_A);
      l6 = Math.imul(rotl(l6 ^ words[w + 6]!, 13), PRIME_A);
      l7 = Math.imul(rotl(l7 ^ words[w + 7]!, 13), PRIME_A);
      l8 = Math.imul(rotl(l8 ^ words[w + 8]!, 13), PRIME_A);
      l9 = Math.imul(rotl(l9 ^ words[w + 9]!, 13), PRIME_A);
      l10 = Math.imul(rotl(l10 ^ words[w + 10]!, 13), PRIME_A);
      l11 = Math.imul(rotl(l11 ^ words[w + 11]!, 13), PRIME_A);
      l12 = Math.imul(rotl(l12 ^ words[w + 12]!, 13), PRIME_A);
      l13 = Math.imul(rotl(l13 ^ words[w + 13]!, 13), PRIME_A);
      l14 = Math.imul(rotl(l14 ^ words[w + 14]!, 13), PRIME_A);
      l15 = Math.imul(rotl(l15 ^ words[w + 15]!, 13), PRIME_A);
    }
  } else {
    for (let at = 0; at < bytes.length; at += CHECKSUM_BLOCK) {
      l0 = Math.imul(rotl(l0 ^ word(bytes, at + 0), 13), PRIME_A);
      l1 = Math.imul(rotl(l1 ^ word(bytes, at + 4), 13), PRIME_A);
      l2 = Math.imul(rotl(l2 ^ word(bytes, at + 8), 13), PRIME_A);
      l3 = Math.imul(rotl(l3 ^ word(bytes, at + 12), 13), PRIME_A);
      l4 = Math.imul(rotl(l4 ^ word(bytes, at + 16), 13), PRIME_A);
      l5 = Math.imul(rotl(l5 ^ word(bytes, at + 20), 13), PRIME_A);
      l6 = Math.imul(rotl(l6 ^ word(bytes, at + 24), 13), PRIME_A);
      l7 = Math.imul(rotl(l7 ^ word(bytes, at + 28), 13), PRIME_A);
      l8 = Math.imul(rotl(l8 ^ word(bytes, at + 32), 13), PRIME_A);
      l9 = Math.imul(rotl(l9 ^ word(bytes, at + 36), 13), PRIME_A);
      l10 = Math.imul(rotl(l10 ^ word(bytes, at + 40), 13), PRIME_A);
      l11 = Math.imul(rotl(l11 ^ word(bytes, at + 44), 13), PRIME_A);
      l12 = Math.imul(rotl(l12 ^ word(bytes, at + 48), 13), PRIME_A);
      l13 = Math.imul(rotl(l13 ^ word(bytes, at + 52), 13), PRIME_A);
      l14 = Math.imul(rotl(l14 ^ word(bytes, at + 56), 13), PRIME_A);
      l15 = Math.imul(rotl(l15 ^ word(bytes, at + 60), 13), PRIME_A);
    }
  }
  lanes[0] = l0;
  lanes[1] = l1;
  lanes[2] = l2;
  lanes[3] = l3;
  lanes[4] = l4;
  lanes[5] = l5;
  lanes[6] = l6;
  lanes[7] = l7;
  lanes[8] = l8;
  lanes[9] = l9;
  lanes[10] = l10;
  lanes[11] = l11;
  lanes[12] = l12;
  lanes[13] = l13;
  lanes[14] = l14;
  lanes[15] = l15;
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
