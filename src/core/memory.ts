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
