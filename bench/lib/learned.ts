// Learning from use on the labelled sets: the usage log is a fold's (request → relevant tool)
// pairs, the future the requests of another fold, both through the same `evaluate`.
import { evaluate, type EvalMetrics, type EvalQuery } from "../../src/eval/index.js";
import { Bm25ToolRanker } from "../../src/index.js";
import { learnHints, type LearnOptions, type ToolUse } from "../../src/learn/index.js";
import { toolSearchDocs } from "../../src/trust/index.js";
import type { ToolAnnotations } from "../../src/trust/index.js";
import type { ToolSearchDoc } from "../../src/types.js";

export type LearnKnobs = Omit<LearnOptions, "analyzer" | "ranker" | "tools" | "trustJsonSchemaText">;

/** Every (request, relevant tool) pair of `queries`: what a usage log of them would hold. */
export function usesOf(queries: readonly EvalQuery[]): ToolUse[] {
  return queries.flatMap((entry) => entry.relevant.map((tool) => ({ request: entry.query, tool })));
}

/** The docs with host annotations applied, exactly as the session applies them (`toolSearchDocs`). */
export function annotated(docs: readonly ToolSearchDoc[], annotations: ToolAnnotations): readonly ToolSearchDoc[] {
  // Copies: a doc is a first-party tool definition, whose type wants an index signature.
  return toolSearchDocs(docs.map((doc) => ({ ...doc })), { annotations });
}

/** nDCG@10 and the rest of `queries` (all of them) on `docs`. */
export function scoreOn(docs: readonly ToolSearchDoc[], queries: readonly EvalQuery[]): EvalMetrics {
  const ranker = new Bm25ToolRanker(docs);
  return evaluate(ranker, queries.map((entry) => ({ ...entry, fold: "test" as const })), { fold: "test" });
}

/**
 * Learns from `log` with `knobs`. The analyzer, and the ranker that says which uses were
 * already served, is the default ranker on `docs` without annotations.
 */
export function learnFrom(docs: readonly ToolSearchDoc[], log: readonly EvalQuery[], knobs: LearnKnobs, analyzer?: Bm25ToolRanker): ToolAnnotations {
  const ranker = analyzer ?? new Bm25ToolRanker(docs);
  return learnHints(usesOf(log), { ...knobs, analyzer: ranker, ranker, tools: docs.map((doc) => ({ ...doc })) });
}

/** Splits queries in two halves by position (even, odd): a deterministic dev split. */
export function halves<T>(items: readonly T[]): [T[], T[]] {
  return [items.filter((_, index) => index % 2 === 0), items.filter((_, index) => index % 2 === 1)];
}
