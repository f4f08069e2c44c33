// Per-query retrieval metrics. All take the ranked ids best first (already cut, deduplicated)
// and the set of relevant ids; relevance is binary.

/**
 * Recall at `k` of one query: the share of its relevant tools found in the top `k`,
 * `|relevant ∩ top-k| / |relevant|`. A query with two relevant tools and one of them in the
 * top `k` scores 0.5. An empty relevant set scores 0 (callers reject such queries first).
 *
 * @example
 * recallAt(["a", "x", "b"], new Set(["a", "b"]), 1); // 0.5
 */
export function recallAt(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  if (relevant.size === 0) return 0;
  let found = 0;
  const depth = Math.min(k, ranked.length);
  for (let index = 0; index < depth; index++) {
    if (relevant.has(ranked[index]!)) found++;
  }
  return found / relevant.size;
}

/**
 * Normalized discounted cumulative gain at `k` with binary relevance:
 * `DCG = Σ_{i=1..k} rel_i / log2(i + 1)`, divided by the DCG of an ideal ranking that puts
 * `min(|relevant|, k)` relevant tools first. 1 when every slot that could hold a relevant
 * tool does; 0 when none of the top `k` is relevant.
 *
 * @example
 * ndcgAt(["x", "a"], new Set(["a"]), 10); // 1 / log2(3) ≈ 0.631
 */
export function ndcgAt(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  if (relevant.size === 0) return 0;
  let dcg = 0;
  const depth = Math.min(k, ranked.length);
  for (let index = 0; index < depth; index++) {
    if (relevant.has(ranked[index]!)) dcg += 1 / Math.log2(index + 2);
  }
  let ideal = 0;
  const idealDepth = Math.min(k, relevant.size);
  for (let index = 0; index < idealDepth; index++) ideal += 1 / Math.log2(index + 2);
  return dcg / ideal;
}

/**
 * The 1-based rank of the first relevant tool within the top `depth`, or `null` when none
 * of them is relevant.
 *
 * @example
 * firstRelevantRank(["x", "a"], new Set(["a"]), 10); // 2
 */
export function firstRelevantRank(
  ranked: readonly string[],
  relevant: ReadonlySet<string>,
  depth: number,
): number | null {
  const end = Math.min(depth, ranked.length);
  for (let index = 0; index < end; index++) {
    if (relevant.has(ranked[index]!)) return index + 1;
  }
  return null;
}
