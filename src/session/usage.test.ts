import { describe, expect, it } from "vitest";
import { InMemoryJournal } from "../journal/in-memory.js";
import { isUsedRecordId, usedRecordId, type JournalRecord } from "../journal/record.js";
import type { ToolsiftWarning } from "../shared/warnings.js";
import type { RankedHit, ToolRanker } from "../types.js";
import type { ToolDefinition } from "../trust/tool-definition.js";
import { createToolSearchSession } from "./session.js";
import type { ToolCall } from "./types.js";
import { USAGE_LIMITS } from "./usage.js";

const catalogue: ToolDefinition[] = ["calendar__freebusy", "calendar__create_event", "mail__send", "image__resize"].map((id) => ({ id, description: `Tool ${id}.` }));

// Finds the tools whose id contains a word of the query.
const words: ToolRanker = {
  kind: "words",
  rank(query: string, limit: number): RankedHit[] {
    const parts = query.toLowerCase().split(/\W+/).filter(Boolean);
    return catalogue.map((tool) => tool.id!).filter((id) => parts.some((part) => id.includes(part))).slice(0, limit).map((id) => ({ id }));
  },
};

const script: ToolCall[] = [
  { turn: 0, index: 0, name: "search_tools", input: { query: "calendar free" } },
  { turn: 1, index: 0, name: "calendar__freebusy", input: {} },
  { turn: 1, index: 1, name: "calendar__freebusy", input: {} },
  { turn: 2, index: 0, name: "search_tools", input: { query: "send mail" } },
  { turn: 3, index: 0, name: "mail__send", input: {} },
  { turn: 3, index: 1, name: "agent_note", input: {} },
];

function run(journal?: InMemoryJournal, onWarning?: (warning: ToolsiftWarning) => void) {
  const session = createToolSearchSession({
    runId: "run-u",
    recordUsage: true,
    journal,
    onWarning,
    tools: [{ id: "agent_note", description: "Write a note." }],
    toolSearch: { catalogue, ranker: words },
  });
  const outcomes = script.map((call) => session.handleToolCall(call));
  return { session, outcomes };
}

describe("used records", () => {
  it("are off by default: the journal holds the decisions only", () => {
    const session = createToolSearchSession({ runId: "run-u", tools: [{ id: "agent_note" }], toolSearch: { catalogue, ranker: words } });
    for (const call of script) session.handleToolCall(call);
    expect(session.journal.records().map((record) => record.id)).toEqual(["run-u#turn:0:tool:0:search", "run-u#turn:2:tool:0:search"]);
  });

  it("records the search, the tool and the turn once per (search, tool) for found tools only", () => {
    const { session } = run();
    const used = session.journal.records().filter((record) => isUsedRecordId(record.id));
    expect(used.map((record) => [record.id, record.value])).toEqual([
      ["run-u#turn:1:tool:0:used", { used: "calendar__freebusy", search: "run-u#turn:0:tool:0:search", turn: 1, ranked: true }],
      ["run-u#turn:3:tool:0:used", { used: "mail__send", search: "run-u#turn:2:tool:0:search", turn: 3, ranked: true }],
    ]);
    expect(used.every((record) => record.fingerprint === undefined)).toBe(true);
    expect(usedRecordId("r", 4, 1)).toBe("r#turn:4:tool:1:used");
  });

  it("say whether the search's ranking returned the tool, or the call selected it", () => {
    const calls: ToolCall[] = [
      { turn: 0, index: 0, name: "search_tools", input: { query: "send mail", select: ["image__resize"] } },
      { turn: 1, index: 0, name: "image__resize", input: {} },
      { turn: 1, index: 1, name: "mail__send", input: {} },
    ];
    const journal = new InMemoryJournal();
    const session = createToolSearchSession({ runId: "run-s", recordUsage: true, journal, toolSearch: { catalogue, ranker: words } });
    for (const call of calls) session.handleToolCall(call);
    const used = (records: readonly JournalRecord[]) => records.filter((record) => isUsedRecordId(record.id)).map((record) => record.value);
    expect(used(session.journal.records())).toEqual([
      { used: "image__resize", search: "run-s#turn:0:tool:0:search", turn: 1, ranked: false },
      { used: "mail__send", search: "run-s#turn:0:tool:0:search", turn: 1, ranked: true },
    ]);
    // A tool a group brought is not ranked either.
    const grouped = createToolSearchSession({ runId: "run-g", recordUsage: true, toolSearch: { catalogue, ranker: words, groups: [{ name: "calendar", prefix: "calendar__", load: "lazy" }] } });
    grouped.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "send mail", group: "calendar" } });
    grouped.handleToolCall({ turn: 1, index: 0, name: "calendar__freebusy", input: {} });
    grouped.handleToolCall({ turn: 1, index: 1, name: "mail__send", input: {} });
    expect(used(grouped.journal.records()).map((value) => [(value as { used: string }).used, (value as { ranked: boolean }).ranked])).toEqual([
      ["calendar__freebusy", false],
      ["mail__send", true],
    ]);
    // A replay of the run without its used records writes the same ones.
    const decisions = session.journal.records().filter((record) => !isUsedRecordId(record.id));
    const replay = createToolSearchSession({ runId: "run-s", recordUsage: true, journal: new InMemoryJournal(decisions), toolSearch: { catalogue, ranker: words } });
    for (const call of calls) replay.handleToolCall(call);
    expect(used(replay.journal.records())).toEqual(used(session.journal.records()));
  });

  it("pair a call with the latest search that ranked the tool, also when it was on the menu already", () => {
    // One long run (a gateway connection): the second search ranks image__resize on its page,
    // but the tool is on the menu since the first and the search names it in its note only.
    const calls: ToolCall[] = [
      { turn: 0, index: 0, name: "search_tools", input: { query: "image mail" } },
      { turn: 1, index: 0, name: "mail__send", input: {} },
      { turn: 2, index: 0, name: "search_tools", input: { query: "resize image" } },
      { turn: 3, index: 0, name: "image__resize", input: {} },
      { turn: 4, index: 0, name: "search_tools", input: { query: "send image", select: ["image__resize"] } },
      { turn: 5, index: 0, name: "image__resize", input: {} },
    ];
    const session = createToolSearchSession({ runId: "run-m", recordUsage: true, toolSearch: { catalogue, ranker: words } });
    const outcomes = calls.map((call) => session.handleToolCall(call));
    expect(outcomes[2]).toMatchObject({ result: { tools: [], note: `No other matching tools. Matches already on the menu: "image__resize".` } });
    const used = session.journal.records().filter((record) => isUsedRecordId(record.id)).map((record) => record.value);
    expect(used).toEqual([
      { used: "mail__send", search: "run-m#turn:0:tool:0:search", turn: 1, ranked: true },
      { used: "image__resize", search: "run-m#turn:2:tool:0:search", turn: 3, ranked: true },
    ]);
  });

  it("are no decisions: a replay serves the searches, waits for no used record and writes none twice", () => {
    const live = run();
    const records = live.session.journal.records();
    const warnings: ToolsiftWarning[] = [];
    const replay = run(new InMemoryJournal(records), (warning) => warnings.push(warning));
    expect(replay.outcomes.filter((outcome) => outcome.kind === "search").map((outcome) => (outcome as { source: string }).source)).toEqual(["replay", "replay"]);
    expect(JSON.stringify(replay.outcomes)).toBe(JSON.stringify(live.outcomes.map((outcome) => (outcome.kind === "search" ? { ...outcome, source: "replay" } : outcome))));
    expect(replay.session.stats().pendingReplay).toBe(0);
    expect(() => replay.session.finish()).not.toThrow();
    expect(warnings).toEqual([]);
    expect(replay.session.journal.records()).toEqual(records);
  });

  it("a session that does not record usage replays a journal that holds used records", () => {
    const records = run().session.journal.records();
    const session = createToolSearchSession({ runId: "run-u", journal: new InMemoryJournal(records), tools: [{ id: "agent_note" }], toolSearch: { catalogue, ranker: words } });
    for (const call of script) session.handleToolCall(call);
    expect(() => session.finish()).not.toThrow();
    expect(session.journal.records()).toEqual(records);
  });

  it("a replay of a journal whose used records were dropped still replays identically", () => {
    const live = run();
    const decisions = live.session.journal.records().filter((record) => !isUsedRecordId(record.id));
    const replay = run(new InMemoryJournal(decisions));
    expect(() => replay.session.finish()).not.toThrow();
    expect(replay.session.journal.records().filter((record) => isUsedRecordId(record.id))).toHaveLength(2);
  });

  it(`writes at most ${USAGE_LIMITS.recordsPerRun} per run`, () => {
    const many = Array.from({ length: 100 }, (_, index) => ({ id: `bulk__tool_${index}`, description: "bulk" }));
    const session = createToolSearchSession({
      runId: "run-b",
      recordUsage: true,
      toolSearch: { catalogue: many, maxPerSearch: 50, maxLoaded: 200, maxSearches: 200, ranker: { kind: "all", rank: (query, limit) => many.filter((tool) => tool.id.endsWith(`_${query}`) || query === "bulk").slice(0, limit).map((tool) => ({ id: tool.id })) } },
    });
    let turn = 0;
    for (let index = 0; index < 100; index++) {
      session.handleToolCall({ turn: turn++, index: 0, name: "search_tools", input: { query: String(index), limit: 1 } });
      session.handleToolCall({ turn: turn++, index: 0, name: `bulk__tool_${index}`, input: {} });
    }
    expect(session.journal.records().filter((record) => isUsedRecordId(record.id))).toHaveLength(USAGE_LIMITS.recordsPerRun);
  });

  it("a store that refuses a used record is a warning, and the call goes on", () => {
    const records: JournalRecord[] = [];
    const journal = {
      records: () => records,
      append: (record: JournalRecord) => {
        if (isUsedRecordId(record.id)) throw new Error("full");
        records.push(record);
      },
    };
    const warnings: ToolsiftWarning[] = [];
    const session = createToolSearchSession({ runId: "run-w", recordUsage: true, journal, onWarning: (warning) => warnings.push(warning), toolSearch: { catalogue, ranker: words } });
    session.handleToolCall(script[0]!);
    expect(session.handleToolCall(script[1]!)).toMatchObject({ kind: "tool", onMenu: true, name: "calendar__freebusy" });
    expect(warnings.map((warning) => warning.code)).toEqual(["TOOLSIFT_JOURNAL_USAGE"]);
  });
});
