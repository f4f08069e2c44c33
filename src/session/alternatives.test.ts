import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../index.js";
import { journalFromJsonLines, journalToJsonLines } from "../journal/jsonl.js";
import type { RankedHit, ToolRanker } from "../types.js";
import type { ToolDefinition } from "../trust/tool-definition.js";
import { MAX_ALTERNATIVES, MAX_QUERY_LENGTH, parseSearchInput } from "./search-input.js";
import { createToolSearchSession } from "./session.js";
import type { SearchCallOutcome, ToolCallOutcome } from "./types.js";

const catalogue: ToolDefinition[] = [
  { id: "images__resize_image", description: "Resize an image to a width and height." },
  { id: "calendar__free_busy", description: "Query free/busy intervals of calendars." },
  { id: "mail__send_email", description: "Send an email message." },
  { id: "files__read_file", description: "Read a file." },
];

// The outcome of a search call (anything else fails the test), and the tool names it found.
function search(outcome: ToolCallOutcome): SearchCallOutcome {
  expect(outcome.kind).toBe("search");
  return outcome as SearchCallOutcome;
}
const names = (outcome: ToolCallOutcome): string[] => {
  const { result } = search(outcome);
  return "tools" in result ? result.tools.map(({ name }) => name) : [];
};

// Records every query it is asked; ranks ids by the query words they contain.
function recordingRanker(): ToolRanker & { queries: string[] } {
  const queries: string[] = [];
  const ids = catalogue.map((tool) => tool.id!);
  return {
    kind: "words",
    queries,
    rank(query: string, limit: number): RankedHit[] {
      queries.push(query);
      const words = query.toLowerCase().split(/\W+/).filter((word) => word.length > 2);
      return ids
        .map((id) => ({ id, score: words.filter((word) => id.includes(word)).length }))
        .filter((hit) => hit.score > 0)
        .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
        .slice(0, limit);
    },
  };
}

const gap = { query: "shrink my holiday snapshot so it fits the mail", alternatives: ["resize image"] };

describe("search_tools alternatives", () => {
  beforeAll(async () => {
    await init();
  });

  it("finds a tool that only an alternative phrasing names, with the built-in ranker", () => {
    const call = (input: object) =>
      createToolSearchSession({ runId: "a", toolSearch: { catalogue, maxPerSearch: 3 } }).handleToolCall({ turn: 0, index: 0, name: "search_tools", input });
    expect(names(call({ query: gap.query }))).not.toContain("images__resize_image");
    expect(names(call(gap))).toContain("images__resize_image");
  });

  it("records one decision with its alternatives, and replays it byte for byte", () => {
    const run = (journal?: ReturnType<typeof journalFromJsonLines>, input: object = gap) => {
      const session = createToolSearchSession({ runId: "r", ...(journal === undefined ? {} : { journal }), toolSearch: { catalogue, maxPerSearch: 3 } });
      return { session, outcome: search(session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input })) };
    };
    const live = run();
    const records = live.session.journal.records();
    expect(records).toHaveLength(1);
    expect(records[0]!.value).toMatchObject({ query: gap.query, alternatives: gap.alternatives });
    const replay = run(journalFromJsonLines(journalToJsonLines(live.session.journal)));
    expect(replay.outcome.source).toBe("replay");
    expect(JSON.stringify(replay.outcome.result)).toBe(JSON.stringify(live.outcome.result));
    // Other alternatives are another search than the recorded one.
    expect(() => run(journalFromJsonLines(journalToJsonLines(live.session.journal)), { query: gap.query, alternatives: ["compress picture"] })).toThrow(
      expect.objectContaining({ code: "journal_divergence" }),
    );
  });

  it("records no alternatives field for a search without them", () => {
    const session = createToolSearchSession({ runId: "n", toolSearch: { catalogue } });
    session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "resize image", alternatives: ["  ", "resize image"] } });
    expect(Object.keys(session.journal.records()[0]!.value as object)).not.toContain("alternatives");
  });

  it("keeps four phrasings of 512 code units within the query bounds", () => {
    const ranker = recordingRanker();
    const long = (word: string) => `${word} `.repeat(200).slice(0, MAX_QUERY_LENGTH + 100);
    const phrasings = ["resize", "image", "email", "calendar"].map(long);
    const session = createToolSearchSession({ runId: "b", toolSearch: { catalogue, ranker, maxPerSearch: 3 } });
    const outcome = session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: phrasings[0], alternatives: phrasings.slice(1) } });
    expect(names(outcome).length).toBeGreaterThan(0);
    expect(new Set(ranker.queries).size).toBe(1 + MAX_ALTERNATIVES);
    expect(Math.max(...ranker.queries.map((query) => query.length))).toBe(MAX_QUERY_LENGTH);
    // Every round asks each phrasing once; there are at most four rounds.
    expect(ranker.queries.length).toBeLessThanOrEqual(4 * (1 + MAX_ALTERNATIVES));
    const recorded = session.journal.records()[0]!.value as { query: string; alternatives: string[] };
    expect([recorded.query, ...recorded.alternatives].every((query) => query.length === 200)).toBe(true);
    const tooMany = parseSearchInput({ query: "a", alternatives: ["b", "c", "d", "e"] }, 5);
    expect(tooMany).toMatchObject({ ok: false, error: { code: "invalid_tool_input", path: ["alternatives"] } });
    expect(parseSearchInput({ query: "a", alternatives: [7] }, 5)).toMatchObject({ ok: false, error: { path: ["alternatives", 0] } });
    expect(parseSearchInput({ select: ["x"], alternatives: ["b"] }, 5)).toMatchObject({ ok: false, error: { path: ["query"] } });
  });

  it("tells the model to add a phrasing in a tool name's words", () => {
    const session = createToolSearchSession({ runId: "s", toolSearch: { catalogue } });
    const spec = session.menu()[0]! as unknown as { description: string; inputSchema: { properties: Record<string, { maxItems?: number }> } };
    expect(spec.description).toContain("alternatives");
    expect(spec.inputSchema.properties["alternatives"]?.maxItems).toBe(MAX_ALTERNATIVES);
  });
});
