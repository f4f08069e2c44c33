// The index artifact's layout (DESIGN.md "Index artifact"; DESIGN.md "Index artifact"), little-endian: a
// 64-byte header, a section table (id, byte length per section, in a fixed order), the
// sections back to back, each padded with zeros to whole checksum blocks, and a 4-byte
// checksum over everything before it. Offsets and ids are in ./abi.ts.
import { ToolsiftError } from "../errors.js";
import {
  FLAG_BUNDLED_LEXICON,
  FLAG_BUNDLED_STOPWORDS,
  FLAG_BYTE_IDS,
  FLAG_BYTE_TERMS,
  FLAG_FREQUENCY_PATTERNS,
  FLAG_VECTORS,
  HEADER_BYTES,
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
  TABLE_ROW_BYTES,
} from "./abi.js";
import { CHECKSUM_BLOCK } from "./checksum.js";

export const ARTIFACT_MAGIC = Object.freeze([0x54, 0x53, 0x46, 0x54]); // "TSFT"
export const ARTIFACT_VERSION = 5;
export const KNOWN_FLAGS = FLAG_BYTE_IDS | FLAG_FREQUENCY_PATTERNS | FLAG_BYTE_TERMS | FLAG_BUNDLED_STOPWORDS | FLAG_BUNDLED_LEXICON | FLAG_VECTORS;

// The core's arrays but term offsets, term table and idf: the core derives those from the
// stored ones when a load, or a built index's move into its own core, finishes.
export const CORE_SECTIONS: readonly number[] = [
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
export const QUERY_SECTIONS = CORE_SECTIONS.filter((section) => section !== SECTION_FIELD_FREQUENCIES);
/** Up to this many tools a posting entry is 2 bytes, above it 4 (assembly/index/state.ts). */
export const NARROW_DOCUMENTS = 1 << 15;
/** Every section in table order: the host's, then the core's. */
export const SECTION_ORDER: readonly number[] = [HOST_SECTION_OPTIONS, HOST_SECTION_STOPWORDS, HOST_SECTION_LEXICON, HOST_SECTION_ID_OFFSETS, HOST_SECTION_ID_UNITS, ...CORE_SECTIONS];
// With host vectors (flag 64) their section follows the id units: it is the host's, so a
// large artifact's checksum absorbs it with the other host sections.
const VECTOR_SECTION_ORDER: readonly number[] = [...SECTION_ORDER.slice(0, 5), HOST_SECTION_VECTORS, ...CORE_SECTIONS];
/** The sections of an artifact with these header flags, in table order. */
export const sectionOrder = (flags: number): readonly number[] => ((flags & FLAG_VECTORS) === 0 ? SECTION_ORDER : VECTOR_SECTION_ORDER);
/** Where the first section starts in an artifact of this table: after the header and the table, padded. */
export const sectionsStart = (order: readonly number[]): number => pad(HEADER_BYTES + TABLE_ROW_BYTES * order.length);

// Every region is padded with zeros to whole checksum blocks, so the core can absorb its
// sections where it copied them.
export const pad = (length: number): number => Math.ceil(length / CHECKSUM_BLOCK) * CHECKSUM_BLOCK;
export const align4 = (length: number): number => (length + 3) & ~3;

/** The offset of section row `index`'s length in the table. */
export const tableLengthAt = (index: number): number => HEADER_BYTES + TABLE_ROW_BYTES * index + 4;

export function checksumMismatch(at: number): never {
  throw new ToolsiftError("artifact_checksum", "index artifact checksum does not match (damaged in transit or storage)", { path: [at] });
}

export function corrupt(message: string, offset?: number): never {
  throw new ToolsiftError("artifact_corrupt", `index artifact is corrupt: ${message}`, { path: offset === undefined ? [] : [offset] });
}

export const SECTION_NAMES = new Map<number, string>([
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
  [SECTION_FIELD_FREQUENCIES, "field frequencies"],
  [HOST_SECTION_VECTORS, "vectors"],
]);

