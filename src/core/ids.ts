/**
 * A ranker's tool ids by document number. A built index holds the caller's strings; a loaded
 * one keeps the artifact's id code units (one byte each when all are below 256, else two) and
 * makes an id's string only when a result needs it, so loading 10,000 tools neither decodes
 * nor allocates 10,000 strings up front.
 */
export class IdTable {
  readonly length: number;
  readonly #units: Uint8Array | Uint16Array | undefined;
  readonly #bounds: Uint32Array | undefined;
  readonly #ids: (string | undefined)[];
  #complete: boolean;

  private constructor(length: number, units: Uint8Array | Uint16Array | undefined, bounds: Uint32Array | undefined, ids: (string | undefined)[]) {
    this.length = length;
    this.#units = units;
    this.#bounds = bounds;
    this.#ids = ids;
    this.#complete = units === undefined;
  }

  /** Takes ownership of `ids` (the caller must not change it afterwards). */
  static of(ids: readonly string[]): IdTable {
    return new IdTable(ids.length, undefined, undefined, ids as (string | undefined)[]);
  }

  /**
   * Takes ownership of `units` (code units of all ids back to back) and `bounds` (`length + 1`
   * ascending entries into `units`, checked by the caller).
   */
  static encoded(units: Uint8Array | Uint16Array, bounds: Uint32Array): IdTable {
    return new IdTable(bounds.length - 1, units, bounds, new Array<string | undefined>(bounds.length - 1));
  }

  at(document: number): string {
    let id = this.#ids[document];
    if (id === undefined) {
      id = unitsToString(this.#units!.subarray(this.#bounds![document], this.#bounds![document + 1]));
      this.#ids[document] = id;
    }
    return id;
  }

  toArray(): string[] {
    if (!this.#complete) {
      // One string for all ids, then a slice per id: far cheaper than a decode per id.
      const units = this.#units!;
      // ASCII bytes decode the same as UTF-8, natively; other units one by one.
      const text = units instanceof Uint8Array && typeof TextDecoder !== "undefined" && isAscii(units) ? new TextDecoder().decode(units) : unitsToString(units);
      const bounds = this.#bounds!;
      for (let document = 0; document < this.length; document++) {
        this.#ids[document] ??= text.slice(bounds[document], bounds[document + 1]);
      }
      this.#complete = true;
    }
    return this.#ids.slice() as string[];
  }
}

const CHUNK_UNITS = 4096;

function isAscii(bytes: Uint8Array): boolean {
  for (let index = 0; index < bytes.length; index++) if (bytes[index]! > 0x7f) return false;
  return true;
}

// Lone surrogates survive (`fromCharCode` takes code units as they are; a decoder would not).
function unitsToString(units: Uint8Array | Uint16Array): string {
  if (units.length <= CHUNK_UNITS) return String.fromCharCode.apply(null, units as unknown as number[]);
  const parts: string[] = [];
  for (let start = 0; start < units.length; start += CHUNK_UNITS) {
    parts.push(String.fromCharCode.apply(null, units.subarray(start, start + CHUNK_UNITS) as unknown as number[]));
  }
  return parts.join("");
}
