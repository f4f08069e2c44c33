// The README's library example, run as a test: the code between the markers is the README's
// block byte for byte without its import lines, and the names imported below from the package
// are exactly those the README imports from "toolsift" (both checked at the end).
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { Bm25ToolRanker, init, toolSearchDocs } from "../../src/index.js";
import { README, fencedBlocks } from "./blocks.js";

// Run where an application runs: in a folder of its own, not the repository, so a path read
// relative to the working directory fails here as it would there.
process.chdir(mkdtempSync(join(tmpdir(), "toolsift-readme-library-")));

// README:begin

await init(); // loads the WebAssembly core once; everything after is synchronous
// An MCP tools/list result ({ tools: [...] }) is third-party: its tools rank on their names and
// your annotations only, until you vouch for a server's text. An array of your own tools is
// indexed in full (description, tags, aliases, parameters).
// The package ships it in data/: resolved inside the installed package, not the working directory.
const catalogue = new URL("data/mcp-catalogue.json", import.meta.resolve("toolsift/package.json"));
const tools = JSON.parse(readFileSync(catalogue, "utf8")); // 2,464 tools of 89 MCP servers
const ranker = new Bm25ToolRanker(toolSearchDocs({ tools }, { trustJsonSchemaText: ["github__"] }));
const best = ranker.rank("create a pull request on github", 5);
// → [{ id: "github__create_pull_request", score: 16.16… }, …] (best first)
const why = ranker.explain("create a pull request", 3); // per term and field contributions
const bytes = ranker.serialize(); // build once (deploy time) …
const loaded = Bm25ToolRanker.load(bytes); // … load anywhere: a copy plus checks, no re-analysis (≈ 5–8 ms at 10,000 tools)
const miss = loaded.search("zxqv", 5); // { hits, confident: false, … }: says when nothing matched well, falls back to names
// README:end

it("ranks the vouched server's tool first with the score its comment shows", () => {
  expect(best[0]!.id).toBe("github__create_pull_request");
  expect(best[0]!.score.toFixed(2)).toBe("16.16");
  expect(why.length).toBe(3);
  expect(loaded.rank("create a pull request on github", 5)).toEqual(best);
  expect(miss.confident).toBe(false);
});

it("withholds the text of the servers nobody vouched for", () => {
  const docs = toolSearchDocs({ tools });
  const slack = docs.find((doc) => doc.id.startsWith("slack__"))!;
  expect(slack.description).toBeUndefined();
});

it("is the README's code, importing exactly what the README imports", () => {
  const block = fencedBlocks(README, "ts").find((text) => text.includes("new Bm25ToolRanker("))!;
  const lines = block.trimEnd().split("\n");
  const source = readFileSync(new URL(import.meta.url), "utf8");
  const region = /\/\/ README:begin\n([\s\S]*?)\n\/\/ README:end/.exec(source)![1]!;
  expect(region).toBe(lines.filter((line) => !line.startsWith("import ")).join("\n"));
  const names = (line: string): string[] => /\{([^}]*)\}/.exec(line)![1]!.split(",").map((name) => name.trim()).sort();
  const fromPackage = lines.find((line) => line.endsWith('from "toolsift";'))!;
  const imported = source.split("\n").find((line) => line.endsWith('from "../../src/index.js";'))!;
  expect(names(imported)).toEqual(names(fromPackage));
});
