// The query command's first-hour frictions: a negative limit written as two words, running the
// command with nothing, an empty query, a query of stopwords only, and what the timing means.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXIT_BAD_INPUT, EXIT_OK, EXIT_USAGE } from "../src/cli/main.js";
import { runCli as run } from "./helpers/cli.js";

const folder = mkdtempSync(join(tmpdir(), "toolsift-cli-query-"));
const index = join(folder, "index.tsi");
afterAll(() => rmSync(folder, { recursive: true, force: true }));

beforeAll(async () => {
  const tools = [
    { id: "create_pull_request", description: "Create a pull request." },
    { id: "send_email", description: "Send an email message." },
    { id: "get_weather", description: "Weather forecast for a city." },
  ];
  writeFileSync(join(folder, "tools.json"), JSON.stringify(tools));
  expect((await run(["build", join(folder, "tools.json"), "-o", index])).code).toBe(EXIT_OK);
});

describe("toolsift query: flags and inputs", () => {
  it("gives a negative --limit the same message whether written --limit -3 or --limit=-3", async () => {
    const joined = await run(["query", index, "x", "--limit=-3"]);
    const apart = await run(["query", index, "x", "--limit", "-3"]);
    expect(joined).toEqual({ code: EXIT_USAGE, stdout: "", stderr: "toolsift: --limit must be a positive integer, got -3\n" });
    expect(apart).toEqual(joined);
    // The same for a short negative value after any value-taking option, and only for numbers:
    // a real option after --limit is still the mistake Node names.
    expect((await run(["query", index, "x", "--limit", "-0.5"])).stderr).toBe("toolsift: --limit must be a positive integer, got -0.5\n");
    expect((await run(["query", index, "x", "--limit", "--json"])).stderr).toMatch(/^toolsift: query: Option '--limit' argument is ambiguous/u);
  });

  it("prints the usage on stdout and exits 0 when run with nothing, as --help does", async () => {
    const bare = await run([]);
    const help = await run(["--help"]);
    expect(bare.code).toBe(EXIT_OK);
    expect(bare.stdout).toMatch(/^toolsift — tool search for LLM agents\n\nUsage:/u);
    expect(bare).toEqual(help);
  });

  it("refuses an empty or blank query with a typed message and exit 2", async () => {
    for (const query of ["", "   "]) {
      const result = await run(["query", index, query]);
      expect(result).toEqual({ code: EXIT_BAD_INPUT, stdout: "", stderr: "toolsift: invalid_query: the query is empty; give the request to search for, e.g. \"send an email\"\n" });
    }
  });

  it("says a query of stopwords only has no searchable words instead of listing arbitrary tools", async () => {
    const text = await run(["query", index, "a the of"]);
    expect(text.code).toBe(EXIT_OK);
    expect(text.stdout).toMatch(/^a the of {2}terms: [^\n]*\n {2}no searchable words: every word of the query is a stopword\n$/u);
    expect((await run(["query", index, "!!! ?"])).stdout).toMatch(/\n {2}no searchable words: the query has no words\n$/u);
    const json = JSON.parse((await run(["query", index, "a the of", "--json"])).stdout) as { hits: unknown[]; searchable: boolean };
    expect(json).toMatchObject({ hits: [], searchable: false });
    // A query with one real word still searches.
    const real = JSON.parse((await run(["query", index, "the weather", "--json"])).stdout) as { hits: { id: string }[]; searchable: boolean };
    expect(real.searchable).toBe(true);
    expect(real.hits[0]!.id).toBe("get_weather");
  });

  it("labels its timing: the first (cold) call and the median of warm repeats, in µs", async () => {
    const { stdout } = await run(["query", index, "send an email"]);
    expect(stdout.split("\n")[0]).toMatch(/ · first call \d+ µs \(cold\), warm median \d+ µs$/u);
  });
});
