// A build's field text crosses the boundary as UTF-8: the host's `TextEncoder.encodeInto`
// writes a whole field in one native call (several times faster per unit than a `charCodeAt`
// loop), and this turns it back into the UTF-16 code units the analyzer reads.
import { STATUS_STAGED_NFKC, STATUS_STAGED_REFUSED } from "./abi";

const REPLACEMENT: u32 = 0xfffd;

/**
 * Decodes `length` bytes of well-formed UTF-8 at `source` into UTF-16 code units at `target`,
 * fullwidth ASCII folded to ASCII; their count, or −1 when the text holds U+FFFD (the encoder
 * writes that for a lone surrogate too, so the host then writes the units itself), or, with
 * `check`, −2 when it holds a code point NFKC may change (the host normalizes it first). The output (at most `2 × length` bytes) may
 * overlap the input only from behind, with `target + length ≤ source`: a step writes at most
 * twice what it has read, so the units written never reach a byte not yet read.
 */
export function decodeUtf8(source: usize, length: i32, target: usize, check: bool): i32 {
  let unstable = false;
  let at = source;
  let end = source + <usize>length;
  let out = target;
  while (at < end) {
    // Runs of ASCII, sixteen bytes at a time: each byte widens to its own code unit. (The
    // scalar build, asconfig.json "scalar", takes them one at a time below.)
    while (ASC_FEATURE_SIMD && at + 16 <= end) {
      let bytes = v128.load(at);
      if (i8x16.bitmask(bytes) != 0) break;
      v128.store(out, i16x8.extend_low_i8x16_u(bytes));
      v128.store(out, i16x8.extend_high_i8x16_u(bytes), 16);
      at += 16;
      out += 32;
    }
    if (at >= end) break;
    let codePoint = <u32>load<u8>(at);
    at += 1;
    if (codePoint >= 0x80) {
      // A lead byte 110xxxxx, 1110xxxx or 11110xxx and that many less one continuation bytes.
      let continuations = codePoint < 0xe0 ? 1 : codePoint < 0xf0 ? 2 : 3;
      codePoint &= 0x3f >> continuations;
      for (let index = 0; index < continuations; index++) {
        codePoint = (codePoint << 6) | (<u32>load<u8>(at) & 0x3f);
        at += 1;
      }
      if (codePoint == REPLACEMENT) return STATUS_STAGED_REFUSED;
      unstable |= !nfkcStable(codePoint);
      // Fullwidth ASCII (U+FF01–U+FF5E) as its NFKC form, the ASCII unit: the host stages
      // text holding these without normalizing it.
      if (codePoint - 0xff01 < 0x5e) codePoint -= 0xfee0;
      if (codePoint >= 0x10000) {
        store<u16>(out, <u16>(0xd800 + ((codePoint - 0x10000) >> 10)));
        out += 2;
        codePoint = 0xdc00 + (codePoint & 0x3ff);
      }
    }
    store<u16>(out, <u16>codePoint);
    out += 2;
  }
  return check && unstable ? STATUS_STAGED_NFKC : <i32>((out - target) >> 1);
}

/**
 * A code point outside ASCII that NFKC leaves alone wherever it stands, or fullwidth ASCII
 * (folded by the decoder): exactly the units `STABLE` and U+FF01–U+FF5E of src/core/fields.ts
 * let through, a test checks it.
 */
@inline
function nfkcStable(c: u32): bool {
  return c - 0x4e00 < 0x5200 || c - 0xff01 < 0x5e || c - 0x2013 < 2 || c - 0x2018 < 2 || c - 0x201c < 2 || c == 0x2022 || c == 0x2192
    || c == 0x26a0 || c - 0x3001 < 2 || c - 0x300c < 2 || c - 0x3010 < 2 || c == 0xfe0f || c - 0x1f400 < 0x400;
}
