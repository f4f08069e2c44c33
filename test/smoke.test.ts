import { beforeAll, describe, expect, it } from "vitest";
import { Bm25ToolRanker, init } from "../src/index.js";

beforeAll(async () => {
  await init();
});

describe("Bm25ToolRanker smoke", () => {
  it("ranks a tiny catalogue", () => {
    const ranker = new Bm25ToolRanker([
      { id: "github__create_pull_request", description: "Create a new pull request in a GitHub repository.", tags: [], aliases: [] },
      { id: "github__create_issue", description: "Create a new issue in a GitHub repository.", tags: [], aliases: [] },
      { id: "puppeteer__BrowserOpen", description: "Open a URL.", tags: [], aliases: [] },
    ]);
    const hits = ranker.rank("create a pull request on github", 5);
    expect(hits[0]!.id).toBe("github__create_pull_request");
    expect(ranker.analyze("BrowserOpen HTTPServer URLs ns:get_items")).toEqual([
      "browser", "open", "browseropen", "http", "server", "httpserver", "url", "ns", "get", "item", "nsgetitem",
    ]);
    for (const query of ["browserOpen", "browser open", "browseropen"]) {
      expect(ranker.rank(query, 1)[0]!.id).toBe("puppeteer__BrowserOpen");
    }
  });
});
