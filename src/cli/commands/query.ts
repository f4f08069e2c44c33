// `toolsift query <index.tsi | catalogue.json> "<query>"`: one search, its hits, its timing;
// also how demo prints its hits and how eval opens its --tools.
import { catalogueDocs } from "../../catalogue/index.js";
import { ARTIFACT_MAGIC } from "../../core/artifact.js";
import { Bm25ToolRanker, type HitExplanation, type ScoredHit } from "../../core/index.js";
import { ToolsiftError } from "../../errors.js";
import type { ToolAnnotations } from "../../trust/tool-definition.js";
import { toolSearchDocs } from "../../trust/tool-docs.js";
import { parseCommand, positiveInteger, rankerOptions, UsageError } from "../args.js";
import { hasMagic, inputLimits, MAX_INPUT_OPTION, parseJsonBytes, readBounded, type Limits } from "../files.js";
import { EXIT_OK, visible, type Output } from "../output.js";

/** An artifact or a JSON catalogue, each under its own bound, told apart by the first bytes. */
async function readIndexOrCatalogue(path: string, limits: Limits): Promise<Uint8Array> {
  return readBounded(path, {
    what: "index or catalogue",
    maxBytes: Math.max(limits.artifactBytes, limits.jsonBytes),
    headBytes: ARTIFACT_MAGIC.length,
    sniff: (head) => (hasMagic(head) ? { what: "index", maxBytes: limits.artifactBytes } : { what: "catalogue", maxBytes: limits.jsonBytes }),
  });
}

/** The ranker of an index artifact or of a JSON catalogue (with `annotations`, a catalogue only). */
export async function openRanker(path: string, options: { analyzer?: "plural" | "stem" }, limits: Limits, annotations?: ToolAnnotations): Promise<Bm25ToolRanker> {
  const bytes = await readIndexOrCatalogue(path, limits);
  if (hasMagic(bytes)) {
    // An artifact's documents are fixed: annotations would need the catalogue it was built from.
    if (annotations !== undefined) throw new UsageError(`--hints needs a JSON catalogue for --tools, and ${path} is an index artifact`);
    return Bm25ToolRanker.load(bytes, Object.keys(options).length > 0 ? options : undefined);
  }
  const json = parseJsonBytes(bytes, path, "catalogue", { problem: "is neither an index artifact nor valid JSON" });
  // The catalogue's docs as eval always reads them, then the annotations as a session applies them.
  const docs = catalogueDocs(json);
  return new Bm25ToolRanker(annotations === undefined ? docs : toolSearchDocs(docs.map((doc) => ({ ...doc })), { annotations }), options);
}

/** What the query line reports: the first `rank` call of the process and the median of warm repeats, in µs. */
export interface QueryTiming {
  readonly firstMicros: number;
  readonly warmMicros: number;
}

// Repeats after the first call; their median is the steady-state figure the README's
// "microseconds" describes (the first call also pays for cold code paths: ~15 ms against ~20 µs).
const WARM_RUNS = 9;

export function timeQuery(ranker: Bm25ToolRanker, query: string, limit: number): QueryTiming {
  const micros = (): number => {
    const started = performance.now();
    ranker.rank(query, limit);
    return (performance.now() - started) * 1000;
  };
  const firstMicros = micros();
  const warm = Array.from({ length: WARM_RUNS }, micros).sort((left, right) => left - right);
  return { firstMicros, warmMicros: warm[WARM_RUNS >> 1]! };
}

// A query whose words are all stopwords keeps them as its terms (docs/analyzer.md, query terms
// step 2), which then pick whichever tools use them most: nothing the user asked for.
function hasSearchableWords(ranker: Bm25ToolRanker, query: string): boolean {
  const stop = stopTerms(ranker);
  return ranker.analyze(query).some((word) => !stop.has(word));
}

/** The index's stopwords as the analyzer folds them ("this" → "thi"): the terms a query drops. */
export function stopTerms(ranker: Bm25ToolRanker): Set<string> {
  return new Set(ranker.options.stopwords.flatMap((word) => ranker.analyze(word)));
}

export function printHits(out: Output, ranker: Bm25ToolRanker, query: string, limit: number, explain: boolean, json: boolean, timing: QueryTiming): void {
  const searchable = hasSearchableWords(ranker, query);
  // The verdict and, when no term scores, the name fallback (docs/scoring.md "No confident match").
  const found = searchable ? ranker.search(query, limit) : { hits: [], confident: false, fallback: false };
  const hits: readonly (ScoredHit & Partial<Pick<HitExplanation, "terms" | "termTotal" | "nameFactor">> & { match?: string })[] =
    explain && searchable && !found.fallback ? ranker.explain(query, limit) : found.hits;
  const terms = ranker.queryTerms(query);
  if (json) {
    out.line(JSON.stringify({ query, terms, searchable, confident: found.confident, fallback: found.fallback, hits }));
    return;
  }
  const micros = `first call ${timing.firstMicros.toFixed(0)} µs (cold), warm median ${timing.warmMicros.toFixed(0)} µs`;
  out.line(`${out.bold(visible(query))}  ${out.dim(`terms: ${visible(terms.join(" "))} · ${micros}`)}`);
  if (!searchable) out.line(out.dim(ranker.analyze(query).length === 0 ? "  no searchable words: the query has no words" : "  no searchable words: every word of the query is a stopword"));
  else if (hits.length === 0) out.line(out.dim("  no tool matched"));
  else if (found.fallback) out.line(out.dim("  no tool matched the words of the query; these tools' names contain part of it:"));
  else if (!found.confident) out.line(out.dim("  no confident match; the closest tools:"));
  hits.forEach((hit, index) => {
    out.line(`${String(index + 1).padStart(3)}. ${visible(hit.id)}  ${out.dim(hit.score.toFixed(3))}`);
    if (hit.terms !== undefined) {
      for (const term of hit.terms) {
        const fields = Object.entries(term.fields)
          .filter(([, value]) => value > 0)
          .map(([field, value]) => `${field} ${value.toFixed(3)}`)
          .join(", ");
        out.line(out.dim(`       ${visible(term.term)}: ${term.score.toFixed(3)} (${fields})`));
      }
      // The rows alone are not the score: the core multiplies their sum by the name factor.
      if (hit.termTotal !== undefined && hit.nameFactor !== undefined) {
        out.line(out.dim(`       score ${hit.score.toFixed(3)} = ${hit.termTotal.toFixed(3)} (sum of the terms) × ${hit.nameFactor.toFixed(3)} (name coverage)`));
      }
    }
  });
}

export async function commandQuery(args: string[], out: Output): Promise<number> {
  const { values, positionals } = parseCommand("query", {
    args,
    allowPositionals: true,
    options: { limit: { type: "string" }, explain: { type: "boolean" }, json: { type: "boolean" }, analyzer: { type: "string" }, ...MAX_INPUT_OPTION },
  });
  if (positionals.length !== 2) throw new UsageError('query needs <index.tsi | catalogue.json> and "<query>"');
  // Flags first: a bad flag is reported before a large input is read.
  const limit = positiveInteger(values.limit, 10, "limit");
  if (positionals[1]!.trim().length === 0) throw new ToolsiftError("invalid_query", 'the query is empty; give the request to search for, e.g. "send an email"', { path: ["query"] });
  const ranker = await openRanker(positionals[0]!, rankerOptions(values), inputLimits(values["max-input-bytes"]));
  const query = positionals[1]!;
  printHits(out, ranker, query, limit, values.explain ?? false, values.json ?? false, timeQuery(ranker, query, limit));
  return EXIT_OK;
}
