import { beforeAll, describe, expect, it } from "vitest";
import { Bm25ToolRanker, init, toolSearchDocs } from "../index.js";
import { InMemoryJournal } from "../journal/in-memory.js";
import type { ToolDefinition } from "../trust/tool-definition.js";
import type { ToolRanker } from "../types.js";
import { createToolSearchSession } from "./session.js";
import type { SearchCallOutcome, ToolCallOutcome } from "./types.js";

const NOT_CONFIDENT = "No confident match; these are the closest tools.";
const NAME_FALLBACK = "No tool matched the words of the query; these tools' names contain part of it.";

const catalogue: ToolDefinition[] = [
  { id: "github__create_pull_request", description: "Create a pull request from a branch." },
  { id: "github__merge_pull_request", description: "Merge a pull request." },
  { id: "github__create_issue", description: "Open a new issue in a repository." },
  { id: "gitlab__create_merge_request", description: "Create a merge request in a GitLab project." },
  { id: "slack__post_message", description: "Post a message to a channel." },
  { id: "files__read_file", description: "Read a file from disk." },
  { id: "files__write_file", description: "Write text to a file on disk." },
  { id: "weather__get_forecast", description: "Weather forecast for a city." },
];

function search(outcome: ToolCallOutcome): SearchCallOutcome {
  if (outcome.kind !== "search") throw new Error("expected a search outcome");
  return outcome;
}

function ask(session: ReturnType<typeof createToolSearchSession>, turn: number, query: string) {
  const result = search(session.handleToolCall({ turn, index: 0, name: "search_tools", input: { query } })).result;
  if (!("tools" in result)) throw new Error(`expected tools, got ${JSON.stringify(result)}`);
  return { names: result.tools.map((tool) => tool.name), note: result.note };
}

beforeAll(async () => {
  await init();
});

describe("search_tools: no confident match", () => {
  it("adds no note when a tool matches well", () => {
    const session = createToolSearchSession({ toolSearch: { catalogue } });
    expect(ask(session, 0, "create a pull request")).toMatchObject({ names: expect.arrayContaining(["github__create_pull_request"]), note: undefined });
  });

  it("says so when only noise matches, and still returns the closest tools", () => {
    const session = createToolSearchSession({ toolSearch: { catalogue } });
    const answer = ask(session, 0, "my grandmother sent me a text");
    expect(answer.note).toBe(NOT_CONFIDENT);
    expect(answer.names).toEqual(["files__write_file"]);
  });

  it("judges the tools it shows: a confident hit already on the menu does not vouch for the rest", () => {
    const session = createToolSearchSession({ toolSearch: { catalogue, maxPerSearch: 1 } });
    expect(ask(session, 0, "weather forecast").note).toBeUndefined();
    const again = ask(session, 1, "weather forecast, new text");
    expect(again.names).not.toContain("weather__get_forecast");
    expect(again.note).toBe(`${NOT_CONFIDENT} Matches already on the menu: "weather__get_forecast".`);
  });

  it("falls back on names when nothing scores, marked by its own note", () => {
    const session = createToolSearchSession({ toolSearch: { catalogue } });
    expect(ask(session, 0, "pullreq")).toEqual({ names: ["github__create_pull_request", "github__merge_pull_request"], note: NAME_FALLBACK });
    expect(ask(session, 1, "zq")).toEqual({ names: [], note: "No matching tools." });
  });

  it("never returns through the fallback a tool the session may not show", () => {
    const agentTools: ToolDefinition[] = [{ id: "files__read_file", description: "Read a file (the agent's own)." }];
    const session = createToolSearchSession({ tools: agentTools, toolSearch: { catalogue, namespaces: ["gitlab__", "files__"] } });
    // github__* are outside the namespaces; files__read_file is the agent's own tool, already on the menu.
    expect(ask(session, 0, "pullreq").names).toEqual([]);
    expect(ask(session, 1, "equest").names).toEqual(["gitlab__create_merge_request"]);
    expect(ask(session, 2, "es__").names).toEqual([]);
    expect(ask(session, 3, "les").names).toEqual(["files__write_file"]);
  });

  it("admits fallback hits like any others when one ranker over the whole catalogue is shared", () => {
    // The shared index holds every tool, so admission (namespaces, menu) is the only filter here.
    const shared = new Bm25ToolRanker(toolSearchDocs(catalogue));
    const agentTools: ToolDefinition[] = [{ id: "files__read_file", description: "Read a file (the agent's own)." }];
    const session = createToolSearchSession({ tools: agentTools, toolSearch: { catalogue, ranker: shared, namespaces: ["gitlab__", "files__"] } });
    expect(shared.search("pullreq", 5).hits.map((hit) => hit.id)).toContain("github__create_pull_request");
    expect(ask(session, 0, "pullreq").names).toEqual([]);
    expect(ask(session, 1, "les").names).toEqual(["files__write_file"]);
  });

  it("records the verdict and replays the same note", () => {
    const journal = new InMemoryJournal();
    const live = createToolSearchSession({ runId: "r", journal, toolSearch: { catalogue } });
    const first = [ask(live, 0, "my grandmother sent me a text"), ask(live, 1, "pullreq"), ask(live, 2, "read a file")];
    const values = journal.records().map((record) => record.value as Record<string, unknown>);
    expect(values.map((value) => [value["confident"], value["fallback"]])).toEqual([
      [false, undefined],
      [false, true],
      [undefined, undefined],
    ]);
    const replay = createToolSearchSession({ runId: "r", journal, toolSearch: { catalogue } });
    expect([ask(replay, 0, "my grandmother sent me a text"), ask(replay, 1, "pullreq"), ask(replay, 2, "read a file")]).toEqual(first);
  });

  it("takes the verdict of a host ranker's search, and adds nothing for a ranker without one", () => {
    const ids = ["github__create_issue", "slack__post_message"];
    const withSearch: ToolRanker = {
      kind: "host",
      rank: () => ids.map((id) => ({ id })),
      search: () => ({ hits: ids.map((id) => ({ id })), confident: false }),
    };
    const rankOnly: ToolRanker = { kind: "host", rank: () => ids.map((id) => ({ id })) };
    expect(ask(createToolSearchSession({ toolSearch: { catalogue, ranker: withSearch } }), 0, "anything").note).toBe(NOT_CONFIDENT);
    expect(ask(createToolSearchSession({ toolSearch: { catalogue, ranker: rankOnly } }), 0, "anything").note).toBeUndefined();
  });
});
