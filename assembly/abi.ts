// The numbers the core and the TypeScript layer agree on (DESIGN.md "Boundary ABI"); their
// twin is src/core/abi.ts, and test/abi.test.ts compiles this file alone to check that every
// constant below has the same value there. Only plain `export const NAME: i32 = literal;`
// lines: the test reads them as the globals of that compiled module.

// Sections of the index artifact the core holds (host sections are numbered from 100).
export const SECTION_TERM_POOL: i32 = 1;
export const SECTION_TERM_OFFSETS: i32 = 2;
export const SECTION_TERM_LENGTHS: i32 = 3;
export const SECTION_TERM_TABLE: i32 = 4;
export const SECTION_POSTING_STARTS: i32 = 5;
export const SECTION_POSTING_ENTRIES: i32 = 6;
export const SECTION_SATURATIONS: i32 = 7;
export const SECTION_INVERSE_FREQUENCIES: i32 = 8;
export const SECTION_FIELD_LENGTHS: i32 = 9;
export const SECTION_FIELD_TOTALS: i32 = 10;
export const SECTION_DOCUMENT_RANKS: i32 = 11;
export const SECTION_NAME_TERM_COUNTS: i32 = 12;
/** The query side's prepared tables, so loading never re-analyzes stopwords or the lexicon. */
export const SECTION_STOPWORD_TABLE: i32 = 13;
export const SECTION_LEXICON_TABLES: i32 = 14;
/** Explain's per-field frequencies: off the query path, so a load leaves them to the host. */
export const SECTION_FIELD_FREQUENCIES: i32 = 15;
export const SECTION_COUNT: i32 = 15;

// Fields in index order (docs/analyzer.md §A5).
export const FIELD_NAME: i32 = 0;
export const FIELD_ALIASES: i32 = 1;
export const FIELD_TAGS: i32 = 2;
export const FIELD_SUMMARY: i32 = 3;
export const FIELD_DESCRIPTION: i32 = 4;
export const FIELD_PARAMS: i32 = 5;
export const FIELD_COUNT: i32 = 6;

// Word-form folding (docs/analyzer.md §A4 step 4) and query-term selection (§A6), as `configure` takes them.
export const MODE_PLURAL: i32 = 0;
export const MODE_STEM: i32 = 1;
export const SELECT_FIRST: i32 = 0;
export const SELECT_RAREST: i32 = 1;
// Query pruning (docs/performance.md "Query: block-max pruning"), as `pruneQueries` takes it.
export const PRUNE_OFF: i32 = 0;
export const PRUNE_AUTO: i32 = 1;
export const PRUNE_ALWAYS: i32 = 2;

// Status codes: 0 is success everywhere.
export const STATUS_OK: i32 = 0;
/** `finishBuild`: the catalogue holds more than MAX_TERMS distinct terms. */
export const STATUS_TOO_MANY_TERMS: i32 = 1;
/** `addStagedDocument`, `decodeStaged`: the text holds U+FFFD, or the counts do not add up. */
export const STATUS_STAGED_REFUSED: i32 = -1;
/** `addStagedDocument`, `decodeStaged` with `check`: the text holds a code point NFKC may change. */
export const STATUS_STAGED_NFKC: i32 = -2;
// `finishLoad`: the number of the first structural check that failed.
export const CHECK_POSTING_BOUNDS: i32 = 1;
export const CHECK_POSTING_RANGES: i32 = 2;
export const CHECK_POSTING_ENTRIES: i32 = 3;
export const CHECK_TERM_LENGTHS: i32 = 4;
export const CHECK_POSTING_END: i32 = 5;
export const CHECK_DOCUMENT_RANKS: i32 = 8;
export const CHECK_FIELD_TOTALS: i32 = 9;
export const CHECK_STOPWORD_TABLE: i32 = 20;
export const CHECK_LEXICON_TABLES: i32 = 21;

// The lexicon-tables section (SECTION_LEXICON_TABLES): a header of six i32, then the key
// tokens' dictionary, the expansion words' dictionary (its term count first), then the entry
// arrays; the host reads the expansion word count to reset their map to index terms.
export const LEXICON_ENTRY_COUNT_AT: i32 = 0;
export const LEXICON_KEY_TOKEN_COUNT_AT: i32 = 4;
export const LEXICON_EXPANSION_COUNT_AT: i32 = 8;
export const LEXICON_KEY_TABLE_BYTES_AT: i32 = 12;
export const LEXICON_WORD_TABLE_BYTES_AT: i32 = 16;
export const LEXICON_RESERVED_AT: i32 = 20;
export const LEXICON_HEADER_BYTES: i32 = 24;
