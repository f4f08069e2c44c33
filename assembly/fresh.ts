// Zeroed arrays without a zero-fill pass. The core runs on the stub runtime, which never
// frees or reuses a block (the module calls neither `__free` nor `__renew`; a test reads the
// compiled text to keep it so), so every new block is memory the engine handed over as
// zeros. Skipping the fill leaves untouched pages untouched: a fresh core does not fault in
// buffers sized for the longest input, nor a loaded index's arrays twice.

/**
 * An address past every byte the core has written: the end of its heap (a block of no bytes
 * is placed there, after everything before it). A core's memory handed to the next build is
 * zeroed up to here (src/core/memory.ts).
 */
export function heapEnd(): usize {
  return changetype<usize>(block(0)) + 16;
}

@inline
function block(bytes: i32): ArrayBuffer {
  return changetype<ArrayBuffer>(__new(<usize>bytes, idof<ArrayBuffer>()));
}

export function freshUint8Array(length: i32): Uint8Array {
  return Uint8Array.wrap(block(length));
}

export function freshUint16Array(length: i32): Uint16Array {
  return Uint16Array.wrap(block(length << 1));
}

export function freshInt32Array(length: i32): Int32Array {
  return Int32Array.wrap(block(length << 2));
}

export function freshUint32Array(length: i32): Uint32Array {
  return Uint32Array.wrap(block(length << 2));
}

export function freshFloat32Array(length: i32): Float32Array {
  return Float32Array.wrap(block(length << 2));
}

export function freshFloat64Array(length: i32): Float64Array {
  return Float64Array.wrap(block(length << 3));
}

export function freshUint64Array(length: i32): Uint64Array {
  return Uint64Array.wrap(block(length << 3));
}
