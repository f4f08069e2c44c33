import { ToolsiftError } from "../errors.js";
import type { ToolRanker } from "../types.js";
import { firstRelevantRank, ndcgAt, recallAt } from "./metrics.js";
import type { EvalFold, EvalQuery } from "./queries.js";

/**
 * Retrieval quality over a set of labelled queries, each value a mean over the queries
 * (0–1), the keys exactly those `toolsift eval --json` prints.
 *
 * - `recall@k`: per query `|relevant ∩ top-k| / |relevant|` (a multi-tool request with 2 of
 *   its 4 tools in the top k counts 0.5), averaged over queries.
 * - `ndcg@10`: binary-relevance nDCG over the top 10 (see `ndcgAt`).
 * - `mrr`: mean of `1 / rank` of the first relevant hit within the top `limit`, 0 when there
 *   is none.
 * - `queries`: how many queries were evaluated (after the fold and language filters). With
 *   no queries (and no filter) every mean is 0; a filter that selects none is an error.
 */
export interface EvalMetrics {
  readonly "recall@1": number;
  readonly "recall@5": number;
  readonly "recall@10": number;
  readonly "ndcg@10": number;
  readonly mrr: number;
  readonly queries: number;
}

/** Options of `evaluate` and `evaluateDetailed`. */
export interface EvalOptions {
  /**
   * Keep only queries of this split. A query without a `fold` is held out: it counts as
   * `"test"`, so an unlabelled set is never used for tuning by accident.
   */
  readonly fold?: EvalFold;
  /** Keep only queries with this `lang` (case-insensitive); queries without `lang` are dropped. */
  readonly lang?: string;
  /**
   * Ranking depth for MRR and the first relevant rank, an integer ≥ 1 (default 10). The
   * ranker is asked for `max(limit, 10)` hits, so recall@1/5/10 and nDCG@10 are always
   * measured over the same top 10 whatever `limit` is.
   */
  readonly limit?: number;
  /** Called after each query with the number done and the total; for progress bars. */
  readonly onProgress?: (done: number, total: number) => void;
  /**
   * The ids of the catalogue the ranker indexes. When given, `evaluateDetailed` lists the
   * relevant ids of the evaluated queries that are not among them (`unknownRelevant`): such
   * an id (a typo, a renamed tool) can never be found, so it silently scores 0.
   */
  readonly catalogueIds?: Iterable<string>;
}

/** One evaluated query, for a list of misses. */
export interface EvalRow {
  readonly query: string;
  readonly relevant: readonly string[];
  /** Ids the ranker returned, best first, deduplicated, at most `max(limit, 10)`. */
  readonly hits: readonly string[];
  /** 1-based rank of the first relevant hit within the top `limit`, or `null` (a miss). */
  readonly firstRelevantRank: number | null;
  readonly lang?: string;
  readonly fold?: EvalFold;
}

/** `evaluateDetailed`'s result: the aggregate metrics and one row per evaluated query. */
export interface EvalReport {
  readonly metrics: EvalMetrics;
  readonly rows: readonly EvalRow[];
  /**
   * Relevant ids of the evaluated queries that are not in `options.catalogueIds`, each once,
   * in the order first met; empty when `catalogueIds` was not given.
   */
  readonly unknownRelevant: readonly string[];
}

/** Defaults of `EvalOptions`. */
export const EVAL_DEFAULTS = { limit: 10 } as const;

// The metrics are fixed at these depths; `limit` never lowers the depth asked of the ranker.
const METRIC_DEPTH = 10;

/**
 * Runs every query through `ranker` and returns recall@1/5/10, nDCG@10 and MRR (see
 * `EvalMetrics` for the definitions).
 *
 * @throws ToolsiftError `invalid_option` for a bad `limit`, or a `fold` or `lang` that no query
 *   has (`path` ["fold"] or ["lang"]; the message lists those the queries have);
 *   `invalid_queries` for a query without relevant ids (its index in `path`).
 * @example
 * const metrics = evaluate(ranker, parseQueries(text), { fold: "test" });
 * metrics["recall@5"]; // e.g. 0.83
 */
export function evaluate(ranker: ToolRanker, queries: readonly EvalQuery[], options: EvalOptions = {}): EvalMetrics {
  return run(ranker, queries, options, undefined);
}

/**
 * Like `evaluate`, and also returns one row per query (its hits and the rank of its first
 * relevant hit), e.g. to list the misses.
 *
 * @example
 * const { metrics, rows } = evaluateDetailed(ranker, queries);
 * const misses = rows.filter((row) => row.firstRelevantRank === null);
 */
export function evaluateDetailed(
  ranker: ToolRanker,
  queries: readonly EvalQuery[],
  options: EvalOptions = {},
): EvalReport {
  const rows: EvalRow[] = [];
  const metrics = run(ranker, queries, options, rows);
  return { metrics, rows, unknownRelevant: unknownRelevant(rows, options.catalogueIds) };
}

function unknownRelevant(rows: readonly EvalRow[], catalogueIds: Iterable<string> | undefined): string[] {
  if (catalogueIds === undefined) return [];
  const known = catalogueIds instanceof Set ? (catalogueIds as ReadonlySet<string>) : new Set(catalogueIds);
  const unknown = new Set<string>();
  for (const row of rows) for (const id of row.relevant) if (!known.has(id)) unknown.add(id);
  return [...unknown];
}

// "en (12), ru (3), none (2)": what a filter could have chosen, most common first.
function tally(values: readonly (string | undefined)[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value ?? "none", (counts.get(value ?? "none") ?? 0) + 1);
  return [...counts].sort((left, right) => right[1] - left[1] || left[0].localeCompare(right[0])).map(([value, count]) => `${value} (${count})`).join(", ");
}

// A filter that selects nothing would print zeros that look like a measurement.
function nothingSelected(queries: readonly EvalQuery[], fold: EvalFold | undefined, lang: string | undefined): ToolsiftError {
  if (queries.length === 0) {
    return new ToolsiftError("invalid_option", "there are no queries to filter by fold or lang", { path: [fold === undefined ? "lang" : "fold"] });
  }
  const inFold = fold === undefined ? queries : queries.filter((entry) => (entry.fold ?? "test") === fold);
  if (inFold.length === 0) {
    return new ToolsiftError("invalid_option", `no query has fold "${fold}"; the queries' folds: ${tally(queries.map((entry) => entry.fold ?? "test"))}`, { path: ["fold"] });
  }
  const which = fold === undefined ? "the queries'" : `the ${fold} queries'`;
  const of = fold === undefined ? "" : ` of fold "${fold}"`;
  return new ToolsiftError("invalid_option", `no query${of} has lang "${lang}"; ${which} langs: ${tally(inFold.map((entry) => entry.lang?.toLowerCase()))}`, { path: ["lang"] });
}

function run(
  ranker: ToolRanker,
  queries: readonly EvalQuery[],
  options: EvalOptions,
  rows: EvalRow[] | undefined,
): EvalMetrics {
  const limit = options.limit ?? EVAL_DEFAULTS.limit;
  if (!Number.isInteger(limit) || limit < 1) {
    throw new ToolsiftError("invalid_option", `limit must be an integer ≥ 1, got ${String(limit)}`, {
      path: ["limit"],
    });
  }
  const depth = Math.max(limit, METRIC_DEPTH);
  const lang = options.lang?.toLowerCase();
  const selected: { entry: EvalQuery; index: number }[] = [];
  queries.forEach((entry, index) => {
    if (options.fold !== undefined && (entry.fold ?? "test") !== options.fold) return;
    if (lang !== undefined && entry.lang?.toLowerCase() !== lang) return;
    if (entry.relevant.length === 0) {
      throw new ToolsiftError("invalid_queries", `queries entry ${index}: relevant must list at least one tool id`, {
        path: [index, "relevant"],
      });
    }
    selected.push({ entry, index });
  });
  if (selected.length === 0 && (options.fold !== undefined || lang !== undefined)) throw nothingSelected(queries, options.fold, lang);

  let recall1 = 0;
  let recall5 = 0;
  let recall10 = 0;
  let ndcg10 = 0;
  let reciprocalRanks = 0;
  const total = selected.length;
  for (let done = 0; done < total; done++) {
    const { entry } = selected[done]!;
    const relevant = new Set(entry.relevant);
    const hits = topIds(ranker.rank(entry.query, depth), depth);
    recall1 += recallAt(hits, relevant, 1);
    recall5 += recallAt(hits, relevant, 5);
    recall10 += recallAt(hits, relevant, 10);
    ndcg10 += ndcgAt(hits, relevant, 10);
    const rank = firstRelevantRank(hits, relevant, limit);
    if (rank !== null) reciprocalRanks += 1 / rank;
    rows?.push({
      query: entry.query,
      relevant: entry.relevant,
      hits,
      firstRelevantRank: rank,
      ...(entry.lang === undefined ? {} : { lang: entry.lang }),
      ...(entry.fold === undefined ? {} : { fold: entry.fold }),
    });
    options.onProgress?.(done + 1, total);
  }
  const mean = (sum: number) => (total === 0 ? 0 : sum / total);
  return {
    "recall@1": mean(recall1),
    "recall@5": mean(recall5),
    "recall@10": mean(recall10),
    "ndcg@10": mean(ndcg10),
    mrr: mean(reciprocalRanks),
    queries: total,
  };
}

// A ranker is untrusted for counting: a repeated id must not count twice, and anything past
// the depth asked for is ignored.
function topIds(hits: readonly { id: string }[], depth: number): string[] {
  const seen = new Set<string>();
  const ids: string[] = [];
  if (!Array.isArray(hits)) return ids;
  for (const hit of hits) {
    if (ids.length >= depth) break;
    const id = (hit as { id?: unknown } | null)?.id;
    if (typeof id !== "string" || seen.has(id)) continue;
    seen.add(id);
    ids.push(id);
  }
  return ids;
}
