import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { WorkBudget } from "../core/work-budget.js";
import { NEAR_NAMES_BUDGET, nearNames } from "./near-names.js";

// Plain Levenshtein over whole rows, and the rule of nearNames written out: the oracle.
function distance(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, j) => j);
  for (let i = 1; i <= left.length; i++) {
    const current = [i];
    for (let j = 1; j <= right.length; j++) {
      current[j] = Math.min(previous[j - 1]! + (left[i - 1] === right[j - 1] ? 0 : 1), previous[j]! + 1, current[j - 1]! + 1);
    }
    previous = current;
  }
  return previous[right.length]!;
}

function oracle(name: string, candidates: readonly string[]): string[] {
  const wanted = name.slice(0, 64).toLowerCase();
  if (wanted.length === 0) return [];
  const bound = Math.max(2, Math.floor(wanted.length / 3));
  const prefix = (text: string) => (text.slice(0, 66).indexOf("__") > 0 ? text.slice(0, text.indexOf("__")).toLowerCase() : undefined);
  const scope = prefix(name);
  return candidates
    .filter((candidate) => candidate !== name && (scope === undefined || prefix(candidate) === scope))
    .map((candidate) => {
      const folded = candidate.slice(0, 64).toLowerCase();
      if (folded === wanted) return { candidate, rank: 0 };
      if (Math.min(wanted.length, folded.length) >= 4 && (folded.includes(wanted) || wanted.includes(folded))) return { candidate, rank: 1 };
      const edits = distance(wanted, folded);
      return { candidate, rank: edits <= bound ? 1 + edits : -1 };
    })
    .filter((entry) => entry.rank >= 0)
    .sort((left, right) => left.rank - right.rank || (left.candidate < right.candidate ? -1 : left.candidate > right.candidate ? 1 : 0))
    .slice(0, 3)
    .map((entry) => entry.candidate);
}

describe("nearNames", () => {
  it("agrees with the full-row oracle (banded distance, bag prefilter)", () => {
    const text = fc.string({ unit: fc.constantFrom("a", "b", "c", "A", "_", "é", "\u{1F600}"), maxLength: 12 });
    fc.assert(fc.property(text, fc.array(text, { maxLength: 30 }), (name, candidates) => {
      expect(nearNames(name, candidates)).toEqual(oracle(name, candidates));
    }), { numRuns: 400 });
  });

  it("bounds its work at 200,000 candidates", () => {
    let pulled = 0;
    function* candidates(): Generator<string> {
      for (let i = 0; i < 200_000; i++) {
        pulled++;
        yield `svc${i}__create_widget`;
      }
    }
    const budget = new WorkBudget(NEAR_NAMES_BUDGET);
    const suggestions = nearNames("svc77__crete_widgt", candidates(), budget);
    expect(suggestions.length).toBeGreaterThan(0);
    expect(pulled).toBeLessThan(200_000);
    // One candidate's distance cells may pass the limit: 64 rows of a band of 2 · 21 + 1.
    expect(budget.spent).toBeLessThanOrEqual(NEAR_NAMES_BUDGET + 64 * 43);
  });
});
