import { describe, expect, it } from "vitest";
import type { ToolRanker, ToolSearchDoc } from "../types.js";
import { fuseRankers } from "./fusion.js";

function fixed(kind: string, ids: string[]): ToolRanker {
  return { kind, rank: (_query, limit) => ids.slice(0, limit).map((id) => ({ id })) };
}

describe("fuseRankers", () => {
  it("fuses by reciprocal rank (hand-computed, k = 60)", () => {
    const fused = fuseRankers([fixed("bm25", ["a", "b", "c"]), fixed("embed", ["c", "a", "d"])]);
    expect(fused.kind).toBe("rrf(bm25+embed)");
    const hits = fused.rank("q", 4);
    // a: 1/61 + 1/62; c: 1/63 + 1/61; b: 1/62; d: 1/63
    expect(hits.map((hit) => hit.id)).toEqual(["a", "c", "b", "d"]);
    expect(hits[0]!.score).toBeCloseTo(1 / 61 + 1 / 62, 15);
    expect(hits[1]!.score).toBeCloseTo(1 / 63 + 1 / 61, 15);
  });

  it("breaks ties by best position, then by id", () => {
    const fused = fuseRankers([fixed("x", ["b", "a"]), fixed("y", ["a", "b"])]);
    // equal scores and equal best positions: id order
    expect(fused.rank("q", 2).map((hit) => hit.id)).toEqual(["a", "b"]);
  });

  it("applies weights and cuts each ranker's output to the ask", () => {
    let asked = 0;
    const sloppy: ToolRanker = {
      kind: "sloppy",
      rank: (_query, limit) => {
        asked = limit;
        return Array.from({ length: 10_000 }, (_, i) => ({ id: `s${i}` }));
      },
    };
    const fused = fuseRankers([fixed("x", ["a"]), sloppy], { weights: [3, 1], kind: "mine" });
    expect(fused.kind).toBe("mine");
    const hits = fused.rank("q", 2);
    expect(asked).toBe(2);
    expect(hits.map((hit) => hit.id)).toEqual(["a", "s0"]);
  });

  it("deduplicates within one ranker (positions count distinct hits)", () => {
    const fused = fuseRankers([fixed("x", ["a", "a", "b"])]);
    expect(fused.rank("q", 3)).toEqual([
      { id: "a", score: 1 / 61 },
      { id: "b", score: 1 / 62 },
    ]);
  });

  it("throws when a component fails, and for NaN limits", () => {
    const broken: ToolRanker = { kind: "broken", rank: () => { throw new Error("down"); } };
    expect(() => fuseRankers([fixed("x", ["a"]), broken]).rank("q", 5)).toThrow(expect.objectContaining({ code: "invalid_ranker" }));
    expect(() => fuseRankers([fixed("x", ["a"])]).rank("q", Number.NaN)).toThrow(expect.objectContaining({ code: "invalid_query" }));
    expect(fuseRankers([fixed("x", ["a"])]).rank("q", -1)).toEqual([]);
  });

  it("returns a factory when any input is a factory, and builds each component with the docs", () => {
    const seen: (readonly ToolSearchDoc[])[] = [];
    const docs: ToolSearchDoc[] = [{ id: "a", tags: [], aliases: [] }];
    const factory = fuseRankers([(given: readonly ToolSearchDoc[]) => (seen.push(given), fixed("built", ["a"])), fixed("x", ["b"])]);
    expect(typeof factory).toBe("function");
    const built = (factory as (docs: readonly ToolSearchDoc[]) => ToolRanker)(docs);
    expect(seen).toEqual([docs]);
    expect(built.kind).toBe("rrf(built+x)");
    expect(built.rank("q", 2).map((hit) => hit.id)).toEqual(["a", "b"]);
  });

  it("refuses classes, empty lists and bad options", () => {
    class R {
      kind = "r";
      rank() {
        return [];
      }
    }
    expect(() => fuseRankers([R as never])).toThrow(expect.objectContaining({ code: "invalid_ranker" }));
    expect(() => fuseRankers([])).toThrow(expect.objectContaining({ code: "invalid_ranker" }));
    expect(() => fuseRankers([fixed("x", [])], { k: 0 })).toThrow(expect.objectContaining({ code: "invalid_option", path: ["k"] }));
    expect(() => fuseRankers([fixed("x", [])], { weights: [1, 2] })).toThrow(expect.objectContaining({ code: "invalid_option" }));
  });
});
