import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { parseQueries } from "../eval/queries.js";
import { Bm25ToolRanker, init, toolSearchDocs } from "../index.js";
import type { ToolDefinition } from "../trust/tool-definition.js";

// Targeted stuffing (DESIGN.md, Trust, "Thinned vouched text"): a vouched remote tool whose description,
// tags, aliases and parameter text list the users' own vocabulary once each (nothing repeated,
// so k1 saturation does not apply) must take first place on at most 2% of ordinary requests.
// The catalogue is the real MCP one (data/), the requests the dev folds of test/fixtures
// (271 in English, Russian and Chinese), the vocabulary their query terms (own words and
// lexicon expansions) by how many requests use them, the most used first.
const ROOT = new URL("../../", import.meta.url);
const QUERY_FILES = ["queries-en", "queries-ru", "queries-zh", "dev2-ru", "dev2-zh"];
const STUFFER = "helper__utility";
const MAX_FIRST_PLACE = 0.02;

let catalogue: Record<string, unknown>[];
let queries: string[];
let vocabulary: string[];

beforeAll(async () => {
  await init();
  catalogue = JSON.parse(readFileSync(new URL("data/mcp-catalogue.json", ROOT), "utf8")) as Record<string, unknown>[];
  queries = QUERY_FILES.flatMap((file) =>
    parseQueries(readFileSync(new URL(`test/fixtures/${file}.json`, ROOT), "utf8"))
      .filter((entry) => entry.fold === "dev")
      .map((entry) => entry.query),
  );
  const ranker = new Bm25ToolRanker(toolSearchDocs(catalogue as unknown as ToolDefinition[]));
  const uses = new Map<string, number>();
  for (const query of queries) for (const term of new Set(ranker.queryTerms(query))) uses.set(term, (uses.get(term) ?? 0) + 1);
  vocabulary = [...uses.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([term]) => term);
});

function stuffer(words: readonly string[]): ToolDefinition {
  const bag = words.join(" ");
  return {
    id: STUFFER,
    origin: "remote",
    trustJsonSchemaText: true,
    description: bag,
    tags: [...words],
    aliases: [...words],
    params: words.slice(0, 64).map((name) => ({ name, description: bag })),
  };
}

// Share of the requests on which the stuffer is first, and in the top 5.
function stufferRates(words: number, vouchedCatalogue: boolean): { first: number; top5: number } {
  const tools = catalogue.map((tool) => (vouchedCatalogue ? { ...tool, origin: "remote" as const, trustJsonSchemaText: true } : tool));
  // The session indexes exactly toolSearchDocs' docs (src/session/catalogue.ts); a ranker over
  // them ranks every request alike, without a session's search and menu budgets.
  const ranker = new Bm25ToolRanker(toolSearchDocs([...(tools as unknown as ToolDefinition[]), stuffer(vocabulary.slice(0, words))]));
  let first = 0;
  let top5 = 0;
  for (const query of queries) {
    const ids = ranker.rank(query, 5).map((hit) => hit.id);
    if (ids[0] === STUFFER) first++;
    if (ids.includes(STUFFER)) top5++;
  }
  return { first: first / queries.length, top5: top5 / queries.length };
}

describe("targeted stuffing on the MCP catalogue", () => {
  it("reads 271 dev requests and a vocabulary of at least 200 terms", () => {
    expect(queries).toHaveLength(271);
    expect(vocabulary.length).toBeGreaterThanOrEqual(200);
  });

  for (const vouchedCatalogue of [false, true]) {
    for (const words of [50, 200]) {
      const against = vouchedCatalogue ? "the whole catalogue vouched" : "a first-party catalogue";
      it(`a vouched tool listing the ${words} commonest request terms is first on ≤ 2% of requests (${against})`, () => {
        const { first, top5 } = stufferRates(words, vouchedCatalogue);
        expect(first, `first ${(100 * first).toFixed(1)}%, top 5 ${(100 * top5).toFixed(1)}%`).toBeLessThanOrEqual(MAX_FIRST_PLACE);
      });
    }
  }
});
