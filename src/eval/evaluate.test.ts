import { describe, expect, it } from "vitest";
import { isToolsiftError } from "../errors.js";
import type { RankedHit, ToolRanker } from "../types.js";
import { toolsiftError } from "../../test/helpers/errors.js";
import { evaluate, evaluateDetailed } from "./evaluate.js";
import type { EvalQuery } from "./queries.js";

/** A ranker answering fixed lists and recording the limits it was asked for. */
function fixedRanker(answers: Record<string, string[]>): ToolRanker & { limits: number[] } {
  const limits: number[] = [];
  return {
    kind: "fixed",
    limits,
    rank(query: string, limit: number): RankedHit[] {
      limits.push(limit);
      return (answers[query] ?? []).map((id) => ({ id }));
    },
  };
}

const answers = {
  q1: ["a", "x", "y"],
  q2: ["x", "b", "y", "z", "w", "a"],
  q3: [],
};
const queries: EvalQuery[] = [
  { query: "q1", relevant: ["a"] },
  { query: "q2", relevant: ["a", "b"] },
  { query: "q3", relevant: ["c"] },
];

describe("evaluate", () => {
  it("matches metrics computed by hand", () => {
    const metrics = evaluate(fixedRanker(answers), queries);
    // recall@1: q1 1, q2 0, q3 0
    expect(metrics["recall@1"]).toBeCloseTo(1 / 3, 12);
    // recall@5: q1 1, q2 0.5 (b at 2, a at 6), q3 0
    expect(metrics["recall@5"]).toBeCloseTo(0.5, 12);
    // recall@10: q1 1, q2 1, q3 0
    expect(metrics["recall@10"]).toBeCloseTo(2 / 3, 12);
    // nDCG@10: q1 1; q2 (1/log2 3 + 1/log2 7) / (1 + 1/log2 3) = 0.6052602…; q3 0
    expect(metrics["ndcg@10"]).toBeCloseTo((1 + 0.6052602) / 3, 6);
    // MRR: q1 1, q2 1/2, q3 0
    expect(metrics.mrr).toBeCloseTo(0.5, 12);
    expect(metrics.queries).toBe(3);
    expect(Object.keys(metrics).sort()).toEqual(["mrr", "ndcg@10", "queries", "recall@1", "recall@10", "recall@5"]);
  });

  it("asks the ranker for max(limit, 10) and bounds MRR by limit", () => {
    const ranker = fixedRanker(answers);
    const short = evaluate(ranker, queries, { limit: 1 });
    expect(ranker.limits).toEqual([10, 10, 10]);
    expect(short.mrr).toBeCloseTo(1 / 3, 12);
    expect(short["recall@10"]).toBeCloseTo(2 / 3, 12);

    const deep = fixedRanker({ q: [...Array.from({ length: 14 }, (_, i) => `x${i}`), "a"] });
    expect(evaluate(deep, [{ query: "q", relevant: ["a"] }], { limit: 20 }).mrr).toBeCloseTo(1 / 15, 12);
    expect(deep.limits).toEqual([20]);
    expect(evaluate(deep, [{ query: "q", relevant: ["a"] }]).mrr).toBe(0);
  });

  it("counts a repeated hit once and ignores hits past the depth asked for", () => {
    const metrics = evaluate(fixedRanker({ q: ["a", "a", "a"] }), [{ query: "q", relevant: ["a", "b"] }]);
    expect(metrics["recall@5"]).toBe(0.5);
    const flood = fixedRanker({ q: [...Array.from({ length: 30 }, (_, i) => `x${i}`), "a"] });
    expect(evaluateDetailed(flood, [{ query: "q", relevant: ["a"] }]).rows[0]!.hits).toHaveLength(10);
  });

  it("filters by fold (no fold counts as test) and by language", () => {
    const mixed: EvalQuery[] = [
      { query: "q1", relevant: ["a"], fold: "dev", lang: "en" },
      { query: "q2", relevant: ["a", "b"], fold: "test", lang: "RU" },
      { query: "q3", relevant: ["c"], lang: "ru" },
    ];
    const ranker = fixedRanker(answers);
    expect(evaluate(ranker, mixed, { fold: "dev" })).toMatchObject({ queries: 1, "recall@1": 1 });
    expect(evaluate(ranker, mixed, { fold: "test" })).toMatchObject({ queries: 2, mrr: 0.25 });
    expect(evaluate(ranker, mixed, { lang: "ru" })).toMatchObject({ queries: 2, "recall@10": 0.5 });
  });

  it("refuses a fold or lang that selects no query, naming what the queries have", () => {
    const mixed: EvalQuery[] = [
      { query: "q1", relevant: ["a"], fold: "dev", lang: "en" },
      { query: "q2", relevant: ["a", "b"], fold: "test", lang: "RU" },
      { query: "q3", relevant: ["c"], lang: "ru" },
    ];
    const failure = (options: Parameters<typeof evaluate>[2]) => toolsiftError(() => evaluate(fixedRanker(answers), mixed, options));
    expect(failure({ lang: "fr" })).toMatchObject({ code: "invalid_option", path: ["lang"], message: 'no query has lang "fr"; the queries\' langs: ru (2), en (1)' });
    expect(failure({ fold: "dev", lang: "ru" })).toMatchObject({ code: "invalid_option", path: ["lang"], message: 'no query of fold "dev" has lang "ru"; the dev queries\' langs: en (1)' });
    const onlyTest = mixed.slice(1);
    expect(() => evaluate(fixedRanker(answers), onlyTest, { fold: "dev" })).toThrow('no query has fold "dev"; the queries\' folds: test (2)');
    expect(() => evaluate(fixedRanker(answers), [], { fold: "dev" })).toThrow("there are no queries");
    // No filter: an empty set is still all zeros.
    expect(evaluate(fixedRanker(answers), [])).toMatchObject({ queries: 0, mrr: 0 });
  });

  it("reports progress after each query", () => {
    const calls: [number, number][] = [];
    evaluate(fixedRanker(answers), queries, { onProgress: (done, total) => calls.push([done, total]) });
    expect(calls).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it("rejects a bad limit and a query without relevant ids with typed errors", () => {
    for (const limit of [0, -1, 2.5, Number.NaN]) {
      let error: unknown;
      try {
        evaluate(fixedRanker(answers), queries, { limit });
      } catch (caught) {
        error = caught;
      }
      expect(isToolsiftError(error, "invalid_option")).toBe(true);
    }
    let error: unknown;
    try {
      evaluate(fixedRanker(answers), [...queries, { query: "q4", relevant: [] }]);
    } catch (caught) {
      error = caught;
    }
    expect(isToolsiftError(error, "invalid_queries")).toBe(true);
    expect((error as { path: unknown }).path).toEqual([3, "relevant"]);
  });
});

describe("evaluateDetailed", () => {
  it("lists the relevant ids of the evaluated queries that are not catalogue ids, once each", () => {
    const typos: EvalQuery[] = [
      { query: "q1", relevant: ["a", "zz"], fold: "test" },
      { query: "q2", relevant: ["yy", "zz", "b"], fold: "test" },
      { query: "q3", relevant: ["xx"], fold: "dev" },
    ];
    const ranker = fixedRanker(answers);
    expect(evaluateDetailed(ranker, typos, { catalogueIds: ["a", "b", "c"] }).unknownRelevant).toEqual(["zz", "yy", "xx"]);
    expect(evaluateDetailed(ranker, typos, { catalogueIds: new Set(["a", "b"]), fold: "test" }).unknownRelevant).toEqual(["zz", "yy"]);
    expect(evaluateDetailed(ranker, typos).unknownRelevant).toEqual([]);
  });

  it("returns one row per query with its hits and first relevant rank", () => {
    const { metrics, rows } = evaluateDetailed(fixedRanker(answers), queries, { limit: 5 });
    expect(metrics.mrr).toBeCloseTo(0.5, 12);
    expect(rows.map((row) => row.firstRelevantRank)).toEqual([1, 2, null]);
    expect(rows[1]).toEqual({
      query: "q2",
      relevant: ["a", "b"],
      hits: ["x", "b", "y", "z", "w", "a"],
      firstRelevantRank: 2,
    });
  });
});
