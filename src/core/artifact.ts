// DESIGN.md "Index artifact": the index artifact, written and read (its layout: ./artifact-layout.ts).
import { ToolsiftError } from "../errors.js";
import {
  CHECKSUM_BYTES,
  FIELD_COUNT,
  FLAG_BUNDLED_LEXICON,
  FLAG_BUNDLED_STOPWORDS,
  FLAG_BYTE_IDS,
  FLAG_BYTE_TERMS,
  FLAG_FREQUENCY_PATTERNS,
  FLAG_VECTORS,
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
  HOST_SECTION_VECTORS,
  SECTION_DOCUMENT_RANKS,
  SECTION_FIELD_FREQUENCIES,
  SECTION_FIELD_LENGTHS,
  SECTION_FIELD_TOTALS,
  SECTION_LEXICON_TABLES,
  SECTION_NAME_TERM_COUNTS,
  SECTION_POSTING_ENTRIES,
  SECTION_POSTING_STARTS,
  SECTION_SATURATIONS,
  SECTION_STOPWORD_TABLE,
  SECTION_TERM_LENGTHS,
  SECTION_TERM_POOL,
  STATUS_OK,
  TABLE_ROW_BYTES,
} from "./abi.js";
import {
  BUNDLED_OPTIONS,
  decodeIds,
  defaultOptionsRecord,
  encodeLexicon,
  encodeOptions,
  encodeStrings,
  encodeStringsCached,
  fingerprintOf,
  sameBytes,
  storedOptions,
} from "./artifact-encoding.js";
import {
  ARTIFACT_MAGIC,
  ARTIFACT_VERSION,
  CORE_SECTIONS,
  KNOWN_FLAGS,
  NARROW_DOCUMENTS,
  QUERY_SECTIONS,
  SECTION_NAMES,
  align4,
  checksumMismatch,
  corrupt,
  pad,
  sectionOrder,
  sectionsStart,
  tableLengthAt,
} from "./artifact-layout.js";
import { CHECKSUM_BLOCK, absorbBlocks, artifactChecksum, checksumLanes, finishChecksum } from "./checksum.js";
import { PATTERN_COUNT, decodeTermText, encodeFrequencies, encodeTermText, type EncodedFrequencies } from "./compression.js";
import { DEFAULT_ANALYZER_FINGERPRINT } from "./default-fingerprint.js";
import type { IdTable } from "./ids.js";
import type { CoreMemory } from "./memory.js";
import { coreBuildId } from "./module.js";
import type { ResolvedRankerOptions } from "./options.js";

export { ARTIFACT_MAGIC };
export { analyzerFingerprint } from "./artifact-encoding.js";

/** Serializes a built index (the core's arrays in place, plus ids and options, and the host vectors' section when it has one). */
export function serializeIndex(memory: CoreMemory, idTable: IdTable, options: ResolvedRankerOptions, vectors?: Uint8Array): Uint8Array {
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
  if (vectors !== undefined) hostSections.set(HOST_SECTION_VECTORS, vectors);
  const flags = (bytewise ? FLAG_BYTE_IDS : 0) | (frequencies.patterns ? FLAG_FREQUENCY_PATTERNS : 0) | (byteTerms ? FLAG_BYTE_TERMS : 0)
    | (bundledStopwords ? FLAG_BUNDLED_STOPWORDS : 0) | (bundledLexicon ? FLAG_BUNDLED_LEXICON : 0) | (vectors === undefined ? 0 : FLAG_VECTORS);
  const order = sectionOrder(flags);
  const start = sectionsStart(order);
  const lengths = order.map((section) => hostSections.get(section)?.length ?? core.sectionBytes(section));
  const total = start + lengths.reduce((sum, length) => sum + pad(length), 0) + CHECKSUM_BYTES;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  out.set(ARTIFACT_MAGIC, HEADER_MAGIC);
  view.setUint16(HEADER_VERSION, ARTIFACT_VERSION, true);
  view.setUint16(HEADER_FLAGS, flags, true);
  view.setUint32(HEADER_BUILD_ID, coreBuildId(), true);
  view.setUint32(HEADER_FINGERPRINT, fingerprintOf(encodedOptions, encodedStopwords, encodedLexicon), true);
  view.setUint32(HEADER_TOTAL_BYTES, total, true);
  view.setUint32(HEADER_TOOLS, ids.length, true);
  view.setUint32(HEADER_TERMS, core.termCount(), true);
  view.setUint32(HEADER_TERM_POOL_UNITS, core.termPoolLength(), true);
  view.setUint32(HEADER_POSTINGS, core.sectionBytes(SECTION_SATURATIONS) / 2, true);
  view.setUint32(HEADER_SECTION_COUNT, order.length, true);
  order.forEach((section, index) => {
    view.setUint32(HEADER_BYTES + TABLE_ROW_BYTES * index, section, true);
    view.setUint32(tableLengthAt(index), lengths[index]!, true);
  });
  let at = start;
  order.forEach((section, index) => {
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

export interface LoadedIndex {
  readonly memory: CoreMemory;
  readonly ids: IdTable;
  readonly options: ResolvedRankerOptions;
  /** The field-frequency section, for `restoreFieldFrequencies` when first needed. */
  readonly fieldFrequencies: EncodedFrequencies;
  /** The host vectors' section as stored (a view into the input: read it before returning to the caller). */
  readonly vectors?: Uint8Array;
}

/** What the header of an artifact says, checked by `readHeader`. */
interface Header {
  readonly view: DataView;
  readonly checksumAt: number;
  readonly fingerprint: number;
  readonly flags: number;
  readonly count: number;
  readonly termCount: number;
  readonly poolLength: number;
  readonly postingCount: number;
}

/** Where each section is in an artifact, checked by `readSections` against the header. */
interface Sections {
  readonly lengths: ReadonlyMap<number, number>;
  readonly offsets: ReadonlyMap<number, number>;
  section(id: number): Uint8Array;
}

/**
 * Checks an artifact and copies it into a fresh core made by `createCore` (DESIGN.md "Index artifact"): the
 * layout and the checksum before anything is allocated, the structure by the core at the
 * end. Every failure is a `ToolsiftError` with an `artifact_*` code.
 */
export function loadIndex(
  input: Uint8Array | ArrayBuffer,
  expectedFingerprint: number | undefined,
  buildId: number,
  createCore: () => CoreMemory,
  configure: (memory: CoreMemory, options: ResolvedRankerOptions) => void,
): LoadedIndex {
  const bytes = artifactBytes(input);
  const header = readHeader(bytes, expectedFingerprint, buildId);
  const sections = readSections(bytes, header);
  // The checksum: the header, table and host sections are absorbed here, the core absorbs its
  // sections where it copies them (SIMD, no second read), and nothing is decoded or checked
  // by the core before the sum matches.
  // A small artifact is summed whole before any core is made (a damaged one then costs no
  // instance, which is dearer than its sum); the same lanes either way.
  const lanes = checksumLanes();
  const inCore = header.checksumAt >= CORE_CHECKSUM_MIN_BYTES;
  if (!inCore) {
    absorbBlocks(lanes, bytes.subarray(0, header.checksumAt));
    checkSum(lanes, header);
  }
  const memory = createCore();
  try {
    copySections(memory, bytes, header, sections, inCore ? lanes : undefined);
    const { flags } = header;
    const options = restoreOptions(header, sections);
    configure(memory, options);
    const status = memory.core.finishLoad();
    if (status !== STATUS_OK) corrupt(`index check ${status} failed`);
    const ids = decodeIds(sections.section(HOST_SECTION_ID_OFFSETS), sections.section(HOST_SECTION_ID_UNITS), header.count, (flags & FLAG_BYTE_IDS) !== 0);
    // The field frequencies stay on the host (a copy: the caller may reuse its bytes) until
    // explain or serialize asks for them; copying them into fresh core memory costs 3–4× as
    // much as into the host's.
    const frequencies = sections.section(SECTION_FIELD_FREQUENCIES).slice();
    const fieldFrequencies = { bytes: frequencies, patterns: (flags & FLAG_FREQUENCY_PATTERNS) !== 0 };
    return (flags & FLAG_VECTORS) === 0 ? { memory, ids, options, fieldFrequencies } : { memory, ids, options, fieldFrequencies, vectors: sections.section(HOST_SECTION_VECTORS) };
  } catch (cause) {
    if (cause instanceof ToolsiftError) throw cause;
    throw new ToolsiftError("artifact_corrupt", "index artifact failed its structural check", { cause });
  }
}

function checkSum(lanes: Int32Array, header: Header): void {
  if (finishChecksum(lanes, header.checksumAt) !== header.view.getUint32(header.checksumAt, true)) checksumMismatch(header.checksumAt);
}

// An artifact as people hold it: `fetch().arrayBuffer()` and a Workers Data module give an
// ArrayBuffer, Node's readFile a Buffer (a Uint8Array, perhaps a view into a larger pool).
function artifactBytes(input: unknown): Uint8Array {
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  throw new ToolsiftError("artifact_not_bytes", "not a byte array (an index artifact is a Uint8Array or an ArrayBuffer)");
}

// Step 1: magic, version, length, core build, fingerprint, flags and reserved bytes.
function readHeader(bytes: Uint8Array, expectedFingerprint: number | undefined, buildId: number): Header {
  if (bytes.length < HEADER_BYTES + CHECKSUM_BYTES) {
    throw new ToolsiftError("artifact_truncated", `index artifact is truncated: ${bytes.length} bytes`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (ARTIFACT_MAGIC.some((byte, index) => bytes[HEADER_MAGIC + index] !== byte)) {
    throw new ToolsiftError("artifact_bad_magic", "not a toolsift index artifact (wrong magic)", { path: [HEADER_MAGIC] });
  }
  const version = view.getUint16(HEADER_VERSION, true);
  if (version !== ARTIFACT_VERSION) {
    throw new ToolsiftError("artifact_version", `index artifact format ${version} is not supported (this build reads ${ARTIFACT_VERSION})`, { path: [HEADER_VERSION] });
  }
  const total = view.getUint32(HEADER_TOTAL_BYTES, true);
  if (bytes.length < total) throw new ToolsiftError("artifact_truncated", `index artifact is truncated: ${bytes.length} of ${total} bytes`);
  if (bytes.length > total) corrupt(`${bytes.length - total} bytes after the end`, total);
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
  return {
    view,
    checksumAt: total - CHECKSUM_BYTES,
    fingerprint,
    flags,
    count: view.getUint32(HEADER_TOOLS, true),
    termCount: view.getUint32(HEADER_TERMS, true),
    poolLength: view.getUint32(HEADER_TERM_POOL_UNITS, true),
    postingCount: view.getUint32(HEADER_POSTINGS, true),
  };
}

// The byte length each section must have for the header's counts; -1: the term text in bytes
// (at least the pool's units, padded to 4, then whole (position, unit) pairs).
function expectedSizes({ flags, count, termCount, poolLength, postingCount }: Header): Map<number, number> {
  const expected = new Map<number, number>([
    [SECTION_TERM_POOL, (flags & FLAG_BYTE_TERMS) !== 0 ? -1 : 2 * poolLength],
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
  return expected;
}

// Step 2: the section table, each section's size and the zero padding around them.
function readSections(bytes: Uint8Array, header: Header): Sections {
  const { view, checksumAt, poolLength } = header;
  const order = sectionOrder(header.flags);
  const start = sectionsStart(order);
  if (view.getUint32(HEADER_SECTION_COUNT, true) !== order.length) corrupt("section count", HEADER_SECTION_COUNT);
  if (start > checksumAt) corrupt("section table");
  const lengths = order.map((section, index) => {
    if (view.getUint32(HEADER_BYTES + TABLE_ROW_BYTES * index, true) !== section) corrupt("section table order", HEADER_BYTES + TABLE_ROW_BYTES * index);
    return view.getUint32(tableLengthAt(index), true);
  });
  if (start + lengths.reduce((sum, length) => sum + pad(length), 0) !== checksumAt) corrupt("section lengths");
  for (let padding = HEADER_BYTES + TABLE_ROW_BYTES * order.length; padding < start; padding++) {
    if (bytes[padding] !== 0) corrupt("section table padding", padding);
  }
  // Sizes are checked against the declared lengths (bounded by the real byte count) before
  // anything is allocated, so a damaged count can never ask the core for gigabytes.
  const expected = expectedSizes(header);
  const offsets = new Map<number, number>();
  const lengthOf = new Map<number, number>();
  let at = start;
  order.forEach((section, index) => {
    const size = expected.get(section);
    const length = lengths[index]!;
    const sound = size === undefined || size === length || (size === -1 && length >= align4(poolLength) && (length - align4(poolLength)) % 8 === 0);
    if (!sound) corrupt(`section ${section} size`, tableLengthAt(index));
    offsets.set(section, at);
    lengthOf.set(section, length);
    for (let padding = at + length; padding < at + pad(length); padding++) {
      if (bytes[padding] !== 0) corrupt("section padding", padding);
    }
    at += pad(length);
  });
  return {
    lengths: lengthOf,
    offsets,
    section: (id) => {
      const start = offsets.get(id)!;
      return bytes.subarray(start, start + lengthOf.get(id)!);
    },
  };
}

// Step 3: the core sized from the header, its sections copied in; with `lanes` (a large
// artifact) summed on the way and the sum checked, then the term text widened.
function copySections(memory: CoreMemory, bytes: Uint8Array, header: Header, sections: Sections, lanes: Int32Array | undefined): void {
  const core = memory.core;
  const { offsets, section } = sections;
  const byteTerms = (header.flags & FLAG_BYTE_TERMS) !== 0;
  const staged = (id: number): number => sections.lengths.get(id)!;
  if (!core.prepareLoad(header.count, header.termCount, header.poolLength, header.postingCount, staged(SECTION_STOPWORD_TABLE), staged(SECTION_LEXICON_TABLES))) {
    corrupt("index sizes");
  }
  // A whole padded section, through the scratch window.
  const absorbStored = (id: number): void => {
    const start = offsets.get(id)!;
    absorbThroughScratch(memory, bytes.subarray(start, start + pad(staged(id))));
  };
  if (lanes !== undefined) {
    // The header, table and host sections go through the scratch window in whole blocks.
    memory.int32View(core.checksumLanesPointer(), lanes.length).set(lanes);
    absorbThroughScratch(memory, bytes.subarray(0, offsets.get(CORE_SECTIONS[0]!)!));
  }
  for (const id of QUERY_SECTIONS) {
    const source = section(id);
    if (id === SECTION_TERM_POOL && byteTerms) {
      // Summed as stored; widened once the sum matches.
      if (lanes !== undefined) absorbStored(id);
      continue;
    }
    if (source.length !== core.sectionBytes(id)) corrupt(`section ${id} size`);
    memory.bytes(core.sectionPointer(id), source.length).set(source);
    if (lanes !== undefined) core.absorbSection(id);
  }
  if (lanes !== undefined) {
    // The field frequencies stay on the host (loadIndex), summed all the same.
    absorbStored(SECTION_FIELD_FREQUENCIES);
    checkSum(memory.int32View(core.checksumLanesPointer(), lanes.length), header);
  }
  if (byteTerms) decodeTermText(section(SECTION_TERM_POOL), memory.uint16View(core.sectionPointer(SECTION_TERM_POOL), header.poolLength));
}

// Step 4: the options. An artifact made with the default options (the usual case) gets the
// bundled, frozen options back without decoding or re-hashing its option sections: its
// checksummed header names them by fingerprint, and its options record must match byte for byte.
function restoreOptions({ fingerprint, flags }: Header, { section }: Sections): ResolvedRankerOptions {
  const bundledLists = FLAG_BUNDLED_STOPWORDS | FLAG_BUNDLED_LEXICON;
  const defaults = fingerprint === DEFAULT_ANALYZER_FINGERPRINT && (flags & bundledLists) === bundledLists && sameBytes(section(HOST_SECTION_OPTIONS), defaultOptionsRecord());
  const options = defaults ? BUNDLED_OPTIONS : storedOptions(section, fingerprint, flags);
  if (options.stopwords.length > 256) corrupt("stopword count");
  return options;
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
  const sections = sectionOrder(view.getUint16(HEADER_FLAGS, true)).map((section, index) => ({
    name: SECTION_NAMES.get(section) ?? String(section),
    bytes: view.getUint32(tableLengthAt(index), true),
  }));
  return { header, sections };
}
