// The fingerprint constant that lets a default artifact load without encoding the bundled
// stopwords and lexicon must be the fingerprint of the bundled options.
import { beforeAll, describe, expect, it } from "vitest";
import { analyzerFingerprint } from "../src/core/artifact.js";
import { DEFAULT_ANALYZER_FINGERPRINT } from "../src/core/default-fingerprint.js";
import { RANKER_DEFAULTS } from "../src/core/options.js";
import { Bm25ToolRanker, init } from "../src/index.js";

beforeAll(async () => {
  await init();
});

describe("default analyzer fingerprint", () => {
  it("is the fingerprint of RANKER_DEFAULTS (else run `npm run update-fingerprint`)", () => {
    expect(analyzerFingerprint(RANKER_DEFAULTS as unknown as Parameters<typeof analyzerFingerprint>[0]).toString(16)).toBe(DEFAULT_ANALYZER_FINGERPRINT.toString(16));
  });

  it("a default artifact loads with the bundled options object; others decode their own", () => {
    const docs = [{ id: "a__send_email", description: "Send an email.", tags: [], aliases: [] }];
    expect(Bm25ToolRanker.load(new Bm25ToolRanker(docs).serialize()).options).toBe(RANKER_DEFAULTS);
    const custom = Bm25ToolRanker.load(new Bm25ToolRanker(docs, { k1: 1.5 }).serialize()).options;
    expect(custom).not.toBe(RANKER_DEFAULTS);
    expect(custom.k1).toBe(1.5);
    expect(custom.lexicon).toBe(RANKER_DEFAULTS.lexicon);
  });
});
