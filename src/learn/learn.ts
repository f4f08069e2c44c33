import { BUNDLED_STOPWORDS } from "../analysis/stopwords.js";
import { ToolsiftError } from "../errors.js";
import { LABEL_LIMITS } from "../trust/labels.js";
import { thirdPartyOnlyTerms } from "./third-party.js";
import type { Catalogue, ToolAnnotation, ToolAnnotations, TrustJsonSchemaText } from "../trust/tool-definition.js";

/** One (request → tool used) pair: what was asked, and the tool the model then called. */
export interface ToolUse {
  readonly request: string;
  readonly tool: string;
}

/**
 * Words as the index sees them. A `Bm25ToolRanker` is one (`ranker.analyze`): learned words are
 * compared, counted and written back in the analyzer's own terms, so a learned alias matches
 * exactly the requests whose words taught it.
 */
export interface WordAnalyzer {
  analyze(text: string): readonly string[];
}

/**
 * The index the requests are searched in, as it ranks without the hints being learned (a
 * `Bm25ToolRanker` on the host's docs is one): it tells which uses it already served.
 */
export interface ServingRanker {
  rank(query: string, limit: number): readonly { readonly id: string }[];
}

/**
 * Defaults of `learnHints`. Units and ranges (docs/tuning.md has the dev numbers behind each):
 * - `minSupport`: distinct requests of a tool that must carry a word before it is learned for
 *   the tool, ≥ 1. 1 learns from a single request (noisy); large learns only what many asked.
 * - `maxPerTool`: words learned per tool, 1–32 (at most 16 per field). Low: only the sharpest
 *   words; high: more recall on rare phrasings, more noise.
 * - `minShare`: the least share, 0–1, of the requests carrying a word that went to this tool
 *   (`support / requests with the word`). 0 keeps words every tool's users say; 1 keeps only
 *   words said for no other tool.
 * - `aliasShare`: words whose share is at least this go to `aliases` (ranking weight 2 by
 *   default), the others to `tags` (weight 1), 0–1. 0 puts every word in `aliases`; above 1,
 *   every word in `tags`. The field is the honest way to weigh a label: a repeated label is
 *   deduplicated, and a word written twice counts until `k1` saturates it while lengthening
 *   the field (docs/learning.md).
 * - `servedRank`: with a `ranker`, a use teaches only when that ranker did not already rank
 *   its tool within the first `servedRank` hits for the request, 0–100. 0: every use teaches;
 *   1: all but the uses the index already answered first; larger: only the clear misses.
 */
export const LEARN_DEFAULTS = Object.freeze({
  minSupport: 2,
  maxPerTool: 32,
  minShare: 0,
  aliasShare: 0.1,
  servedRank: 1,
});

/** Ceiling of `maxPerTool`: both label fields full (`LABEL_LIMITS.perField` each). */
export const MAX_LEARNED_PER_TOOL = 2 * LABEL_LIMITS.perField;

/** Options of `learnHints`. */
export interface LearnOptions {
  /** The index's analyzer (a `Bm25ToolRanker` built with the options the host searches with). */
  readonly analyzer: WordAnalyzer;
  readonly minSupport?: number;
  readonly maxPerTool?: number;
  readonly minShare?: number;
  readonly aliasShare?: number;
  readonly servedRank?: number;
  /**
   * The index as the host searches it, without the hints being learned (`servedRank`). Without
   * it every use teaches.
   */
  readonly ranker?: ServingRanker;
  /** Query stopwords, never learned (default `BUNDLED_STOPWORDS`, as the ranker's default). */
  readonly stopwords?: readonly string[];
  /**
   * The catalogue the tools are searched in. When given, only its tools are annotated, and
   * no word is learned that only a third-party tool's withheld text carries (its description,
   * labels or parameter text, which the index never ranks on but the model may read and echo).
   */
  readonly tools?: Catalogue;
  /** Which remote tools' text the operator vouches for, as in the session config. */
  readonly trustJsonSchemaText?: TrustJsonSchemaText;
  /**
   * With `tools`: let a tool whose own text is not trusted (an un-vouched third-party tool, a
   * tainted description) learn too. Default false: such a tool learns nothing, since the
   * traffic to it is what a model steered by its server can write (docs/learning.md).
   */
  readonly learnUnvouched?: boolean;
}

/** The annotations `learnHints` writes: the shape `toolSearch.annotations` takes. */
export type LearnedAnnotations = ToolAnnotations;

const WORD_RUN = /[\p{L}\p{N}]+/gu;

function optionError(name: string, problem: string): ToolsiftError {
  return new ToolsiftError("invalid_option", `learnHints: ${name} ${problem}`, { path: [name] });
}

function resolved(options: LearnOptions) {
  const value = (name: keyof typeof LEARN_DEFAULTS, min: number, max: number, integer: boolean): number => {
    const given = options[name] ?? LEARN_DEFAULTS[name];
    if (typeof given !== "number" || !Number.isFinite(given) || given < min || given > max || (integer && !Number.isInteger(given))) {
      throw optionError(name, `must be ${integer ? "an integer" : "a number"} from ${min} to ${max}`);
    }
    return given;
  };
  if (typeof options.analyzer?.analyze !== "function") throw optionError("analyzer", "must have analyze(text) (a Bm25ToolRanker does)");
  if (options.ranker !== undefined && typeof options.ranker?.rank !== "function") throw optionError("ranker", "must have rank(query, limit) (a Bm25ToolRanker does)");
  if (options.learnUnvouched !== undefined && typeof options.learnUnvouched !== "boolean") throw optionError("learnUnvouched", "must be a boolean");
  return {
    minSupport: value("minSupport", 1, Number.MAX_SAFE_INTEGER, true),
    maxPerTool: value("maxPerTool", 1, MAX_LEARNED_PER_TOOL, true),
    minShare: value("minShare", 0, 1, false),
    aliasShare: value("aliasShare", 0, Infinity, false),
    servedRank: value("servedRank", 0, 100, true),
  };
}

// Index terms of `text`, each once.
function distinctTerms(analyzer: WordAnalyzer, text: string): Set<string> {
  return new Set(analyzer.analyze(text));
}

// A term is learnable when it is a word and not a lone Latin letter or digit (`a`, `2`): the
// index keeps those, but a label made of one would match nearly every request.
function learnable(term: string): boolean {
  return term.length > 1 || term.codePointAt(0)! > 0x7f;
}

interface Candidate {
  readonly term: string;
  readonly support: number;
  readonly share: number;
  readonly score: number;
}

/**
 * Learns host annotations from use: for each tool, the request words that distinguish it
 * from the other tools' requests. A word is learned for a tool when at least `minSupport`
 * distinct requests of the tool carried it and at least `minShare` of all the requests that
 * carried it went to the tool; the tool keeps its `maxPerTool` best words by
 * `support × share` (a tf-idf-like contrast: support is the term frequency over the tool's
 * requests, share the contrast against the other tools'). Stopwords are never learned, nor
 * (with `tools`) a word only an un-vouched third-party text carried; and (with `tools`) a tool
 * whose own text is not trusted learns nothing unless `learnUnvouched`. With a `ranker`, a use
 * whose tool that ranker already ranked within the first `servedRank` teaches nothing: hints
 * are for the requests the index does not yet answer.
 *
 * Words are written as the analyzer's terms in their most frequent spelling in the requests,
 * one word per label, so the result is plain JSON a host can read, edit and pass back as
 * `toolSearch.annotations`. Annotations change ranking only.
 *
 * @example
 * const ranker = new Bm25ToolRanker(docs);
 * const annotations = learnHints(
 *   [{ request: "who is free on thursday", tool: "calendar__freebusy" }, { request: "is anna free at 3", tool: "calendar__freebusy" }],
 *   { analyzer: ranker },
 * );
 * // { calendar__freebusy: { aliases: ["free"] } }
 */
export function learnHints(uses: Iterable<ToolUse>, options: LearnOptions): LearnedAnnotations {
  const limits = resolved(options);
  const analyzer = options.analyzer;
  const stopTerms = new Set((options.stopwords ?? BUNDLED_STOPWORDS).flatMap((word) => analyzer.analyze(word)));
  const known = options.tools === undefined ? undefined : thirdPartyOnlyTerms(options.tools, analyzer, options.trustJsonSchemaText);
  // tool → term → distinct requests; term → requests of any tool; term → spelling → count.
  const support = new Map<string, Map<string, number>>();
  const requestsWith = new Map<string, number>();
  const spellings = new Map<string, Map<string, number>>();
  const seen = new Set<string>();
  // Requests repeat their words: each distinct word is analyzed once.
  const wordTerms = new Map<string, readonly string[]>();
  // request → the tools the ranker already served within `servedRank` (asked once per request).
  const served = new Map<string, ReadonlySet<string>>();
  const alreadyServed = (request: string, tool: string): boolean => {
    if (options.ranker === undefined || limits.servedRank === 0) return false;
    let top = served.get(request);
    if (top === undefined) {
      top = new Set(options.ranker.rank(request, limits.servedRank).map((hit) => hit.id));
      served.set(request, top);
    }
    return top.has(tool);
  };
  for (const use of uses) {
    if (typeof use?.request !== "string" || typeof use.tool !== "string" || use.tool.length === 0) continue;
    if (known !== undefined && (!known.ids.has(use.tool) || (known.unvouched.has(use.tool) && options.learnUnvouched !== true))) continue;
    const pair = `${use.tool}\u0000${use.request}`;
    if (seen.has(pair)) continue;
    seen.add(pair);
    // What the index already answered first needs no hint: its words would only add the
    // words of the requests' other tasks (a request naming several tools' tasks teaches each
    // tool its siblings' words) and lengthen the fields.
    if (alreadyServed(use.request, use.tool)) continue;
    const terms = [...distinctTerms(analyzer, use.request)].filter(
      (term) => learnable(term) && !stopTerms.has(term) && known?.forbidden.has(term) !== true,
    );
    if (terms.length === 0) continue;
    const counts = support.get(use.tool) ?? new Map<string, number>();
    support.set(use.tool, counts);
    for (const term of terms) {
      counts.set(term, (counts.get(term) ?? 0) + 1);
      requestsWith.set(term, (requestsWith.get(term) ?? 0) + 1);
    }
    for (const match of use.request.toLowerCase().matchAll(WORD_RUN)) {
      const word = match[0];
      let analyzed = wordTerms.get(word);
      if (analyzed === undefined) {
        analyzed = analyzer.analyze(word);
        wordTerms.set(word, analyzed);
      }
      if (analyzed.length !== 1) continue;
      const forms = spellings.get(analyzed[0]!) ?? new Map<string, number>();
      spellings.set(analyzed[0]!, forms);
      forms.set(word, (forms.get(word) ?? 0) + 1);
    }
  }
  const entries: [string, ToolAnnotation][] = [];
  // A term's spelling is the same for every tool that learns it.
  const labels = new Map<string, string | undefined>();
  const labelOf = (term: string): string | undefined => {
    if (!labels.has(term)) labels.set(term, spelling(analyzer, term, spellings.get(term)));
    return labels.get(term);
  };
  for (const tool of [...support.keys()].sort()) {
    const candidates: Candidate[] = [];
    for (const [term, count] of support.get(tool)!) {
      if (count < limits.minSupport) continue;
      const share = count / requestsWith.get(term)!;
      if (share < limits.minShare) continue;
      candidates.push({ term, support: count, share, score: count * share });
    }
    candidates.sort((left, right) => right.score - left.score || right.support - left.support || (left.term < right.term ? -1 : left.term > right.term ? 1 : 0));
    const aliases: string[] = [];
    const tags: string[] = [];
    for (const candidate of candidates) {
      if (aliases.length + tags.length >= limits.maxPerTool) break;
      const label = labelOf(candidate.term);
      if (label === undefined) continue;
      const field = candidate.share >= limits.aliasShare ? aliases : tags;
      const other = field === aliases ? tags : aliases;
      if (field.length < LABEL_LIMITS.perField) field.push(label);
      else if (other.length < LABEL_LIMITS.perField) other.push(label);
    }
    if (aliases.length + tags.length === 0) continue;
    const annotation: { aliases?: string[]; tags?: string[] } = {};
    if (aliases.length > 0) annotation.aliases = aliases;
    if (tags.length > 0) annotation.tags = tags;
    entries.push([tool, annotation]);
  }
  // fromEntries defines own properties: a tool id "__proto__" is a key like any other.
  return Object.fromEntries(entries);
}

// The most frequent spelling of `term` in the requests that the analyzer reads back as
// exactly `term`; else the term itself when it reads back as itself (a Han bigram, a folded
// plural); else none, since a label that analyzes to other terms would teach other words.
function spelling(analyzer: WordAnalyzer, term: string, forms: Map<string, number> | undefined): string | undefined {
  const ranked = [...(forms ?? new Map<string, number>())].sort((left, right) => right[1] - left[1] || (left[0] < right[0] ? -1 : 1));
  for (const [word] of ranked) {
    const back = analyzer.analyze(word);
    if (back.length === 1 && back[0] === term) return word;
  }
  const back = analyzer.analyze(term);
  return back.length === 1 && back[0] === term ? term : undefined;
}
