import { describe, expect, it } from "vitest";
import { firstRelevantRank, ndcgAt, recallAt } from "./metrics.js";

const log2 = Math.log2;

describe("recallAt", () => {
  it("counts the share of relevant ids in the top k", () => {
    const relevant = new Set(["a", "b", "c", "d"]);
    expect(recallAt(["a", "x", "b", "y", "c"], relevant, 1)).toBe(0.25);
    expect(recallAt(["a", "x", "b", "y", "c"], relevant, 3)).toBe(0.5);
    expect(recallAt(["a", "x", "b", "y", "c"], relevant, 5)).toBe(0.75);
  });

  it("is 0 without hits and never exceeds 1 when k exceeds the ranking", () => {
    expect(recallAt([], new Set(["a"]), 10)).toBe(0);
    expect(recallAt(["a"], new Set(["a"]), 10)).toBe(1);
    expect(recallAt(["a"], new Set(), 10)).toBe(0);
  });
});

describe("ndcgAt", () => {
  it("matches a hand computation with one relevant id at rank 2", () => {
    expect(ndcgAt(["x", "a"], new Set(["a"]), 10)).toBeCloseTo(1 / log2(3), 12);
    expect(ndcgAt(["x", "a"], new Set(["a"]), 10)).toBeCloseTo(0.6309297535714574, 12);
  });

  it("normalizes by the ideal ranking of min(|relevant|, k) hits", () => {
    // relevant at ranks 2 and 4 of two relevant: (1/log2 3 + 1/log2 5) / (1 + 1/log2 3)
    const expected = (0.6309297535714574 + 0.43067655807339306) / 1.6309297535714575;
    expect(ndcgAt(["x", "a", "y", "b"], new Set(["a", "b"]), 10)).toBeCloseTo(expected, 12);
    // three relevant, k = 2, both top slots relevant: a perfect score
    expect(ndcgAt(["a", "b", "x"], new Set(["a", "b", "c"]), 2)).toBe(1);
  });

  it("ignores hits below k", () => {
    expect(ndcgAt(["x", "y", "a"], new Set(["a"]), 2)).toBe(0);
  });
});

describe("firstRelevantRank", () => {
  it("is 1-based and bounded by the depth", () => {
    expect(firstRelevantRank(["x", "y", "a", "b"], new Set(["b", "a"]), 10)).toBe(3);
    expect(firstRelevantRank(["x", "y", "a"], new Set(["a"]), 2)).toBeNull();
    expect(firstRelevantRank([], new Set(["a"]), 10)).toBeNull();
  });
});
