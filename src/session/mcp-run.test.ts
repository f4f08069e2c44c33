import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../index.js";
import { InMemoryJournal } from "../journal/in-memory.js";
import type { JournalRecord } from "../journal/record.js";
import type { ToolDefinition } from "../trust/tool-definition.js";
import type { SearchToolsResult } from "./results.js";
import { createToolSearchSession, type ToolSearchSession } from "./session.js";
import { countingRanker, mcpCatalogue, REPLY_TOOL } from "../../test/helpers/mcp-run.js";
import type { ToolCall, ToolCallOutcome } from "./types.js";

// A scripted agent run over the real MCP catalogue with the built-in ranker (DESIGN.md "Session", "Journal").

let catalogue: ToolDefinition[];
const agentTools = [REPLY_TOOL];

interface Counters {
  factory: number;
  rank: number;
}

function newSession(journal: InMemoryJournal | undefined, counters: Counters, namespaces?: string[]): ToolSearchSession {
  return createToolSearchSession({
    runId: "mcp-run",
    tools: agentTools,
    journal,
    divergence: "warn",
    onWarning: () => {},
    toolSearch: {
      catalogue,
      trustJsonSchemaText: true,
      annotations: { "github__create_issue": { aliases: ["file a bug"] } },
      maxLoaded: 12,
      namespaces,
      ranker: countingRanker(counters),
    },
  });
}

// The model's tool calls, turn by turn (what a host's loop would hand the session).
const script: ToolCall[][] = [
  [{ turn: 0, index: 0, name: "search_tools", input: { query: "create a github issue about a bug" } }],
  [
    { turn: 1, index: 0, name: "github__create_issue", input: { title: "Crash" } },
    { turn: 1, index: 1, name: "search_tools", input: { query: "post a message to a slack channel" } },
  ],
  [
    { turn: 2, index: 0, name: "slack__slack_post_mesage", input: {} },
    { turn: 2, index: 1, name: "search_tools", input: { query: "take a screenshot of the web page" } },
  ],
  [{ turn: 3, index: 0, name: "reply", input: { text: "done" } }],
];

interface RunLog {
  session: ToolSearchSession;
  outcomes: ToolCallOutcome[];
  menus: string[][];
}

function runScript(session: ToolSearchSession): RunLog {
  const outcomes: ToolCallOutcome[] = [];
  const menus: string[][] = [];
  let previous = session.menu();
  for (const turn of script) {
    for (const call of turn) outcomes.push(session.handleToolCall(call));
    const now = session.menu();
    // the cached prompt prefix: every spec of the previous turn, byte for byte, in place
    expect(JSON.stringify(now.slice(0, previous.length))).toBe(JSON.stringify(previous));
    previous.forEach((spec, i) => expect(now[i]).toBe(spec));
    menus.push([...session.menuNames()]);
    previous = now;
  }
  return { session, outcomes, menus };
}

function searchResults(outcomes: readonly ToolCallOutcome[]): SearchToolsResult[] {
  return outcomes.flatMap((outcome) => (outcome.kind === "search" && "tools" in outcome.result ? [outcome.result] : []));
}

describe("a scripted agent run over the MCP catalogue", () => {
  let live: RunLog;
  const liveCounters: Counters = { factory: 0, rank: 0 };

  beforeAll(async () => {
    await init();
    catalogue = mcpCatalogue();
    live = runScript(newSession(undefined, liveCounters));
  });

  it("loads the found tools in search order, within the caps", () => {
    const results = searchResults(live.outcomes);
    expect(results).toHaveLength(3);
    expect(results[0]!.tools[0]!.name).toBe("github__create_issue");
    expect(results[1]!.tools[0]!.name).toBe("slack__slack_post_message");
    expect(results[2]!.tools[0]!.name).toMatch(/screenshot/);
    expect(results.map((result) => result.tools.map((tool) => tool.loaded))).toEqual([
      [true, true, true, true, true],
      [true, true, true, true, true],
      [true, true, false, false, false],
    ]);
    const loaded = results.flatMap((result) => result.tools.filter((tool) => tool.loaded).map((tool) => tool.name));
    expect(live.menus[0]).toEqual(["search_tools", "reply", ...loaded.slice(0, 5)]);
    expect(live.menus[1]).toEqual(["search_tools", "reply", ...loaded.slice(0, 10)]);
    expect(live.menus[2]).toEqual(["search_tools", "reply", ...loaded]);
    expect(live.menus[3]).toEqual(live.menus[2]);
    expect(liveCounters.factory).toBe(1);
  });

  it("asked the same query again, names the five best tools already on the menu before the worse ones it returns", () => {
    const session = newSession(undefined, { factory: 0, rank: 0 });
    const query = { query: "create a github issue about a bug" };
    const first = session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: query });
    const again = session.handleToolCall({ turn: 1, index: 0, name: "search_tools", input: query });
    const [best, next] = searchResults([first, again]);
    expect(next!.tools.map((tool) => tool.name)).not.toContain(best!.tools[0]!.name);
    expect(next!.note).toBe(`Matches already on the menu: ${best!.tools.map((tool) => JSON.stringify(tool.name)).join(", ")}.`);
  });

  it("gates calls by the menu and suggests near names", () => {
    expect(live.outcomes[1]).toMatchObject({ kind: "tool", onMenu: true, name: "github__create_issue", thirdParty: true });
    const unknown = live.outcomes[3]!;
    expect(unknown).toMatchObject({ kind: "tool", onMenu: false, result: { code: "unknown_tool" } });
    expect(unknown.kind === "tool" && !unknown.onMenu && unknown.result.suggestions[0]).toBe("slack__slack_post_message");
  });

  it("withholds nothing the operator vouched for, and taints every result naming a third-party tool", () => {
    const searches = live.outcomes.filter((outcome) => outcome.kind === "search");
    expect(searches.every((outcome) => outcome.tainted)).toBe(true);
    expect(live.session.menu()[2]!.description).toBe("Create a new issue in a GitHub repository");
  });

  it("replays the recorded journal with zero ranker calls, identical results and an identical menu", () => {
    const records = live.session.journal.records();
    expect(records).toHaveLength(3);
    const counters: Counters = { factory: 0, rank: 0 };
    const replay = runScript(newSession(new InMemoryJournal(records), counters));
    expect(counters).toEqual({ factory: 0, rank: 0 });
    expect(JSON.stringify(replay.outcomes.map(modelFacing))).toBe(JSON.stringify(live.outcomes.map(modelFacing)));
    expect(JSON.stringify(replay.session.menu())).toBe(JSON.stringify(live.session.menu()));
    expect(replay.menus).toEqual(live.menus);
    expect(() => replay.session.finish()).not.toThrow();
  });

  describe("a replay against a tampered journal never widens the menu", () => {
    function replayTampered(edit: (value: Record<string, unknown>, position: number) => unknown, namespaces?: string[]): ToolSearchSession {
      const records: JournalRecord[] = live.session.journal.records().map((record, position) => ({
        ...record,
        value: edit({ ...(record.value as Record<string, unknown>) }, position),
      }));
      const counters: Counters = { factory: 0, rank: 0 };
      const session = newSession(new InMemoryJournal(records), counters, namespaces);
      for (const turn of script) for (const call of turn) session.handleToolCall(call);
      expect(counters).toEqual({ factory: 0, rank: 0 });
      const allowed = new Set(["search_tools", "reply", ...catalogue.map((tool) => tool.id!).filter((id) => namespaces === undefined || namespaces.some((prefix) => id.startsWith(prefix)))]);
      const names = session.menuNames();
      expect(new Set(names).size).toBe(names.length);
      for (const name of names) expect(allowed.has(name)).toBe(true);
      expect(session.stats().loadedBySearch).toBeLessThanOrEqual(12);
      return session;
    }

    it("forged ids", () => {
      const session = replayTampered((value) => ({ ...value, results: ["evil__wire_money", ...(value["results"] as string[])], loaded: ["evil__wire_money", ...(value["loaded"] as string[])] }));
      expect(session.menuNames()).not.toContain("evil__wire_money");
      expect(session.menuNames()).toEqual(live.session.menuNames());
    });

    it("hidden ids (outside this session's namespaces)", () => {
      const session = replayTampered((value) => value, ["github__", "chrome-devtools__", "playwright"]);
      expect(session.menuNames().some((name) => name.startsWith("slack__"))).toBe(false);
    });

    it("repeated ids", () => {
      const session = replayTampered((value) => {
        const results = value["results"] as string[];
        return { ...value, results: [results[0], results[0], results[0], ...results], loaded: [...results, ...results] };
      });
      expect(session.menuNames()).toEqual(live.session.menuNames());
    });

    it("non-arrays", () => {
      for (const garbage of [null, "github__create_issue", { 0: "github__create_issue", length: 1 }, 7]) {
        const session = replayTampered((value, position) => (position === 0 ? { ...value, results: garbage, loaded: garbage } : value));
        expect(session.menuNames()).not.toContain("github__create_issue");
      }
      const nullRecord = replayTampered((value, position) => (position === 1 ? null : value));
      expect(nullRecord.menuNames().some((name) => name.startsWith("slack__"))).toBe(false);
    });

    it("10,000 ids", () => {
      const ids = catalogue.map((tool) => tool.id!);
      const many = Array.from({ length: 10_000 }, (_, i) => (i % 3 === 0 ? `forged__${i}` : ids[(i * 7) % ids.length]!));
      const session = replayTampered((value) => ({ ...value, results: many, loaded: many }));
      // each record adds at most its page (5), and the run at most maxLoaded (12)
      expect(session.menuNames().length).toBeLessThanOrEqual(2 + 12);
      expect(session.menuNames().slice(2, 7)).toHaveLength(5);
    });
  });
});

function modelFacing(outcome: ToolCallOutcome): unknown {
  return outcome.kind === "search" ? [outcome.result, outcome.tainted, outcome.added] : outcome.kind === "skill" || !outcome.onMenu ? outcome.result : outcome.name;
}
