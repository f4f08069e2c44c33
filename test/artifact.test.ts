import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { Bm25ToolRanker, init, isToolsiftError, type ToolSearchDoc } from "../src/index.js";

beforeAll(async () => {
  await init();
});

const small: ToolSearchDoc[] = [
  { id: "github__create_pull_request", description: "Create a pull request. Opens it for review.", tags: ["git"], aliases: ["open pr"], params: [{ name: "title", description: "PR title" }] },
  { id: "slack__post_message", description: "Post a message to a channel", tags: [], aliases: [] },
  { id: "погода", description: "Прогноз погоды 天气预报", tags: [], aliases: [] },
];
const queries = ["create pull request", "post message", "погода", "天气", "open pr review", "", "zzz"];

function answers(ranker: Bm25ToolRanker): unknown[] {
  return queries.map((query) => ranker.rank(query, 10));
}

describe("index artifact", () => {
  it("round-trips: load(serialize(x)) answers exactly like x", () => {
    const ranker = new Bm25ToolRanker(small, { stopwords: ["a", "the"] });
    const loaded = Bm25ToolRanker.load(ranker.serialize());
    expect(answers(loaded)).toEqual(answers(ranker));
    expect(loaded.options).toEqual(ranker.options);
    expect(loaded.serialize()).toEqual(ranker.serialize());
  });

  it("round-trips random catalogues (property)", () => {
    const word = fc.constantFrom("create", "issue", "pull", "request", "BrowserOpen", "погода", "天气预报", "send_email", "list", "files", "a", "x.y:z");
    const text = fc.array(word, { maxLength: 12 }).map((words) => words.join(" "));
    const doc = fc.record({ description: text, tags: fc.array(word, { maxLength: 3 }), aliases: fc.array(word, { maxLength: 3 }) });
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 20 }), fc.array(text, { minLength: 1, maxLength: 5 }), (raw, qs) => {
        const docs = raw.map((entry, index) => ({ id: `tool_${index}_${entry.tags[0] ?? "x"}`, ...entry }));
        const ranker = new Bm25ToolRanker(docs);
        const loaded = Bm25ToolRanker.load(ranker.serialize());
        for (const query of qs) expect(loaded.rank(query, 50)).toEqual(ranker.rank(query, 50));
      }),
      { numRuns: 100 },
    );
  });

  it("refuses every single-bit flip and every truncation with a typed error", () => {
    // Small on purpose (no lexicon, two stopwords): every bit of it is flipped.
    const ranker = new Bm25ToolRanker(small, { lexicon: false, stopwords: ["a", "the"] });
    const bytes = ranker.serialize();
    const codes = new Set<string>();
    for (let bit = 0; bit < bytes.length * 8; bit++) {
      const copy = bytes.slice();
      copy[bit >> 3]! ^= 1 << (bit & 7);
      try {
        Bm25ToolRanker.load(copy);
        throw new Error(`bit ${bit} was accepted`);
      } catch (error) {
        if (!isToolsiftError(error)) throw error;
        codes.add(error.code);
      }
    }
    for (let length = 0; length < bytes.length; length++) {
      try {
        Bm25ToolRanker.load(bytes.subarray(0, length));
        throw new Error(`truncation to ${length} was accepted`);
      } catch (error) {
        if (!isToolsiftError(error)) throw error;
        expect(["artifact_truncated", "artifact_bad_magic", "artifact_version"]).toContain(error.code);
      }
    }
    expect([...codes].every((code) => code.startsWith("artifact_"))).toBe(true);
    // The ranker that produced the bytes is untouched.
    expect(Bm25ToolRanker.load(bytes).rank("create pull request", 3)).toEqual(ranker.rank("create pull request", 3));
  });

  it("names a wrong magic, a future version and an analyzer mismatch", () => {
    const bytes = new Bm25ToolRanker(small).serialize();
    const code = (mutate: (copy: Uint8Array) => void, options?: object): string => {
      const copy = bytes.slice();
      mutate(copy);
      try {
        Bm25ToolRanker.load(copy, options);
      } catch (error) {
        if (isToolsiftError(error)) return error.code;
        throw error;
      }
      return "accepted";
    };
    expect(code((copy) => (copy[0] = 0x50))).toBe("artifact_bad_magic");
    expect(code((copy) => (copy[4] = 2))).toBe("artifact_version");
    expect(code(() => undefined, { analyzer: "stem" })).toBe("artifact_analyzer_mismatch");
    expect(code(() => undefined, { k1: 1.5 })).toBe("artifact_analyzer_mismatch");
    expect(code(() => undefined, {})).toBe("accepted");
    expect(code(() => undefined, { stopwords: ["x"] })).toBe("artifact_analyzer_mismatch");
  });
});
