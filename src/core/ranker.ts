import { LookalikeIndex } from "../analysis/lookalikes.js";
import { keyEdges, splitVerbWords, type KeyEdges } from "../analysis/split-verbs.js";
import { ToolsiftError } from "../errors.js";
import type { RankedHit, ToolRanker, ToolSearchDocInput } from "../types.js";
import { FieldWriter, prepareField, prepareQuery } from "./fields.js";
import { SECTION_DOCUMENT_RANKS, SECTION_LEXICON_TABLES, SECTION_STOPWORD_TABLE, STATUS_OK, PRUNE_ALWAYS, PRUNE_AUTO, PRUNE_OFF, lexiconExpansionWordCount } from "./abi.js";
import { selectionRule, wordFormMode } from "./artifact-encoding.js";
import { restoreFieldFrequencies, type EncodedFrequencies } from "./compression.js";
import { transferIndex } from "./transfer.js";
import { analyzerFingerprint, loadIndex, serializeIndex, type LoadedIndex } from "./artifact.js";
import { IdTable } from "./ids.js";
import { confidenceFloor, resolveConfidenceOptions, type ConfidenceOptions } from "./confidence.js";
import { CoreMemory, keepWorkingMemory, takeWorkingMemory } from "./memory.js";
import { NameIndex, matchNames } from "./name-fallback.js";
import { MAX_DOCUMENTS, idOrder, validateDocs } from "./validate.js";
import { coreBuildId, instantiateCore } from "./module.js";
import { VectorIndex, checkedVector, fusionWeight, nearestDocuments, resolveVectorWeights, VECTOR_FUSION_DEFAULTS, type HostVectors, type VectorWeights } from "./vectors.js";
import { RANKER_DEFAULTS, FIELDS, resolveRankerOptions, type FieldName, type RankerOptions, type ResolvedRankerOptions } from "./options.js";

const CYRILLIC = /[\u0400-\u04ff]/;
const HAN = /[\u4e00-\u9fff]/;

/** Which queries a ranker prunes (`Bm25ToolRanker.setPruning`). */
export type PruningMode = "auto" | "always" | "off";

const PRUNING_MODES = new Map<unknown, number>([
  ["auto", PRUNE_AUTO],
  ["always", PRUNE_ALWAYS],
  ["off", PRUNE_OFF],
]);

/** Optional inputs of a build beside the docs (not options: they change neither the analyzer nor BM25F). */
export interface BuildHooks {
  /** Called every 1,024 tools and at the end with (tools indexed, total). */
  readonly onProgress?: (done: number, total: number) => void;
  /** A host's tool vectors (docs/embeddings.md), stored int8 in the index and its artifact. */
  readonly vectors?: HostVectors;
}

/** Options of one `Bm25ToolRanker.search`: the confidence rule, and a host's query vector. */
export interface SearchOptions extends ConfidenceOptions {
  /** The query's vector from the host's model (the index's dimensions), fused with BM25F (docs/embeddings.md). */
  readonly vector?: ArrayLike<number>;
  /** The fusion's weights (`VECTOR_FUSION_DEFAULTS`); both 0 give BM25F's hits and scores exactly. */
  readonly vectorWeights?: VectorWeights;
}

/** One scored hit of the built-in ranker. */
export interface ScoredHit {
  readonly id: string;
  readonly score: number;
}

/** One hit of `Bm25ToolRanker.search`: a scored hit, or (`match: "name"`) one found by the name fallback. */
export interface SearchHit extends ScoredHit {
  /** `"terms"`: scored by its query terms; `"name"`: its name contains part of the query (score 0); `"vector"`: found by the host's vectors alone. */
  readonly match: "terms" | "name" | "vector";
}

/** The answer of `Bm25ToolRanker.search` (docs/scoring.md "No confident match"). */
export interface ToolSearchResult {
  readonly hits: readonly SearchHit[];
  /** The best hit scored at least `floor`: the search found something that matched well. */
  readonly confident: boolean;
  /** The score a hit needs to count as a confident match for this query. */
  readonly floor: number;
  /** The hits come from the name fallback: no tool scored. */
  readonly fallback: boolean;
}

/** How one query term scored against one hit: its contribution and the part from each field. */
export interface TermExplanation {
  readonly term: string;
  readonly score: number;
  readonly fields: Readonly<Record<FieldName, number>>;
}

/**
 * One explained hit. The parts account for the whole score:
 * `score = termTotal × nameFactor`, where `termTotal` is the sum of `terms[].score` and each
 * term's score is the sum of its `fields` (equal up to floating-point rounding, ~1e-15).
 */
export interface HitExplanation extends ScoredHit {
  readonly terms: readonly TermExplanation[];
  /** The sum of `terms[].score`: the score before the name-coverage factor. */
  readonly termTotal: number;
  /** The name-coverage factor `termTotal` was multiplied by (1 when none; docs/scoring.md "Scoring"). */
  readonly nameFactor: number;
}

// The construction token of a loaded index: only `Bm25ToolRanker.load` makes one (the class is
// not exported), and the constructor given one takes its index instead of building.
class FromArtifact implements BuildHooks {
  declare readonly onProgress?: undefined;
  declare readonly vectors?: undefined;
  constructor(readonly index: LoadedIndex) {}
}

// Analyzer and scoring numbers; a loaded index brings its query tables with it.
function configureScoring(memory: CoreMemory, options: ResolvedRankerOptions): void {
  const { weights } = options;
  memory.core.configure(
    wordFormMode(options),
    options.k1,
    options.b,
    options.maxQueryTerms,
    selectionRule(options),
    options.nameBonus,
    options.expansionWeight,
    options.relatedWeight,
    weights.name,
    weights.aliases,
    weights.tags,
    weights.summary,
    weights.description,
    weights.params,
  );
}

// The bundled stopwords and lexicon as a build's core analyzed them (its staged query-table
// sections), per analyzer: later builds in the realm copy them in instead of analyzing them
// again (3.4 of the 4.4 ms a one-tool build takes). The lexicon's map to index terms in them
// is the first build's; `finishBuild` rewrites it for each index.
const bundledTables = new Map<string, readonly [Uint8Array, Uint8Array]>();

function bundledTablesKey(options: ResolvedRankerOptions): string | undefined {
  const bundled = RANKER_DEFAULTS;
  return options.stopwords === bundled.stopwords && options.lexicon === bundled.lexicon ? options.analyzer : undefined;
}

// The numbers, then the stopword and lexicon tables analyzed from their text (for a build).
function configureCore(memory: CoreMemory, options: ResolvedRankerOptions): void {
  const core = memory.core;
  configureScoring(memory, options);
  const tables = bundledTables.get(bundledTablesKey(options) ?? "");
  if (tables !== undefined) {
    core.prepareTables(tables[0].length, tables[1].length);
    memory.bytes(core.sectionPointer(SECTION_STOPWORD_TABLE), tables[0].length).set(tables[0]);
    memory.bytes(core.sectionPointer(SECTION_LEXICON_TABLES), tables[1].length).set(tables[1]);
    if (core.restoreTables() !== STATUS_OK) throw new ToolsiftError("internal_error", "toolsift: the bundled query tables did not restore");
    return;
  }
  // Stopwords are analyzed as one text: a newline separates them as any separator would.
  for (const chunk of stopwordChunks(options.stopwords, memory.maxInput)) core.addStopword(memory.write(chunk));
  if (options.lexicon !== false) {
    for (const chunk of lexiconChunks(options.lexicon, memory.maxInput)) core.addLexiconEntries(memory.write(chunk));
  }
}

// After a build's move: keeps its analyzed bundled tables for the realm's later builds.
function keepBundledTables(memory: CoreMemory, options: ResolvedRankerOptions): void {
  const key = bundledTablesKey(options);
  if (key === undefined || bundledTables.has(key)) return;
  const section = (id: number) => memory.bytes(memory.core.sectionPointer(id), memory.core.sectionBytes(id)).slice();
  const lexicon = section(SECTION_LEXICON_TABLES);
  // The map to this index's terms ends the lexicon's tables (one i32 per expansion word): −1,
  // no term, until the next build's `finishBuild` maps its own.
  lexicon.fill(0xff, lexicon.length - 4 * lexiconExpansionWordCount(lexicon));
  bundledTables.set(key, [section(SECTION_STOPWORD_TABLE), lexicon]);
}

// Joins prepared entries with `separator` into texts that each fit the scratch window.
function chunked(entries: readonly string[], separator: string, size: number): string[] {
  const chunks: string[] = [];
  let current = "";
  for (const entry of entries) {
    if (current.length > 0 && current.length + separator.length + entry.length > size) {
      chunks.push(current);
      current = "";
    }
    current = current.length === 0 ? entry : current + separator + entry;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

// The bundled stopwords and lexicon are prepared once per realm, not once per ranker.
const preparedStopwords = new WeakMap<object, string[]>();
const preparedLexicons = new WeakMap<object, string[]>();

function stopwordChunks(stopwords: readonly string[], size: number): string[] {
  let chunks = preparedStopwords.get(stopwords);
  if (chunks === undefined) {
    chunks = chunked(stopwords.map(prepareQuery), "\n", size);
    if (Object.isFrozen(stopwords)) preparedStopwords.set(stopwords, chunks);
  }
  return chunks;
}

function lexiconChunks(lexicon: Readonly<Record<string, readonly string[]>>, size: number): string[] {
  let chunks = preparedLexicons.get(lexicon);
  if (chunks === undefined) {
    const entries = Object.entries(lexicon).map(([key, words]) => `${prepareQuery(key)}\u0001${prepareQuery(words.join(" "))}`);
    chunks = chunked(entries, "\u0002", size);
    if (Object.isFrozen(lexicon)) preparedLexicons.set(lexicon, chunks);
  }
  return chunks;
}

const scoredHit = (id: string, score: number): ScoredHit => ({ id, score });

/** Clamps a result limit (DESIGN.md "Data flow of one query"): NaN is an `invalid_query` error; the rest is clamped to [0, size]. */
export function clampLimit(limit: number, size: number): number {
  if (typeof limit !== "number" || Number.isNaN(limit)) {
    throw new ToolsiftError("invalid_query", `limit must be a number, got ${String(limit).slice(0, 40)}`, { path: ["limit"] });
  }
  if (limit <= 0) return 0;
  if (limit >= size) return size;
  return Math.floor(limit);
}

/**
 * The built-in BM25F ranker over a WebAssembly index (DESIGN.md "Index layout"; docs/scoring.md). Build it once per
 * catalogue version and share it across sessions; `rank` is synchronous and allocation-free
 * inside the core.
 *
 * @example
 * await init();
 * const ranker = new Bm25ToolRanker([{ id: "github__create_pull_request", description: "Open a pull request" }]);
 * ranker.rank("create a pull request", 5); // [{ id: "github__create_pull_request", score: … }]
 */
export class Bm25ToolRanker implements ToolRanker {
  readonly kind = "bm25";
  readonly options: ResolvedRankerOptions;
  readonly #memory: CoreMemory;
  readonly #ids: IdTable;
  #names: NameIndex | undefined;
  #lookalikes: { index: LookalikeIndex; stopwords: ReadonlySet<string>; translated: (form: string) => boolean } | undefined;
  #keyEdges: KeyEdges | undefined;
  #statsPointer: number | undefined;
  /** A loaded index's field frequencies, until explain or serialize moves them into the core. */
  #heldFrequencies: EncodedFrequencies | undefined;
  #vectors: VectorIndex | undefined;

  constructor(docs: readonly ToolSearchDocInput[], options?: RankerOptions, hooks: BuildHooks = {}) {
    if (hooks instanceof FromArtifact) {
      const { memory, ids, options: loaded, fieldFrequencies } = hooks.index;
      this.#memory = memory;
      this.#ids = ids;
      this.options = loaded;
      this.#heldFrequencies = fieldFrequencies;
      if (hooks.index.vectors !== undefined) this.#vectors = VectorIndex.restore(memory, hooks.index.vectors, ids.length);
      return;
    }
    this.options = resolveRankerOptions(options);
    const checked = validateDocs(docs);
    const ids = checked.map((doc) => doc.id);
    // The sort finds repeated ids too (validateDocs leaves them to it).
    const order = idOrder(ids, checked);
    this.#ids = IdTable.of(ids);
    // Built in a working core, then moved into a fresh core sized to the index: the stub
    // runtime never frees, so the working core's build space would otherwise stay for good.
    // The working core's memory is the last build's when it is still alive (memory.ts).
    const building = new CoreMemory(instantiateCore(takeWorkingMemory(checked.length)));
    configureCore(building, this.options);
    const core = building.core;
    core.beginBuild(checked.length);
    // Written into the core's array directly, not by a call per document.
    const ranks = building.int32View(core.sectionPointer(SECTION_DOCUMENT_RANKS), order.length);
    for (let rank = 0; rank < order.length; rank++) ranks[order[rank]!] = rank;
    const { onProgress } = hooks;
    const writer = new FieldWriter(building);
    for (let document = 0; document < checked.length; document++) {
      writer.add(document, checked[document]!);
      if (onProgress !== undefined && (document & 1023) === 1023) onProgress(document + 1, checked.length);
    }
    if (core.finishBuild() !== STATUS_OK) {
      const limit = (core.MAX_TERMS.value as number).toLocaleString("en-US");
      throw new ToolsiftError("invalid_catalogue", `a catalogue's tools hold at most ${limit} distinct terms; this one has more`);
    }
    this.#memory = new CoreMemory(instantiateCore());
    transferIndex(building, this.#memory, (memory) => configureScoring(memory, this.options));
    keepBundledTables(building, this.options);
    keepWorkingMemory(building.core);
    if (hooks.vectors !== undefined) this.#vectors = VectorIndex.build(this.#memory, ids, hooks.vectors);
    onProgress?.(checked.length, checked.length);
  }

  /** Number of tools in the index. */
  get size(): number {
    return this.#ids.length;
  }

  /** The indexed tools' ids in catalogue order (a fresh array; O(tools)), e.g. to check labelled ids against. */
  ids(): string[] {
    return this.#ids.toArray();
  }

  /** Dimensions of the host vectors the index holds; 0 without any. */
  get vectorDims(): number {
    return this.#vectors?.dims ?? 0;
  }

  /** Number of distinct terms in the index. */
  get termCount(): number {
    return this.#memory.core.termCount();
  }

  /**
   * Loads an index artifact made by `serialize` (DESIGN.md "Index artifact"): a copy into a fresh core plus
   * checks, no re-analysis. `bytes` is a `Uint8Array` (a Node `Buffer`) or an `ArrayBuffer` (what
   * `fetch().arrayBuffer()` and a Workers Data module give). Pass `options` to insist on an analyzer: a different one is an
   * `artifact_analyzer_mismatch` error. Every failure is a `ToolsiftError` with an `artifact_*` code
   * (`artifact_not_bytes` for a value that is no byte array at all).
   *
   * @example
   * const bytes = new Bm25ToolRanker(docs).serialize();
   * const ranker = Bm25ToolRanker.load(bytes);
   */
  static load(bytes: Uint8Array | ArrayBuffer, options?: RankerOptions): Bm25ToolRanker {
    const expected = options === undefined ? undefined : analyzerFingerprint(resolveRankerOptions(options));
    const index = loadIndex(
      bytes,
      expected,
      coreBuildId(),
      () => new CoreMemory(instantiateCore()),
      (memory, stored) => {
        // The bundled stopwords and lexicon come back as the bundled objects (already valid);
        // everything else an artifact holds is checked like a caller's options.
        const bundled = RANKER_DEFAULTS;
        if (stored === bundled) return configureScoring(memory, stored);
        try {
          resolveRankerOptions({
            ...stored,
            stopwords: stored.stopwords === bundled.stopwords ? [] : stored.stopwords,
            lexicon: stored.lexicon === bundled.lexicon ? false : stored.lexicon,
          });
        } catch (cause) {
          throw new ToolsiftError("artifact_corrupt", "index artifact options are out of range", { cause });
        }
        configureScoring(memory, stored);
      },
    );
    return new Bm25ToolRanker([], undefined, new FromArtifact(index));
  }

  /** The whole index as one versioned, checksummed artifact (DESIGN.md "Index artifact"). */
  serialize(): Uint8Array {
    this.#restoreFrequencies();
    return serializeIndex(this.#memory, this.#ids, this.options, this.#vectors?.encode());
  }

  #restoreFrequencies(): void {
    if (this.#heldFrequencies === undefined) return;
    restoreFieldFrequencies(this.#memory, this.#heldFrequencies);
    this.#heldFrequencies = undefined;
  }

  // The query prepared once per call (§A1) and the limit clamped once, for the name fallback too.
  #prepared = "";
  #limit = 0;

  /** Runs `query` in the core; the number of hits, read with `#hits`. */
  #search(query: string, limit: number): number {
    if (typeof query !== "string") throw new ToolsiftError("invalid_query", "the query must be a string");
    this.#limit = clampLimit(limit, this.#ids.length);
    this.#prepared = prepareQuery(query);
    return this.#memory.core.search(this.#memory.write(this.#withAppended(this.#prepared)), this.#limit);
  }

  /** The last search's first `count` hits, each made by `hit`: the one place results are read. */
  #hits<Hit>(count: number, hit: (id: string, score: number) => Hit): Hit[] {
    const core = this.#memory.core;
    const documents = this.#memory.int32View(core.resultDocumentsPointer(), count);
    const scores = this.#memory.float64View(core.resultScoresPointer(), count);
    const hits: Hit[] = new Array(count);
    for (let index = 0; index < count; index++) hits[index] = hit(this.#ids.at(documents[index]!), scores[index]!);
    return hits;
  }

  // The prepared query, then the look-alikes of its Cyrillic words (docs/analyzer.md §A10) and the
  // words of its Chinese split verbs (§A11), each after a space; what they need is gathered at
  // the first query that has any.
  #withAppended(prepared: string): string {
    let words: string[] = [];
    if (this.options.lookalikes && CYRILLIC.test(prepared)) {
      this.#lookalikes ??= {
        index: new LookalikeIndex(this.#ids.toArray()),
        stopwords: new Set(this.options.stopwords.flatMap((entry) => entry.toLowerCase().replace(/ё/g, "е").split(/\s+/))),
        translated: lexiconKeyTest(this.options.lexicon),
      };
      words = this.#lookalikes.index.lookalikes(prepared, this.#lookalikes.stopwords, this.#lookalikes.translated);
    }
    if (this.options.lexicon !== false && HAN.test(prepared)) {
      this.#keyEdges ??= keyEdges(Object.keys(this.options.lexicon));
      words = words.concat(splitVerbWords(prepared, this.#keyEdges));
    }
    return words.length === 0 ? prepared : `${prepared} ${words.join(" ")}`;
  }

  /**
   * Block-max pruning (docs/performance.md "Query: block-max pruning"): `"auto"` (the default)
   * prunes a query of at most five words (its own terms and their translations; related words
   * and word forms do not count) over at least 16,384 tools, `"always"` every query,
   * `"off"` none. The hits and scores are the same in every mode; `"off"` is the reference the
   * tests compare against. Not stored in an artifact: a loaded ranker starts at `"auto"`.
   *
   * @example
   * ranker.setPruning("off").rank("create a pull request", 5);
   */
  setPruning(mode: PruningMode): this {
    const code = PRUNING_MODES.get(mode);
    if (code === undefined) {
      throw new ToolsiftError("invalid_option", 'ranker option pruning: must be "auto", "always" or "off"', { path: ["pruning"] });
    }
    this.#memory.core.pruneQueries(code);
    return this;
  }

  /** The best `limit` tools for `query`, best first; ties broken by id. */
  rank(query: string, limit: number): ScoredHit[] {
    return this.#hits(this.#search(query, limit), scoredHit);
  }

  /**
   * Ranks like `rank` and says whether the search found a confident match (docs/scoring.md "No
   * confident match"): `confident` when the best hit scored at least `floor`. When no tool
   * scores at all, the hits are tools whose names contain a fragment of the query (at least
   * 3 characters; `match: "name"`, score 0), longest match first, then id. Still one call
   * into the core per query; the fallback runs in TypeScript only when nothing scored.
   *
   * @example
   * const { hits, confident } = ranker.search("create a pull request", 5);
   * if (!confident) console.log("closest tools:", hits.map((hit) => hit.id));
   */
  search(query: string, limit: number, options?: SearchOptions): ToolSearchResult {
    if (options !== undefined && (options.vector !== undefined || options.vectorWeights !== undefined)) return this.#fusedSearch(query, limit, options);
    const confidence = resolveConfidenceOptions(options);
    const count = this.#search(query, limit);
    const core = this.#memory.core;
    this.#statsPointer ??= core.queryStatsPointer();
    const stats = this.#memory.float64View(this.#statsPointer, 2);
    const floor = confidenceFloor(stats[0]!, stats[1]!, confidence);
    if (count > 0) {
      const hits = this.#hits(count, (id, score): SearchHit => ({ id, score, match: "terms" }));
      return { hits, confident: hits[0]!.score >= floor, floor, fallback: false };
    }
    if (this.#limit === 0) return { hits: [], confident: false, floor, fallback: false };
    this.#names ??= new NameIndex(this.#ids.length, (document) => this.#ids.at(document));
    const hits = matchNames(this.#names, this.#prepared, this.#limit).map(({ id }): SearchHit => ({ id, score: 0, match: "name" }));
    return { hits, confident: false, floor, fallback: hits.length > 0 };
  }

  // BM25F's best hits and the vectors' nearest, fused by a convex weight that BM25F's own
  // confidence sets (docs/embeddings.md "Fusion"); weight 0 is the plain search, untouched.
  #fusedSearch(query: string, limit: number, options: SearchOptions): ToolSearchResult {
    const { vector, vectorWeights, ...confidence } = options;
    const weights = resolveVectorWeights(vectorWeights);
    const vectors = this.#vectors;
    if (vector === undefined) return this.search(query, limit, confidence);
    if (vectors === undefined) throw new ToolsiftError("invalid_vector", "this index holds no vectors (build it with the vectors hook)", { path: ["vector"] });
    const checked = checkedVector(vector, vectors.dims, ["vector"]);
    const depth = VECTOR_FUSION_DEFAULTS.depth;
    const plain = this.search(query, Math.max(clampLimit(limit, this.#ids.length), depth), confidence);
    const scored = plain.fallback ? [] : plain.hits;
    const best = scored.length > 0 ? scored[0]!.score : 0;
    const weight = fusionWeight(best, plain.floor, weights);
    if (weight === 0 || this.#limit === 0) return this.search(query, limit, confidence);
    const cosines = vectors.cosines(checked);
    const documents = this.#memory.int32View(this.#memory.core.resultDocumentsPointer(), scored.length);
    const fused = new Map<number, { id: string; score: number; match: "terms" | "vector" }>();
    scored.forEach((hit, rank) => {
      const document = documents[rank]!;
      fused.set(document, { id: hit.id, score: ((1 - weight) * hit.score) / best + weight * Math.max(0, cosines[document]!), match: "terms" });
    });
    for (const document of nearestDocuments(cosines, depth)) {
      if (!fused.has(document)) fused.set(document, { id: this.#ids.at(document), score: weight * cosines[document]!, match: "vector" });
    }
    const hits = [...fused.values()]
      .sort((left, right) => right.score - left.score || (left.id < right.id ? -1 : left.id > right.id ? 1 : 0))
      .slice(0, clampLimit(limit, this.#ids.length));
    // The floor in fused units: what a hit scoring BM25F's floor and no cosine would score.
    const floor = best > 0 ? ((1 - weight) * plain.floor) / best : 1;
    return { hits, confident: hits.length > 0 && hits[0]!.score >= floor && plain.confident, floor, fallback: false };
  }

  /** The query terms as the analyzer chose them (after stopwords, dedupe and the cap). */
  queryTerms(query: string): string[] {
    this.#search(query, 0);
    return this.#lastTerms();
  }

  /** The chosen query terms with their weights: 1 for the query's own, less for lexicon expansions. */
  weightedQueryTerms(query: string): { term: string; weight: number }[] {
    this.#search(query, 0);
    const core = this.#memory.core;
    return this.#lastTerms().map((term, index) => ({ term, weight: core.queryTermWeight(index) }));
  }

  #lastTerms(): string[] {
    const core = this.#memory.core;
    const terms: string[] = [];
    const count = core.lastQueryTermCount();
    for (let index = 0; index < count; index++) terms.push(this.#memory.read(core.queryTermText(index)));
    return terms;
  }

  /** The `count` terms found in the most documents, most first (for inspection; O(terms)). */
  topTerms(count: number): { term: string; documents: number }[] {
    const core = this.#memory.core;
    const frequencies: [number, number][] = [];
    for (let term = 0; term < core.termCount(); term++) frequencies.push([term, core.termDocumentFrequency(term)]);
    frequencies.sort((left, right) => right[1] - left[1] || left[0] - right[0]);
    return frequencies.slice(0, count).map(([term, documents]) => ({ term: this.#memory.read(core.termText(term)), documents }));
  }

  /** Tokens of `text` as the analyzer sees them (a field, no cap). */
  analyze(text: string): string[] {
    const length = this.#memory.core.analyze(this.#memory.write(prepareField(text)));
    const joined = this.#memory.read(length);
    return joined.length === 0 ? [] : joined.split("\u0000");
  }

  /** Ranks like `rank`, and explains each hit per term and field (DESIGN.md "Boundary ABI"; off the hot path). */
  explain(query: string, limit: number): HitExplanation[] {
    this.#restoreFrequencies();
    const count = this.#search(query, limit);
    const core = this.#memory.core;
    // Copied: the views below may be rebuilt between explain calls.
    const documents = Array.from(this.#memory.int32View(core.resultDocumentsPointer(), count));
    const hits = this.#hits(count, scoredHit);
    const terms = this.#lastTerms();
    const stride = core.EXPLAIN_STRIDE.value as number;
    return hits.map((hit, rank) => {
      const document = documents[rank]!;
      core.explain(document);
      const values = this.#memory.float64View(core.explainPointer(), terms.length * stride);
      const explained: TermExplanation[] = [];
      let termTotal = 0;
      terms.forEach((term, index) => {
        const base = index * stride;
        const score = values[base]!;
        const combined = values[base + 1]!;
        if (combined === 0 && score === 0) return;
        const fields = Object.fromEntries(
          FIELDS.map((field, offset) => [field, combined > 0 ? (score * values[base + 2 + offset]!) / combined : 0]),
        ) as Record<FieldName, number>;
        explained.push({ term, score, fields });
        termTotal += score;
      });
      return { ...hit, terms: explained, termTotal, nameFactor: core.nameCoverageFactor(document) };
    });
  }
}

export { MAX_DOCUMENTS };
export type { RankedHit };

// Whether a word is a key of the ranker's lexicon, for look-alikes of flat ids (docs/analyzer.md §A10).
function lexiconKeyTest(lexicon: Readonly<Record<string, readonly string[]>> | false): (form: string) => boolean {
  return lexicon === false ? () => false : (form) => Object.hasOwn(lexicon, form);
}
