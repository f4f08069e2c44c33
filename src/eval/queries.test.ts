import { describe, expect, it } from "vitest";
import { toolsiftError } from "../../test/helpers/errors.js";
import { parseQueries } from "./queries.js";

const failure = (input: unknown) => toolsiftError(() => parseQueries(input));

describe("parseQueries", () => {
  it("accepts JSON text or a parsed value and keeps only the known keys", () => {
    const text = JSON.stringify([
      { query: "open a pull request", relevant: ["github__create_pull_request"], lang: "en", fold: "test", split: "x" },
      { query: "погода", relevant: ["weather__now", "weather__forecast"] },
    ]);
    const expected = [
      { query: "open a pull request", relevant: ["github__create_pull_request"], lang: "en", fold: "test" },
      { query: "погода", relevant: ["weather__now", "weather__forecast"] },
    ];
    expect(parseQueries(text)).toEqual(expected);
    expect(parseQueries(JSON.parse(text))).toEqual(expected);
    expect(parseQueries("[]")).toEqual([]);
  });

  it("names the offending entry by index", () => {
    const entries = [
      { query: "a", relevant: ["x"] },
      { query: "b", relevant: ["y"] },
      { query: "c" },
    ];
    const error = failure(entries);
    expect(error.code).toBe("invalid_queries");
    expect(error.path).toEqual([2, "relevant"]);
    expect(error.message).toContain("entry 2");
  });

  it("rejects empty relevant lists, non-string ids, empty queries and unknown folds", () => {
    expect(failure([{ query: "a", relevant: [] }]).path).toEqual([0, "relevant"]);
    expect(failure([{ query: "a", relevant: ["x"] }, { query: "b", relevant: [7] }]).path).toEqual([1, "relevant", 0]);
    expect(failure([{ query: "", relevant: ["x"] }]).path).toEqual([0, "query"]);
    expect(failure([{ query: "a", relevant: ["x"], fold: "train" }]).path).toEqual([0, "fold"]);
    expect(failure([null]).path).toEqual([0]);
  });

  it("rejects text that is not JSON and values that are not arrays", () => {
    expect(failure("[{").code).toBe("invalid_queries");
    expect(failure({ queries: [] }).code).toBe("invalid_queries");
    expect(failure({ queries: [] }).path).toEqual([]);
  });
});
