// `toolsift learn` writes the annotations file `toolsift eval --hints` applies; both say what is
// wrong with their inputs in one typed line.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EXIT_BAD_INPUT, EXIT_OK, EXIT_USAGE } from "../src/cli/main.js";
import { InMemoryJournal } from "../src/journal/in-memory.js";
import { journalToJsonLines } from "../src/journal/jsonl.js";
import { createToolSearchSession } from "../src/session/session.js";
import { runCli as run } from "./helpers/cli.js";

const folder = mkdtempSync(join(tmpdir(), "toolsift-cli-learn-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function file(name: string, value: unknown): string {
  const path = join(folder, name);
  writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value));
  return path;
}

const catalogue = [
  { id: "calendar__freebusy", description: "Query the availability of calendars." },
  { id: "image__resize", description: "Resize an image to given dimensions." },
  { id: "mail__send", description: "Send an email message." },
];
const tools = file("tools.json", catalogue);
const queries = file("queries.json", [
  { query: "who is free on thursday", relevant: ["calendar__freebusy"], fold: "dev" },
  { query: "is anna free at three", relevant: ["calendar__freebusy"], fold: "dev" },
  { query: "shrink this photo", relevant: ["image__resize"], fold: "dev" },
  { query: "shrink the photo for mail", relevant: ["image__resize"], fold: "dev" },
  { query: "who is free tomorrow", relevant: ["calendar__freebusy"], fold: "test" },
  { query: "shrink my photo", relevant: ["image__resize"], fold: "test" },
]);

describe("toolsift learn", () => {
  it("learns from a queries file's dev fold and eval --hints applies what it wrote", async () => {
    const output = join(folder, "hints.json");
    const learned = await run(["learn", "--tools", tools, "--queries", queries, "-o", output]);
    expect(learned).toMatchObject({ code: EXIT_OK, stderr: "" });
    // The index already answers the photo requests with the resize tool first: only the
    // calendar's requests teach.
    expect(learned.stdout).toBe(`learned ${output}: 1 words for 1 tools from 4 uses\n`);
    expect(JSON.parse(readFileSync(output, "utf8"))).toEqual({ calendar__freebusy: { aliases: ["free"] } });
    const before = await run(["eval", "--tools", tools, "--queries", queries, "--fold", "test", "--json"]);
    const after = await run(["eval", "--tools", tools, "--queries", queries, "--fold", "test", "--json", "--hints", output]);
    expect(JSON.parse(before.stdout)["ndcg@10"]).toBeLessThan(1);
    expect(JSON.parse(after.stdout)["ndcg@10"]).toBe(1);
  });

  it("learns from the used records of a folder of journals", async () => {
    const journals = join(folder, "journals");
    mkdirSync(journals);
    for (const [run, query] of [["run-1", "shrink this photo"], ["run-2", "please shrink the photo"]] as const) {
      const journal = new InMemoryJournal();
      const session = createToolSearchSession({
        runId: run,
        recordUsage: true,
        journal,
        toolSearch: { catalogue, ranker: { kind: "fixed", rank: () => [{ id: "image__resize" }] } },
      });
      session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query } });
      session.handleToolCall({ turn: 1, index: 0, name: "image__resize", input: {} });
      writeFileSync(join(journals, `${run}.jsonl`), journalToJsonLines(journal));
    }
    const output = join(folder, "from-journals.json");
    expect(await run(["learn", "--tools", tools, "--journals", journals, "--served-rank", "0", "-o", output])).toMatchObject({ code: EXIT_OK, stderr: "" });
    expect(JSON.parse(readFileSync(output, "utf8"))).toEqual({ image__resize: { aliases: ["photo", "shrink"] } });
    // By default a use the index already answered first teaches nothing.
    expect(await run(["learn", "--tools", tools, "--journals", journals, "-o", output])).toMatchObject({ code: EXIT_OK, stderr: "" });
    expect(JSON.parse(readFileSync(output, "utf8"))).toEqual({});
  });

  it("teaches an un-vouched tool only with --learn-unvouched, and never a tool the model selected", async () => {
    const remote = [...catalogue, { id: "remote__compact", origin: "remote", description: "Withheld from ranking." }];
    const remoteTools = file("remote-tools.json", remote);
    const journals = join(folder, "remote-journals");
    mkdirSync(journals);
    for (const [run, query, select] of [["run-1", "shrink this photo", false], ["run-2", "please shrink the photo", false], ["run-3", "shrink a photo now", true]] as const) {
      const journal = new InMemoryJournal();
      const ranked = { kind: "fixed", rank: () => (select ? [] : [{ id: "mail__send" }, { id: "remote__compact" }]) };
      const session = createToolSearchSession({ runId: run, recordUsage: true, journal, toolSearch: { catalogue: remote, ranker: ranked } });
      session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: select ? { query, select: ["remote__compact"] } : { query } });
      session.handleToolCall({ turn: 1, index: 0, name: "remote__compact", input: {} });
      writeFileSync(join(journals, `${run}.jsonl`), journalToJsonLines(journal));
    }
    const output = join(folder, "remote-hints.json");
    expect(await run(["learn", "--tools", remoteTools, "--journals", journals, "-o", output])).toMatchObject({ code: EXIT_OK, stderr: "" });
    expect(JSON.parse(readFileSync(output, "utf8"))).toEqual({});
    expect(await run(["learn", "--tools", remoteTools, "--journals", journals, "--learn-unvouched", "--min-support", "3", "-o", output])).toMatchObject({ code: EXIT_OK, stderr: "" });
    // The selected run's request did not teach: "shrink" and "photo" have two ranked uses, not three.
    expect(JSON.parse(readFileSync(output, "utf8"))).toEqual({});
    expect(await run(["learn", "--tools", remoteTools, "--journals", journals, "--learn-unvouched", "-o", output])).toMatchObject({ code: EXIT_OK, stderr: "" });
    expect(JSON.parse(readFileSync(output, "utf8"))).toEqual({ remote__compact: { aliases: ["photo", "shrink"] } });
  });

  it("says what is missing or wrong in one line", async () => {
    const usage = await run(["learn", "--tools", tools, "-o", join(folder, "x.json")]);
    expect(usage.code).toBe(EXIT_USAGE);
    expect(usage.stderr).toMatch(/^toolsift: learn needs one of --tools <tools.json> or --config <servers.json>, one of --queries <queries.json> or --journals <folder>, and -o <hints.json>\n$/);
    expect((await run(["learn", "--tools", tools, "--queries", queries, "--fold", "train", "-o", "x"])).stderr).toMatch(/--fold must be dev or test/);
    expect((await run(["learn", "--tools", tools, "--queries", queries, "--max-per-tool", "0", "-o", "x"])).stderr).toMatch(/--max-per-tool must be a positive integer/);
    expect((await run(["learn", "--tools", tools, "--queries", queries, "--served-rank", "1.5", "-o", "x"])).stderr).toMatch(/--served-rank must be an integer from 0 to 100, got 1.5/);
    const empty = await run(["learn", "--tools", tools, "--journals", join(folder, "nowhere"), "-o", "x"]);
    expect(empty).toMatchObject({ code: EXIT_BAD_INPUT, stdout: "" });
    expect(empty.stderr).toMatch(/^toolsift: file_unreadable: cannot read journal folder .*nowhere: no such file\n$/);
    const badLine = join(folder, "bad-journals");
    mkdirSync(badLine);
    writeFileSync(join(badLine, "r.jsonl"), "{ not json\n");
    expect((await run(["learn", "--tools", tools, "--journals", badLine, "-o", "x"])).stderr).toMatch(/^toolsift: invalid_journal: .*r\.jsonl:1: not JSON\n$/);
  });
});

describe("toolsift eval --hints", () => {
  it("refuses an annotations file of another shape, naming the file and the entry", async () => {
    const bad = file("bad-hints.json", { mail__send: { aliases: "mail" } });
    const result = await run(["eval", "--tools", tools, "--queries", queries, "--hints", bad]);
    expect(result).toMatchObject({ code: EXIT_BAD_INPUT, stdout: "" });
    expect(result.stderr).toBe(`toolsift: invalid_annotations: annotations file ${bad}: mail__send.aliases must be an array of strings\n`);
    const field = file("field-hints.json", { mail__send: { synonyms: ["mail"] } });
    expect((await run(["eval", "--tools", tools, "--queries", queries, "--hints", field])).stderr).toMatch(/mail__send\.synonyms is not a field of an annotation \(aliases, tags\)/);
  });

  it("takes mcp for the shipped MCP hints, and without --hints scores as before", async () => {
    const plain = await run(["eval", "--tools", tools, "--queries", queries, "--json"]);
    const mcp = await run(["eval", "--tools", tools, "--queries", queries, "--json", "--hints", "mcp"]);
    expect(mcp.code).toBe(EXIT_OK);
    // None of these tools is of a server with hints: the same numbers.
    expect(mcp.stdout).toBe(plain.stdout);
  });
});
