// `toolsift eval` says what is wrong with a queries file instead of printing numbers that look
// like a measurement: broken JSON is `invalid_queries`, a --fold or --lang that selects no
// query is an error naming what the file has, and a relevant id that is no tool of the
// catalogue is a warning listing it (an error with --strict).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EXIT_BAD_INPUT, EXIT_OK } from "../src/cli/main.js";
import { runCli as run, type CliRun } from "./helpers/cli.js";

const folder = mkdtempSync(join(tmpdir(), "toolsift-cli-eval-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function file(name: string, value: unknown): string {
  const path = join(folder, name);
  writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value));
  return path;
}

const tools = file("tools.json", [
  { id: "create_pull_request", description: "Create a pull request." },
  { id: "send_email", description: "Send an email message." },
  { id: "get_weather", description: "Weather forecast for a city." },
]);
const queries = file("queries.json", [
  { query: "open a pull request", relevant: ["create_pull_request"], fold: "test", lang: "en" },
  { query: "mail my boss", relevant: ["send_email"], fold: "test", lang: "en" },
  { query: "прогноз погоды", relevant: ["get_weather"], fold: "dev", lang: "ru" },
]);

/** Exit 2, nothing on stdout, and one line `toolsift: <code>: …` on stderr. */
function expectTypedError(result: CliRun, code: string, ...mentions: (string | RegExp)[]): void {
  expect(result.stderr).toMatch(new RegExp(`^toolsift: ${code}: [^\\n]+\\n$`));
  for (const mention of mentions) expect(result.stderr).toMatch(mention);
  expect(result.stdout).toBe("");
  expect(result.code).toBe(EXIT_BAD_INPUT);
}

describe("toolsift eval: a queries file's mistakes are reported", () => {
  it("reports a queries file that is not JSON as invalid_queries, naming it", async () => {
    const broken = file("broken-queries.json", "[{ not json");
    expectTypedError(await run(["eval", "--tools", tools, "--queries", broken]), "invalid_queries", broken, /not valid JSON/);
    // The catalogue keeps its own code.
    const brokenTools = file("broken-tools.json", "{ not json");
    expectTypedError(await run(["eval", "--tools", brokenTools, "--queries", queries]), "invalid_catalogue", brokenTools);
  });

  it("names the queries file in an entry's error", async () => {
    const bad = file("bad-entry.json", [{ query: "x", relevant: "send_email" }]);
    expectTypedError(await run(["eval", "--tools", tools, "--queries", bad]), "invalid_queries", bad, /entry 0, relevant/);
  });

  it("refuses a --fold or --lang that selects no query, naming it and what the queries have", async () => {
    const onlyTest = file("only-test.json", [{ query: "mail", relevant: ["send_email"], fold: "test", lang: "en" }, { query: "pr", relevant: ["create_pull_request"] }]);
    expectTypedError(await run(["eval", "--tools", tools, "--queries", onlyTest, "--fold", "dev"]), "invalid_option", /fold "dev"/, /folds: test \(2\)/, onlyTest);
    expectTypedError(await run(["eval", "--tools", tools, "--queries", queries, "--lang", "fr"]), "invalid_option", /lang "fr"/, /langs: en \(2\), ru \(1\)/);
    // Both filters: the fold exists, the language does not within it.
    expectTypedError(await run(["eval", "--tools", tools, "--queries", queries, "--fold", "dev", "--lang", "en"]), "invalid_option", /fold "dev" has lang "en"/, /the dev queries' langs: ru \(1\)/);
    // A filter that selects something still runs.
    const ok = await run(["eval", "--tools", tools, "--queries", queries, "--lang", "RU", "--json"]);
    expect(ok.code).toBe(EXIT_OK);
    expect(JSON.parse(ok.stdout).queries).toBe(1);
  });

  it("warns about relevant ids that are no tool of the catalogue, and fails on them with --strict", async () => {
    const typo = file("typo.json", [
      { query: "forecast", relevant: ["get_wether"] },
      { query: "mail", relevant: ["send_email", "sendmail", "get_wether"] },
    ]);
    const warned = await run(["eval", "--tools", tools, "--queries", typo, "--json"]);
    expect(warned.code).toBe(EXIT_OK);
    expect(JSON.parse(warned.stdout).queries).toBe(2);
    expect(warned.stderr).toBe(`toolsift: warning: 2 relevant ids in ${typo} are not a tool of ${tools}, so they score 0: get_wether, sendmail (--strict makes this an error)\n`);
    expectTypedError(await run(["eval", "--tools", tools, "--queries", typo, "--strict"]), "invalid_queries", /2 relevant ids/, /get_wether, sendmail/);
    // A clean file stays quiet, with or without --strict.
    const clean = await run(["eval", "--tools", tools, "--queries", queries, "--strict"]);
    expect(clean.code).toBe(EXIT_OK);
    expect(clean.stderr).toBe("");
  });

  it("lists at most ten unknown ids and counts the rest, for an index artifact too", async () => {
    const index = join(folder, "tools.tsi");
    expect((await run(["build", tools, "-o", index])).code).toBe(EXIT_OK);
    const many = file("many.json", [{ query: "mail", relevant: ["send_email", ...Array.from({ length: 13 }, (_, i) => `missing_${i}`)] }]);
    const result = await run(["eval", "--tools", index, "--queries", many]);
    expect(result.code).toBe(EXIT_OK);
    expect(result.stderr).toMatch(/^toolsift: warning: 13 relevant ids [^\n]*: missing_0, [^\n]*missing_9 and 3 more \(--strict[^\n]*\n$/);
    expect(result.stderr).not.toMatch(/missing_10/);
  });
});
