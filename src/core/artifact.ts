// SPEC §2.4: the index artifact. Layout (little-endian; DESIGN.md "Index artifact"):
// a 64-byte header, a section table (id, byte length per section, in a fixed order), the
// sections back to back, and a 4-byte checksum over everything before it.
import { ToolsiftError } from "../errors.js";
import { CHECKSUM_BLOCK, LITTLE_ENDIAN, absorbBlocks, artifactChecksum, checksumLanes, finishChecksum, hashBytes } from "./checksum.js";
import {
  CHECKSUM_BYTES,
  FIELD_COUNT,
  FLAG_BUNDLED_LEXICON,
  FLAG_BUNDLED_STOPWORDS,
  FLAG_BYTE_IDS,
  FLAG_BYTE_TERMS,
  FLAG_FREQUENCY_PATTERNS,
  HEADER_BUILD_ID,
  HEADER_BYTES,
  HEADER_FINGERPRINT,
  HEADER_FLAGS,
  HEADER_MAGIC,
  HEADER_POSTINGS,
  HEADER_RESERVED,
  HEADER_RESERVED_FROM,
  HEADER_SECTION_COUNT,
  HEADER_TERMS,
  HEADER_TERM_POOL_UNITS,
  HEADER_TOOLS,
  HEADER_TOTAL_BYTES,
  HEADER_VERSION,
  HOST_SECTION_ID_OFFSETS,
  HOST_SECTION_ID_UNITS,
  HOST_SECTION_LEXICON,
  HOST_SECTION_OPTIONS,
  HOST_SECTION_STOPWORDS,
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
  SECTION_DOCUMENT_RANKS,
  SECTION_FIELD_FREQUENCIES,
  SECTION_FIELD_LENGTHS,
  SECTION_FIELD_TOTALS,
  SECTION_INVERSE_FREQUENCIES,
  SECTION_LEXICON_TABLES,
  SECTION_NAME_TERM_COUNTS,
  SECTION_POSTING_ENTRIES,
  SECTION_POSTING_STARTS,
  SECTION_SATURATIONS,
  SECTION_STOPWORD_TABLE,
  SECTION_TERM_LENGTHS,
  SECTION_TERM_OFFSETS,
  SECTION_TERM_POOL,
  SECTION_TERM_TABLE,
  SELECT_FIRST,
  SELECT_RAREST,
  STATUS_OK,
  TABLE_ROW_BYTES,
} from "./abi.js";
import { DEFAULT_ANALYZER_FINGERPRINT } from "./default-fingerprint.js";
import { IdTable } from "./ids.js";
import type { CoreMemory } from "./memory.js";
import { DEFAULT_RANKER_OPTIONS, FIELDS, type ResolvedRankerOptions } from "./options.js";

export const ARTIFACT_MAGIC = Object.freeze([0x54, 0x53, 0x46, 0x54]); // "TSFT"
export const ARTIFACT_VERSION = 5;
const KNOWN_FLAGS = FLAG_BYTE_IDS | FLAG_FREQUENCY_PATTERNS | FLAG_BYTE_TERMS | FLAG_BUNDLED_STOPWORDS | FLAG_BUNDLED_LEXICON;

// The core's arrays but term offsets, term table and idf: the core derives those from the
// stored ones when a load, or a built index's move into its own core, finishes.
const CORE_SECTIONS = [
  SECTION_TERM_POOL,
  SECTION_TERM_LENGTHS,
  SECTION_POSTING_STARTS,
  SECTION_POSTING_ENTRIES,
  SECTION_SATURATIONS,
  SECTION_FIELD_LENGTHS,
  SECTION_FIELD_TOTALS,
  SECTION_DOCUMENT_RANKS,
  SECTION_NAME_TERM_COUNTS,
  SECTION_STOPWORD_TABLE,
  SECTION_LEXICON_TABLES,
  SECTION_FIELD_FREQUENCIES,
];
/** The sections a load copies into the core: all but the field frequencies. */
const QUERY_SECTIONS = CORE_SECTIONS.filter((section) => section !== SECTION_FIELD_FREQUENCIES);
/** Up to this many tools a posting entry is 2 bytes, above it 4 (assembly/index/state.ts). */
const NARROW_DOCUMENTS = 1 << 15;
const SECTION_ORDER = [HOST_SECTION_OPTIONS, HOST_SECTION_STOPWORDS, HOST_SECTION_LEXICON, HOST_SECTION_ID_OFFSETS, HOST_SECTION_ID_UNITS, ...CORE_SECTIONS];
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

function encodeLexicon(lexicon: ResolvedRankerOptions["lexicon"]): Uint8Array {
  if (lexicon === false) return encodeStrings([]);
  let encoded = encodedLexicons.get(lexicon);
  if (encoded === undefined) {
    encoded = encodeStrings(lexiconStrings(lexicon));
    encodedLexicons.set(lexicon, encoded);
  }
  return encoded;
}

const FINGERPRINT_SEED = 0x46505254;

function fingerprintOf(options: Uint8Array, stopwords: Uint8Array, lexicon: Uint8Array): number {
  return hashBytes(lexicon, hashBytes(stopwords, hashBytes(options, FINGERPRINT_SEED)));
}

/**
 * The analyzer fingerprint: a checksum of the encoded options, stopwords and lexicon, i.e.
 * of everything that changes how text becomes scores (SPEC §2.4).
 */
export function analyzerFingerprint(options: ResolvedRankerOptions): number {
  return fingerprintOf(encodeOptions(options), encodeStrings(options.stopwords), encodeLexicon(options.lexicon));
}

// The bundled options, frozen (read-only lists) but otherwise a resolved options object.
const BUNDLED_OPTIONS = DEFAULT_RANKER_OPTIONS as unknown as ResolvedRankerOptions;
let defaultRecord: Uint8Array | undefined;

function defaultOptionsRecord(): Uint8Array {
  defaultRecord ??= encodeOptions(BUNDLED_OPTIONS);
  return defaultRecord;
}

/** The analyzer as the core's word-form mode. */
export const wordFormMode = (options: ResolvedRankerOptions): number => (options.analyzer === "stem" ? MODE_STEM : MODE_PLURAL);
/** The term-selection rule as the core's number. */
export const selectionRule = (options: ResolvedRankerOptions): number => (options.termSelection === "first" ? SELECT_FIRST : SELECT_RAREST);

function encodeOptions(options: ResolvedRankerOptions): Uint8Array {
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

function encodeStrings(strings: readonly string[]): Uint8Array {
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

// Every region is padded with zeros to whole checksum blocks, so the core can absorb its
// sections where it copied them.
const pad = (length: number): number => Math.ceil(length / CHECKSUM_BLOCK) * CHECKSUM_BLOCK;

/** Serializes a built index (the core's arrays in place, plus ids and options). */
export function serializeIndex(memory: CoreMemory, idTable: IdTable, options: ResolvedRankerOptions): Uint8Array {
  const ids = idTable.toArray();
  const core = memory.core;
  const idOffsets = new Uint32Array(ids.length + 1);
  ids.forEach((id, index) => (idOffsets[index + 1] = idOffsets[index]! + id.length));
  // Ids whose code units are all below 256 (the usual case) take one byte per unit, else two.
  const bytewise = ids.every((id) => /^[\0-\xff]*$/.test(id));
  const idUnits = bytewise ? new Uint8Array(idOffsets[ids.length]!) : new Uint16Array(idOffsets[ids.length]!);
  ids.forEach((id, index) => {
    for (let unit = 0; unit < id.length; unit++) idUnits[idOffsets[index]! + unit] = id.charCodeAt(unit);
  });
  core.stageTables();
  const encodedOptions = encodeOptions(options);
  const encodedStopwords = encodeStrings(options.stopwords);
  const encodedLexicon = encodeLexicon(options.lexicon);
  // The bundled lists ship with every copy of the package: an artifact names them by a flag.
  const bundledStopwords = sameBytes(encodedStopwords, encodeStringsCached(BUNDLED_OPTIONS.stopwords));
  const bundledLexicon = sameBytes(encodedLexicon, encodeLexicon(BUNDLED_OPTIONS.lexicon));
  const termText = encodeTermText(memory.uint16View(core.sectionPointer(SECTION_TERM_POOL), core.termPoolLength()));
  const byteTerms = termText !== undefined;
  const frequencies = encodeFrequencies(memory.uint16View(core.sectionPointer(SECTION_FIELD_FREQUENCIES), core.sectionBytes(SECTION_FIELD_FREQUENCIES) / 2));
  const hostSections = new Map<number, Uint8Array>([
    [SECTION_FIELD_FREQUENCIES, frequencies.bytes],
    [HOST_SECTION_OPTIONS, encodedOptions],
    [HOST_SECTION_STOPWORDS, bundledStopwords ? new Uint8Array(0) : encodedStopwords],
    [HOST_SECTION_LEXICON, bundledLexicon ? new Uint8Array(0) : encodedLexicon],
    [HOST_SECTION_ID_OFFSETS, new Uint8Array(idOffsets.buffer)],
    [HOST_SECTION_ID_UNITS, new Uint8Array(idUnits.buffer)],
  ]);
  if (termText !== undefined) hostSections.set(SECTION_TERM_POOL, termText);
  const lengths = SECTION_ORDER.map((section) => hostSections.get(section)?.length ?? core.sectionBytes(section));
  const tableBytes = TABLE_ROW_BYTES * SECTION_ORDER.length;
  const total = pad(HEADER_BYTES + tableBytes) + lengths.reduce((sum, length) => sum + pad(length), 0) + CHECKSUM_BYTES;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  out.set(ARTIFACT_MAGIC, HEADER_MAGIC);
  view.setUint16(HEADER_VERSION, ARTIFACT_VERSION, true);
  const flags = (bytewise ? FLAG_BYTE_IDS : 0) | (frequencies.patterns ? FLAG_FREQUENCY_PATTERNS : 0) | (byteTerms ? FLAG_BYTE_TERMS : 0)
    | (bundledStopwords ? FLAG_BUNDLED_STOPWORDS : 0) | (bundledLexicon ? FLAG_BUNDLED_LEXICON : 0);
  view.setUint16(HEADER_FLAGS, flags, true);
  view.setUint32(HEADER_BUILD_ID, core.buildId() >>> 0, true);
  view.setUint32(HEADER_FINGERPRINT, fingerprintOf(encodedOptions, encodedStopwords, encodedLexicon), true);
  view.setUint32(HEADER_TOTAL_BYTES, total, true);
  view.setUint32(HEADER_TOOLS, ids.length, true);
  view.setUint32(HEADER_TERMS, core.termCount(), true);
  view.setUint32(HEADER_TERM_POOL_UNITS, core.termPoolLength(), true);
  view.setUint32(HEADER_POSTINGS, core.sectionBytes(SECTION_SATURATIONS) / 2, true);
  view.setUint32(HEADER_SECTION_COUNT, SECTION_ORDER.length, true);
  SECTION_ORDER.forEach((section, index) => {
    view.setUint32(HEADER_BYTES + TABLE_ROW_BYTES * index, section, true);
    view.setUint32(HEADER_BYTES + TABLE_ROW_BYTES * index + 4, lengths[index]!, true);
  });
  let at = pad(HEADER_BYTES + tableBytes);
  SECTION_ORDER.forEach((section, index) => {
    const length = lengths[index]!;
    out.set(hostSections.get(section) ?? memory.bytes(core.sectionPointer(section), length), at);
    at += pad(length);
  });
  const checksum = artifactChecksum(out.subarray(0, at));
  view.setUint32(at, checksum, true);
  return out;
}

/** From this size on, the core sums its own sections as it copies them. */
export const CORE_CHECKSUM_MIN_BYTES = 1 << 18;

function checksumMismatch(at: number): never {
  throw new ToolsiftError("artifact_checksum", "index artifact checksum does not match (damaged in transit or storage)", { path: [at] });
}

function corrupt(message: string, offset?: number): never {
  throw new ToolsiftError("artifact_corrupt", `index artifact is corrupt: ${message}`, { path: offset === undefined ? [] : [offset] });
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

function sameBytes(left: Uint8Array, right: Uint8Array): boolean {
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

function encodeStringsCached(strings: readonly string[]): Uint8Array {
  let encoded = encodedStringLists.get(strings);
  if (encoded === undefined) {
    encoded = encodeStrings(strings);
    encodedStringLists.set(strings, encoded);
  }
  return encoded;
}

// The id sections, checked and copied (the caller may reuse its bytes); ids are made into
// strings only when a result or `toArray` needs them (src/core/ids.ts).
function decodeIds(offsetBytes: Uint8Array, unitBytes: Uint8Array, count: number, bytewise: boolean): IdTable {
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

export interface LoadedIndex {
  readonly memory: CoreMemory;
  readonly ids: IdTable;
  readonly options: ResolvedRankerOptions;
  /** The field-frequency section, for `restoreFieldFrequencies` when first needed. */
  readonly fieldFrequencies: EncodedFrequencies;
}

/**
 * Checks an artifact and copies it into a fresh core made by `createCore` (SPEC §2.4): the
 * layout and the checksum before anything is allocated, the structure by the core at the
 * end. Every failure is a `ToolsiftError` with an `artifact_*` code.
 */
export function loadIndex(
  bytes: Uint8Array,
  expectedFingerprint: number | undefined,
  buildId: number,
  createCore: () => CoreMemory,
  configure: (memory: CoreMemory, options: ResolvedRankerOptions) => void,
): LoadedIndex {
  if (!(bytes instanceof Uint8Array)) throw new ToolsiftError("artifact_corrupt", "an index artifact is a Uint8Array");
  if (bytes.length < HEADER_BYTES + CHECKSUM_BYTES) {
    throw new ToolsiftError("artifact_truncated", `index artifact is truncated: ${bytes.length} bytes`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (ARTIFACT_MAGIC.some((byte, index) => bytes[index] !== byte)) {
    throw new ToolsiftError("artifact_bad_magic", "not a toolsift index artifact (wrong magic)", { path: [0] });
  }
  const version = view.getUint16(HEADER_VERSION, true);
  if (version !== ARTIFACT_VERSION) {
    throw new ToolsiftError("artifact_version", `index artifact format ${version} is not supported (this build reads ${ARTIFACT_VERSION})`, { path: [HEADER_VERSION] });
  }
  const total = view.getUint32(HEADER_TOTAL_BYTES, true);
  if (bytes.length < total) throw new ToolsiftError("artifact_truncated", `index artifact is truncated: ${bytes.length} of ${total} bytes`);
  if (bytes.length > total) corrupt(`${bytes.length - total} bytes after the end`, total);
  const checksumAt = total - CHECKSUM_BYTES;
  const artifactBuild = view.getUint32(HEADER_BUILD_ID, true);
  if (artifactBuild !== buildId) {
    throw new ToolsiftError("artifact_build_mismatch", `index artifact was built by another core build (${artifactBuild.toString(16)}, this is ${buildId.toString(16)}); rebuild it`, { path: [HEADER_BUILD_ID] });
  }
  const fingerprint = view.getUint32(HEADER_FINGERPRINT, true);
  if (expectedFingerprint !== undefined && expectedFingerprint !== fingerprint) {
    throw new ToolsiftError("artifact_analyzer_mismatch", "index artifact was built with other analyzer or scoring options than the ones given", { path: [HEADER_FINGERPRINT] });
  }
  const flags = view.getUint16(HEADER_FLAGS, true);
  if ((flags & ~KNOWN_FLAGS) !== 0) corrupt("unknown flags", HEADER_FLAGS);
  for (let at = HEADER_RESERVED_FROM; at < HEADER_BYTES; at++) if (bytes[at] !== 0) corrupt("reserved header bytes", at);
  if (view.getUint32(HEADER_RESERVED, true) !== 0) corrupt("reserved header bytes", HEADER_RESERVED);
  const byteTerms = (flags & FLAG_BYTE_TERMS) !== 0;
  const count = view.getUint32(HEADER_TOOLS, true);
  const termCount = view.getUint32(HEADER_TERMS, true);
  const poolLength = view.getUint32(HEADER_TERM_POOL_UNITS, true);
  const postingCount = view.getUint32(HEADER_POSTINGS, true);
  if (view.getUint32(HEADER_SECTION_COUNT, true) !== SECTION_ORDER.length) corrupt("section count", HEADER_SECTION_COUNT);
  const tableBytes = TABLE_ROW_BYTES * SECTION_ORDER.length;
  if (pad(HEADER_BYTES + tableBytes) > checksumAt) corrupt("section table");
  const lengths = SECTION_ORDER.map((section, index) => {
    if (view.getUint32(HEADER_BYTES + TABLE_ROW_BYTES * index, true) !== section) corrupt("section table order", HEADER_BYTES + TABLE_ROW_BYTES * index);
    return view.getUint32(HEADER_BYTES + TABLE_ROW_BYTES * index + 4, true);
  });
  if (pad(HEADER_BYTES + tableBytes) + lengths.reduce((sum, length) => sum + pad(length), 0) !== checksumAt) corrupt("section lengths");
  for (let padding = HEADER_BYTES + tableBytes; padding < pad(HEADER_BYTES + tableBytes); padding++) {
    if (bytes[padding] !== 0) corrupt("section table padding", padding);
  }
  const expected = new Map<number, number>([
    [SECTION_TERM_POOL, byteTerms ? -1 : 2 * poolLength],
    [SECTION_TERM_LENGTHS, termCount],
    [SECTION_POSTING_STARTS, 4 * (termCount + 1)],
    [SECTION_POSTING_ENTRIES, (count > NARROW_DOCUMENTS ? 4 : 2) * postingCount],
    [SECTION_SATURATIONS, 2 * postingCount],
    [SECTION_FIELD_LENGTHS, 2 * FIELD_COUNT * count],
    [SECTION_FIELD_TOTALS, 8 * 2 * FIELD_COUNT],
    [SECTION_DOCUMENT_RANKS, 4 * count],
    [SECTION_NAME_TERM_COUNTS, 2 * count],
    [SECTION_FIELD_FREQUENCIES, (flags & FLAG_FREQUENCY_PATTERNS) !== 0 ? 2 * PATTERN_COUNT + postingCount : 2 * postingCount],
  ]);
  if ((flags & FLAG_BUNDLED_STOPWORDS) !== 0) expected.set(HOST_SECTION_STOPWORDS, 0);
  if ((flags & FLAG_BUNDLED_LEXICON) !== 0) expected.set(HOST_SECTION_LEXICON, 0);
  // Sizes are checked against the declared lengths (bounded by the real byte count) before
  // anything is allocated, so a damaged count can never ask the core for gigabytes.
  const offsets = new Map<number, number>();
  let at = pad(HEADER_BYTES + tableBytes);
  SECTION_ORDER.forEach((section, index) => {
    const size = expected.get(section);
    const length = lengths[index]!;
    const sound = size === undefined || size === length || (size === -1 && length >= align4(poolLength) && (length - align4(poolLength)) % 8 === 0);
    if (!sound) corrupt(`section ${section} size`, HEADER_BYTES + TABLE_ROW_BYTES * index + 4);
    offsets.set(section, at);
    for (let padding = at + lengths[index]!; padding < at + pad(lengths[index]!); padding++) {
      if (bytes[padding] !== 0) corrupt("section padding", padding);
    }
    at += pad(lengths[index]!);
  });
  const section = (id: number): Uint8Array => {
    const start = offsets.get(id)!;
    return bytes.subarray(start, start + lengths[SECTION_ORDER.indexOf(id)]!);
  };
  // The checksum: the header, table and host sections are absorbed here, the core absorbs its
  // sections where it copies them (SIMD, no second read), and nothing is decoded or checked
  // by the core before the sum matches.
  // A small artifact is summed whole before any core is made (a damaged one then costs no
  // instance, which is dearer than its sum); the same lanes either way.
  const lanes = checksumLanes();
  const inCore = checksumAt >= CORE_CHECKSUM_MIN_BYTES;
  if (!inCore) {
    absorbBlocks(lanes, bytes.subarray(0, checksumAt));
    if (finishChecksum(lanes, checksumAt) !== view.getUint32(checksumAt, true)) checksumMismatch(checksumAt);
  }
  const memory = createCore();
  const core = memory.core;
  let status: number;
  try {
    const stagedBytes = (id: number): number => lengths[SECTION_ORDER.indexOf(id)]!;
    if (!core.prepareLoad(count, termCount, poolLength, postingCount, stagedBytes(SECTION_STOPWORD_TABLE), stagedBytes(SECTION_LEXICON_TABLES))) {
      corrupt("index sizes");
    }
    if (inCore) {
      // The header, table and host sections go through the scratch window in whole blocks.
      memory.int32View(core.checksumLanesPointer(), lanes.length).set(lanes);
      absorbThroughScratch(memory, bytes.subarray(0, offsets.get(CORE_SECTIONS[0]!)!));
    }
    for (const id of QUERY_SECTIONS) {
      const source = section(id);
      if (id === SECTION_TERM_POOL && byteTerms) {
        // Summed as stored, through the scratch window; widened once the sum matches.
        if (inCore) absorbThroughScratch(memory, bytes.subarray(offsets.get(id)!, offsets.get(id)! + pad(source.length)));
        continue;
      }
      if (source.length !== core.sectionBytes(id)) corrupt(`section ${id} size`);
      memory.bytes(core.sectionPointer(id), source.length).set(source);
      if (inCore) core.absorbSection(id);
    }
    // The field frequencies stay on the host (a copy: the caller may reuse its bytes) until
    // explain or serialize asks for them; copying them into fresh core memory costs 3–4× as
    // much as into the host's. They are summed here all the same, through the scratch window.
    const frequencies = section(SECTION_FIELD_FREQUENCIES);
    if (inCore) {
      const start = offsets.get(SECTION_FIELD_FREQUENCIES)!;
      absorbThroughScratch(memory, bytes.subarray(start, start + pad(frequencies.length)));
    }
    if (inCore && finishChecksum(memory.int32View(core.checksumLanesPointer(), lanes.length), checksumAt) !== view.getUint32(checksumAt, true)) {
      checksumMismatch(checksumAt);
    }
    if (byteTerms) decodeTermText(section(SECTION_TERM_POOL), memory.uint16View(core.sectionPointer(SECTION_TERM_POOL), poolLength));
    // An artifact made with the default options (the usual case) gets the bundled, frozen
    // options back without decoding or re-hashing its option sections: its checksummed
    // header names them by fingerprint, and its options record must match byte for byte.
    const bundledLists = FLAG_BUNDLED_STOPWORDS | FLAG_BUNDLED_LEXICON;
    const defaults = fingerprint === DEFAULT_ANALYZER_FINGERPRINT && (flags & bundledLists) === bundledLists && sameBytes(section(HOST_SECTION_OPTIONS), defaultOptionsRecord());
    const options = defaults ? BUNDLED_OPTIONS : storedOptions(section, fingerprint, flags);
    if (options.stopwords.length > 256) corrupt("stopword count");
    configure(memory, options);
    status = core.finishLoad();
    if (status !== STATUS_OK) corrupt(`index check ${status} failed`);
    const ids = decodeIds(section(HOST_SECTION_ID_OFFSETS), section(HOST_SECTION_ID_UNITS), count, (flags & FLAG_BYTE_IDS) !== 0);
    return { memory, ids, options, fieldFrequencies: { bytes: frequencies.slice(), patterns: (flags & FLAG_FREQUENCY_PATTERNS) !== 0 } };
  } catch (cause) {
    if (cause instanceof ToolsiftError) throw cause;
    throw new ToolsiftError("artifact_corrupt", "index artifact failed its structural check", { cause });
  }
}

const align4 = (length: number): number => (length + 3) & ~3;

/**
 * Term text as a byte per code unit (its low byte), padded to 4, then a (position, unit) u32
 * pair per unit from 256 on; undefined when that is not smaller than two bytes per unit. A
 * catalogue in a Latin script with a few symbols or CJK words takes about half the bytes.
 */
function encodeTermText(units: Uint16Array): Uint8Array | undefined {
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

function decodeTermText(source: Uint8Array, units: Uint16Array): void {
  units.set(source.subarray(0, units.length));
  const view = new DataView(source.buffer, source.byteOffset, source.byteLength);
  for (let at = align4(units.length); at < source.length; at += 8) {
    const position = view.getUint32(at, true);
    const unit = view.getUint32(at + 4, true);
    if (position >= units.length || unit > 0xffff) corrupt("term text");
    units[position] = unit;
  }
}

// The options of an artifact made with other than the default options, checked against its
// fingerprint; a flagged list is the bundled one (its section is empty).
function storedOptions(section: (id: number) => Uint8Array, fingerprint: number, flags: number): ResolvedRankerOptions {
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

/** Absorbs host bytes (whole checksum blocks) into the core's lanes, a scratch window at a time. */
function absorbThroughScratch(memory: CoreMemory, bytes: Uint8Array): void {
  const core = memory.core;
  const window = 2 * memory.maxInput - ((2 * memory.maxInput) % CHECKSUM_BLOCK);
  for (let start = 0; start < bytes.length; start += window) {
    const chunk = bytes.subarray(start, Math.min(bytes.length, start + window));
    memory.bytes(core.scratchPointer(), chunk.length).set(chunk);
    core.absorbScratch(chunk.length);
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

const PATTERN_COUNT = 256;

function encodeFrequencies(values: Uint16Array): EncodedFrequencies {
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

/**
 * Moves a built index from the core that built it into a fresh core `to`: the finished
 * sections copied memory to memory, the posting arrays (entries, saturations, field
 * frequencies) written out by the building core a batch at a time through its scratch window
 * and copied in order, then the same derivation, structural check and search set-up as a
 * load. The new core holds the index and nothing of the build's working space, and the
 * building core never holds the posting arrays.
 */
export function transferIndex(from: CoreMemory, to: CoreMemory, configure: (memory: CoreMemory) => void): void {
  const source = from.core;
  const target = to.core;
  source.stageTables();
  const records = source.recordTotal();
  const sizes = [source.documents(), source.termCount(), source.termPoolLength(), records] as const;
  if (!target.prepareLoad(...sizes, source.sectionBytes(SECTION_STOPWORD_TABLE), source.sectionBytes(SECTION_LEXICON_TABLES))) {
    throw new Error("toolsift internal error: a built index does not fit a fresh core");
  }
  for (const id of CORE_SECTIONS) {
    if (PLACED_SECTIONS.includes(id)) continue;
    const length = source.sectionBytes(id);
    to.bytes(target.sectionPointer(id), length).set(from.bytes(source.sectionPointer(id), length));
  }
  configure(to);
  // The posting arrays, a batch at a time, in order: entries, saturations, field frequencies.
  const batch = source.EMIT_BATCH.value as number;
  const widths = [SECTION_POSTING_ENTRIES, SECTION_SATURATIONS, SECTION_FIELD_FREQUENCIES].map((id) => [id, target.sectionBytes(id) / records] as const);
  for (let first = 0; first < records; first += batch) {
    const count = Math.min(batch, records - first);
    source.emitPostings(first, count);
    let at = source.scratchPointer();
    for (const [id, width] of widths) {
      to.bytes(target.sectionPointer(id) + first * width, count * width).set(from.bytes(at, count * width));
      at += count * width;
    }
  }
  const status = target.finishLoad();
  if (status !== STATUS_OK) throw new Error(`toolsift internal error: a built index failed check ${status}`);
}

/** Sections a transfer fills from the building core's batches instead of copying them whole. */
const PLACED_SECTIONS: readonly number[] = [SECTION_POSTING_ENTRIES, SECTION_SATURATIONS, SECTION_FIELD_FREQUENCIES];

const SECTION_NAMES = new Map<number, string>([
  [HOST_SECTION_OPTIONS, "options"],
  [HOST_SECTION_STOPWORDS, "stopwords"],
  [HOST_SECTION_LEXICON, "lexicon"],
  [HOST_SECTION_ID_OFFSETS, "id offsets"],
  [HOST_SECTION_ID_UNITS, "ids"],
  [SECTION_TERM_POOL, "term text"],
  [SECTION_TERM_OFFSETS, "term offsets"],
  [SECTION_TERM_LENGTHS, "term lengths"],
  [SECTION_TERM_TABLE, "term hash table"],
  [SECTION_POSTING_STARTS, "posting starts"],
  [SECTION_POSTING_ENTRIES, "posting entries"],
  [SECTION_SATURATIONS, "saturations"],
  [SECTION_INVERSE_FREQUENCIES, "idf"],
  [SECTION_FIELD_LENGTHS, "field lengths"],
  [SECTION_FIELD_TOTALS, "field totals"],
  [SECTION_DOCUMENT_RANKS, "document ranks"],
  [SECTION_NAME_TERM_COUNTS, "name term counts"],
  [SECTION_STOPWORD_TABLE, "stopword table"],
  [SECTION_LEXICON_TABLES, "lexicon tables"],
]);

/** Header fields and section sizes of an artifact, for `toolsift inspect` (no checks beyond layout). */
export function inspectArtifact(bytes: Uint8Array): { header: Record<string, string | number>; sections: { name: string; bytes: number }[] } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = {
    magic: String.fromCharCode(...bytes.subarray(HEADER_MAGIC, HEADER_MAGIC + ARTIFACT_MAGIC.length)),
    version: view.getUint16(HEADER_VERSION, true),
    "core build": view.getUint32(HEADER_BUILD_ID, true).toString(16).padStart(8, "0"),
    fingerprint: view.getUint32(HEADER_FINGERPRINT, true).toString(16).padStart(8, "0"),
    bytes: view.getUint32(HEADER_TOTAL_BYTES, true),
    tools: view.getUint32(HEADER_TOOLS, true),
    terms: view.getUint32(HEADER_TERMS, true),
    postings: view.getUint32(HEADER_POSTINGS, true),
    checksum: view.getUint32(bytes.length - CHECKSUM_BYTES, true).toString(16).padStart(8, "0"),
  };
  const sections = SECTION_ORDER.map((section, index) => ({
    name: SECTION_NAMES.get(section) ?? String(section),
    bytes: view.getUint32(HEADER_BYTES + TABLE_ROW_BYTES * index + 4, true),
  }));
  return { header, sections };
}
