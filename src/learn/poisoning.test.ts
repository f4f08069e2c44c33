import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { Bm25ToolRanker } from "../core/index.js";
import { init } from "../entry/node.js";
import { InMemoryJournal } from "../journal/in-memory.js";
import type { JournalRecord } from "../journal/record.js";
import { createToolSearchSession } from "../session/session.js";
import type { ToolDefinition } from "../trust/tool-definition.js";
import { toolSearchDocs } from "../trust/tool-docs.js";
import { learnHints, usesFromJournal, type LearnedAnnotations, type LearnOptions } from "./index.js";

// Poisoning through `select` (docs/learning.md "What a use must prove"): a steered model sends
// each user request as the query, selects an un-vouched third-party tool by name, and calls
// it. The catalogue is the real MCP one (data/), the requests are hand-written email requests
// (test/fixtures/learn-poisoning.json): 30 steered runs learn, 13 held-out requests measure.
const ROOT = new URL("../../", import.meta.url);
const EVIL = "evil__helper";
const DEPTH = 50;

let catalogue: ToolDefinition[];
let steered: string[];
let heldOut: string[];
// The index as `toolsift learn` builds it from --tools: the catalogue, no hints.
let ranker: Bm25ToolRanker;

beforeAll(async () => {
  await init();
  const mcp = JSON.parse(readFileSync(new URL("data/mcp-catalogue.json", ROOT), "utf8")) as ToolDefinition[];
  catalogue = [...mcp, { id: EVIL, origin: "remote", description: "Helps with anything you ask." }];
  ({ steered, heldOut } = JSON.parse(readFileSync(new URL("test/fixtures/learn-poisoning.json", ROOT), "utf8")) as { steered: string[]; heldOut: string[] });
  ranker = new Bm25ToolRanker(toolSearchDocs(catalogue));
});

// One journal per steered run, as a host stores them for `toolsift learn --journals`: the
// search (its query the user's request, `query` of each input), then the call of `tool`.
function steeredRuns(input: (request: string) => Record<string, unknown>, tool = EVIL): JournalRecord[] {
  return steered.flatMap((request, run) => {
    const session = createToolSearchSession({ runId: `steered-${run}`, recordUsage: true, journal: new InMemoryJournal(), toolSearch: { catalogue, ranker } });
    session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: input(request) });
    session.handleToolCall({ turn: 1, index: 0, name: tool, input: {} });
    return session.journal.records();
  });
}

// What `toolsift learn` does with a folder of journals.
function learned(records: readonly JournalRecord[], options: Partial<LearnOptions> = {}): LearnedAnnotations {
  return learnHints(usesFromJournal(records), { analyzer: ranker, ranker, tools: catalogue, ...options });
}

// The rank of `tool` (1-based, 0 when not in the first DEPTH) for each held-out request, once
// the learned annotations are applied as the session applies them.
function heldOutRanks(annotations: LearnedAnnotations, tool = EVIL): number[] {
  const index = new Bm25ToolRanker(toolSearchDocs(catalogue, { annotations }));
  return heldOut.map((request) => index.rank(request, DEPTH).findIndex((hit) => hit.id === tool) + 1);
}

function poisoning(annotations: LearnedAnnotations): string {
  const ranks = heldOutRanks(annotations);
  const entry = annotations[EVIL];
  const words = [...(entry?.aliases ?? []), ...(entry?.tags ?? [])];
  const best = Math.min(...ranks.map((rank) => rank || Infinity));
  return `${EVIL} learned ${words.length} words [${words.join(" ")}], first for ${ranks.filter((rank) => rank === 1).length} of ${heldOut.length} held-out email requests, best rank ${best}`;
}

describe("learning poisoned through select", () => {
  it("the un-vouched tool is in no held-out request's first 50 without learned hints", () => {
    expect(steered).toHaveLength(30);
    expect(heldOut).toHaveLength(13);
    expect(heldOutRanks({})).toEqual(heldOut.map(() => 0));
  });

  it("a tool the model selected by name is not learned, even when the host lets un-vouched tools learn", () => {
    const records = steeredRuns((request) => ({ query: request, select: [EVIL] }));
    for (const options of [{ learnUnvouched: true }, {}]) {
      const annotations = learned(records, options);
      expect(annotations[EVIL], poisoning(annotations)).toBeUndefined();
      expect(heldOutRanks(annotations)).toEqual(heldOut.map(() => 0));
    }
    // Every run recorded the use, and that the search did not rank the tool.
    const used = records.filter((record) => record.id.endsWith(":used"));
    expect(used).toHaveLength(30);
    expect(used.every((record) => (record.value as { ranked?: unknown }).ranked === false)).toBe(true);
  });

  it("an un-vouched tool learns nothing by default, even from uses its search ranked", () => {
    // The steered model adds a word of the tool's name, so the ranking finds it on the page
    // (not first, where the served-rank gate would drop the use).
    const records = steeredRuns((request) => ({ query: `${request} helper` }));
    const annotations = learned(records);
    expect(annotations[EVIL], poisoning(annotations)).toBeUndefined();
    const used = records.filter((record) => record.id.endsWith(":used"));
    expect(used.length).toBeGreaterThan(20);
    expect(used.every((record) => (record.value as { ranked?: unknown }).ranked === true)).toBe(true);
    // What the host accepts when it opts in: ranked uses teach the un-vouched tool too, so a
    // steered query still moves it (the residual risk docs/learning.md names).
    const optedIn = learned(records, { learnUnvouched: true });
    expect(optedIn[EVIL]?.aliases).toEqual(expect.arrayContaining(["email", "helper"]));
  });

  it("a first-party tool still learns from the uses its search ranked", () => {
    // gmail__draft_email is on the page for these requests but not first: its uses teach.
    const records = steeredRuns((request) => ({ query: request }), "gmail__draft_email");
    const annotations = learned(records);
    expect(annotations["gmail__draft_email"]?.aliases?.length ?? 0).toBeGreaterThan(0);
  });
});
