import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogueDocs } from "../src/catalogue/index.js";
import { Bm25ToolRanker, init } from "../src/index.js";

const catalogue = JSON.parse(readFileSync(new URL("../data/mcp-catalogue.json", import.meta.url), "utf8"));
let ranker: Bm25ToolRanker;

beforeAll(async () => {
  await init();
  ranker = new Bm25ToolRanker(catalogueDocs(catalogue));
});

describe("the embedded MCP catalogue", () => {
  it("puts github__create_pull_request first for a plain request", () => {
    expect(ranker.rank("create a pull request on github", 5)[0]!.id).toBe("github__create_pull_request");
  });

  it("finds the same browser-navigation tools for browserOpen, browser open and browseropen", () => {
    const lists = ["browserOpen", "browser open", "browseropen"].map((query) => ranker.rank(query, 5).map((hit) => hit.id));
    expect(lists[0]!.length).toBeGreaterThan(0);
    expect(lists[1]).toEqual(lists[0]);
    expect(lists[2]).toEqual(lists[0]);
    expect(lists[0]!.some((id) => /navigate|open/.test(id))).toBe(true);
  });
});
