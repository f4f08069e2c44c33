import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../index.js";
import { InMemoryJournal } from "../journal/in-memory.js";
import type { ToolDefinition } from "../trust/tool-definition.js";
import { createToolSearchSession, type ToolSearchSession } from "./session.js";
import { countingRanker, mcpCatalogue, REPLY_TOOL } from "../../test/helpers/mcp-run.js";
import type { ToolCall, ToolCallOutcome } from "./types.js";

// A scripted run over the real MCP catalogue (2,464 tools, 89 servers), each server a dynamic
// group, under a provider's limit of 128 tools (docs/groups.md).
const MAX_TOOLS = 128;

let catalogue: ToolDefinition[];
const agentTools = [REPLY_TOOL];

function newSession(journal: InMemoryJournal | undefined, counter: { rank: number }, tools = catalogue): ToolSearchSession {
  return createToolSearchSession({
    runId: "groups-mcp",
    tools: agentTools,
    journal,
    divergence: "warn",
    onWarning: () => {},
    toolSearch: { catalogue: tools, trustJsonSchemaText: true, serverGroups: true, deferral: { maxTools: MAX_TOOLS }, maxLoaded: 12, ranker: countingRanker(counter) },
  });
}

const script: ToolCall[][] = [
  [{ turn: 0, index: 0, name: "search_tools", input: { query: "create a github issue about a bug" } }],
  [{ turn: 1, index: 0, name: "search_tools", input: { group: "argocd" } }],
  [
    { turn: 2, index: 0, name: "argocd__list_applications", input: {} },
    { turn: 2, index: 1, name: "search_tools", input: { select: ["group:brave-search"] } },
  ],
  [{ turn: 3, index: 0, name: "mapbox__DirectionsTool", input: { from: "Berlin" } }],
  [
    { turn: 4, index: 0, name: "mapbox__DirectionsTool", input: { coordinates: [] } },
    { turn: 4, index: 1, name: "reply", input: { text: "done" } },
  ],
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
    catalogue = mcpCatalogue();
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

  it("answers a blind call of a held-back tool with its signature and puts it on the menu for the next turn", () => {
    expect(live.blocks[0]).toContain("mapbox__DirectionsTool");
    expect(live.menus[3]).not.toContain("mapbox__DirectionsTool");
    const blind = live.outcomes[4]!;
    expect(blind).toMatchObject({ kind: "tool", onMenu: false, added: ["mapbox__DirectionsTool"], source: "live" });
    const result = blind.kind === "tool" && !blind.onMenu ? blind.result : undefined;
    expect(result?.code).toBe("tool_loaded");
    expect(result?.signature).toMatch(/^mapbox__DirectionsTool\(coordinates\*?, .*\) — /);
    expect(result?.message).toContain(`It takes: ${result?.signature}`);
    expect(live.menus[4]!.at(-1)).toBe("mapbox__DirectionsTool");
    expect(live.outcomes[5]).toMatchObject({ kind: "tool", onMenu: true, name: "mapbox__DirectionsTool" });
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

  it("resumed with 89 servers from a journal recorded with 10 keeps the recorded groups held and the 79 new servers off the menu", () => {
    const counts = new Map<string, number>();
    for (const tool of catalogue) counts.set((tool as { server?: string }).server!, (counts.get((tool as { server?: string }).server!) ?? 0) + 1);
    // ten servers of every size, so the record holds some back and advertises others
    const bySize = [...counts.keys()].sort((left, right) => counts.get(right)! - counts.get(left)! || (left < right ? -1 : 1));
    const ten = new Set(bySize.filter((_, i) => i % 9 === 0).slice(0, 10));
    const small = catalogue.filter((tool) => ten.has((tool as { server?: string }).server!));
    const recorded = newSession(undefined, { rank: 0 }, small);
    const tenHeld = recorded.journal.records()[0]!.value as { held: string[]; advertised: string[] };
    expect(tenHeld.held.length + tenHeld.advertised.length).toBe(10);
    const resumed = newSession(new InMemoryJournal(recorded.journal.records()), { rank: 0 });
    const names = resumed.menuNames();
    expect(names.length).toBeLessThanOrEqual(MAX_TOOLS);
    const serverOf = new Map(catalogue.map((tool) => [tool.id!, (tool as { server?: string }).server!]));
    const onMenu = new Set(names.map((name) => serverOf.get(name)).filter((server) => server !== undefined));
    for (const server of onMenu) expect(ten.has(server!)).toBe(true);
    for (const server of tenHeld.held) expect(onMenu.has(server)).toBe(false);
    // a fresh decision over 89 servers would have advertised some of the new ones
    const fresh = newSession(undefined, { rank: 0 }).menuNames().map((name) => serverOf.get(name));
    expect(fresh.some((server) => server !== undefined && !ten.has(server))).toBe(true);
    expect(tenHeld.held.length).toBeGreaterThan(0);
    expect(tenHeld.advertised.length).toBeGreaterThan(0);
  });
});
