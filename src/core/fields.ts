import type { ToolParamDoc, ToolSearchDoc } from "../types.js";
import type { CoreMemory } from "./memory.js";
import { summaryEnd } from "./summary.js";

/** A field is read to at most this many UTF-16 code units (SPEC §1.6). */
export const MAX_FIELD_UNITS = 2000;
/** The raw query is cut to this many code units before anything else (SPEC §1.7). */
export const MAX_QUERY_UNITS = 512;

/** DESIGN.md §A1: cut, NFKC, cut again. */
export function prepareField(text: string): string {
  return normalize(text.slice(0, MAX_FIELD_UNITS)).slice(0, MAX_FIELD_UNITS);
}

export function prepareQuery(query: string): string {
  return normalize(query.slice(0, MAX_QUERY_UNITS));
}

const NOT_ASCII = /[^\x00-\x7f]/;

// ASCII text is its own NFKC form; skipping the call halves the cost of building an index.
function normalize(text: string): string {
  return NOT_ASCII.test(text) ? text.normalize("NFKC") : text;
}

function paramsText(params: readonly ToolParamDoc[] | undefined): string {
  return (params ?? []).map((param) => (param.description ? `${param.name}\n${param.description}` : param.name)).join("\n");
}

// Field `field` of `doc` before preparation; `end` is where its description's summary ends.
function fieldText(doc: ToolSearchDoc, field: number, end: number): string {
  switch (field) {
    case 0:
      return doc.id;
    case 1:
      return doc.aliases.join("\n");
    case 2:
      return doc.tags.join("\n");
    case 3:
      return (doc.description ?? "").slice(0, end);
    case 4:
      return (doc.description ?? "").slice(end);
    default:
      return paramsText(doc.params);
  }
}

/** The six field texts of one document, in index order (DESIGN.md §A5), before preparation. */
export function documentFields(doc: ToolSearchDoc): [string, string, string, string, string, string] {
  const end = summaryEnd(doc.description ?? "");
  return [0, 1, 2, 3, 4, 5].map((field) => fieldText(doc, field, end)) as [string, string, string, string, string, string];
}

const NEWLINE = 0x0a;
// Parts at least this long are copied through the UTF-8 encoder; shorter ones by a loop,
// which costs less than the encoder's call and result object (measured on the MCP catalogue).
const ENCODE_FROM_UNITS = 32;

/**
 * Writes the prepared fields of a document into a core's scratch window, one at a time:
 * exactly what `memory.write(prepareField(documentFields(doc)[field]))` writes, but a field
 * whose first MAX_FIELD_UNITS code units are ASCII (its own NFKC form) goes straight from the
 * document's strings into the window, without the joined, cut and tested copies, and a long
 * field stops at the cut. Only a field with other units takes the string path.
 */
export class FieldWriter {
  readonly #memory: CoreMemory;
  readonly #encoder = new TextEncoder();
  readonly #bytes = new Uint8Array(MAX_FIELD_UNITS);
  #document: ToolSearchDoc | undefined;
  #description = "";
  #summaryEnd = 0;
  #units: Uint16Array = new Uint16Array(0);
  #length = 0;
  // Every unit written, OR-ed: at least 0x80 when one of them is not ASCII.
  #bits = 0;

  constructor(memory: CoreMemory) {
    this.#memory = memory;
  }

  begin(doc: ToolSearchDoc): void {
    this.#document = doc;
    this.#description = doc.description ?? "";
    this.#summaryEnd = summaryEnd(this.#description);
  }

  /** Writes field `field` (0–5) of the current document; its length, 0 when it is empty. */
  write(field: number): number {
    const doc = this.#document!;
    this.#units = this.#memory.scratchUnits();
    this.#length = 0;
    this.#bits = 0;
    switch (field) {
      case 0:
        this.#append(doc.id, 0, doc.id.length);
        break;
      case 1:
        this.#appendLines(doc.aliases);
        break;
      case 2:
        this.#appendLines(doc.tags);
        break;
      case 3:
        this.#append(this.#description, 0, this.#summaryEnd);
        break;
      case 4:
        this.#append(this.#description, this.#summaryEnd, this.#description.length);
        break;
      default:
        this.#appendParams(doc.params);
    }
    if (this.#bits < 0x80) return this.#length;
    return this.#memory.write(prepareField(fieldText(doc, field, this.#summaryEnd)));
  }

  // Once a unit is not ASCII the field takes the string path, so nothing more is written.
  #append(text: string, from: number, to: number): void {
    if (this.#bits >= 0x80) return;
    let at = this.#length;
    const length = Math.min(to - from, MAX_FIELD_UNITS - at);
    const units = this.#units;
    if (length >= ENCODE_FROM_UNITS) {
      // The engine's UTF-8 encoder is several times faster per unit than a charCodeAt loop
      // (a loop's charCodeAt dispatches on the string's representation at every unit), and
      // UTF-8 of ASCII is the code units themselves: one byte per unit read means ASCII.
      const part = from === 0 && length === text.length ? text : text.slice(from, from + length);
      const { read, written } = this.#encoder.encodeInto(part, this.#bytes);
      if (read === length && written === length) {
        units.set(this.#bytes.subarray(0, length), at);
        this.#length = at + length;
      } else {
        this.#bits = 0x80;
      }
      return;
    }
    let bits = this.#bits;
    for (let index = from; index < from + length; index++) {
      const code = text.charCodeAt(index);
      units[at++] = code;
      bits |= code;
    }
    this.#length = at;
    this.#bits = bits;
  }

  #newline(): void {
    if (this.#length < MAX_FIELD_UNITS && this.#bits < 0x80) this.#units[this.#length++] = NEWLINE;
  }

  // A hole in a sparse array (validation lets them through) is an empty part, as in `join`.
  #appendLines(lines: readonly string[]): void {
    for (let index = 0; index < lines.length && this.#length < MAX_FIELD_UNITS && this.#bits < 0x80; index++) {
      if (index > 0) this.#newline();
      const line = lines[index];
      if (line !== undefined) this.#append(line, 0, line.length);
    }
  }

  #appendParams(params: readonly ToolParamDoc[] | undefined): void {
    if (params === undefined) return;
    for (let index = 0; index < params.length && this.#length < MAX_FIELD_UNITS && this.#bits < 0x80; index++) {
      if (index > 0) this.#newline();
      const param = params[index];
      if (param === undefined) continue;
      const { name, description } = param;
      this.#append(name, 0, name.length);
      if (description) {
        this.#newline();
        this.#append(description, 0, description.length);
      }
    }
  }
}
