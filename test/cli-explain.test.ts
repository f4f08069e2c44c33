// An explanation accounts for the whole score: the term rows sum to `termTotal`, and
// `termTotal × nameFactor` is the score, in the library's explain, in `query --explain --json`
// (to 1e-9) and in the text `--explain` prints (to its three printed decimals).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueDocs } from "../src/catalogue/index.js";
import { Bm25ToolRanker, type HitExplanation } from "../src/core/index.js";
import { init } from "../src/entry/node.js";
import { runCli as run } from "./helpers/cli.js";

const catalogueFile = join(import.meta.dirname, "../data/mcp-catalogue.json");
const folder = mkdtempSync(join(tmpdir(), "toolsift-cli-explain-"));
const index = join(folder, "mcp.tsi");
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// Several shapes of query: a strong name match (factor 1.48), expansions, Russian, Chinese,
// a camelCase identifier, and one whose hits mostly get no name bonus.
const QUERIES = [
  "create a pull request on github",
  "take a screenshot of the page",
  "создай задачу в трекере",
  "发送邮件给团队",
  "browserOpen",
  "what's the weather tomorrow",
];

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Every part of the explanation, checked against the score it explains. */
function expectAccountsForScore(hit: HitExplanation): void {
  expect(typeof hit.termTotal, `${hit.id}: termTotal`).toBe("number");
  expect(typeof hit.nameFactor, `${hit.id}: nameFactor`).toBe("number");
  expect(Math.abs(sum(hit.terms.map((term) => term.score)) - hit.termTotal)).toBeLessThan(1e-9);
  expect(Math.abs(hit.termTotal * hit.nameFactor - hit.score), `${hit.id}: ${hit.termTotal} × ${hit.nameFactor} vs ${hit.score}`).toBeLessThan(1e-9);
  for (const term of hit.terms) expect(Math.abs(sum(Object.values(term.fields)) - term.score)).toBeLessThan(1e-9);
}

beforeAll(async () => {
  await init();
  expect((await run(["build", catalogueFile, "-o", index])).code).toBe(0);
});

describe("an explanation accounts for the whole score", () => {
  it("in the library: the terms sum to termTotal, and termTotal × nameFactor is the score", () => {
    const ranker = new Bm25ToolRanker(catalogueDocs(JSON.parse(readFileSync(catalogueFile, "utf8"))));
    let boosted = 0;
    for (const query of QUERIES) {
      const hits = ranker.explain(query, 10);
      expect(hits.length, query).toBeGreaterThan(0);
      for (const hit of hits) {
        expectAccountsForScore(hit);
        if (hit.nameFactor > 1) boosted++;
      }
    }
    // The factor is not always 1, or the test would not see the part that was missing.
    expect(boosted).toBeGreaterThan(5);
    const [top] = ranker.explain("create a pull request on github", 1);
    expect(top).toMatchObject({ id: "github__create_pull_request", nameFactor: 1.48 });
  });

  it("in query --explain --json: the same parts, per hit", async () => {
    for (const query of QUERIES) {
      const result = await run(["query", index, query, "--explain", "--json", "--limit", "5"]);
      expect(result.code).toBe(0);
      const hits = (JSON.parse(result.stdout) as { hits: HitExplanation[] }).hits;
      expect(hits.length, query).toBeGreaterThan(0);
      for (const hit of hits) expectAccountsForScore(hit);
    }
  });

  it("in query --explain text: a line per hit shows score = sum of the terms × name coverage", async () => {
    for (const query of QUERIES) {
      const { code, stdout } = await run(["query", index, query, "--explain", "--limit", "5"]);
      expect(code).toBe(0);
      // One block per hit: its head line, its term rows, then the line that adds them up.
      const blocks = stdout.split(/\n(?=\s+\d+\. )/).slice(1);
      expect(blocks.length, query).toBeGreaterThan(0);
      for (const block of blocks) {
        const shown = Number(/^\s+\d+\. \S+ {2}([\d.]+)/.exec(block)![1]);
        const rows = [...block.matchAll(/^ {7}\S+: ([\d.]+) \(/gm)].map((match) => Number(match[1]));
        const total = /^ {7}score ([\d.]+) = ([\d.]+) \(sum of the terms\) × ([\d.]+) \(name coverage\)$/m.exec(block);
        expect(total, `no line adding up:\n${block}`).not.toBeNull();
        const [score, termTotal, factor] = [Number(total![1]), Number(total![2]), Number(total![3])];
        expect(score).toBe(shown);
        // Each printed number is rounded to 0.0005; the sum and the product carry that on.
        expect(Math.abs(sum(rows) - termTotal)).toBeLessThanOrEqual(0.0005 * (rows.length + 1) + 1e-9);
        expect(Math.abs(termTotal * factor - score)).toBeLessThanOrEqual(0.0005 * (termTotal + factor + 1) + 1e-9);
      }
    }
    const { stdout } = await run(["query", index, "create a pull request on github", "--explain", "--limit", "1"]);
    expect(stdout).toContain("score 14.180 = 9.581 (sum of the terms) × 1.480 (name coverage)");
  });
});
