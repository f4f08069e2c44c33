import type { CoreExports } from "./module.js";

/**
 * Typed-array views onto one core's memory, rebuilt whenever the memory grows (a grown
 * memory detaches the old buffer). Reads copy out before the next call into the core.
 */
export class CoreMemory {
  readonly core: CoreExports;
  readonly maxInput: number;
  #buffer: ArrayBuffer | undefined;
  #units = new Uint16Array(0);
  #int32 = new Int32Array(0);
  #float64 = new Float64Array(0);
  #staging = new Uint8Array(0);
  readonly #scratch: number;
  readonly #stagingPointer: number;
  readonly #stagingBytes: number;

  constructor(core: CoreExports) {
    this.core = core;
    this.maxInput = core.MAX_INPUT.value as number;
    this.#scratch = core.scratchPointer();
    this.#stagingPointer = core.stagingPointer();
    this.#stagingBytes = core.STAGING_BYTES.value as number;
  }

  #refresh(): void {
    const buffer = this.core.memory.buffer;
    if (buffer === this.#buffer) return;
    this.#buffer = buffer;
    this.#units = new Uint16Array(buffer);
    this.#int32 = new Int32Array(buffer);
    this.#float64 = new Float64Array(buffer);
    this.#staging = new Uint8Array(buffer, this.#stagingPointer, this.#stagingBytes);
  }

  /** Writes the code units of `text` (cut to the scratch size) into the scratch window. */
  write(text: string): number {
    this.#refresh();
    const length = Math.min(text.length, this.maxInput);
    const units = this.#units;
    const base = this.#scratch >>> 1;
    for (let index = 0; index < length; index++) units[base + index] = text.charCodeAt(index);
    return length;
  }

  /**
   * The staging window, where a build writes fields as UTF-8 for `core.addStagedDocument`; valid
   * until the next call that may grow memory (a new view then).
   */
  staging(): Uint8Array {
    // A grown memory detaches the old buffer and empties its views: a length test instead of
    // the `buffer` getter (a call into the engine) once per document of a build.
    if (this.#staging.length === 0) this.#refresh();
    return this.#staging;
  }

  /** Reads `length` code units back from the scratch window. */
  read(length: number): string {
    this.#refresh();
    const base = this.#scratch >>> 1;
    let text = "";
    for (let index = 0; index < length; index += 4096) {
      text += String.fromCharCode.apply(null, Array.from(this.#units.subarray(base + index, base + Math.min(length, index + 4096))));
    }
    return text;
  }

  /** A byte view of core memory; valid until the next call that may grow memory. */
  bytes(pointer: number, length: number): Uint8Array {
    this.#refresh();
    return new Uint8Array(this.core.memory.buffer, pointer, length);
  }

  /** A view of `length` u16 at `pointer` (2-aligned), in the platform's byte order. */
  uint16View(pointer: number, length: number): Uint16Array {
    this.#refresh();
    return this.#units.subarray(pointer >>> 1, (pointer >>> 1) + length);
  }

  int32View(pointer: number, length: number): Int32Array {
    this.#refresh();
    return this.#int32.subarray(pointer >>> 2, (pointer >>> 2) + length);
  }

  float64View(pointer: number, length: number): Float64Array {
    this.#refresh();
    return this.#float64.subarray(pointer >>> 3, (pointer >>> 3) + length);
  }
}

// A build's working core, once its index has moved to a fresh core, leaves memory whose pages
// are mapped and whose size V8 already counts: the next build in the realm reuses it instead
// of faulting in new pages and adding external memory (which starts collections). It is held
// weakly, so a collection frees it as it would have; `spareEnd` is where its writes ended.
let spare: WeakRef<WebAssembly.Memory> | undefined;
let spareEnd = 0;

// Zeroing costs ≈ 0.05 ms a MiB: a spare that was written past this for a build of `tools`
// tools (≈ 3× what such a build writes) is left to the collector, so a small build after a
// large one does not zero the large one's memory.
const reuseLimit = (tools: number): number => 8 * 2 ** 20 + tools * 2048;

/** The last build's working memory, zeroed, for a build of `tools` tools; or none (a new one). */
export function takeWorkingMemory(tools: number): WebAssembly.Memory | undefined {
  const memory = spare?.deref();
  spare = undefined;
  if (memory === undefined || spareEnd > reuseLimit(tools)) return undefined;
  new Uint8Array(memory.buffer, 0, spareEnd).fill(0);
  return memory;
}

/** Keeps a finished build's working memory for the next build, where weak references exist. */
export function keepWorkingMemory(core: CoreExports): void {
  if (typeof WeakRef !== "function") return;
  spare = new WeakRef(core.memory);
  spareEnd = core.heapEnd();
}
