// The two sections an artifact stores smaller than the core holds them: term text as a byte
// per code unit, and field frequencies as a byte per posting into a table of patterns.
import { SECTION_FIELD_FREQUENCIES } from "./abi.js";
import { align4, corrupt } from "./artifact-layout.js";
import type { CoreMemory } from "./memory.js";

/**
 * Term text as a byte per code unit (its low byte), padded to 4, then a (position, unit) u32
 * pair per unit from 256 on; undefined when that is not smaller than two bytes per unit. A
 * catalogue in a Latin script with a few symbols or CJK words takes about half the bytes.
 */
export function encodeTermText(units: Uint16Array): Uint8Array | undefined {
  const wide: number[] = [];
  for (let at = 0; at < units.length; at++) if (units[at]! >= 256) wide.push(at, units[at]!);
  const bytes = align4(units.length) + 4 * wide.length;
  if (bytes >= 2 * units.length) return undefined;
  const encoded = new Uint8Array(bytes);
  encoded.set(units);
  const view = new DataView(encoded.buffer);
  wide.forEach((value, index) => view.setUint32(align4(units.length) + 4 * index, value, true));
  return encoded;
}

export function decodeTermText(source: Uint8Array, units: Uint16Array): void {
  units.set(source.subarray(0, units.length));
  const view = new DataView(source.buffer, source.byteOffset, source.byteLength);
  for (let at = align4(units.length); at < source.length; at += 8) {
    const position = view.getUint32(at, true);
    const unit = view.getUint32(at + 4, true);
    if (position >= units.length || unit > 0xffff) corrupt("term text");
    units[position] = unit;
  }
}

/**
 * The field-frequency section: a u16 per posting, or, when the index has at most 256 distinct
 * values (the usual case), a table of them (256 × u16) and a byte per posting indexing it.
 */
export interface EncodedFrequencies {
  readonly bytes: Uint8Array;
  readonly patterns: boolean;
}

export const PATTERN_COUNT = 256;

export function encodeFrequencies(values: Uint16Array): EncodedFrequencies {
  const table = new Uint16Array(PATTERN_COUNT);
  const index = new Map<number, number>();
  const bytes = new Uint8Array(2 * PATTERN_COUNT + values.length);
  for (let at = 0; at < values.length; at++) {
    const value = values[at]!;
    let pattern = index.get(value);
    if (pattern === undefined) {
      if (index.size === PATTERN_COUNT) return { bytes: plainFrequencies(values), patterns: false };
      pattern = index.size;
      index.set(value, pattern);
      table[pattern] = value;
    }
    bytes[2 * PATTERN_COUNT + at] = pattern;
  }
  const head = new DataView(bytes.buffer);
  table.forEach((value, pattern) => head.setUint16(2 * pattern, value, true));
  return { bytes, patterns: true };
}

function plainFrequencies(values: Uint16Array): Uint8Array {
  const bytes = new Uint8Array(2 * values.length);
  const view = new DataView(bytes.buffer);
  values.forEach((value, at) => view.setUint16(2 * at, value, true));
  return bytes;
}

/** Writes a loaded index's field frequencies (kept by the host since the load) into its core. */
export function restoreFieldFrequencies(memory: CoreMemory, encoded: EncodedFrequencies): void {
  const core = memory.core;
  const values = memory.uint16View(core.sectionPointer(SECTION_FIELD_FREQUENCIES), core.sectionBytes(SECTION_FIELD_FREQUENCIES) / 2);
  const view = new DataView(encoded.bytes.buffer, encoded.bytes.byteOffset, encoded.bytes.byteLength);
  if (encoded.patterns) {
    const table = Array.from({ length: PATTERN_COUNT }, (_, pattern) => view.getUint16(2 * pattern, true));
    for (let at = 0; at < values.length; at++) values[at] = table[encoded.bytes[2 * PATTERN_COUNT + at]!]!;
  } else {
    for (let at = 0; at < values.length; at++) values[at] = view.getUint16(2 * at, true);
  }
}

