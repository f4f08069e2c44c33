// The numbers of the boundary (DESIGN.md "Boundary ABI") and of the artifact format. The
// first part is the twin of assembly/abi.ts, constant for constant (test/abi.test.ts compiles
// that file and compares); the rest is the host's alone.

// Sections of the index artifact the core holds (host sections are numbered from 100).
export const SECTION_TERM_POOL = 1;
export const SECTION_TERM_OFFSETS = 2;
export const SECTION_TERM_LENGTHS = 3;
export const SECTION_TERM_TABLE = 4;
export const SECTION_POSTING_STARTS = 5;
export const SECTION_POSTING_ENTRIES = 6;
export const SECTION_SATURATIONS = 7;
export const SECTION_INVERSE_FREQUENCIES = 8;
export const SECTION_FIELD_LENGTHS = 9;
export const SECTION_FIELD_TOTALS = 10;
export const SECTION_DOCUMENT_RANKS = 11;
export const SECTION_NAME_TERM_COUNTS = 12;
/** The query side's prepared tables, so loading never re-analyzes stopwords or the lexicon. */
export const SECTION_STOPWORD_TABLE = 13;
export const SECTION_LEXICON_TABLES = 14;
/** Explain's per-field frequencies: off the query path, so a load leaves them to the host. */
export const SECTION_FIELD_FREQUENCIES = 15;
export const SECTION_COUNT = 15;

// Fields in index order (docs/analyzer.md §A5).
export const FIELD_NAME = 0;
export const FIELD_ALIASES = 1;
export const FIELD_TAGS = 2;
export const FIELD_SUMMARY = 3;
export const FIELD_DESCRIPTION = 4;
export const FIELD_PARAMS = 5;
export const FIELD_COUNT = 6;

// Word-form folding (docs/analyzer.md §A4 step 4) and query-term selection (§A6), as `configure` takes them.
export const MODE_PLURAL = 0;
export const MODE_STEM = 1;
export const SELECT_FIRST = 0;
export const SELECT_RAREST = 1;
// Query pruning (docs/performance.md "Query: block-max pruning"), as `pruneQueries` takes it.
export const PRUNE_OFF = 0;
export const PRUNE_AUTO = 1;
export const PRUNE_ALWAYS = 2;

// Status codes: 0 is success everywhere.
export const STATUS_OK = 0;
/** `finishBuild`: the catalogue holds more than MAX_TERMS distinct terms. */
export const STATUS_TOO_MANY_TERMS = 1;
/** `addStagedDocument`, `decodeStaged`: the text holds U+FFFD, or the counts do not add up. */
export const STATUS_STAGED_REFUSED = -1;
/** `addStagedDocument`, `decodeStaged` with `check`: the text holds a code point NFKC may change. */
export const STATUS_STAGED_NFKC = -2;
// `finishLoad`: the number of the first structural check that failed.
export const CHECK_POSTING_BOUNDS = 1;
export const CHECK_POSTING_RANGES = 2;
export const CHECK_POSTING_ENTRIES = 3;
export const CHECK_TERM_LENGTHS = 4;
export const CHECK_POSTING_END = 5;
export const CHECK_DOCUMENT_RANKS = 8;
export const CHECK_FIELD_TOTALS = 9;
export const CHECK_STOPWORD_TABLE = 20;
export const CHECK_LEXICON_TABLES = 21;

// The lexicon-tables section (SECTION_LEXICON_TABLES): a header of six i32, then the key
// tokens' dictionary, the expansion words' dictionary (its term count first), then the entry
// arrays; the host reads the expansion word count to reset their map to index terms.
export const LEXICON_ENTRY_COUNT_AT = 0;
export const LEXICON_KEY_TOKEN_COUNT_AT = 4;
export const LEXICON_EXPANSION_COUNT_AT = 8;
export const LEXICON_KEY_TABLE_BYTES_AT = 12;
export const LEXICON_WORD_TABLE_BYTES_AT = 16;
export const LEXICON_RESERVED_AT = 20;
export const LEXICON_HEADER_BYTES = 24;

/** The custom section of the compiled core that holds its build id (u32, little-endian). */
export const BUILD_ID_SECTION = "toolsift.build";

// The index artifact (DESIGN.md "Index artifact"): byte offsets in its 64-byte header.
export const HEADER_MAGIC = 0;
export const HEADER_VERSION = 4;
export const HEADER_FLAGS = 6;
export const HEADER_BUILD_ID = 8;
export const HEADER_FINGERPRINT = 12;
export const HEADER_TOTAL_BYTES = 16;
export const HEADER_TOOLS = 20;
export const HEADER_TERMS = 24;
export const HEADER_TERM_POOL_UNITS = 28;
/** A u32 that must be 0. */
export const HEADER_RESERVED = 32;
export const HEADER_POSTINGS = 36;
export const HEADER_SECTION_COUNT = 40;
/** From here to the end of the header, zeros. */
export const HEADER_RESERVED_FROM = 44;
export const HEADER_BYTES = 64;
/** Each section table row: the section id (u32), then its byte length (u32). */
export const TABLE_ROW_BYTES = 8;
export const CHECKSUM_BYTES = 4;

// Header flags (u16 at HEADER_FLAGS).
export const FLAG_BYTE_IDS = 2;
export const FLAG_FREQUENCY_PATTERNS = 4;
export const FLAG_BYTE_TERMS = 8;
export const FLAG_BUNDLED_STOPWORDS = 16;
export const FLAG_BUNDLED_LEXICON = 32;
/** The artifact holds host vectors (HOST_SECTION_VECTORS, after the id units). */
export const FLAG_VECTORS = 64;

// The host's own sections.
export const HOST_SECTION_OPTIONS = 100;
export const HOST_SECTION_STOPWORDS = 101;
export const HOST_SECTION_ID_OFFSETS = 102;
export const HOST_SECTION_ID_UNITS = 103;
export const HOST_SECTION_LEXICON = 104;
/** Host vectors (docs/embeddings.md): u32 dimensions, f32 factor per tool, int8 rows. */
export const HOST_SECTION_VECTORS = 105;

// The options record (HOST_SECTION_OPTIONS): byte offsets; the analyzer and selection bytes
// hold MODE_* and SELECT_*.
export const OPTIONS_ANALYZER = 0;
export const OPTIONS_SELECTION = 1;
export const OPTIONS_MAX_QUERY_TERMS = 2;
export const OPTIONS_FLAGS = 3;
export const OPTIONS_K1 = 4;
export const OPTIONS_B = 12;
/** Then one f64 per field, then the expansion weight, the name bonus and the related weight. */
export const OPTIONS_WEIGHTS = 20;
/** The options-record flag: look-alike words are off (0, the default, keeps the default record as it was). */
export const OPTIONS_FLAG_NO_LOOKALIKES = 1;

/** The expansion-word count of a lexicon-tables section (for resetting its map to index terms). */
export function lexiconExpansionWordCount(section: Uint8Array): number {
  const view = new DataView(section.buffer, section.byteOffset, section.byteLength);
  return view.getInt32(LEXICON_HEADER_BYTES + view.getInt32(LEXICON_KEY_TABLE_BYTES_AT, true), true);
}

/** The exports of one core instance (DESIGN.md "Boundary ABI"); `CORE_EXPORTS` lists them with their kinds. */
export interface CoreExports {
  readonly memory: WebAssembly.Memory;
  readonly MAX_INPUT: WebAssembly.Global;
  readonly EXPLAIN_STRIDE: WebAssembly.Global;
  readonly STAGING_BYTES: WebAssembly.Global;
  readonly MAX_TERMS: WebAssembly.Global;
  readonly EMIT_BATCH: WebAssembly.Global;
  /** 1 in the shipped build (simd128), 0 in the scalar build the tests compare it with. */
  readonly SIMD_BUILD: WebAssembly.Global;
  scratchPointer(): number;
  stagingPointer(): number;
  /** Used by the host only through `addStagedDocument`; exported for src/core/fields.test.ts. */
  decodeStaged(offset: number, length: number, check: number): number;
  addStagedDocument(document: number, bytes: number, check: number, name: number, aliases: number, tags: number, summary: number, description: number, params: number): number;
  configure(
    wordFormMode: number,
    k1: number,
    b: number,
    maxQueryTerms: number,
    termSelection: number,
    nameBonus: number,
    expansionWeight: number,
    relatedWeight: number,
    ...fieldWeights: readonly [number, number, number, number, number, number]
  ): void;
  nameCoverageFactor(document: number): number;
  addStopword(length: number): void;
  beginBuild(count: number): void;
  addField(document: number, field: number, length: number): void;
  finishBuild(): number;
  recordTotal(): number;
  emitPostings(from: number, count: number): void;
  termCount(): number;
  pruneQueries(mode: number): void;
  search(length: number, limit: number): number;
  resultDocumentsPointer(): number;
  resultScoresPointer(): number;
  queryStatsPointer(): number;
  explain(document: number): number;
  explainPointer(): number;
  queryTermText(index: number): number;
  lastQueryTermCount(): number;
  analyze(length: number): number;
  documents(): number;
  heapEnd(): number;
  sectionPointer(section: number): number;
  sectionBytes(section: number): number;
  prepareLoad(count: number, termCount: number, poolLength: number, postingCount: number, stopwordBytes: number, lexiconBytes: number): number;
  stageTables(): void;
  prepareTables(stopwordBytes: number, lexiconBytes: number): void;
  restoreTables(): number;
  checksumLanesPointer(): number;
  absorbSection(section: number): void;
  absorbScratch(length: number): void;
  finishLoad(): number;
  termPoolLength(): number;
  termDocumentFrequency(term: number): number;
  termText(term: number): number;
  addLexiconEntries(length: number): void;
  queryTermWeight(index: number): number;
  /** The vector block's address (docs/embeddings.md), or 0 when a size is impossible. */
  prepareVectors(count: number, dims: number): number;
  scanVectors(): void;
}


type ExportKind<T> = T extends WebAssembly.Memory ? "memory" : T extends WebAssembly.Global ? "global" : "function";

/**
 * Every export of the compiled core, with its kind, in the module's order: test/abi.test.ts
 * checks it against `WebAssembly.Module.exports`, and the type below against `CoreExports`.
 */
export const CORE_EXPORTS = {
  SIMD_BUILD: "global",
  checksumLanesPointer: "function",
  absorbScratch: "function",
  absorbSection: "function",
  finishLoad: "function",
  termPoolLength: "function",
  STAGING_BYTES: "global",
  scratchPointer: "function",
  stagingPointer: "function",
  decodeStaged: "function",
  configure: "function",
  nameCoverageFactor: "function",
  addStopword: "function",
  beginBuild: "function",
  addField: "function",
  addStagedDocument: "function",
  finishBuild: "function",
  EMIT_BATCH: "global",
  emitPostings: "function",
  addLexiconEntries: "function",
  queryTermWeight: "function",
  termCount: "function",
  pruneQueries: "function",
  search: "function",
  resultDocumentsPointer: "function",
  resultScoresPointer: "function",
  queryStatsPointer: "function",
  explain: "function",
  explainPointer: "function",
  queryTermText: "function",
  lastQueryTermCount: "function",
  analyze: "function",
  documents: "function",
  termDocumentFrequency: "function",
  termText: "function",
  heapEnd: "function",
  recordTotal: "function",
  prepareVectors: "function",
  scanVectors: "function",
  EXPLAIN_STRIDE: "global",
  MAX_INPUT: "global",
  MAX_TERMS: "global",
  prepareLoad: "function",
  prepareTables: "function",
  restoreTables: "function",
  sectionBytes: "function",
  sectionPointer: "function",
  stageTables: "function",
  memory: "memory",
} as const satisfies { readonly [Name in keyof CoreExports]: ExportKind<CoreExports[Name]> };
