import { describe, expect, it } from "vitest";
import { checkRankerInput, isClass, rankerKind } from "./shape.js";

describe("ranker shape", () => {
  it("tells a class from a factory", () => {
    class Ranker {
      readonly kind = "x";
      rank() {
        return [];
      }
    }
    function LegacyRanker() {}
    LegacyRanker.prototype.rank = () => [];
    expect(isClass(Ranker)).toBe(true);
    expect(isClass(LegacyRanker)).toBe(true);
    expect(isClass(() => ({ kind: "x", rank: () => [] }))).toBe(false);
    expect(isClass(function factory() {})).toBe(false);
  });

  it("refuses a class, an object without rank and one without a string kind", () => {
    class Ranker {
      readonly kind = "x";
      rank() {
        return [];
      }
    }
    expect(() => checkRankerInput(Ranker, ["toolSearch", "ranker"])).toThrow(
      expect.objectContaining({ code: "invalid_ranker", path: ["toolSearch", "ranker"] }),
    );
    expect(() => checkRankerInput({ kind: "x" }, ["r"])).toThrow(expect.objectContaining({ code: "invalid_ranker" }));
    expect(() => checkRankerInput({ rank: () => [] }, ["r"])).toThrow(expect.objectContaining({ code: "invalid_ranker" }));
    expect(() => checkRankerInput({ kind: "", rank: () => [] }, ["r"])).toThrow(expect.objectContaining({ code: "invalid_ranker" }));
    expect(() => checkRankerInput({ kind: "x", rank: () => [] }, ["r"])).not.toThrow();
    expect(() => checkRankerInput(() => undefined, ["r"])).not.toThrow();
  });

  it("reads kind once and survives a throwing getter", () => {
    const hostile = {
      get kind(): string {
        throw new Error("boom");
      },
      rank: () => [],
    };
    expect(rankerKind(hostile)).toBeUndefined();
  });
});
