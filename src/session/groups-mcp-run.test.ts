import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { Bm25ToolRanker, init } from "../index.js";
import { InMemoryJournal } from "../journal/memory.js";
import type { RankedHit, ToolRanker, ToolSearchDoc } from "../types.js";
import type { ToolDefinition } from "../trust/tool-definition.js";
import { createToolSearchSession, type ToolSearchSession } from "./session.js";
import type { ToolCall, ToolCallOutcome } from "./types.js";

// A scripted run over the real MCP catalogue (2,464 tools, 89 servers), each server a dynamic
// group, under a provider's limit of 128 tools (docs/groups.md).
const EMBEDDED = new URL("../../data/mcp-catalogue.json", import.meta.url);
const MAX_TOOLS = 128;

let catalogue: ToolDefinition[];
const agentTools: ToolDefinition[] = [{ id: "reply", description: "Reply to the user.", inputSchema: { type: "object", properties: { text: { type: "string" } } } }];

function countingFactory(counter: { rank: number }) {
  return (docs: readonly ToolSearchDoc[]): ToolRanker => {
    const inner = new Bm25ToolRanker(docs);
    return {
      kind: inner.kind,
      rank(query: string, limit: number): RankedHit[] {
        counter.rank++;
        return inner.rank(query, limit);
      },
    };
  };
}

function newSession(journal: InMemoryJournal | undefined, counter: { rank: number }, tools = catalogue): ToolSearchSession {
  return createToolSearchSession({
    runId: "groups-mcp",
    tools: agentTools,
    journal,
    divergence: "warn",
    onWarning: () => {},
    toolSearch: { catalogue: tools, trustJsonSchemaText: true, serverGroups: true, deferral: { maxTools: MAX_TOOLS }, maxLoaded: 12, ranker: countingFactory(counter) },
  });
}

const script: ToolCall[][] = [
  [{ turn: 0, index: 0, name: "search_tools", input: { query: "create a github issue about a bug" } }],
  [{ turn: 1, index: 0, name: "search_tools", input: { group: "argocd" } }],
  [
    { turn: 2, index: 0, name: "argocd__list_applications", input: {} },
    { turn: 2, index: 1, name: "search_tools", input: { select: ["group:brave-search"] } },
  ],
  [{ turn: 3, index: 0, name: "reply", input: { text: "done" } }],
];

interface RunLog {
  readonly session: ToolSearchSession;
  readonly outcomes: ToolCallOutcome[];
  readonly menus: string[][];
  readonly blocks: string[];
}

function runScript(session: ToolSearchSession): RunLog {
  const outcomes: ToolCallOutcome[] = [];
  const menus: string[][] = [[...session.menuNames()]];
  const blocks = [session.catalogueBlock()];
  let previous = session.menu();
  for (const turn of script) {
    for (const call of turn) outcomes.push(session.handleToolCall(call));
    const now = session.menu();
    expect(JSON.stringify(now.slice(0, previous.length))).toBe(JSON.stringify(previous));
    expect(now.length).toBeLessThanOrEqual(MAX_TOOLS);
    menus.push([...session.menuNames()]);
    blocks.push(session.catalogueBlock());
    previous = now;
  }
  return { session, outcomes, menus, blocks };
}

const modelFacing = (outcome: ToolCallOutcome): unknown => ("result" in outcome ? outcome.result : outcome.name);

describe("a scripted run over the MCP catalogue with one dynamic group per server", () => {
  let live: RunLog;
  const counter = { rank: 0 };

  beforeAll(async () => {
    await init();
    const raw = JSON.parse(readFileSync(EMBEDDED, "utf8")) as Record<string, unknown>[];
    catalogue = raw.map(({ inputSchema, ...tool }) => ({ ...tool, origin: "remote", ...(inputSchema === undefined ? {} : { jsonInputSchema: inputSchema }) }));
    live = runScript(newSession(undefined, counter));
  });

  it("keeps the turn-0 menu within maxTools and names the held-back servers once", () => {
    expect(catalogue).toHaveLength(2464);
    expect(live.menus[0]!.length).toBeLessThanOrEqual(MAX_TOOLS - MAX_TOOLS / 4);
    const block = live.blocks[0]!;
    expect(block).toContain("Connected servers:");
    expect(block).toContain('- github: 26 tools, names start with "github__"');
    for (const text of live.blocks) expect(text).toBe(block);
  });

  it("a group load appends all of the server's tools as one entry", () => {
    const argocd = catalogue.filter((tool) => tool.id!.startsWith("argocd__")).map((tool) => tool.id);
    expect(live.blocks[0]).toContain('- argocd: 16 tools, names start with "argocd__"');
    const outcome = live.outcomes[1]!;
    expect(outcome.kind === "search" && outcome.added).toEqual(argocd);
    expect(live.menus[2]!.slice(live.menus[1]!.length)).toEqual(argocd);
    expect(live.outcomes[2]).toMatchObject({ kind: "tool", onMenu: true });
  });

  it("replays with zero ranker calls: identical menus, results and block", () => {
    expect(counter.rank).toBeGreaterThan(0);
    const replayCounter = { rank: 0 };
    const replay = runScript(newSession(new InMemoryJournal(live.session.journal.records()), replayCounter));
    expect(replayCounter.rank).toBe(0);
    expect(JSON.stringify(replay.outcomes.map(modelFacing))).toBe(JSON.stringify(live.outcomes.map(modelFacing)));
    expect(replay.menus).toEqual(live.menus);
    expect(replay.blocks).toEqual(live.blocks);
    expect(() => replay.session.finish()).not.toThrow();
  });
});
