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
