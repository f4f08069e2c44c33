import { describe, expect, it } from "vitest";
import { isToolsiftError } from "../errors.js";
import { InMemoryJournal, type Journal } from "../journal/in-memory.js";
import type { JournalRecord } from "../journal/record.js";
import type { RankedHit, ToolRanker } from "../types.js";
import type { ToolsiftWarning } from "../shared/warnings.js";
import type { ToolDefinition } from "../trust/tool-definition.js";
import { createToolSearchSession, type ToolSearchSession } from "./session.js";
import type { ToolCall } from "./types.js";

const catalogue: ToolDefinition[] = [
  { id: "github__create_issue", description: "Create an issue." },
  { id: "github__list_issues", description: "List issues." },
  { id: "slack__post_message", description: "Post a message." },
  { id: "files__read_file", description: "Read a file." },
];
const ids = catalogue.map((tool) => tool.id!);

function substringRanker(kind = "substring"): ToolRanker {
  return {
    kind,
    rank(query: string, limit: number): RankedHit[] {
      const words = query.toLowerCase().split(/\W+/).filter(Boolean);
      return ids.filter((id) => words.some((word) => id.includes(word))).slice(0, limit).map((id) => ({ id, score: 1 }));
    },
  };
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

// Tools the search records say were loaded, in record order: what the menu must have gained.
function journalLoaded(journal: Journal): string[] {
  return journal.records().flatMap((record) => (record.value as { loaded: string[] }).loaded);
}

function searchAdded(session: ToolSearchSession): string[] {
  return session.menuNames().slice(1);
}

describe("a journal whose append throws", () => {
  it("leaves no trace, and the same (turn, index) succeeds on retry", () => {
    const inner = new InMemoryJournal();
    let failures = 1;
    const storeError = new Error("disk full");
    const journal: Journal = {
      records: () => inner.records(),
      append(record: JournalRecord) {
        if (failures-- > 0) throw storeError;
        inner.append(record);
      },
    };
    const session = createToolSearchSession({ runId: "r", journal, toolSearch: { catalogue, ranker: substringRanker() } });
    const call: ToolCall = { turn: 0, index: 0, name: "search_tools", input: { query: "github issue", limit: 1 } };
    const error = thrown(() => session.handleToolCall(call));
    expect(isToolsiftError(error, "journal_write_failed")).toBe(true);
    expect((error as Error).cause).toBe(storeError);
    expect(session.stats()).toEqual({ searches: 0, loadedBySearch: 0, searchMenuChars: 0, pendingReplay: 0 });
    expect(session.menuNames()).toEqual(["search_tools"]);

    const retry = session.handleToolCall(call);
    expect(retry).toMatchObject({ kind: "search", source: "live", added: ["github__create_issue"] });
    expect(session.stats().searches).toBe(1);
    expect(inner.records().map((record) => record.id)).toEqual(["r#turn:0:tool:0:search"]);
  });
});

describe("re-entrant calls", () => {
  // A hit whose `id` getter (or the ranker itself) calls back into the same session.
  function reentrantSession(where: "id" | "rank"): { session: ToolSearchSession; inner: unknown[] } {
    const inner: unknown[] = [];
    let session: ToolSearchSession | undefined;
    const callBack = (): void => {
      try {
        inner.push(session!.handleToolCall({ turn: 9, index: 0, name: "search_tools", input: { query: "slack" } }));
      } catch (error) {
        inner.push(error);
      }
    };
    const ranker: ToolRanker = {
      kind: "reentrant",
      rank(_query: string, limit: number): RankedHit[] {
        if (where === "rank") callBack();
        const hit = {
          get id() {
            if (where === "id") callBack();
            return "github__create_issue";
          },
          score: 1,
        };
        return [hit].slice(0, limit);
      },
    };
    session = createToolSearchSession({ runId: "r", toolSearch: { catalogue, ranker } });
    return { session, inner };
  }

  for (const where of ["id", "rank"] as const) {
    it(`refuses a call made from inside the ranker (${where}) before recording anything`, () => {
      const { session, inner } = reentrantSession(where);
      let outer: unknown;
      try {
        outer = session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "github" } });
      } catch (error) {
        outer = error;
        expect(isToolsiftError(error)).toBe(true);
      }
      expect(inner.length).toBeGreaterThan(0);
      for (const result of inner) expect(isToolsiftError(result, "reentrant_call")).toBe(true);
      expect(journalLoaded(session.journal)).toEqual(searchAdded(session));
      expect(session.journal.records().every((record) => record.id === "r#turn:0:tool:0:search")).toBe(true);
      expect(outer).toMatchObject({ kind: "search" });
    });
  }

  it("refuses a call made from inside the journal's append; journal and menu agree", () => {
    const inner = new InMemoryJournal();
    let session: ToolSearchSession | undefined;
    const seen: unknown[] = [];
    const journal: Journal = {
      records: () => inner.records(),
      append(record: JournalRecord) {
        try {
          session!.handleToolCall({ turn: 5, index: 0, name: "search_tools", input: { query: "slack" } });
        } catch (error) {
          seen.push(error);
        }
        inner.append(record);
      },
    };
    session = createToolSearchSession({ journal, toolSearch: { catalogue, ranker: substringRanker() } });
    session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "github", limit: 1 } });
    expect(seen.map((error) => isToolsiftError(error, "reentrant_call"))).toEqual([true]);
    expect(journalLoaded(inner)).toEqual(searchAdded(session));
  });
});

describe("recorded strings are bounded", () => {
  it("records a 10 MB ranker kind as a short one", () => {
    const session = createToolSearchSession({ toolSearch: { catalogue, ranker: substringRanker("k".repeat(10_000_000)) } });
    session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "github" } });
    const size = JSON.stringify(session.journal.records()).length;
    expect(size).toBeLessThan(2_000);
    expect((session.journal.records()[0]!.value as { ranker: string }).ranker).toBe("k".repeat(64));
  });

  it("bounds the kind of a ranker a factory builds", () => {
    const warnings: ToolsiftWarning[] = [];
    const session = createToolSearchSession({
      onWarning: (warning) => warnings.push(warning),
      toolSearch: { catalogue, ranker: () => substringRanker("f".repeat(1_000_000)) },
    });
    session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "github" } });
    expect(JSON.stringify(session.journal.records()).length).toBeLessThan(2_000);
  });
});

describe("throwing getters and proxy traps in host objects", () => {
  const boom = new Error("getter threw");

  it("config: a throwing toolSearch getter is invalid_config with the cause", () => {
    const config = {
      get toolSearch(): never {
        throw boom;
      },
    };
    const error = thrown(() => createToolSearchSession(config));
    expect(isToolsiftError(error, "invalid_config")).toBe(true);
    expect((error as Error).cause).toBe(boom);
  });

  it("config: a tool definition whose getter throws is invalid_config", () => {
    const tool = {
      get id(): never {
        throw boom;
      },
    } as unknown as ToolDefinition;
    const error = thrown(() => createToolSearchSession({ toolSearch: { catalogue: [tool] } }));
    expect(isToolsiftError(error, "invalid_config")).toBe(true);
    expect((error as Error).cause).toBe(boom);
  });

  it("journal: a proxy whose records() throws is invalid_journal", () => {
    const journal = new Proxy(new InMemoryJournal(), {
      get(target, key) {
        if (key === "records") {
          return () => {
            throw boom;
          };
        }
        return Reflect.get(target, key) as unknown;
      },
    });
    const error = thrown(() => createToolSearchSession({ journal, toolSearch: { catalogue } }));
    expect(isToolsiftError(error, "invalid_journal")).toBe(true);
    expect((error as Error).cause).toBe(boom);
  });

  it("journal: a record whose id getter throws is invalid_journal", () => {
    const record = {
      format: "toolsift.journal",
      v: 1,
      get id(): never {
        throw boom;
      },
      value: {},
    };
    const journal: Journal = { records: () => [record as unknown as JournalRecord], append: () => undefined };
    const error = thrown(() => createToolSearchSession({ journal, toolSearch: { catalogue } }));
    expect(isToolsiftError(error, "invalid_journal")).toBe(true);
  });

  it("call: a throwing name getter is invalid_tool_call with the cause", () => {
    const session = createToolSearchSession({ toolSearch: { catalogue, ranker: substringRanker() } });
    const call = {
      turn: 0,
      index: 0,
      get name(): never {
        throw boom;
      },
    } as unknown as ToolCall;
    const error = thrown(() => session.handleToolCall(call));
    expect(isToolsiftError(error, "invalid_tool_call")).toBe(true);
    expect((error as Error).cause).toBe(boom);
    // The failed call decided nothing: the same (turn, index) is still free.
    expect(session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "github" } })).toMatchObject({ source: "live" });
  });

  it("input: a proxy whose get trap throws is invalid_tool_input to the model", () => {
    const session = createToolSearchSession({ toolSearch: { catalogue, ranker: substringRanker() } });
    const input = new Proxy(
      {},
      {
        get() {
          throw boom;
        },
      },
    );
    const outcome = session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input });
    expect(outcome).toMatchObject({ kind: "search", source: "refused", result: { code: "invalid_tool_input" } });
    expect(session.stats().searches).toBe(0);
  });

  it("input: a select array proxy whose get trap throws is invalid_tool_input", () => {
    const session = createToolSearchSession({ toolSearch: { catalogue, ranker: substringRanker() } });
    const select = new Proxy(["github__create_issue"], {
      get(target, key) {
        if (key === "0") throw boom;
        return Reflect.get(target, key) as unknown;
      },
    });
    const outcome = session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { select } });
    expect(outcome).toMatchObject({ source: "refused", result: { code: "invalid_tool_input" } });
  });
});
