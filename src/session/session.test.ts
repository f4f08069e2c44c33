import { describe, expect, it } from "vitest";
import { journalFromJsonLines, journalToJsonLines } from "../journal/jsonl.js";
import type { RankedHit, ToolRanker, ToolSearchDoc } from "../types.js";
import type { ToolsiftWarning } from "../shared/warnings.js";
import { WITHHELD_DESCRIPTION } from "../trust/policy.js";
import type { ToolDefinition } from "../trust/tool-definition.js";
import { createToolSearchSession } from "./session.js";
import type { SearchCallOutcome, ToolCallOutcome } from "./types.js";

// A deterministic ranker over ids: the number of query words an id contains, ties by id.
function wordRanker(ids: readonly string[], kind = "words"): ToolRanker & { calls: { query: string; limit: number }[] } {
  const calls: { query: string; limit: number }[] = [];
  return {
    kind,
    calls,
    rank(query: string, limit: number): RankedHit[] {
      calls.push({ query, limit });
      const words = query.toLowerCase().split(/\W+/).filter(Boolean);
      return ids
        .map((id) => ({ id, score: words.filter((word) => id.includes(word)).length }))
        .filter((hit) => hit.score > 0)
        .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
        .slice(0, limit);
    },
  };
}

const catalogue: ToolDefinition[] = [
  { id: "github__create_issue", description: "Create an issue.\nMore text.", tags: ["bugs"] },
  { id: "github__list_issues", description: "List issues." },
  { id: "github__close_issue", description: "Close an issue." },
  { id: "gitlab__create_issue", description: "Create a GitLab issue." },
  { id: "slack__post_message", description: "Post a message." },
  { id: "slack__list_channels", description: "List channels." },
  { id: "mcp__remote_issue_tool", origin: "remote", description: "CANARY remote issue description" },
  { id: "files__read_file", description: "Read a file." },
];
const ids = catalogue.map((tool) => tool.id!);
const agentTools: ToolDefinition[] = [{ id: "reply", description: "Reply to the user." }];

function search(outcome: ToolCallOutcome): SearchCallOutcome {
  if (outcome.kind !== "search") throw new Error("expected a search outcome");
  return outcome;
}

function names(outcome: ToolCallOutcome): string[] {
  const result = search(outcome).result;
  return "tools" in result ? result.tools.map((tool) => tool.name) : [];
}

describe("createToolSearchSession: menu", () => {
  it("is the agent's tools without toolSearch (opt-in)", () => {
    const session = createToolSearchSession({ tools: agentTools });
    expect(session.menuNames()).toEqual(["reply"]);
    const outcome = session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "x" } });
    expect(outcome).toMatchObject({ kind: "tool", onMenu: false, result: { code: "unknown_tool" } });
  });

  it("puts search_tools first, then agent tools, then alwaysLoaded, then searched tools in order", () => {
    const session = createToolSearchSession({
      tools: agentTools,
      toolSearch: { catalogue, ranker: wordRanker(ids), alwaysLoaded: ["files__read_file"] },
    });
    expect(session.menuNames()).toEqual(["search_tools", "reply", "files__read_file"]);
    const before = session.menu();
    session.handleToolCall({ turn: 1, index: 0, name: "search_tools", input: { query: "slack post", limit: 1 } });
    session.handleToolCall({ turn: 2, index: 0, name: "search_tools", input: { query: "github close", limit: 1 } });
    const after = session.menu();
    expect(session.menuNames()).toEqual(["search_tools", "reply", "files__read_file", "slack__post_message", "github__close_issue"]);
    expect(after.slice(0, before.length)).toEqual(before);
    before.forEach((spec, i) => expect(after[i]).toBe(spec));
    expect(Object.isFrozen(after)).toBe(true);
  });

  it("withholds a third-party description in the menu spec", () => {
    const session = createToolSearchSession({ toolSearch: { catalogue, ranker: wordRanker(ids), alwaysLoaded: ["mcp__remote_issue_tool"] } });
    expect(session.menu()[1]).toMatchObject({ name: "mcp__remote_issue_tool", description: WITHHELD_DESCRIPTION });
  });

  it("ignores a catalogue entry that shares an id with an agent tool (the menu wins)", () => {
    const ranker = wordRanker([...ids, "reply"]);
    const session = createToolSearchSession({
      tools: agentTools,
      toolSearch: { catalogue: [...catalogue, { id: "reply", description: "catalogue copy" }], ranker },
    });
    const outcome = session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "reply" } });
    expect(names(outcome)).toEqual([]);
    expect(session.menu()[1]!.description).toBe("Reply to the user.");
  });
});

describe("search_tools", () => {
  it("returns one-line descriptions and loads the hits", () => {
    const session = createToolSearchSession({ runId: "r", toolSearch: { catalogue, ranker: wordRanker(ids) } });
    const outcome = search(session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "github create", limit: 2 } }));
    expect(outcome).toEqual({
      kind: "search",
      name: "search_tools",
      decisionId: "r#turn:0:tool:0:search",
      source: "live",
      tainted: false,
      added: ["github__create_issue", "github__close_issue"],
      result: {
        tools: [
          { name: "github__create_issue", description: "Create an issue.", loaded: true },
          { name: "github__close_issue", description: "Close an issue.", loaded: true },
        ],
      },
    });
    expect(session.isOnMenu("github__create_issue")).toBe(true);
  });

  it("never returns a tool already on the menu, over-asking by the tools loaded", () => {
    const ranker = wordRanker(ids);
    const session = createToolSearchSession({ toolSearch: { catalogue, ranker } });
    session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "issue", limit: 2 } });
    const second = session.handleToolCall({ turn: 1, index: 0, name: "search_tools", input: { query: "issue", limit: 2 } });
    expect(names(second)).toEqual(["github__list_issues", "gitlab__create_issue"]);
    expect(ranker.calls[1]).toEqual({ query: "issue", limit: 4 });
  });

  it("widens by doubling when admission leaves the page short, at most 4 calls", () => {
    // a shared ranker over a wider catalogue: its first hits are outside the session
    const others = (count: number) => Array.from({ length: count }, (_, i) => `aaa__issue_${String(i).padStart(2, "0")}`);
    const ranker = wordRanker([...others(10), ...ids]);
    const session = createToolSearchSession({ toolSearch: { catalogue, ranker } });
    const outcome = session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "issue", limit: 2 } });
    expect(names(outcome)).toEqual(["github__close_issue", "github__create_issue"]);
    expect(ranker.calls.map((call) => call.limit)).toEqual([2, 4, 8, 16]);

    const bounded = wordRanker([...others(40), ...ids]);
    const short = createToolSearchSession({ toolSearch: { catalogue, ranker: bounded } });
    const empty = short.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "issue", limit: 2 } });
    expect(names(empty)).toEqual([]);
    expect(bounded.calls.map((call) => call.limit)).toEqual([2, 4, 8, 16]);
  });

  it("does not widen when the ranker has nothing more", () => {
    const ranker = wordRanker(ids);
    const session = createToolSearchSession({ toolSearch: { catalogue, ranker } });
    session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "channels", limit: 5 } });
    expect(ranker.calls).toHaveLength(1);
  });

  it("over-asks by hidden (namespace-filtered) tools", () => {
    const ranker = wordRanker(ids);
    const session = createToolSearchSession({ toolSearch: { catalogue, ranker, namespaces: ["github__"] } });
    const outcome = session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "issue create", limit: 3 } });
    expect(names(outcome)).toEqual(["github__create_issue", "github__close_issue", "github__list_issues"]);
    expect(ranker.calls[0]!.limit).toBe(3 + 5);
  });

  it("reports hits past maxLoaded as loaded: false, and they cannot be called", () => {
    const session = createToolSearchSession({ toolSearch: { catalogue, ranker: wordRanker(ids), maxLoaded: 1 } });
    const outcome = search(session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "github issue", limit: 2 } }));
    expect(outcome.result).toEqual({
      tools: [
        { name: "github__close_issue", description: "Close an issue.", loaded: true },
        { name: "github__create_issue", description: "Create an issue.", loaded: false },
      ],
      note: "Tools with loaded: false did not fit on the menu and cannot be called.",
    });
    expect(session.handleToolCall({ turn: 1, index: 0, name: "github__create_issue", input: {} })).toMatchObject({
      onMenu: false,
      result: { code: "tool_not_loaded" },
    });
  });

  it("keeps the loaded specs within maxMenuChars", () => {
    const session = createToolSearchSession({ toolSearch: { catalogue, ranker: wordRanker(ids), maxMenuChars: 120 } });
    const outcome = search(session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "github issue", limit: 3 } }));
    const result = outcome.result as unknown as { tools: { loaded: boolean }[] };
    expect(result.tools.map((tool) => tool.loaded)).toEqual([true, false, false]);
    expect(session.stats().searchMenuChars).toBeLessThanOrEqual(120);
    expect(session.stats().searchMenuChars).toBeGreaterThan(0);
  });

  it("selects exact names without calling the ranker, with notes for the rest", () => {
    const ranker = wordRanker(ids);
    const session = createToolSearchSession({ tools: agentTools, toolSearch: { catalogue, ranker, namespaces: ["github__", "slack__"] } });
    const outcome = search(
      session.handleToolCall({
        turn: 0,
        index: 0,
        name: "search_tools",
        input: { select: ["slack__post_message", "reply", "nope", "files__read_file", "slack__post_message"] },
      }),
    );
    expect(ranker.calls).toHaveLength(0);
    expect(outcome.result).toEqual({
      tools: [{ name: "slack__post_message", description: "Post a message.", loaded: true }],
      note: 'Already on the menu: "reply". No tool named: "nope", "files__read_file".',
    });
    expect(session.journal.records()[0]!.value).toEqual({
      ranker: "select",
      query: "",
      results: ["slack__post_message"],
      loaded: ["slack__post_message"],
    });
  });

  it("fills the rest of the page from the query after the selected names", () => {
    const session = createToolSearchSession({ toolSearch: { catalogue, ranker: wordRanker(ids) } });
    const outcome = session.handleToolCall({
      turn: 0,
      index: 0,
      name: "search_tools",
      input: { query: "slack", select: ["files__read_file"], limit: 3 },
    });
    expect(names(outcome)).toEqual(["files__read_file", "slack__list_channels", "slack__post_message"]);
  });

  it("answers invalid input with a typed error and records nothing", () => {
    const session = createToolSearchSession({ toolSearch: { catalogue, ranker: wordRanker(ids) } });
    const cases: [unknown, (string | number)[]][] = [
      ["a string", []],
      [{ query: 42 }, ["query"]],
      [{ query: "   " }, ["query"]],
      [{ query: "x", limit: 0 }, ["limit"]],
      [{ query: "x", limit: 2.5 }, ["limit"]],
      [{ select: "github__list_issues" }, ["select"]],
      [{ select: [1] }, ["select", 0]],
      [{ select: ["a", "b", "c", "d", "e", "f"] }, ["select"]],
    ];
    cases.forEach(([input, path], turn) => {
      const outcome = search(session.handleToolCall({ turn, index: 0, name: "search_tools", input }));
      expect(outcome.source).toBe("refused");
      expect(outcome.result).toMatchObject({ code: "invalid_tool_input", path });
    });
    expect(session.journal.records()).toHaveLength(0);
    expect(session.stats().searches).toBe(0);
  });

  it("clamps a limit above maxPerSearch, and says so", () => {
    const session = createToolSearchSession({ toolSearch: { catalogue, ranker: wordRanker(ids), maxPerSearch: 2 } });
    const outcome = search(session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "issue", limit: 50 } }));
    expect(names(outcome)).toHaveLength(2);
    expect(outcome.result).toMatchObject({ note: "Limit 50 is above this session's maximum of 2." });
    const within = search(session.handleToolCall({ turn: 1, index: 0, name: "search_tools", input: { query: "channels", limit: 2 } }));
    expect(within.result).not.toHaveProperty("note");
  });

  it("names the matches already on the menu when the same query is asked again", () => {
    const session = createToolSearchSession({ runId: "r", toolSearch: { catalogue, ranker: wordRanker(ids) } });
    const ask = (turn: number, input: object) => search(session.handleToolCall({ turn, index: 0, name: "search_tools", input }));
    expect(names(ask(0, { query: "issue", limit: 2 }))).toEqual(["github__close_issue", "github__create_issue"]);
    expect(ask(1, { query: "issue", limit: 2 }).result).toEqual({
      tools: [
        { name: "github__list_issues", description: "List issues.", loaded: true },
        { name: "gitlab__create_issue", description: "Create a GitLab issue.", loaded: true },
      ],
      note: 'Matches already on the menu: "github__close_issue", "github__create_issue".',
    });
    // Everything that matches is loaded: not "No matching tools."
    ask(2, { query: "channels" });
    expect(ask(3, { query: "channels" }).result).toEqual({ tools: [], note: 'No other matching tools. Matches already on the menu: "slack__list_channels".' });
    // A selected tool on the menu is named by the select note only.
    expect(ask(4, { query: "channels", select: ["slack__list_channels"] }).result).toEqual({
      tools: [],
      note: 'No matching tools. Already on the menu: "slack__list_channels".',
    });
  });

  it("names at most five matches on the menu, and marks the result tainted when one is third-party", () => {
    const session = createToolSearchSession({ toolSearch: { catalogue, ranker: wordRanker(ids) } });
    const ask = (turn: number, input: object) => search(session.handleToolCall({ turn, index: 0, name: "search_tools", input }));
    ask(0, { query: "issue" });
    const again = ask(1, { query: "issue", limit: 1 });
    expect(again.result).toEqual({
      tools: [],
      note: 'No other matching tools. Matches already on the menu: "github__close_issue", "github__create_issue", "github__list_issues", "gitlab__create_issue", "mcp__remote_issue_tool".',
    });
    expect(again.tainted).toBe(true);
  });

  it("replays the note on matches already on the menu byte for byte, through JSON lines", () => {
    const calls = [{ query: "issue", limit: 2 }, { query: "issue", limit: 2 }, { query: "channels" }, { query: "channels" }, { query: "issue", limit: 9 }];
    const run = (journal?: ReturnType<typeof journalFromJsonLines>) => {
      const session = createToolSearchSession({ runId: "r", ...(journal === undefined ? {} : { journal }), toolSearch: { catalogue, ranker: wordRanker(ids), maxPerSearch: 3 } });
      const outcomes = calls.map((input, turn) => search(session.handleToolCall({ turn, index: 0, name: "search_tools", input })));
      return { session, outcomes };
    };
    const live = run();
    const replay = run(journalFromJsonLines(journalToJsonLines(live.session.journal)));
    expect(replay.outcomes.map((outcome) => outcome.source)).toEqual(calls.map(() => "replay"));
    expect(JSON.stringify(replay.outcomes.map((outcome) => outcome.result))).toBe(JSON.stringify(live.outcomes.map((outcome) => outcome.result)));
    expect(live.outcomes.map((outcome) => ("note" in outcome.result ? outcome.result.note : undefined))).toEqual([
      undefined,
      'Matches already on the menu: "github__close_issue", "github__create_issue".',
      undefined,
      'No other matching tools. Matches already on the menu: "slack__list_channels".',
      'Matches already on the menu: "github__close_issue", "github__create_issue", "github__list_issues", "gitlab__create_issue". Limit 9 is above this session\'s maximum of 3.',
    ]);
  });

  it("refuses searches past maxSearches with search_limit_reached, recording nothing", () => {
    const session = createToolSearchSession({ toolSearch: { catalogue, ranker: wordRanker(ids), maxSearches: 2 } });
    for (let turn = 0; turn < 2; turn++) session.handleToolCall({ turn, index: 0, name: "search_tools", input: { query: "zzz" } });
    const outcome = search(session.handleToolCall({ turn: 2, index: 0, name: "search_tools", input: { query: "issue" } }));
    expect(outcome.result).toMatchObject({ code: "search_limit_reached" });
    expect(outcome.source).toBe("refused");
    expect(session.journal.records()).toHaveLength(2);
  });

  it("says so when nothing matches", () => {
    const session = createToolSearchSession({ toolSearch: { catalogue, ranker: wordRanker(ids) } });
    const outcome = search(session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "weather" } }));
    expect(outcome.result).toEqual({ tools: [], note: "No matching tools." });
  });

  it("marks a result naming a third-party tool tainted and withholds its description", () => {
    const session = createToolSearchSession({ toolSearch: { catalogue, ranker: wordRanker(ids) } });
    const outcome = search(session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "remote" } }));
    expect(outcome.tainted).toBe(true);
    expect(outcome.result).toEqual({ tools: [{ name: "mcp__remote_issue_tool", description: WITHHELD_DESCRIPTION, loaded: true }] });
  });

  it("uses a configured tool name", () => {
    const session = createToolSearchSession({ toolSearch: { catalogue, ranker: wordRanker(ids), toolName: "find_tools" } });
    expect(session.menu()[0]!.name).toBe("find_tools");
    expect(session.handleToolCall({ turn: 0, index: 0, name: "find_tools", input: { query: "slack" } }).kind).toBe("search");
    expect(session.handleToolCall({ turn: 0, index: 1, name: "search_tools", input: { query: "slack" } }).kind).toBe("tool");
  });
});

describe("calls of other tools", () => {
  const session = createToolSearchSession({ tools: agentTools, toolSearch: { catalogue, ranker: wordRanker(ids), namespaces: ["github__", "slack__"] } });

  it("hands a menu tool back to the host with its definition", () => {
    const outcome = session.handleToolCall({ turn: 0, index: 0, name: "reply", input: {} });
    expect(outcome).toEqual({ kind: "tool", name: "reply", onMenu: true, tool: agentTools[0], thirdParty: false });
  });

  it("suggests up to three near names the session may show", () => {
    const outcome = session.handleToolCall({ turn: 0, index: 1, name: "GitHub__Create_Isue", input: {} });
    expect(outcome).toMatchObject({ onMenu: false, result: { code: "unknown_tool", suggestions: ["github__create_issue", "github__close_issue"] } });
    const hidden = session.handleToolCall({ turn: 0, index: 2, name: "gitlab__create_isue", input: {} });
    // gitlab is namespace-hidden: never suggested
    expect(hidden.kind === "tool" && !hidden.onMenu && hidden.result.suggestions.every((name) => !name.startsWith("gitlab"))).toBe(true);
    const far = session.handleToolCall({ turn: 0, index: 3, name: "weather", input: {} });
    expect(far).toMatchObject({ result: { code: "unknown_tool", suggestions: [] } });
  });

  it("caps the echoed name", () => {
    const outcome = session.handleToolCall({ turn: 0, index: 4, name: "x".repeat(10_000), input: {} });
    expect(outcome.kind === "tool" && !outcome.onMenu && outcome.result.message.length).toBeLessThan(120);
  });

  it("throws invalid_tool_call for a malformed call", () => {
    expect(() => session.handleToolCall({ turn: -1, index: 0, name: "reply" })).toThrow(expect.objectContaining({ code: "invalid_tool_call" }));
    expect(() => session.handleToolCall({ turn: 0, index: 0.5, name: "reply" })).toThrow(expect.objectContaining({ code: "invalid_tool_call" }));
    expect(() => session.handleToolCall({ turn: 0, index: 0, name: 3 as never })).toThrow(expect.objectContaining({ code: "invalid_tool_call" }));
  });

  it("throws invalid_tool_call for one search call handled twice", () => {
    const fresh = createToolSearchSession({ toolSearch: { catalogue, ranker: wordRanker(ids) } });
    fresh.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "slack" } });
    expect(() => fresh.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "slack" } })).toThrow(
      expect.objectContaining({ code: "invalid_tool_call" }),
    );
  });
});

describe("factory rankers", () => {
  it("builds lazily, once, from this session's searchable docs", () => {
    const built: (readonly ToolSearchDoc[])[] = [];
    const session = createToolSearchSession({
      toolSearch: {
        catalogue,
        namespaces: ["slack__", "mcp__"],
        ranker: (docs) => {
          built.push(docs);
          return wordRanker(docs.map((doc) => doc.id));
        },
      },
    });
    expect(built).toHaveLength(0);
    session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "slack" } });
    session.handleToolCall({ turn: 1, index: 0, name: "search_tools", input: { query: "remote" } });
    expect(built).toHaveLength(1);
    expect(built[0]!.map((doc) => doc.id)).toEqual(["slack__post_message", "slack__list_channels", "mcp__remote_issue_tool"]);
    expect(built[0]![2]).toEqual({ id: "mcp__remote_issue_tool", tags: [], aliases: [] });
    expect(Object.isFrozen(built[0])).toBe(true);
  });

  it("warns through the injected hook", () => {
    const warnings: ToolsiftWarning[] = [];
    const session = createToolSearchSession({
      onWarning: (warning) => warnings.push(warning),
      toolSearch: { catalogue, ranker: () => Promise.resolve(wordRanker(ids)) as never },
    });
    session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "slack" } });
    session.handleToolCall({ turn: 1, index: 0, name: "search_tools", input: { query: "slack" } });
    expect(warnings.map((warning) => warning.code)).toEqual(["TOOLSIFT_RANKER_FACTORY"]);
  });
});
