// `toolsift inspect` on what a new user points it at first: the repository's JSON catalogue
// (refused, with the commands that do take it), a missing file (one typed line, exit 2, as
// query gives), and a real index, whose sections all have names and whose top terms are the
// folded index terms a query can reach (stopwords left out).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXIT_BAD_INPUT, EXIT_OK } from "../src/cli/main.js";
import { runCli as run } from "./helpers/cli.js";
import { SECTION_ORDER } from "../src/core/artifact-layout.js";
import { RANKER_DEFAULTS } from "../src/core/options.js";

const catalogue = join(import.meta.dirname, "../data/mcp-catalogue.json");
const folder = mkdtempSync(join(tmpdir(), "toolsift-cli-inspect-"));
const index = join(folder, "mcp.tsi");
afterAll(() => rmSync(folder, { recursive: true, force: true }));

beforeAll(async () => {
  expect((await run(["build", catalogue, "-o", index])).code).toBe(EXIT_OK);
});

/** The lines of one titled part of inspect's output, up to the next title. */
function part(stdout: string, title: RegExp): string[] {
  const lines = stdout.split("\n");
  const start = lines.findIndex((line) => title.test(line));
  expect(start, `no part ${title} in:\n${stdout}`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((line, at) => at > start && /^\S/.test(line));
  return lines.slice(start + 1, end === -1 ? undefined : end).filter((line) => line !== "");
}

describe("toolsift inspect, as a new user first runs it", () => {
  it("refuses the repository's JSON catalogue with exit 2 and no decoded header, pointing at query and build", async () => {
    const result = await run(["inspect", catalogue]);
    expect(result.code).toBe(EXIT_BAD_INPUT);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^toolsift: artifact_bad_magic: [^\n]*mcp-catalogue\.json is not an index artifact[^\n]*toolsift query[^\n]*toolsift build[^\n]*\n$/);
  });

  it("reports a missing index in one typed line with exit 2, like query", async () => {
    const missing = join(folder, "missing.tsi");
    const inspect = await run(["inspect", missing]);
    const query = await run(["query", missing, "x"]);
    for (const result of [inspect, query]) {
      expect(result.code).toBe(EXIT_BAD_INPUT);
      expect(result.stderr).toBe(`toolsift: file_unreadable: cannot read ${result === inspect ? "index" : "index or catalogue"} ${missing}: no such file\n`);
    }
  });

  it("names every section of the artifact", async () => {
    const { code, stdout } = await run(["inspect", index]);
    expect(code).toBe(EXIT_OK);
    const sections = part(stdout, /^sections$/);
    expect(sections).toHaveLength(SECTION_ORDER.length);
    for (const line of sections) expect(line).toMatch(/^ {2}[a-z][a-z ]*[a-z] +\d+ bytes$/);
    expect(sections.some((line) => line.startsWith("  field frequencies "))).toBe(true);
  });

  it("lists top index terms after folding, without the stopwords a query drops", async () => {
    const { stdout } = await run(["inspect", index]);
    const top = part(stdout, /^top index terms, after folding, stopwords left out/);
    expect(top).toHaveLength(20);
    const terms = top.map((line) => line.trim().split(/\s+/)[0]!);
    // Before, "the", "to", "a" led the list and "thi" (the folded "this") was 15th.
    for (const stop of ["thi", "the", "a", "to", "of", "and", "for"]) expect(terms).not.toContain(stop);
    expect(RANKER_DEFAULTS.stopwords).toContain("this");
    expect(terms).toContain("create");
  });
});
