import { describe, expect, it } from "vitest";
import { ToolsiftError } from "../errors.js";
import { resolveConfidenceOptions } from "./confidence.js";
import { RANKER_DEFAULTS, resolveRankerOptions } from "./options.js";

function failure(resolve: () => unknown): { code: string; path: unknown; message: string } {
  try {
    resolve();
  } catch (error) {
    if (error instanceof ToolsiftError) return { code: error.code, path: error.path, message: error.message };
    throw error;
  }
  throw new Error("expected an option error");
}

// zod's issues in the options' words (issueMessage in ../core/config-schema.ts).
describe("ranker option errors", () => {
  it.each([
    ['analyzer: must be one of "plural", "stem"', { analyzer: "snowball" }, ["analyzer"]],
    ['termSelection: must be one of "first", "rarest"', { termSelection: 1 }, ["termSelection"]],
    ["k1: must be > 0", { k1: 0 }, ["k1"]],
    ["k1: must be > 0", { k1: -1 }, ["k1"]],
    ["k1: must be ≤ 10", { k1: 10.5 }, ["k1"]],
    ["k1: must be a number", { k1: Number.NaN }, ["k1"]],
    ["b: must be ≥ 0", { b: -0.5 }, ["b"]],
    ["b: must be a number", { b: Infinity }, ["b"]],
    ["nameBonus: must be ≤ 10", { nameBonus: 11 }, ["nameBonus"]],
    ["relatedWeight: must be a number", { relatedWeight: "0.3" }, ["relatedWeight"]],
    ["maxQueryTerms: must be ≥ 1", { maxQueryTerms: 0 }, ["maxQueryTerms"]],
    ["maxQueryTerms: must be ≤ 64", { maxQueryTerms: 65 }, ["maxQueryTerms"]],
    ["maxQueryTerms: must be an integer", { maxQueryTerms: 2.5 }, ["maxQueryTerms"]],
    ["maxQueryTerms: must be a number", { maxQueryTerms: "8" }, ["maxQueryTerms"]],
    ["weights.name: must be ≥ 0", { weights: { name: -1 } }, ["weights", "name"]],
    ["weights: unknown option \"title\"", { weights: { title: 1 } }, ["weights"]],
    ["weights: unknown option \"nmae\"; did you mean \"name\"?", { weights: { nmae: 1 } }, ["weights"]],
    ["options: unknown option \"wieghts\"; did you mean \"weights\"?", { wieghts: { name: 1 } }, []],
    // The unknown key is named before anything else is checked.
    ["options: unknown option \"stopword\"; did you mean \"stopwords\"?", { stopword: [], k1: -1 }, []],
    ["weights: must be an object", { weights: 1 }, ["weights"]],
    ["stopwords: must be an array", { stopwords: "the" }, ["stopwords"]],
    ["stopwords.1: must be a string", { stopwords: ["the", 3] }, ["stopwords", 1]],
    ["stopwords.0: must be a string", { stopwords: [, "the"] }, ["stopwords", 0]],
    ["stopwords.0: allows at most 200", { stopwords: ["a".repeat(201)] }, ["stopwords", 0]],
    // A list that is too long is refused before its entries are read.
    ["stopwords: allows at most 256", { stopwords: Array(257).fill(1) }, ["stopwords"]],
    ["lookalikes: must be a boolean", { lookalikes: "yes" }, ["lookalikes"]],
    ["options: unknown options \"bogus\", \"other\"", { bogus: 1, other: 2 }, []],
  ])("%s", (message, options, path) => {
    expect(failure(() => resolveRankerOptions(options))).toEqual({ code: "invalid_option", path, message: `ranker option ${message}` });
  });

  it("hands on a copy of a stopword list, and the bundled list itself by default", () => {
    const stopwords = ["the"];
    expect(resolveRankerOptions({ stopwords }).stopwords).not.toBe(stopwords);
    expect(resolveRankerOptions({ stopwords }).stopwords).toEqual(stopwords);
    expect(resolveRankerOptions({}).stopwords).toBe(RANKER_DEFAULTS.stopwords);
    expect(resolveRankerOptions({ k1: 10, b: 0, maxQueryTerms: 1, analyzer: "stem" })).toMatchObject({ k1: 10, b: 0, maxQueryTerms: 1, analyzer: "stem" });
  });
});

describe("confidence option errors", () => {
  it.each([
    ["floor: must be ≥ 0", { floor: -1 }, ["floor"]],
    ["floor: must be ≤ 10", { floor: 11 }, ["floor"]],
    ["share: must be ≤ 1", { share: 1.5 }, ["share"]],
    ["share: must be a number", { share: "0.1" }, ["share"]],
    ["options: unknown option \"margin\"", { margin: 1 }, []],
    ["options: unknown option \"flor\"; did you mean \"floor\"?", { flor: 1 }, []],
    ["options: must be an object", null, []],
  ])("%s", (message, options, path) => {
    expect(failure(() => resolveConfidenceOptions(options))).toEqual({ code: "invalid_option", path, message: `confidence option ${message}` });
  });
});
