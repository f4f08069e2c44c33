import { ToolsiftError } from "../errors.js";
import type { RankedHit, ToolRanker, ToolRankerFactory, ToolSearchDoc } from "../types.js";
import { clipHits } from "./clip.js";
import { checkRankerInput, isThenable, rankerKind, type RankerInput } from "./shape.js";
import { clampLimit } from "../core/ranker.js";

/** Options of `fuseRankers`. */
export interface FusionOptions {
  /**
   * The RRF constant: a hit at rank `r` (1-based) of a ranker scores `weight / (k + r)`.
   * Range 1–1000, default 60 (the value of the original paper). A small `k` trusts each
   * ranker's top hits more; a large one flattens the ranks towards a vote count.
   */
  readonly k?: number;
  /** One weight per ranker, each ≥ 0 (default 1): how much that ranker's vote counts. */
  readonly weights?: readonly number[];
  /** How many hits each ranker is asked for: `max(limit, depth)`. Default 0 (just the limit), at most 1000. */
  readonly depth?: number;
  /** The fused ranker's `kind` (recorded in the journal). Default `rrf(<kind>+<kind>…)`. */
  readonly kind?: string;
}

/** Defaults of `fuseRankers`. */
export const FUSION_DEFAULTS = Object.freeze({ k: 60, depth: 0 });

const MAX_FUSION_LIMIT = 1000;

// The ranker's own clamp (NaN is an `invalid_query` error), at most MAX_FUSION_LIMIT.
function fusionLimit(limit: number): number {
  return clampLimit(limit, MAX_FUSION_LIMIT);
}

interface Resolved {
  readonly k: number;
  readonly weights: readonly number[];
  readonly depth: number;
}

function resolveOptions(count: number, options: FusionOptions): Resolved {
  const k = options.k ?? FUSION_DEFAULTS.k;
  if (!(typeof k === "number" && k >= 1 && k <= 1000)) {
    throw new ToolsiftError("invalid_option", `fusion option k must be a number from 1 to 1000, got ${String(k)}`, { path: ["k"] });
  }
  const depth = options.depth ?? FUSION_DEFAULTS.depth;
  if (!(Number.isInteger(depth) && depth >= 0 && depth <= MAX_FUSION_LIMIT)) {
    throw new ToolsiftError("invalid_option", `fusion option depth must be an integer from 0 to 1000, got ${String(depth)}`, {
      path: ["depth"],
    });
  }
  const weights = options.weights ?? new Array<number>(count).fill(1);
  if (weights.length !== count || !weights.every((weight) => typeof weight === "number" && Number.isFinite(weight) && weight >= 0)) {
    throw new ToolsiftError("invalid_option", `fusion option weights must be ${count} finite numbers ≥ 0, one per ranker`, {
      path: ["weights"],
    });
  }
  return { k, weights: [...weights], depth };
}

/**
 * Reciprocal rank fusion of ranked id lists (each deduplicated, best first): an id at
 * position `p` (0-based) of list `i` scores `weights[i] / (k + p + 1)`; the best `count`, best first.
 */
export function fuseRankedLists(lists: readonly (readonly string[])[], weights: readonly number[], k: number, count: number): RankedHit[] {
  const scores = new Map<string, { score: number; best: number }>();
  lists.forEach((ids, index) => {
    const weight = weights[index]!;
    ids.forEach((id, position) => {
      const entry = scores.get(id) ?? { score: 0, best: Infinity };
      entry.score += weight / (k + position + 1);
      entry.best = Math.min(entry.best, position);
      scores.set(id, entry);
    });
  });
  // Ties (equal fused scores) go to the better single-list position, then to the id in
  // code-unit order, as the built-in ranker breaks its ties: the fused order is a pure
  // function of the input lists.
  return [...scores.entries()]
    .sort(([leftId, left], [rightId, right]) =>
      right.score !== left.score ? right.score - left.score : left.best !== right.best ? left.best - right.best : leftId < rightId ? -1 : leftId > rightId ? 1 : 0,
    )
    .slice(0, count)
    .map(([id, entry]) => ({ id, score: entry.score }));
}

/** Rankers in a fused ranker are held by index; this fuses the ranked lists of one query. */
function fuse(rankers: readonly ToolRanker[], resolved: Resolved, query: string, limit: number): RankedHit[] {
  const count = fusionLimit(limit);
  if (count === 0) return [];
  const ask = Math.max(count, resolved.depth);
  const lists = rankers.map((ranker, index) => {
    const clipped = clipHits(() => ranker.rank(query, ask), ask, () => true);
    if (!clipped.ok) {
      throw new ToolsiftError("invalid_ranker", `fused ranker ${index} (${ranker.kind}) failed: ${clipped.failure}`, {
        path: [index],
        cause: clipped.cause,
      });
    }
    return clipped.ids;
  });
  return fuseRankedLists(lists, resolved.weights, resolved.k, count);
}

class FusedRanker implements ToolRanker {
  readonly kind: string;
  readonly #rankers: readonly ToolRanker[];
  readonly #resolved: Resolved;

  constructor(rankers: readonly ToolRanker[], resolved: Resolved, kind: string | undefined) {
    this.#rankers = rankers;
    this.#resolved = resolved;
    this.kind = kind ?? `rrf(${rankers.map((ranker) => rankerKind(ranker)).join("+")})`;
  }

  rank(query: string, limit: number): RankedHit[] {
    return fuse(this.#rankers, this.#resolved, query, limit);
  }
}

/**
 * Fuses rankers by reciprocal rank fusion (DESIGN.md "Rankers"): typically a host's embedding ranker
 * with the built-in BM25F one. Scores from different rankers are never compared, only
 * ranks. Each ranker's output is cut to what it was asked for and deduplicated. A ranker
 * that fails makes the fused ranker throw (the session reports `search_unavailable`).
 *
 * Returns a ranker when every input is a ranker, and a factory when any input is a
 * factory (each factory is then called with the session's docs, like any factory).
 *
 * @example
 * const session = createToolSearchSession({
 *   tools,
 *   toolSearch: { catalogue, ranker: fuseRankers([bm25RankerFactory(), embeddingRanker]) },
 * });
 */
export function fuseRankers(rankers: readonly ToolRanker[], options?: FusionOptions): ToolRanker;
export function fuseRankers(rankers: readonly RankerInput[], options?: FusionOptions): ToolRanker | ToolRankerFactory;
export function fuseRankers(rankers: readonly RankerInput[], options: FusionOptions = {}): ToolRanker | ToolRankerFactory {
  if (!Array.isArray(rankers) || rankers.length === 0) {
    throw new ToolsiftError("invalid_ranker", "fuseRankers needs at least one ranker", { path: [] });
  }
  rankers.forEach((ranker, index) => checkRankerInput(ranker, [index]));
  const resolved = resolveOptions(rankers.length, options);
  if (options.kind !== undefined && (typeof options.kind !== "string" || options.kind.length === 0)) {
    throw new ToolsiftError("invalid_option", "fusion option kind must be a non-empty string", { path: ["kind"] });
  }
  if (rankers.every((ranker) => typeof ranker !== "function")) {
    return new FusedRanker(rankers as readonly ToolRanker[], resolved, options.kind);
  }
  return (docs: readonly ToolSearchDoc[]): ToolRanker => {
    const built: ToolRanker[] = [];
    for (const input of rankers) {
      if (typeof input !== "function") {
        built.push(input);
        continue;
      }
      const result: unknown = input(docs);
      // An async component makes the whole factory async: hand the thenable up, so the
      // session reports it as the factory-shape error it is.
      if (isThenable(result)) return result as never;
      if (rankerKind(result) === undefined) {
        throw new ToolsiftError("invalid_ranker", `fused factory ${built.length} returned something that is not a ranker`, {
          path: [built.length],
        });
      }
      built.push(result as ToolRanker);
    }
    return new FusedRanker(built, resolved, options.kind);
  };
}
