// The fingerprint constant that lets a default artifact load without encoding the bundled
// stopwords and lexicon must be the fingerprint of the bundled options.
import { beforeAll, describe, expect, it } from "vitest";
import { analyzerFingerprint } from "../src/core/artifact.js";
import { DEFAULT_ANALYZER_FINGERPRINT } from "../src/core/default-fingerprint.js";
import { DEFAULT_RANKER_OPTIONS } from "../src/core/options.js";
import { Bm25ToolRanker, init } from "../src/index.js";

beforeAll(async () => {
  await init();
});

describe("default analyzer fingerprint", () => {
  it("is the fingerprint of DEFAULT_RANKER_OPTIONS (else run `npm run update-fingerprint`)", () => {
    expect(analyzerFingerprint(DEFAULT_RANKER_OPTIONS as unknown as Parameters<typeof analyzerFingerprint>[0]).toString(16)).toBe(DEFAULT_ANALYZER_FINGERPRINT.toString(16));
  });

  it("a default artifact loads with the bundled options object; others decode their own", () => {
    const docs = [{ id: "a__send_email", description: "Send an email.", tags: [], aliases: [] }];
    expect(Bm25ToolRanker.load(new Bm25ToolRanker(docs).serialize()).options).toBe(DEFAULT_RANKER_OPTIONS);
    const custom = Bm25ToolRanker.load(new Bm25ToolRanker(docs, { k1: 1.5 }).serialize()).options;
    expect(custom).not.toBe(DEFAULT_RANKER_OPTIONS);
    expect(custom.k1).toBe(1.5);
    expect(custom.lexicon).toBe(DEFAULT_RANKER_OPTIONS.lexicon);
  });
});
