/**
 * A ranker's tool ids by document number. A built index holds the caller's strings; a loaded
 * one keeps the artifact's id text and cuts an id out only when a result needs it, so loading
 * 10,000 tools does not make 10,000 strings up front.
 */
export class IdTable {
  readonly length: number;
  readonly #text: string;
  readonly #offsets: Uint32Array | undefined;
  readonly #ids: (string | undefined)[];

  private constructor(length: number, text: string, offsets: Uint32Array | undefined, ids: (string | undefined)[]) {
    this.length = length;
    this.#text = text;
    this.#offsets = offsets;
    this.#ids = ids;
  }

  /** Takes ownership of `ids` (the caller must not change it afterwards). */
  static of(ids: readonly string[]): IdTable {
    return new IdTable(ids.length, "", undefined, ids as (string | undefined)[]);
  }

  /** `offsets` has `length + 1` ascending entries into `text` (checked by the caller). */
  static slices(text: string, offsets: Uint32Array): IdTable {
    return new IdTable(offsets.length - 1, text, offsets, new Array<string | undefined>(offsets.length - 1));
  }

  at(document: number): string {
    let id = this.#ids[document];
    if (id === undefined) {
      id = this.#text.slice(this.#offsets![document], this.#offsets![document + 1]);
      this.#ids[document] = id;
    }
    return id;
  }

  toArray(): string[] {
    const ids: string[] = new Array(this.length);
    for (let document = 0; document < this.length; document++) ids[document] = this.at(document);
    return ids;
  }
}
