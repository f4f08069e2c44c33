import { describe, expect, it } from "vitest";
import { NAME_FALLBACK_BUDGET, NameIndex, matchNames, normalizeName, queryFragments } from "./name-fallback.js";
import { WorkBudget } from "./work-budget.js";

// Counts the fragments scanned, independently of the budget's own count.
class CountingIndex extends NameIndex {
  scans = 0;
  override *containing(fragment: string): Generator<number> {
    this.scans++;
    yield* super.containing(fragment);
  }
}

const VERBS = ["create", "list", "delete", "update", "get", "post", "read", "write", "close", "open"];
const NOUNS = ["issue", "widget", "message", "channel", "file", "user", "order", "invoice", "ticket", "report"];
const generated = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => `svc${i}__${VERBS[i % 10]}_${NOUNS[Math.floor(i / 10) % 10]}`);

// Sub-word fragments, each in tens of thousands of the generated names.
const SUB = ["vc1", "vc2", "vc3", "vc4", "vc5", "eat", "reat", "ist", "lete", "pdat", "idg", "idge", "ssu", "ssue", "essa", "hann"];
const HEAVY_QUERY = [...SUB, ...SUB.map((fragment) => `${fragment}e`), ...SUB.map((fragment) => `${fragment}x`)].join(" ");

// Every fragment over every name, the longest match kept: the fallback without a budget.
function oracle(names: readonly string[], query: string, limit: number): { id: string; length: number }[] {
  const fragments = queryFragments(query);
  return names
    .map((id) => ({ id, length: Math.max(0, ...fragments.filter((fragment) => normalizeName(id).includes(fragment)).map((f) => f.length)) }))
    .filter((match) => match.length > 0)
    .sort((left, right) => right.length - left.length || (left.id < right.id ? -1 : 1))
    .slice(0, limit);
}

describe("matchNames work bound", () => {
  it("scans at most the budget (or one index length) at 200,000 names", () => {
    const names = generated(200_000);
    const index = new CountingIndex(names.length, (document) => names[document]!);
    const budget = new WorkBudget(NAME_FALLBACK_BUDGET);
    const matches = matchNames(index, HEAVY_QUERY, 5, budget);
    expect(queryFragments(HEAVY_QUERY).length).toBeGreaterThan(40);
    expect(matches).toHaveLength(5);
    // Counted here, not taken from the index: one scan reads every name once.
    const scanLength = names.reduce((sum, name) => sum + normalizeName(name).length + 1, 0);
    expect(index.scans).toBeLessThanOrEqual(Math.max(1, Math.floor(NAME_FALLBACK_BUDGET / scanLength)));
    expect(budget.spent).toBeLessThanOrEqual(Math.max(NAME_FALLBACK_BUDGET, scanLength));
  });

  it("gives the oracle's matches on a normal catalogue", () => {
    const names = generated(2_000);
    const index = new NameIndex(names.length, (document) => names[document]!);
    for (const query of [HEAVY_QUERY, "eatewid stchan", "vc19 idge", "qqq zzz", "svc1999"]) {
      for (const limit of [1, 5, 50]) expect(matchNames(index, query, limit)).toEqual(oracle(names, query, limit));
    }
  });
});
