import { beforeAll, describe, expect, it } from "vitest";
import { hashedEmbedding } from "../bench/lib/hashed-embedding.js";
import { artifactChecksum } from "../src/core/checksum.js";
import { Bm25ToolRanker, createToolSearchSession, init, withQueryVectors, type HostVectors, type ToolSearchDocInput } from "../src/index.js";

// The deterministic embedder (bench/lib/hashed-embedding.ts) is for correctness only: it carries no meaning.

const docs: ToolSearchDocInput[] = [
  { id: "images__resize_image", description: "Resize an image to a width and height." },
  { id: "calendar__free_busy", description: "Query free/busy intervals of calendars." },
  { id: "mail__send_email", description: "Send an email message." },
  { id: "files__read_file", description: "Read a file from disk." },
  { id: "github__create_issue", description: "Create an issue in a repository." },
];
// The host embeds a text of its own for each tool (here: how people ask for it).
const hostText: Record<string, string> = {
  images__resize_image: "shrink snapshot smaller",
  calendar__free_busy: "who is free on thursday afternoon availability",
  mail__send_email: "mail a letter to someone",
  files__read_file: "open and show a document",
  github__create_issue: "report a bug",
};
const DIMS = 64;
const vectors: HostVectors = { dims: DIMS, get: (id) => hashedEmbedding(hostText[id] ?? "", DIMS) };
const queries = ["resize an image", "shrink my snapshot", "who is free thursday", "create issue", "zzqx", "read"];

describe("host vectors", () => {
  beforeAll(async () => {
    await init();
  });

  it("survive serialize → load bit for bit, and rank the same after the load", () => {
    const built = new Bm25ToolRanker(docs, undefined, { vectors });
    expect(built.vectorDims).toBe(DIMS);
    const bytes = built.serialize();
    const loaded = Bm25ToolRanker.load(bytes);
    expect(loaded.vectorDims).toBe(DIMS);
    expect(Buffer.from(loaded.serialize()).equals(Buffer.from(bytes))).toBe(true);
    for (const query of queries) {
      const vector = hashedEmbedding(query, DIMS);
      expect(loaded.search(query, 5, { vector })).toEqual(built.search(query, 5, { vector }));
    }
    // An index without vectors serializes as before: no vector section, and the same bytes.
    expect(Buffer.from(new Bm25ToolRanker(docs).serialize()).equals(Buffer.from(Bm25ToolRanker.load(new Bm25ToolRanker(docs).serialize()).serialize()))).toBe(true);
    expect(new Bm25ToolRanker(docs).serialize().length).toBeLessThan(bytes.length);
  });

  it("refuse a vector of the wrong length, NaN or Infinity with a typed error", () => {
    const ranker = new Bm25ToolRanker(docs, undefined, { vectors });
    const good = hashedEmbedding("photo", DIMS);
    const code = (run: () => unknown) => {
      try {
        run();
        return "none";
      } catch (error) {
        return (error as { code?: string }).code;
      }
    };
    expect(code(() => ranker.search("photo", 5, { vector: good.subarray(1) }))).toBe("invalid_vector");
    expect(code(() => ranker.search("photo", 5, { vector: Float32Array.from(good, (value, index) => (index === 3 ? Number.NaN : value)) }))).toBe("invalid_vector");
    expect(code(() => ranker.search("photo", 5, { vector: Array.from(good, (value, index) => (index === 9 ? Infinity : value)) }))).toBe("invalid_vector");
    expect(code(() => new Bm25ToolRanker(docs).search("photo", 5, { vector: good }))).toBe("invalid_vector");
    expect(code(() => new Bm25ToolRanker(docs, undefined, { vectors: { dims: DIMS, get: (id) => (id === "mail__send_email" ? [Number.NaN] : good) } }))).toBe("invalid_vector");
    expect(code(() => new Bm25ToolRanker(docs, undefined, { vectors: { dims: DIMS, get: (id) => (id === "files__read_file" ? undefined : good) } }))).toBe("invalid_vector");
    expect(code(() => new Bm25ToolRanker(docs, undefined, { vectors: { dims: 0, get: () => good } }))).toBe("invalid_vector");
    expect(code(() => ranker.search("photo", 5, { vector: good, vectorWeights: { unsure: 2 } }))).toBe("invalid_option");
  });

  it("with weight zero give BM25F's hits and scores exactly", () => {
    const ranker = new Bm25ToolRanker(docs, undefined, { vectors });
    for (const query of queries) {
      const vector = hashedEmbedding(query, DIMS);
      expect(ranker.search(query, 5, { vector, vectorWeights: { confident: 0, unsure: 0 } })).toEqual(ranker.search(query, 5));
    }
  });

  it("bring a tool across a vocabulary gap when BM25F is not confident, and score by the convex rule", () => {
    const ranker = new Bm25ToolRanker(docs, undefined, { vectors });
    expect(ranker.search("shrink my snapshot", 5).hits.map((hit) => hit.id)).not.toContain("images__resize_image");
    const fused = ranker.search("shrink my snapshot", 5, { vector: hashedEmbedding("shrink my snapshot", DIMS) });
    expect(fused.hits[0]).toMatchObject({ id: "images__resize_image", match: "vector" });
    expect(fused.confident).toBe(false);
    // Nothing scored: the weight is `unsure` (0.3), the hit's score 0.3 × its cosine (≤ 1).
    expect(fused.hits[0]!.score).toBeGreaterThan(0);
    expect(fused.hits[0]!.score).toBeLessThanOrEqual(0.3);
    // A confident query keeps BM25F's best hit first.
    const confident = ranker.search("resize an image", 5, { vector: hashedEmbedding("report a bug", DIMS) });
    expect(confident.hits[0]).toMatchObject({ id: "images__resize_image", match: "terms" });
  });

  it("scan to the cosines of the host's vectors, within int8 rounding (odd dimensions, 300 tools)", () => {
    let seed = 7;
    const random = () => ((seed = Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32 - 0.5;
    const dims = 100;
    const many: ToolSearchDocInput[] = Array.from({ length: 300 }, (_, index) => ({ id: `tool_${index}`, description: "plain words" }));
    const table = new Map(many.map((doc) => [doc.id, Float64Array.from({ length: dims }, random)]));
    const ranker = new Bm25ToolRanker(many, undefined, { vectors: { dims, get: (id) => table.get(id) } });
    const query = Float64Array.from({ length: dims }, random);
    const norm = (vector: Float64Array) => Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
    const cosine = (vector: Float64Array) => vector.reduce((sum, value, index) => sum + value * query[index]!, 0) / (norm(vector) * norm(query));
    const oracle = [...table].map(([id, vector]) => ({ id, cosine: cosine(vector) })).sort((left, right) => right.cosine - left.cosine);
    // No term matches: every hit is the vectors' alone, scored `unsure` × its cosine.
    const { hits } = ranker.search("zzqx", 10, { vector: query, vectorWeights: { confident: 0, unsure: 1 } });
    expect(hits).toHaveLength(10);
    for (const hit of hits) expect(hit.score).toBeCloseTo(cosine(table.get(hit.id)!), 2);
    expect(hits.slice(0, 3).map((hit) => hit.id)).toEqual(oracle.slice(0, 3).map((entry) => entry.id));
  });

  it("reach a session through withQueryVectors: the host's vector for the query, one decision, a note when BM25F was not sure", () => {
    const ranker = new Bm25ToolRanker(docs, undefined, { vectors });
    const asked: string[] = [];
    const session = createToolSearchSession({
      runId: "v",
      toolSearch: {
        catalogue: docs.map(({ id, description }) => ({ id, description })),
        ranker: withQueryVectors(ranker, (query) => (asked.push(query), hashedEmbedding(query, DIMS))),
        maxPerSearch: 3,
      },
    });
    const outcome = session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "shrink my snapshot" } });
    expect(outcome.kind === "search" && "tools" in outcome.result ? outcome.result.tools.map((tool) => tool.name) : []).toContain("images__resize_image");
    expect(outcome.kind === "search" && "note" in outcome.result ? outcome.result.note : "").toMatch(/confident|match/i);
    expect(asked).toEqual(["shrink my snapshot"]);
    expect(session.journal.records()[0]!.value).toMatchObject({ ranker: "bm25+vectors" });
  });

  it("refuse a forged vector section as a corrupt artifact, even with a matching checksum", () => {
    const bytes = new Bm25ToolRanker(docs, undefined, { vectors }).serialize();
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const rows = view.getUint32(40, true);
    const ids = Array.from({ length: rows }, (_, index) => view.getUint32(64 + 8 * index, true));
    const lengths = Array.from({ length: rows }, (_, index) => view.getUint32(68 + 8 * index, true));
    const at = ids.indexOf(105);
    expect(at).toBe(5);
    const pad = (length: number) => Math.ceil(length / 64) * 64;
    const start = pad(64 + 8 * rows) + lengths.slice(0, at).reduce((sum, length) => sum + pad(length), 0);
    const forged = (change: (copy: DataView) => void) => {
      const copy = bytes.slice();
      const copyView = new DataView(copy.buffer);
      change(copyView);
      copyView.setUint32(copy.length - 4, artifactChecksum(copy.subarray(0, copy.length - 4)), true);
      try {
        Bm25ToolRanker.load(copy);
        return "loaded";
      } catch (error) {
        return (error as { code?: string }).code;
      }
    };
    expect(forged(() => {})).toBe("loaded");
    expect(forged((copy) => copy.setFloat32(start + 4, Number.NaN, true))).toBe("artifact_corrupt");
    expect(forged((copy) => copy.setUint32(start, DIMS + 1, true))).toBe("artifact_corrupt");
    expect(forged((copy) => copy.setUint16(6, copy.getUint16(6, true) & ~64, true))).toBe("artifact_corrupt");
  });
});
