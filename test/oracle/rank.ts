// docs/analyzer.md §A5, §A6 and the Scoring section. Written from the design text only.
import { oracleTokens, prepareField, prepareQuery } from "./analyze.js";
import { oracleLookalikes } from "./lookalikes.js";
import { wordFormFolder, type OracleAnalyzer } from "./fold.js";
import { fdlibmLog } from "./log.js";
import { oracleSplitSummary } from "./sentence.js";

/** Structurally the core's `ToolSearchDoc` (declared here so the oracle imports nothing from src/). */
export interface OracleDoc {
  readonly id: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly aliases: readonly string[];
  readonly params?: readonly { readonly name: string; readonly description?: string }[];
}

export interface OracleWeights {
  name: number;
  aliases: number;
  tags: number;
  summary: number;
  description: number;
  params: number;
}

export interface OracleOptions {
  analyzer: OracleAnalyzer;
  weights: OracleWeights;
  k1: number;
  b: number;
  maxQueryTerms: number;
  termSelection: "first" | "rarest";
  stopwords: readonly string[];
  nameBonus: number;
  relatedWeight: number;
  /** §A10. */
  lookalikes: boolean;
}

export type OracleOptionsInput = Partial<Omit<OracleOptions, "weights">> & { weights?: Partial<OracleWeights> };

/**
 * The oracle's defaults, from docs/analyzer.md §A6 and docs/tuning.md. `stopwords` is empty on purpose: the
 * default list is data the core ships (docs/analyzer.md §A6), so comparisons always pass an explicit list.
 */
export const DEFAULTS: Readonly<OracleOptions> = Object.freeze({
  analyzer: "plural",
  weights: Object.freeze({ name: 3, aliases: 2, tags: 1, summary: 2, description: 0.5, params: 0.5 }),
  k1: 1.8,
  b: 0.75,
  maxQueryTerms: 64,
  termSelection: "rarest",
  stopwords: Object.freeze([]) as readonly string[],
  nameBonus: 0.6,
  relatedWeight: 0.3,
  lookalikes: true,
});

export function resolveOptions(input: OracleOptionsInput = {}): OracleOptions {
  return {
    analyzer: input.analyzer ?? DEFAULTS.analyzer,
    weights: { ...DEFAULTS.weights, ...input.weights },
    k1: input.k1 ?? DEFAULTS.k1,
    b: input.b ?? DEFAULTS.b,
    maxQueryTerms: input.maxQueryTerms ?? DEFAULTS.maxQueryTerms,
    termSelection: input.termSelection ?? DEFAULTS.termSelection,
    stopwords: input.stopwords ?? DEFAULTS.stopwords,
    nameBonus: input.nameBonus ?? DEFAULTS.nameBonus,
    relatedWeight: input.relatedWeight ?? DEFAULTS.relatedWeight,
    lookalikes: input.lookalikes ?? DEFAULTS.lookalikes,
  };
}

/** §A5: field order (field numbers 0–5) and caps. */
export const FIELDS = ["name", "aliases", "tags", "summary", "description", "params"] as const;
export const FIELD_CAPS = [32, 96, 64, 64, 128, 128] as const;

/** The raw (unprepared) text of each field of a document, in field order. */
export function rawFields(doc: OracleDoc): string[] {
  const [summary, rest] = oracleSplitSummary(doc.description ?? "");
  const params = (doc.params ?? []).map((param) =>
    param.description === undefined ? param.name : `${param.name}\n${param.description}`,
  );
  return [doc.id, doc.aliases.join("\n"), doc.tags.join("\n"), summary, rest, params.join("\n")];
}

/** The indexed tokens of each field of a document (§A1 preparation, §A5 caps), in field order. */
export function oracleFields(doc: OracleDoc, mode: OracleAnalyzer): string[][] {
  return rawFields(doc).map((raw, field) => oracleTokens(prepareField(raw), mode).slice(0, FIELD_CAPS[field]));
}

function distinct(terms: readonly string[]): string[] {
  return [...new Set(terms)];
}

/** §A6 steps 1–2: the query's distinct terms after stopwords, before the index is consulted. */
export interface OracleQueryAnalysis {
  terms: string[];
  /** The analyzed stopword list. */
  stopwords: Set<string>;
  /** Every term was a stopword, so all were kept (step 2); step 3 halves may then be stopwords. */
  onlyStopwords: boolean;
}

export function oracleAnalyzeQuery(query: string, options: OracleOptions, ids: readonly string[] = []): OracleQueryAnalysis {
  // §A10: the look-alikes of the query's Cyrillic words follow the prepared query.
  const prepared = prepareQuery(query);
  const appended = options.lookalikes ? oracleLookalikes(prepared, ids, options.stopwords) : [];
  const terms = distinct(oracleTokens([prepared, ...appended].join(" "), options.analyzer));
  const stopwords = new Set(options.stopwords.flatMap((entry) => oracleTokens(prepareQuery(entry), options.analyzer)));
  const kept = terms.filter((term) => !stopwords.has(term));
  const onlyStopwords = kept.length === 0;
  return { terms: onlyStopwords ? terms : kept, stopwords, onlyStopwords };
}

/** §A6 steps 1–2 (terms only). */
export function oracleQueryTerms(query: string, options: OracleOptions): string[] {
  return oracleAnalyzeQuery(query, options).terms;
}

export interface OracleHit {
  id: string;
  score: number;
}

/** Everything the oracle knows about one catalogue, for debugging a disagreement. */
export interface OracleIndex {
  ids: string[];
  fields: string[][][];
  documentFrequency: Map<string, number>;
  averages: number[];
}

export function oracleIndex(docs: readonly OracleDoc[], options: OracleOptions): OracleIndex {
  const fields = docs.map((doc) => oracleFields(doc, options.analyzer));
  const documentFrequency = new Map<string, number>();
  for (const docFields of fields) {
    for (const term of new Set(docFields.flat())) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  // avg_f = total_f / D_f, D_f the documents whose field f has at least one token; a field no
  // document has gets 0 (it is skipped by "avg_f > 0" and never has tf_f > 0 anyway).
  const averages = FIELDS.map((_, field) => {
    let total = 0;
    let documents = 0;
    for (const docFields of fields) {
      const length = (docFields[field] as string[]).length;
      total += length;
      if (length > 0) documents++;
    }
    return documents === 0 ? 0 : total / documents;
  });
  return { ids: docs.map((doc) => doc.id), fields, documentFrequency, averages };
}

/**
 * §A6 step 3 for one term that no document contains: the two halves at the longest prefix of at
 * least 3 code units that is an index term and not a stopword, whose rest (at least 3 code units),
 * after A4 step 4, is an index term and not a stopword; `undefined` when there is none.
 */
export function oracleSplitTerm(
  term: string,
  index: OracleIndex,
  analysis: OracleQueryAnalysis,
  mode: OracleAnalyzer,
): [prefix: string, rest: string] | undefined {
  const foldWordForm = wordFormFolder(mode);
  const usable = (half: string): boolean =>
    index.documentFrequency.has(half) && (analysis.onlyStopwords || !analysis.stopwords.has(half));
  for (let cut = term.length - 3; cut >= 3; cut--) {
    const prefix = term.slice(0, cut);
    const rest = foldWordForm(term.slice(cut));
    if (usable(prefix) && usable(rest)) return [prefix, rest];
  }
  return undefined;
}

/** §A6 steps 3–4 on top of `oracleAnalyzeQuery`. */
export function oracleSurvivingTerms(analysis: OracleQueryAnalysis, index: OracleIndex, options: OracleOptions): string[] {
  const split: string[] = [];
  for (const term of analysis.terms) {
    if (index.documentFrequency.has(term)) {
      split.push(term);
      continue;
    }
    const halves = oracleSplitTerm(term, index, analysis, options.analyzer);
    if (halves !== undefined) split.push(...halves);
  }
  const present = distinct(split);
  if (options.termSelection === "first") return present.slice(0, options.maxQueryTerms);
  const byRarity = present
    .map((term, position) => ({ term, position, df: index.documentFrequency.get(term) as number }))
    .sort((a, b) => a.df - b.df || a.position - b.position)
    .slice(0, options.maxQueryTerms);
  return byRarity.sort((a, b) => a.position - b.position).map((entry) => entry.term);
}

const VOWELS_Y = "aeiouy";
const VOWELS = "aeiou";

// §A6 step 6: the forms a stripped stem stands for.
function stemForms(stem: string): string[] {
  if (stem.length < 3 || ![...stem].some((letter) => VOWELS_Y.includes(letter))) return [];
  const forms = [stem, `${stem}e`];
  const last = stem[stem.length - 1] as string;
  if (stem.length >= 4 && last === stem[stem.length - 2] && !VOWELS_Y.includes(last)) forms.push(stem.slice(0, -1));
  return forms;
}

/** §A6 step 6: the candidate word forms of one chosen term, in order. */
export function oracleVariants(term: string): string[] {
  if (term.length < 4 || !/^[a-z]+$/.test(term)) return [];
  if (term.endsWith("ing")) return stemForms(term.slice(0, -3));
  if (term.endsWith("ed") && !term.endsWith("eed")) return stemForms(term.slice(0, -2));
  if (term.endsWith("ie") && term.length > 4) return [`${term.slice(0, -2)}y`];
  if (term.endsWith("er") && term.length > 5) return stemForms(term.slice(0, -2));
  const base = term.endsWith("e") ? term.slice(0, -1) : term;
  const forms = [`${base}ing`, `${base}ed`];
  const [a, b, c] = [term[term.length - 3] as string, term[term.length - 2] as string, term[term.length - 1] as string];
  if (term.length <= 5 && "bdgmnprt".includes(c) && VOWELS.includes(b) && !VOWELS.includes(a)) forms.push(`${term}${c}ing`, `${term}${c}ed`);
  forms.push(`${base}er`);
  if (term.endsWith("y")) forms.push(`${term.slice(0, -1)}ie`);
  return forms;
}

/** §A6 steps 1–6 without expansion (step 5): the chosen terms and their query weights. */
export function oracleWeightedTerms(index: OracleIndex, options: OracleOptions, query: string): [string, number][] {
  const own = oracleSurvivingTerms(oracleAnalyzeQuery(query, options, index.ids), index, options);
  // §A6 step 1: a term of one ASCII digit counts at the related weight.
  const chosen: [string, number][] = own.map((term) => [term, /^[0-9]$/.test(term) ? options.relatedWeight : 1]);
  if (options.analyzer !== "plural" || options.relatedWeight === 0) return chosen;
  const seen = new Set(own);
  for (const term of own) {
    for (const form of oracleVariants(term)) {
      if (chosen.length >= options.maxQueryTerms) return chosen;
      if (seen.has(form) || !index.documentFrequency.has(form)) continue;
      seen.add(form);
      chosen.push([form, options.relatedWeight]);
    }
  }
  return chosen;
}

function countOf(tokens: readonly string[], term: string): number {
  let count = 0;
  for (const token of tokens) if (token === term) count++;
  return count;
}

/** The limit semantics of DESIGN.md "Data flow of one query": NaN throws; negative → 0; fractional → floor; Infinity → all. */
export function oracleLimit(limit: number, hits: number): number {
  if (Number.isNaN(limit)) throw new RangeError("limit must not be NaN");
  if (limit === Infinity) return hits;
  return Math.max(0, Math.floor(limit));
}

/** One query term's share of one document's score, with its parts (for reading a disagreement). */
export interface OracleTermExplanation {
  term: string;
  idf: number;
  /** `v_f(t, d)` per field, in field order; 0 where the field is skipped. */
  fields: number[];
  tfTilde: number;
  score: number;
}

export interface OracleExplanation extends OracleHit {
  terms: OracleTermExplanation[];
}

/**
 * Every hit for `query` (a document containing at least one surviving query term), unsorted,
 * with each term's contribution.
 */
export function oracleExplain(docs: readonly OracleDoc[], optionsInput: OracleOptionsInput, query: string): OracleExplanation[] {
  const options = resolveOptions(optionsInput);
  const index = oracleIndex(docs, options);
  const terms = oracleWeightedTerms(index, options, query);
  const weights = FIELDS.map((field) => options.weights[field]);
  const N = docs.length;
  const { k1, b } = options;
  const hits: OracleExplanation[] = [];
  docs.forEach((doc, d) => {
    const docFields = index.fields[d] as string[][];
    let score = 0;
    const explained: OracleTermExplanation[] = [];
    for (const [term, queryWeight] of terms) {
      const tfs = docFields.map((tokens) => countOf(tokens, term));
      if (tfs.every((tf) => tf === 0)) continue;
      const n = index.documentFrequency.get(term) as number;
      const idf = fdlibmLog(1 + (N - n + 0.5) / (n + 0.5));
      const fields = FIELDS.map(() => 0);
      let tfTilde = 0;
      for (let f = 0; f < FIELDS.length; f++) {
        const tf = tfs[f] as number;
        const avg = index.averages[f] as number;
        if (tf > 0 && avg > 0) {
          const norm = (1 - b) + (b * (docFields[f] as string[]).length) / avg;
          const v = ((weights[f] as number) * Math.min(tf, 2)) / norm;
          fields[f] = v;
          tfTilde = tfTilde + v;
        }
      }
      const contribution = scoreContribution(queryWeight, idf, tfTilde, k1);
      explained.push({ term, idf, fields, tfTilde, score: contribution });
      score = score + contribution;
    }
    if (explained.length > 0) {
      // Scoring: the name-coverage factor, 1 + nameBonus × (matched name terms / name terms).
      const nameTerms = distinct(docFields[0] as string[]).length;
      const matched = explained.filter((entry) => (entry.fields[0] as number) > 0 || countOf(docFields[0] as string[], entry.term) > 0).length;
      const factor = nameTerms === 0 ? 1 : 1 + options.nameBonus * (matched / nameTerms);
      hits.push({ id: doc.id, score: score * factor, terms: explained });
    }
  });
  return hits;
}

/**
 * Ranks `docs` for `query` exactly as docs/scoring.md's Scoring section says, best first, ties by id in
 * UTF-16 code-unit order. A hit is a document containing at least one surviving query term.
 *
 * @example
 * oracleRank([{ id: "browser_open", tags: [], aliases: [] }], {}, "open", 5); // [{ id: "browser_open", score: … }]
 */
export function oracleRank(
  docs: readonly OracleDoc[],
  optionsInput: OracleOptionsInput,
  query: string,
  limit: number,
): OracleHit[] {
  oracleLimit(limit, 0);
  const hits: OracleHit[] = oracleExplain(docs, optionsInput, query).map(({ id, score }) => ({ id, score }));
  hits.sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  return hits.slice(0, oracleLimit(limit, hits.length));
}

/** `c(t, d)` of the Scoring section: `s` in units of 2^−16 (rounded, at most 65535), `c = (qw * idf) * s`. */
export function scoreContribution(queryWeight: number, idf: number, tfTilde: number, k1: number): number {
  const units = Math.min(Math.floor((tfTilde / (k1 + tfTilde)) * 65536 + 0.5), 65535);
  return (queryWeight * idf) * (units / 65536);
}
