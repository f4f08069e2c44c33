// Host vectors (docs/embeddings.md): one int8 row per tool, each padded with zeros to whole
// 16-byte lanes, then the query row, then one i32 dot product per tool, in one block. The
// host quantizes and scales; the core only multiplies, so the scan is a flat pass over the
// rows with no branch per tool.
import { freshUint8Array } from "../fresh";

/** The widest vector a host may store (dimensions). */
export const MAX_VECTOR_DIMS: i32 = 4096;

let vectorCount: i32 = 0;
let vectorStride: i32 = 0;
let vectorBlock: usize = 0;

/**
 * Allocates the vector block for `count` rows of `dims` int8 values → its address (rows, then
 * the query row, then `count` i32 dot products; rows `(dims + 15) & ~15` bytes apart), or 0
 * when a size is impossible.
 */
export function prepareVectors(count: i32, dims: i32): usize {
  if (count < 0 || dims < 1 || dims > MAX_VECTOR_DIMS) return 0;
  let stride = (dims + 15) & ~15;
  // The block must stay addressable by an i32 byte count (2 GiB).
  if (<i64>(count + 1) * <i64>stride + (<i64>count << 2) > 0x7fffffff) return 0;
  vectorCount = count;
  vectorStride = stride;
  vectorBlock = freshUint8Array((count + 1) * stride + (count << 2)).dataStart;
  return vectorBlock;
}

/** Every row's dot product with the query row, written after it (int8 × int8 summed in i32). */
export function scanVectors(): void {
  let stride = <usize>vectorStride;
  let row = vectorBlock;
  let query = row + <usize>vectorCount * stride;
  let out = query + stride;
  for (let document = 0; document < vectorCount; document++) {
    if (!ASC_FEATURE_SIMD) {
      // The scalar build (asconfig.json "scalar"): the same integer sum, one byte at a time.
      let total = 0;
      for (let at: usize = 0; at < stride; at++) total += <i32>load<i8>(row + at) * <i32>load<i8>(query + at);
      store<i32>(out + (<usize>document << 2), total);
      row += stride;
      continue;
    }
    let sum = i32x4.splat(0);
    for (let at: usize = 0; at < stride; at += 16) {
      let a = v128.load(row + at);
      let b = v128.load(query + at);
      sum = i32x4.add(sum, i32x4.dot_i16x8_s(i16x8.extend_low_i8x16_s(a), i16x8.extend_low_i8x16_s(b)));
      sum = i32x4.add(sum, i32x4.dot_i16x8_s(i16x8.extend_high_i8x16_s(a), i16x8.extend_high_i8x16_s(b)));
    }
    store<i32>(out + (<usize>document << 2), i32x4.extract_lane(sum, 0) + i32x4.extract_lane(sum, 1) + i32x4.extract_lane(sum, 2) + i32x4.extract_lane(sum, 3));
    row += stride;
  }
}
