// Memory does not grow across 100,000 queries: after a warm-up, the
// core's linear memory keeps its size while varied queries of every shape are ranked, and a
// fixed query still returns the same hits.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Bm25ToolRanker, init } from "../src/index.js";
import type { RuntimeDoc, RuntimeQuery } from "./runtimes/common/cases.js";

const docs = JSON.parse(readFileSync(new URL("fixtures/runtime-catalogue.json", import.meta.url), "utf8")) as RuntimeDoc[];
const fixtureQueries = JSON.parse(readFileSync(new URL("fixtures/runtime-queries.json", import.meta.url), "utf8")) as RuntimeQuery[];

const QUERIES = 100_000;
const WARM_UP = 5_000;

// The ranker keeps its core instance private; the test observes the instance (and so its
// exported memory) as the module creates it, without changing what the module does.
const OriginalInstance = WebAssembly.Instance;
const created: WebAssembly.Instance[] = [];
class ObservedInstance extends OriginalInstance {
  constructor(module: WebAssembly.Module, imports?: WebAssembly.Imports) {
    super(module, imports);
    created.push(this);
  }
}

beforeAll(async () => {
  await init();
  Object.defineProperty(WebAssembly, "Instance", { value: ObservedInstance, configurable: true, writable: true });
});

afterAll(() => {
  Object.defineProperty(WebAssembly, "Instance", { value: OriginalInstance, configurable: true, writable: true });
});

// A deterministic stream of queries: fixture queries, random word mixes from the catalogue
// (1–40 words, some past the 512-unit cut), Unicode, identifiers, empty and junk.
function* queryStream(count: number): Generator<[string, number]> {
  const words = [...new Set(docs.flatMap((doc) => `${doc.id} ${doc.description ?? ""}`.split(/\s+/)))].filter(Boolean);
  let state = 0x9e3779b9;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
  const extras = ["", " ", "\u200b\u202e", "\ud800", "🚀🚀🚀", "x".repeat(600), "browserOpen", "ns:get_items", "погода", "天气"];
  for (let index = 0; index < count; index++) {
    const kind = index % 4;
    let query: string;
    if (kind === 0) query = fixtureQueries[index % fixtureQueries.length]!.query;
    else if (kind === 3) query = extras[Math.floor(next() * extras.length)]!;
    else {
      const length = 1 + Math.floor(next() * (kind === 2 ? 40 : 6));
      query = Array.from({ length }, () => words[Math.floor(next() * words.length)]).join(" ");
    }
    yield [query, [1, 5, 10, 50, 1000][index % 5]!];
  }
}

describe("memory", () => {
  it(`stays flat across ${QUERIES.toLocaleString("en")} rank calls`, () => {
    const ranker = new Bm25ToolRanker(docs);
    const memory = created.at(-1)!.exports.memory as WebAssembly.Memory;
    expect(memory).toBeInstanceOf(WebAssembly.Memory);
    const probe = "create a pull request on github";
    const before = ranker.rank(probe, 10);

    let calls = 0;
    let afterWarmUp = 0;
    let hits = 0;
    for (const [query, limit] of queryStream(QUERIES)) {
      hits += ranker.rank(query, limit).length;
      calls += 1;
      if (calls === WARM_UP) afterWarmUp = memory.buffer.byteLength;
    }
    expect(calls).toBe(QUERIES);
    expect(hits).toBeGreaterThan(QUERIES); // the stream really searches, not just empty queries
    expect(memory.buffer.byteLength).toBe(afterWarmUp);
    expect(ranker.rank(probe, 10)).toEqual(before);
  });

  it("a build reuses the last build's working memory, zeroed: the index is the one a new memory builds", () => {
    const many = Array.from({ length: 5_000 }, (_, index) => ({ ...docs[index % docs.length]!, id: `m${index}__${docs[index % docs.length]!.id}` }));
    // The working core is the first instance a build creates; its index moves to a second.
    // Artifacts compared by digest: a deep equality of megabytes takes seconds.
    const built = (catalogue: RuntimeDoc[]): { artifact: string; working: WebAssembly.Memory } => {
      const first = created.length;
      const artifact = createHash("sha256").update(new Bm25ToolRanker(catalogue).serialize()).digest("hex");
      return { artifact, working: created[first]!.exports.memory as WebAssembly.Memory };
    };
    const before = built(docs);
    const larger = built(many);
    const after = built(docs);
    expect(larger.working).toBe(before.working);
    expect(after.working).toBe(before.working);
    expect(after.artifact).toBe(before.artifact);
    expect(built(many).artifact).toBe(larger.artifact);
  });

  it("a small build after a large one takes a new memory rather than zero the large one's", () => {
    const many = Array.from({ length: 20_000 }, (_, index) => ({ ...docs[index % docs.length]!, id: `m${index}__${docs[index % docs.length]!.id}` }));
    const working = (catalogue: RuntimeDoc[]): WebAssembly.Memory => {
      const first = created.length;
      void new Bm25ToolRanker(catalogue);
      return created[first]!.exports.memory as WebAssembly.Memory;
    };
    const large = working(many);
    expect(working(docs.slice(0, 10))).not.toBe(large);
  });

  it("a built or loaded index's core is sized to it: its memory is the artifact plus the fixed buffers, not a doubling", () => {
    const many = Array.from({ length: 30_000 }, (_, index) => ({ ...docs[index % docs.length]!, id: `r${Math.floor(index / docs.length)}__${docs[index % docs.length]!.id}` }));
    const coreBytes = (): number => (created.at(-1)!.exports.memory as WebAssembly.Memory).buffer.byteLength;
    const built = new Bm25ToolRanker(many);
    const builtBytes = coreBytes();
    const artifact = built.serialize();
    Bm25ToolRanker.load(artifact);
    const loadedBytes = coreBytes();
    // The fixed part: the analyzer's and query's buffers, the same in every core (under 3 MiB).
    const fixed = 3 * 2 ** 20;
    expect(artifact.length).toBeGreaterThan(4 * 2 ** 20);
    expect(builtBytes).toBeLessThan(artifact.length * 1.1 + fixed);
    expect(loadedBytes).toBeLessThan(artifact.length * 1.1 + fixed);
  });
});
