// How an artifact's host sections hold the options, stopwords, lexicon and ids, and the
// analyzer fingerprint over them (DESIGN.md "Index artifact").
import {
  HEADER_FINGERPRINT,
  MODE_PLURAL,
  MODE_STEM,
  OPTIONS_ANALYZER,
  OPTIONS_B,
  OPTIONS_FLAGS,
  OPTIONS_FLAG_NO_LOOKALIKES,
  OPTIONS_K1,
  OPTIONS_MAX_QUERY_TERMS,
  OPTIONS_SELECTION,
  OPTIONS_WEIGHTS,
  HOST_SECTION_LEXICON,
  HOST_SECTION_OPTIONS,
  HOST_SECTION_STOPWORDS,
  FLAG_BUNDLED_LEXICON,
  FLAG_BUNDLED_STOPWORDS,
  SELECT_FIRST,
  SELECT_RAREST,
} from "./abi.js";
import { corrupt } from "./artifact-layout.js";
import { LITTLE_ENDIAN, hashBytes } from "./checksum.js";
import { IdTable } from "./ids.js";
import { RANKER_DEFAULTS, FIELDS, type ResolvedRankerOptions } from "./options.js";

const OPTIONS_BYTES = OPTIONS_WEIGHTS + 8 * (FIELDS.length + 3);

// The lexicon as a flat string list: key, value count, values…; none is an empty list.
function lexiconStrings(lexicon: ResolvedRankerOptions["lexicon"]): string[] {
  if (lexicon === false) return [];
  return Object.entries(lexicon).flatMap(([key, values]) => [key, String(values.length), ...values]);
}

function lexiconFromStrings(strings: string[]): ResolvedRankerOptions["lexicon"] {
  if (strings.length === 0) return false;
  const lexicon: Record<string, string[]> = Object.create(null);
  for (let at = 0; at < strings.length; ) {
    const key = strings[at]!;
    const count = Number(strings[at + 1]);
    if (!Number.isInteger(count) || count < 0 || at + 2 + count > strings.length || Object.hasOwn(lexicon, key)) corrupt("lexicon section");
    lexicon[key] = strings.slice(at + 2, at + 2 + count);
    at += 2 + count;
  }
  return lexicon;
}

// Encoded lexicons by identity: the bundled one is encoded once per realm, not per ranker.
const encodedLexicons = new WeakMap<object, Uint8Array>();

export function encodeLexicon(lexicon: ResolvedRankerOptions["lexicon"]): Uint8Array {
  if (lexicon === false) return encodeStrings([]);
  let encoded = encodedLexicons.get(lexicon);
  if (encoded === undefined) {
    encoded = encodeStrings(lexiconStrings(lexicon));
    encodedLexicons.set(lexicon, encoded);
  }
  return encoded;
}

const FINGERPRINT_SEED = 0x46505254;

export function fingerprintOf(options: Uint8Array, stopwords: Uint8Array, lexicon: Uint8Array): number {
  return hashBytes(lexicon, hashBytes(stopwords, hashBytes(options, FINGERPRINT_SEED)));
}

/**
 * The analyzer fingerprint: a checksum of the encoded options, stopwords and lexicon, i.e.
 * of everything that changes how text becomes scores (DESIGN.md "Index artifact").
 */
export function analyzerFingerprint(options: ResolvedRankerOptions): number {
  return fingerprintOf(encodeOptions(options), encodeStrings(options.stopwords), encodeLexicon(options.lexicon));
}

// The bundled options, frozen (read-only lists) but otherwise a resolved options object.
export const BUNDLED_OPTIONS = RANKER_DEFAULTS as unknown as ResolvedRankerOptions;
let defaultRecord: Uint8Array | undefined;

export function defaultOptionsRecord(): Uint8Array {
  defaultRecord ??= encodeOptions(BUNDLED_OPTIONS);
  return defaultRecord;
}

/** The analyzer as the core's word-form mode. */
export const wordFormMode = (options: ResolvedRankerOptions): number => (options.analyzer === "stem" ? MODE_STEM : MODE_PLURAL);
/** The term-selection rule as the core's number. */
export const selectionRule = (options: ResolvedRankerOptions): number => (options.termSelection === "first" ? SELECT_FIRST : SELECT_RAREST);

export function encodeOptions(options: ResolvedRankerOptions): Uint8Array {
  const bytes = new Uint8Array(OPTIONS_BYTES);
  const view = new DataView(bytes.buffer);
  view.setUint8(OPTIONS_ANALYZER, wordFormMode(options));
  view.setUint8(OPTIONS_SELECTION, selectionRule(options));
  view.setUint8(OPTIONS_MAX_QUERY_TERMS, options.maxQueryTerms);
  // Flags, 0 for the defaults (so their record, and the default fingerprint, stay as they were).
  view.setUint8(OPTIONS_FLAGS, options.lookalikes ? 0 : OPTIONS_FLAG_NO_LOOKALIKES);
  view.setFloat64(OPTIONS_K1, options.k1, true);
  view.setFloat64(OPTIONS_B, options.b, true);
  FIELDS.forEach((field, index) => view.setFloat64(OPTIONS_WEIGHTS + 8 * index, options.weights[field], true));
  view.setFloat64(OPTIONS_WEIGHTS + 8 * FIELDS.length, options.expansionWeight, true);
  view.setFloat64(OPTIONS_WEIGHTS + 8 * FIELDS.length + 8, options.nameBonus, true);
  view.setFloat64(OPTIONS_WEIGHTS + 8 * FIELDS.length + 16, options.relatedWeight, true);
  return bytes;
}

export function encodeStrings(strings: readonly string[]): Uint8Array {
  const units = strings.reduce((sum, text) => sum + text.length, 0);
  const bytes = new Uint8Array(4 + 4 * strings.length + 2 * units);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, strings.length, true);
  // Every field starts at an even offset: code units go through a u16 view (little-endian
  // platforms, i.e. all of them here), a DataView otherwise.
  const units16 = LITTLE_ENDIAN ? new Uint16Array(bytes.buffer) : undefined;
  let at = 4;
  for (const text of strings) {
    view.setUint32(at, text.length, true);
    at += 4;
    if (units16 !== undefined) {
      for (let index = 0, unit = at >>> 1; index < text.length; index++, unit++) units16[unit] = text.charCodeAt(index);
      at += 2 * text.length;
    } else {
      for (let index = 0; index < text.length; index++, at += 2) view.setUint16(at, text.charCodeAt(index), true);
    }
  }
  return bytes;
}

function decodeOptions(bytes: Uint8Array, stopwords: string[], lexicon: ResolvedRankerOptions["lexicon"]): ResolvedRankerOptions {
  if (bytes.length !== OPTIONS_BYTES) corrupt("options record");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const analyzer = view.getUint8(OPTIONS_ANALYZER);
  const selection = view.getUint8(OPTIONS_SELECTION);
  const maxQueryTerms = view.getUint8(OPTIONS_MAX_QUERY_TERMS);
  const flags = view.getUint8(OPTIONS_FLAGS);
  if (analyzer > MODE_STEM || selection > SELECT_RAREST || maxQueryTerms < 1 || maxQueryTerms > 64 || flags > OPTIONS_FLAG_NO_LOOKALIKES) corrupt("options record");
  const weights = Object.fromEntries(FIELDS.map((field, index) => [field, view.getFloat64(OPTIONS_WEIGHTS + 8 * index, true)]));
  return {
    analyzer: analyzer === MODE_STEM ? "stem" : "plural",
    termSelection: selection === SELECT_FIRST ? "first" : "rarest",
    maxQueryTerms,
    k1: view.getFloat64(OPTIONS_K1, true),
    b: view.getFloat64(OPTIONS_B, true),
    weights: weights as ResolvedRankerOptions["weights"],
    stopwords,
    lexicon,
    expansionWeight: view.getFloat64(OPTIONS_WEIGHTS + 8 * FIELDS.length, true),
    nameBonus: view.getFloat64(OPTIONS_WEIGHTS + 8 * FIELDS.length + 8, true),
    relatedWeight: view.getFloat64(OPTIONS_WEIGHTS + 8 * FIELDS.length + 16, true),
    lookalikes: flags === 0,
  };
}

function decodeStrings(bytes: Uint8Array): string[] {
  if (bytes.length < 4) corrupt("string list");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const aligned = bytes.byteOffset % 2 === 0;
  const count = view.getUint32(0, true);
  const strings: string[] = [];
  let at = 4;
  for (let index = 0; index < count; index++) {
    if (at + 4 > bytes.length) corrupt("string list");
    const length = view.getUint32(at, true);
    at += 4;
    if (at + 2 * length > bytes.length) corrupt("string list");
    if (aligned && length <= 4096) {
      strings.push(String.fromCharCode.apply(null, new Uint16Array(bytes.buffer, bytes.byteOffset + at, length) as unknown as number[]));
    } else {
      let text = "";
      for (let unit = 0; unit < length; unit++) text += String.fromCharCode(view.getUint16(at + 2 * unit, true));
      strings.push(text);
    }
    at += 2 * length;
  }
  if (at !== bytes.length) corrupt("string list");
  return strings;
}

export function sameBytes(left: Uint8Array, right: Uint8Array): boolean {
  if (left.length !== right.length) return false;
  let index = 0;
  if (left.byteOffset % 4 === 0 && right.byteOffset % 4 === 0) {
    // Word by word where both are aligned: a quarter of the steps on the load path.
    const words = left.length >>> 2;
    const leftWords = new Int32Array(left.buffer, left.byteOffset, words);
    const rightWords = new Int32Array(right.buffer, right.byteOffset, words);
    for (; index < words; index++) if (leftWords[index] !== rightWords[index]) return false;
    index = words << 2;
  }
  for (; index < left.length; index++) if (left[index] !== right[index]) return false;
  return true;
}

const encodedStringLists = new WeakMap<object, Uint8Array>();

export function encodeStringsCached(strings: readonly string[]): Uint8Array {
  let encoded = encodedStringLists.get(strings);
  if (encoded === undefined) {
    encoded = encodeStrings(strings);
    encodedStringLists.set(strings, encoded);
  }
  return encoded;
}

// The id sections, checked and copied (the caller may reuse its bytes); ids are made into
// strings only when a result or `toArray` needs them (src/core/ids.ts).
export function decodeIds(offsetBytes: Uint8Array, unitBytes: Uint8Array, count: number, bytewise: boolean): IdTable {
  if (offsetBytes.length !== 4 * (count + 1) || (!bytewise && unitBytes.length % 2 !== 0)) corrupt("id sections");
  const unitCount = bytewise ? unitBytes.length : unitBytes.length / 2;
  const bounds = new Uint32Array(count + 1);
  const offsets = new DataView(offsetBytes.buffer, offsetBytes.byteOffset, offsetBytes.byteLength);
  let previous = 0;
  for (let index = 0; index < count; index++) {
    const start = offsets.getUint32(4 * index, true);
    const end = offsets.getUint32(4 * index + 4, true);
    if (start !== previous || end < start || end > unitCount) corrupt("id offsets");
    bounds[index + 1] = end;
    previous = end;
  }
  if (previous !== unitCount) corrupt("id offsets");
  // Every byte is a code unit below 256, so any byte is an id unit: nothing more to check.
  if (bytewise) return IdTable.encoded(unitBytes.slice(), bounds);
  const units = new Uint16Array(unitCount);
  if (LITTLE_ENDIAN) new Uint8Array(units.buffer).set(unitBytes);
  else {
    const view = new DataView(unitBytes.buffer, unitBytes.byteOffset, unitBytes.byteLength);
    for (let index = 0; index < unitCount; index++) units[index] = view.getUint16(2 * index, true);
  }
  return IdTable.encoded(units, bounds);
}

// The options of an artifact made with other than the default options, checked against its
// fingerprint; a flagged list is the bundled one (its section is empty).
export function storedOptions(section: (id: number) => Uint8Array, fingerprint: number, flags: number): ResolvedRankerOptions {
  const bundledStopwords = (flags & FLAG_BUNDLED_STOPWORDS) !== 0;
  const bundledLexicon = (flags & FLAG_BUNDLED_LEXICON) !== 0;
  const stopwords = bundledStopwords ? encodeStringsCached(BUNDLED_OPTIONS.stopwords) : section(HOST_SECTION_STOPWORDS);
  const lexicon = bundledLexicon ? encodeLexicon(BUNDLED_OPTIONS.lexicon) : section(HOST_SECTION_LEXICON);
  if (fingerprintOf(section(HOST_SECTION_OPTIONS), stopwords, lexicon) !== fingerprint) corrupt("options do not match the fingerprint", HEADER_FINGERPRINT);
  return decodeOptions(
    section(HOST_SECTION_OPTIONS),
    bundledStopwords ? BUNDLED_OPTIONS.stopwords : decodeStrings(stopwords),
    bundledLexicon ? BUNDLED_OPTIONS.lexicon : lexiconFromStrings(decodeStrings(lexicon)),
  );
}

