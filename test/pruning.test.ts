// Block-max pruning (docs/performance.md "Query: block-max pruning") is exact: the pruned and
// the exhaustive path give the same ids in the same order with bit-identical scores, on random
// catalogues (property) and on a fixed sample of every benchmark query set over the MCP
// catalogue at 2,464 tools and replicated to 10,000 and 20,000.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { loadCatalogue, replicateCatalogue } from "../bench/lib/datasets.js";
import { Bm25ToolRanker, init } from "../src/index.js";
import { ToolsiftError } from "../src/errors.js";
import type { ToolSearchDoc } from "../src/types.js";
import { docArb, queryArb, vocabularyArb } from "./oracle/arbitraries.js";

type Hits = readonly { id: string; score: number }[];

/** Throws a readable error unless both lists hold the same ids in order with Object.is scores. */
function assertSame(pruned: Hits, exhaustive: Hits, what: string): void {
  const length = Math.max(pruned.length, exhaustive.length);
  for (let rank = 0; rank < length; rank++) {
    const left = pruned[rank];
    const right = exhaustive[rank];
    if (left?.id !== right?.id || !Object.is(left?.score, right?.score)) {
      throw new Error(`${what}: rank ${rank} of ${pruned.length}/${exhaustive.length}: pruned ${left?.id} ${left?.score}, exhaustive ${right?.id} ${right?.score}`);
    }
  }
}

function compare(ranker: Bm25ToolRanker, query: string, limit: number, mode: "always" | "auto", what: string): void {
  const exhaustive = ranker.setPruning("off").rank(query, limit);
  const pruned = ranker.setPruning(mode).rank(query, limit);
  assertSame(pruned, exhaustive, what);
}

// Copies of a few random tools, each with a numbered id and a share of its words, so blocks of
// 32 tools differ and many blocks hold the same best scores (ties broken by id across blocks).
const catalogueArb = vocabularyArb.chain((vocabulary) =>
  fc.record({
    tools: fc.uniqueArray(docArb(vocabulary), { selector: (doc) => doc.id, minLength: 1, maxLength: 8 }),
    copies: fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 80, max: 300 })),
    cuts: fc.array(fc.nat(), { minLength: 1, maxLength: 16 }),
    queries: fc.array(queryArb(vocabulary), { minLength: 1, maxLength: 4 }),
    limits: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 3 }),
    expansion: fc.boolean(),
    annotations: fc.boolean(),
  }),
);

// Without annotations a tool keeps its id, description and parameters only (its aliases and tags empty).
function replicated(tools: readonly ToolSearchDoc[], copies: number, cuts: readonly number[], annotations: boolean): ToolSearchDoc[] {
  const docs: ToolSearchDoc[] = [];
  for (let copy = 0; copy < copies; copy++) {
    for (const [index, tool] of tools.entries()) {
      const cut = cuts[(copy + index) % cuts.length]!;
      const words = (tool.description ?? "").split(" ");
      const kept = annotations ? tool : { ...tool, aliases: [], tags: [] };
      docs.push({ ...kept, id: `c${copy}_${tool.id}`, description: words.slice(0, words.length - (cut % (words.length + 1))).join(" ") });
    }
  }
  return docs;
}

describe("block-max pruning", () => {
  beforeAll(async () => {
    await init();
  });

  it("ranks random catalogues exactly as the exhaustive path (property)", () => {
    fc.assert(
      fc.property(catalogueArb, ({ tools, copies, cuts, queries, limits, expansion, annotations }) => {
        const docs = replicated(tools as ToolSearchDoc[], copies, cuts, annotations);
        const ranker = new Bm25ToolRanker(docs, expansion ? {} : { lexicon: false, relatedWeight: 0, lookalikes: false });
        for (const query of queries) {
          for (const limit of [...limits, Infinity]) compare(ranker, query, limit, "always", `${docs.length} tools, limit ${limit}, query ${JSON.stringify(query)}`);
        }
      }),
      { numRuns: 150, interruptAfterTimeLimit: 20_000 },
    );
  });

  it("ranks a sample of every benchmark query set exactly as the exhaustive path", () => {
    const mcp = loadCatalogue("mcp-catalogue");
    if (!mcp.ok) throw new Error(mcp.reason);
    const files = [
      "bench/data/livemcpbench/queries.json",
      "bench/data/metatool/queries.json",
      "bench/data/seal-tools/queries.json",
      "bench/data/toolbench-stable/queries.json",
      "test/fixtures/queries-en.json",
      "test/fixtures/queries-ru.json",
      "test/fixtures/queries-zh.json",
    ];
    // Every 1 in `step` of each set, about 40 queries per set, plus the tool ids as short queries.
    const queries: string[] = [];
    for (const file of files) {
      const set = JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), "utf8")) as { query: string }[];
      const step = Math.max(1, Math.floor(set.length / 40));
      for (let index = 0; index < set.length; index += step) queries.push(set[index]!.query);
    }
    for (let index = 0; index < mcp.value.length; index += 61) queries.push(mcp.value[index]!.id.replace(/__|_/g, " "));
    let compared = 0;
    for (const size of [mcp.value.length, 10_000, 20_000]) {
      const ranker = new Bm25ToolRanker(replicateCatalogue(mcp.value, size));
      // At 20,000 tools "auto" prunes the queries of at most five words; below it, nothing.
      const mode = size >= 20_000 ? "auto" : "always";
      for (const query of queries) {
        for (const limit of [1, 10, 50]) compare(ranker, query, limit, mode, `${size} tools, limit ${limit}, query ${JSON.stringify(query)}`);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(3 * 250);
  }, 120_000);

  it("refuses an unknown pruning mode with a typed invalid_option error", () => {
    const ranker = new Bm25ToolRanker([{ id: "a", description: "alpha" }]);
    let caught: unknown;
    try {
      ranker.setPruning("sometimes" as "off");
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ToolsiftError);
    expect((caught as ToolsiftError).code).toBe("invalid_option");
    expect((caught as ToolsiftError).path).toEqual(["pruning"]);
  });
});
