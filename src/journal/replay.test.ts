import { describe, expect, it } from "vitest";
import type { RankedHit, ToolRanker } from "../types.js";
import type { ToolsiftWarning } from "../shared/warnings.js";
import { createToolSearchSession } from "../session/session.js";
import type { ToolCall, ToolCallOutcome } from "../session/types.js";
import type { ToolDefinition } from "../trust/tool-definition.js";
import { journalFromJsonLines, journalToJsonLines } from "./jsonl.js";
import { InMemoryJournal } from "./in-memory.js";
import { JOURNAL_FORMAT, JOURNAL_VERSION, type JournalRecord } from "./record.js";

const catalogue: ToolDefinition[] = [
  "github__create_issue",
  "github__list_issues",
  "github__close_issue",
  "slack__post_message",
  "slack__list_channels",
  "files__read_file",
  "files__write_file",
  "secret__drop_database",
].map((id) => ({ id, description: `Tool ${id}.` }));
const ids = catalogue.map((tool) => tool.id!);

function countingRanker(): ToolRanker & { calls: number } {
  const ranker = {
    kind: "words",
    calls: 0,
    rank(query: string, limit: number): RankedHit[] {
      ranker.calls++;
      const words = query.toLowerCase().split(/\W+/).filter(Boolean);
      return ids
        .filter((id) => words.some((word) => id.includes(word)))
        .slice(0, limit)
        .map((id) => ({ id }));
    },
  };
  return ranker;
}

const script: ToolCall[] = [
  { turn: 0, index: 0, name: "search_tools", input: { query: "issue", limit: 2 } },
  { turn: 1, index: 0, name: "github__create_issue", input: {} },
  { turn: 1, index: 1, name: "search_tools", input: { query: "slack" } },
  { turn: 2, index: 0, name: "search_tools", input: { query: "file", limit: 1 } },
];

function run(options: { journal?: InMemoryJournal; ranker?: ToolRanker; divergence?: "fail" | "warn"; onWarning?: (w: ToolsiftWarning) => void; namespaces?: string[] } = {}) {
  const ranker = options.ranker ?? countingRanker();
  const session = createToolSearchSession({
    runId: "run-7",
    journal: options.journal,
    divergence: options.divergence,
    onWarning: options.onWarning,
    toolSearch: { catalogue, ranker, namespaces: options.namespaces, maxLoaded: 4 },
  });
  const outcomes: ToolCallOutcome[] = script.map((call) => session.handleToolCall(call));
  return { session, outcomes, ranker };
}

function recorded(): JournalRecord[] {
  const { session } = run();
  return [...session.journal.records()];
}

function tamper(records: JournalRecord[], position: number, value: unknown): InMemoryJournal {
  return new InMemoryJournal(records.map((record, i) => (i === position ? { ...record, value } : record)));
}

describe("record", () => {
  it("records one decision per valid search with the documented id and value", () => {
    const records = recorded();
    expect(records.map((record) => record.id)).toEqual([
      "run-7#turn:0:tool:0:search",
      "run-7#turn:1:tool:1:search",
      "run-7#turn:2:tool:0:search",
    ]);
    expect(records[0]).toMatchObject({
      format: JOURNAL_FORMAT,
      v: JOURNAL_VERSION,
      value: { ranker: "words", query: "issue", results: ["github__create_issue", "github__list_issues"], loaded: ["github__create_issue", "github__list_issues"] },
    });
    expect(typeof records[0]!.fingerprint).toBe("string");
  });

  it("keeps the first 200 characters of the query", () => {
    const session = createToolSearchSession({ toolSearch: { catalogue, ranker: countingRanker() } });
    session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: `issue ${"x".repeat(500)}` } });
    expect((session.journal.records()[0]!.value as { query: string }).query).toHaveLength(200);
  });

  it("records nothing for a search the ranker could not answer", () => {
    const broken: ToolRanker = { kind: "broken", rank: () => { throw new Error("down"); } };
    const session = createToolSearchSession({ onWarning: () => {}, toolSearch: { catalogue, ranker: broken } });
    const outcome = session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "issue" } });
    expect(outcome).toMatchObject({ result: { code: "search_unavailable" }, source: "refused" });
    expect(session.journal.records()).toHaveLength(0);
  });
});

describe("replay", () => {
  it("serves the record with zero ranker calls, identical results and an identical menu", () => {
    const live = run();
    const replayRanker = countingRanker();
    const replay = run({ journal: new InMemoryJournal(live.session.journal.records()), ranker: replayRanker });
    expect(replayRanker.calls).toBe(0);
    expect(JSON.stringify(replay.outcomes.map((o) => ("result" in o ? o.result : o.name)))).toBe(
      JSON.stringify(live.outcomes.map((o) => ("result" in o ? o.result : o.name))),
    );
    expect(JSON.stringify(replay.session.menu())).toBe(JSON.stringify(live.session.menu()));
    expect(replay.outcomes.filter((o) => o.kind === "search").map((o) => (o as { source: string }).source)).toEqual(["replay", "replay", "replay"]);
    expect(() => replay.session.finish()).not.toThrow();
    expect(replay.session.journal.records()).toHaveLength(3);
  });

  it("round-trips through JSON lines", () => {
    const live = run();
    const text = journalToJsonLines(live.session.journal);
    expect(text.split("\n").filter(Boolean)).toHaveLength(3);
    const replayRanker = countingRanker();
    const replay = run({ journal: journalFromJsonLines(text), ranker: replayRanker });
    expect(replayRanker.calls).toBe(0);
    expect(JSON.stringify(replay.session.menu())).toBe(JSON.stringify(live.session.menu()));
  });

  it("resumes: records past the journal's end are decided live and appended", () => {
    const records = recorded();
    const journal = new InMemoryJournal(records.slice(0, 2));
    const replay = run({ journal });
    expect((replay.ranker as unknown as { calls: number }).calls).toBe(1);
    expect(journal.records().map((record) => record.id)).toEqual(records.map((record) => record.id));
  });

  it("answers search_unavailable, without ranking, for a call the recorded run did not record", () => {
    let fail = true;
    const flaky: ToolRanker = {
      kind: "flaky",
      rank: (query, limit) => {
        if (fail) throw new Error("warming up");
        return countingRanker().rank(query, limit);
      },
    };
    const session = createToolSearchSession({ runId: "r", onWarning: () => {}, toolSearch: { catalogue, ranker: flaky } });
    expect(session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "issue" } })).toMatchObject({ result: { code: "search_unavailable" } });
    fail = false;
    session.handleToolCall({ turn: 1, index: 0, name: "search_tools", input: { query: "slack" } });
    const replayRanker = countingRanker();
    const replay = createToolSearchSession({ runId: "r", journal: new InMemoryJournal(session.journal.records()), toolSearch: { catalogue, ranker: replayRanker } });
    expect(replay.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "issue" } })).toMatchObject({ result: { code: "search_unavailable" } });
    replay.handleToolCall({ turn: 1, index: 0, name: "search_tools", input: { query: "slack" } });
    expect(replayRanker.calls).toBe(0);
    expect(replay.menuNames()).toEqual(session.menuNames());
  });
});

describe("replay of a tampered journal never widens the menu", () => {
  const live = run();
  const liveMenu = live.session.menuNames();
  const records = recorded();

  function replayMenu(journal: InMemoryJournal): readonly string[] {
    const ranker = countingRanker();
    const { session } = run({ journal, ranker, divergence: "warn", onWarning: () => {} });
    expect(ranker.calls).toBe(0);
    return session.menuNames();
  }

  function within(menu: readonly string[]): void {
    for (const name of menu) expect(liveMenu).toContain(name);
    expect(menu.length).toBeLessThanOrEqual(liveMenu.length);
  }

  it("drops forged ids (not in the catalogue)", () => {
    const menu = replayMenu(tamper(records, 0, { ranker: "words", query: "issue", results: ["evil__exfiltrate", "github__create_issue"], loaded: ["evil__exfiltrate", "github__create_issue"] }));
    expect(menu).not.toContain("evil__exfiltrate");
    within(menu);
  });

  it("drops hidden ids (outside the namespaces)", () => {
    const forged = { ranker: "words", query: "issue", results: ["secret__drop_database"], loaded: ["secret__drop_database"] };
    const warnings: ToolsiftWarning[] = [];
    const { session } = run({ journal: tamper(records, 0, forged), namespaces: ["github__", "slack__", "files__"], onWarning: (w) => warnings.push(w) });
    expect(session.menuNames()).not.toContain("secret__drop_database");
    // Other namespaces are another configuration than the recorded one: said once.
    expect(warnings.map((w) => w.code)).toEqual(["TOOLSIFT_JOURNAL_CONFIG"]);
  });

  it("drops repeated ids and ids already on the menu", () => {
    const menu = replayMenu(
      tamper(records, 1, { ranker: "words", query: "slack", results: ["github__create_issue", "slack__post_message", "slack__post_message", "search_tools"], loaded: ["github__create_issue", "slack__post_message", "slack__post_message", "search_tools"] }),
    );
    expect(menu.filter((name) => name === "slack__post_message")).toHaveLength(1);
    within(menu);
  });

  it("reads non-arrays as empty", () => {
    for (const value of [{ ranker: "words", query: "issue", results: "github__create_issue", loaded: "github__create_issue" }, { ranker: "words", query: "issue", results: { 0: "github__create_issue", length: 1 }, loaded: null }, null, "garbage", 42]) {
      const menu = replayMenu(tamper(records, 0, value));
      expect(menu).not.toContain("github__list_issues");
      within(menu);
    }
  });

  it("clips 10,000 ids to the page and the caps, reading a bounded prefix", () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ids[i % ids.length]!);
    let reads = 0;
    const counted = new Proxy(many, {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const menu = replayMenu(tamper(records, 0, { ranker: "words", query: "issue", results: counted, loaded: many }));
    within(menu);
    // the page of the recorded call is 2: at most 2 tools enter from this record
    expect(menu.slice(0, 2)).toEqual(["search_tools", "github__create_issue"]);
    expect(reads).toBeLessThanOrEqual(1000);
  });

  it("only narrows loaded: a recorded loaded list cannot load a tool the caps refuse", () => {
    const value = { ranker: "words", query: "issue", results: ["github__create_issue", "github__list_issues"], loaded: [] };
    const menu = replayMenu(tamper(records, 0, value));
    expect(menu).not.toContain("github__create_issue");
    within(menu);
  });
});

describe("divergence", () => {
  const records = recorded();

  it('throws journal_divergence in "fail" mode when a replay skips a recorded decision', () => {
    const warnings: ToolsiftWarning[] = [];
    const session = createToolSearchSession({ runId: "run-7", onWarning: (w) => warnings.push(w), journal: new InMemoryJournal(records), toolSearch: { catalogue, ranker: countingRanker() } });
    session.handleToolCall(script[0]!);
    expect(() => session.handleToolCall(script[3]!)).toThrow(expect.objectContaining({ code: "journal_divergence" }));
    // Recorded with maxLoaded: 4, replayed with the default: another configuration, said once.
    expect(warnings.map((w) => w.code)).toEqual(["TOOLSIFT_JOURNAL_CONFIG"]);
  });

  it('throws journal_divergence in "fail" mode when the query differs from the record', () => {
    const session = createToolSearchSession({ runId: "run-7", journal: new InMemoryJournal(records), toolSearch: { catalogue, ranker: countingRanker() } });
    expect(() => session.handleToolCall({ ...script[0]!, input: { query: "slack", limit: 2 } })).toThrow(expect.objectContaining({ code: "journal_divergence" }));
  });

  it('throws journal_divergence in "fail" mode at finish when recorded decisions were never asked for', () => {
    const warnings: ToolsiftWarning[] = [];
    const session = createToolSearchSession({ runId: "run-7", onWarning: (w) => warnings.push(w), journal: new InMemoryJournal(records), toolSearch: { catalogue, ranker: countingRanker() } });
    session.handleToolCall(script[0]!);
    expect(session.stats().pendingReplay).toBe(2);
    expect(() => session.finish()).toThrow(expect.objectContaining({ code: "journal_divergence" }));
    expect(warnings.map((w) => w.code)).toEqual(["TOOLSIFT_JOURNAL_CONFIG"]);
  });

  it('warns and carries on in "warn" mode', () => {
    const warnings: ToolsiftWarning[] = [];
    const ranker = countingRanker();
    const session = createToolSearchSession({ runId: "run-7", divergence: "warn", onWarning: (w) => warnings.push(w), journal: new InMemoryJournal(records), toolSearch: { catalogue, ranker, maxLoaded: 4 } });
    session.handleToolCall(script[3]!);
    session.finish();
    expect(ranker.calls).toBe(0);
    // the skip is reported once, when it happens; the skipped records are abandoned
    expect(warnings.map((w) => w.code)).toEqual(["TOOLSIFT_JOURNAL_DIVERGENCE"]);
    // recorded loaded: [] (maxLoaded was reached in the recorded run): the record only narrows
    expect(session.menuNames()).toEqual(["search_tools"]);
  });

  it("warns once when the journal was recorded under another configuration", () => {
    const warnings: ToolsiftWarning[] = [];
    const session = createToolSearchSession({ runId: "run-7", onWarning: (w) => warnings.push(w), journal: new InMemoryJournal(records), toolSearch: { catalogue, ranker: countingRanker(), maxLoaded: 3 } });
    script.forEach((call) => session.handleToolCall(call));
    expect(warnings.map((w) => w.code)).toEqual(["TOOLSIFT_JOURNAL_CONFIG"]);
  });
});

describe("journal storage", () => {
  it("refuses unknown formats, versions, bad ids and repeated ids with the line number", () => {
    const good = JSON.stringify({ format: JOURNAL_FORMAT, v: 1, id: "a", value: {} });
    expect(() => journalFromJsonLines(`${good}\n{nope`)).toThrow(expect.objectContaining({ code: "invalid_journal", path: [2] }));
    expect(() => journalFromJsonLines(JSON.stringify({ format: JOURNAL_FORMAT, v: 2, id: "a", value: {} }))).toThrow(expect.objectContaining({ code: "invalid_journal", path: [1] }));
    expect(() => journalFromJsonLines(JSON.stringify({ format: "other", v: 1, id: "a" }))).toThrow(expect.objectContaining({ code: "invalid_journal" }));
    expect(() => journalFromJsonLines(JSON.stringify({ format: JOURNAL_FORMAT, v: 1, id: 3 }))).toThrow(expect.objectContaining({ code: "invalid_journal" }));
    expect(() => journalFromJsonLines(`${good}\n\n${good}\n`)).toThrow(expect.objectContaining({ code: "invalid_journal", path: [3] }));
    expect(journalFromJsonLines(`\n${good}\n\n`).size).toBe(1);
  });

  it("refuses a host journal that repeats an id", () => {
    const record = { format: JOURNAL_FORMAT, v: 1, id: "a", value: {} } as const;
    const hostJournal = { records: () => [record, record], append: () => {} };
    expect(() => createToolSearchSession({ journal: hostJournal, toolSearch: { catalogue, ranker: countingRanker() } })).toThrow(
      expect.objectContaining({ code: "invalid_journal" }),
    );
  });
});
