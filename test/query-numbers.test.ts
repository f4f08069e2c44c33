// docs/analyzer.md §A6 step 1: a number of one digit in a request is an argument (a count, a
// step, an operand), not a word that names a tool, so it counts at the related weight.
import { beforeAll, describe, expect, it } from "vitest";
import { Bm25ToolRanker, init } from "../src/index.js";

beforeAll(async () => {
  await init();
});

// "divide" is said by several tools, "8" by one: the digit is the rarer term.
const docs = [
  { id: "calculator__divide", description: "Divide one number by another and return the quotient." },
  { id: "matrix__divide_elements", description: "Divide each element of a matrix by a number." },
  { id: "polynomial__divide", description: "Divide one polynomial by another." },
  { id: "audio__split_track", description: "Divide an audio track into equal parts." },
  { id: "calculator__multiply", description: "Multiply two numbers." },
  { id: "mixer__set_channel_8", description: "Set the level of channel 8 on the mixer." },
];

describe("numbers in a request", () => {
  it("rank the tool the words ask for above tools whose names end in the same digit", () => {
    const ranker = new Bm25ToolRanker(docs);
    const ids = ranker.rank("divide 120 by 8", 6).map((hit) => hit.id);
    expect(ids.slice(0, 2).sort()).toEqual(["calculator__divide", "polynomial__divide"]);
  });

  it("still find a tool by a digit when the request has nothing else", () => {
    const ranker = new Bm25ToolRanker(docs);
    expect(ranker.rank("8", 5).map((hit) => hit.id)).toEqual(["mixer__set_channel_8"]);
  });

  it("count many-digit numbers as words (ids, sizes, versions)", () => {
    const ranker = new Bm25ToolRanker([
      { id: "forecast_14_days", description: "Weather forecast for the next 14 days." },
      { id: "forecast_7_days", description: "Weather forecast for the next 7 days." },
    ]);
    expect(ranker.rank("forecast for 14 days", 1)[0]!.id).toBe("forecast_14_days");
  });
});
