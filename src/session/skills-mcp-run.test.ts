import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../index.js";
import { InMemoryJournal } from "../journal/in-memory.js";
import { loadSkills, skillActivation } from "../skills/index.js";
import type { SkillDefinition } from "../trust/skill-docs.js";
import type { ToolDefinition } from "../trust/tool-definition.js";
import type { ToolRanker, ToolSearchDoc } from "../types.js";
import type { SearchToolsResult } from "./results.js";
import { createToolSearchSession, type ToolSearchSession } from "./session.js";
import { countingRanker, mcpCatalogue } from "../../test/helpers/mcp-run.js";
import type { SkillActivationConfig } from "../skills/config.js";
import type { ToolCall, ToolCallOutcome } from "./types.js";

// A scripted run over the real MCP catalogue with skills found through search_tools.
let catalogue: ToolDefinition[];

const sample: SkillDefinition[] = [
  { id: "triage-bug", description: "Triage a bug report into a GitHub issue.", instructions: "Reproduce, label, then file the issue.", tools: ["github__create_issue", "github__add_issue_comment"], tags: ["github"] },
  { id: "standup-post", description: "Post the daily standup summary to Slack.", instructions: "Yesterday, today, blockers.", tools: ["slack__slack_post_message"], tags: ["slack"] },
];

// 1,000 generated skills; the one that matters sorts past the index's cut of 50.
function generated(): SkillDefinition[] {
  const skills: SkillDefinition[] = [...sample];
  for (let i = 0; i < 1000; i++) skills.push({ id: `gen-${String(i).padStart(4, "0")}`, description: `Generated routine number ${i} for filler work.`, instructions: `Step ${i}.` });
  skills.push({ id: "zz-quarterly-invoice-reconcile", description: "Reconcile quarterly invoices against the ledger.", instructions: "Match every invoice to a ledger line.", tools: ["github__create_issue"] });
  return skills;
}



function newSession(skills: SkillDefinition[], journal?: InMemoryJournal, overrides: Partial<SkillActivationConfig> = {}, ranker?: unknown): ToolSearchSession {
  return createToolSearchSession({
    runId: "skills-run",
    tools: [{ id: "reply", description: "Reply to the user." }],
    journal,
    onWarning: () => {},
    toolSearch: { catalogue, trustJsonSchemaText: true, ...(ranker === undefined ? {} : { ranker: ranker as never }) },
    skillActivation: skillActivation({ catalogue: skills, maxIndex: 50, discovery: "both", ...overrides }),
  });
}

const script: ToolCall[] = [
  { turn: 0, index: 0, name: "activate_skill", input: { name: "triage-bug" } },
  { turn: 1, index: 0, name: "search_tools", input: { query: "reconcile quarterly invoices ledger" } },
  { turn: 2, index: 0, name: "activate_skill", input: { name: "zz-quarterly-invoice-reconcile" } },
  { turn: 3, index: 0, name: "github__create_issue", input: {} },
];

function run(session: ToolSearchSession): { outcomes: ToolCallOutcome[]; indexes: string[] } {
  const outcomes: ToolCallOutcome[] = [];
  const indexes: string[] = [];
  for (const call of script) {
    outcomes.push(session.handleToolCall(call));
    indexes.push(session.skillIndex());
  }
  return { outcomes, indexes };
}

function visible(outcomes: readonly ToolCallOutcome[]): string {
  return JSON.stringify(outcomes.map((outcome) => (outcome.kind === "tool" ? [outcome.name, outcome.onMenu] : [outcome.result, outcome.added])));
}

describe("skills over the MCP catalogue, discovery \"both\"", () => {
  let live: { outcomes: ToolCallOutcome[]; indexes: string[]; session: ToolSearchSession };

  beforeAll(async () => {
    await init();
    catalogue = mcpCatalogue();
    // The built-in ranker: tools and skills in one BM25F index.
    const session = newSession(generated());
    live = { ...run(session), session };
  });

  it("keeps the index byte-identical across turns, cut at 50 with a marker", () => {
    expect(new Set(live.indexes).size).toBe(1);
    const lines = live.indexes[0]!.split("\n");
    expect(lines).toHaveLength(51);
    expect(lines[50]).toBe("- (+953 more skills not listed; find them with search_tools)");
    expect(live.indexes[0]).not.toContain("zz-quarterly");
  });

  it("activates a listed skill: instructions delivered, tools appended", () => {
    expect(live.outcomes[0]).toMatchObject({ kind: "skill", result: { skill: "triage-bug", instructions: "Reproduce, label, then file the issue." }, added: ["github__create_issue", "github__add_issue_comment"] });
  });

  it("finds a skill past the cut with search_tools, never activating it, then activates it", () => {
    const search = live.outcomes[1]!;
    const result = search.kind === "search" ? (search.result as SearchToolsResult) : undefined;
    expect(result?.skills?.[0]).toEqual({ kind: "skill", id: "zz-quarterly-invoice-reconcile", description: "Reconcile quarterly invoices against the ledger." });
    expect((result?.tools.length ?? 0) + (result?.skills?.length ?? 0)).toBeLessThanOrEqual(5);
    expect(JSON.stringify(result)).not.toContain("Match every invoice");
    expect(live.session.journal.records()[1]!.value).toMatchObject({ skills: expect.arrayContaining(["zz-quarterly-invoice-reconcile"]) });
    expect(live.outcomes[2]).toMatchObject({ kind: "skill", source: "live", result: { skill: "zz-quarterly-invoice-reconcile", instructions: "Match every invoice to a ledger line." } });
  });

  it("replays with zero ranker calls and the identical menu and results", () => {
    // A counting ranker on replay: a replay that ranked anything would count.
    const counters = { rank: 0 };
    const replay = newSession(generated(), new InMemoryJournal(live.session.journal.records()), {}, countingRanker(counters));
    const again = run(replay);
    expect(counters.rank).toBe(0);
    expect(visible(again.outcomes)).toBe(visible(live.outcomes));
    expect(JSON.stringify(replay.menu())).toBe(JSON.stringify(live.session.menu()));
    expect(() => replay.finish()).not.toThrow();
  });

  it("replays a one-character edit of an activated skill as instructions_changed, its tools still joining", () => {
    const edited = generated().map((skill) => (skill.id === "triage-bug" ? { ...skill, instructions: "Reproduce, label, then file the issue!" } : skill));
    const replay = newSession(edited, new InMemoryJournal(live.session.journal.records()));
    const again = run(replay);
    expect(again.outcomes[0]).toMatchObject({ kind: "skill", result: { code: "instructions_changed", tools: ["github__create_issue", "github__add_issue_comment"] } });
    expect(JSON.stringify(replay.menu())).toBe(JSON.stringify(live.session.menu()));
  });

  it("a search record naming forged, active or garbage skills re-admits only offered, inactive ones", () => {
    const records = live.session.journal.records().map((record, position) =>
      position === 1 ? { ...record, value: { ...(record.value as object), skills: ["nope", "triage-bug", 7, null, "zz-quarterly-invoice-reconcile", "gen-0001", "gen-0002", "gen-0003", "gen-0004", "gen-0005"] } } : record,
    );
    const replay = newSession(generated(), new InMemoryJournal(records));
    const again = run(replay);
    const result = again.outcomes[1]!.kind === "search" ? (again.outcomes[1]!.result as SearchToolsResult) : undefined;
    const ids = result?.skills?.map((hit) => hit.id) ?? [];
    expect(ids).not.toContain("nope");
    expect(ids).not.toContain("triage-bug");
    expect(ids[0]).toBe("zz-quarterly-invoice-reconcile");
    expect(ids.length + (result?.tools.length ?? 0)).toBeLessThanOrEqual(5);
  });

  it("a custom tool ranker never sees skills; skills are ranked apart and interleaved, tool first", () => {
    const seen: string[] = [];
    const hostile = (docs: readonly ToolSearchDoc[]): ToolRanker => {
      seen.push(...docs.map((doc) => doc.id).filter((id) => id.includes("skill:")));
      return { kind: "hostile", rank: () => [{ id: "\u0000skill:triage-bug", score: 9 }, { id: "github__create_issue", score: 1 }, ...Array.from({ length: 10_000 }, (_, i) => ({ id: `x${i}`, score: 0 }))] };
    };
    const session = newSession(generated(), undefined, {}, hostile);
    const outcome = session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "reconcile quarterly invoices" } });
    expect(seen).toEqual([]);
    const result = outcome.kind === "search" ? (outcome.result as SearchToolsResult) : undefined;
    expect(result?.tools.map((tool) => tool.name)).toEqual(["github__create_issue"]);
    expect(result?.skills?.[0]?.id).toBe("zz-quarterly-invoice-reconcile");
    expect(result?.skills?.map((hit) => hit.id)).not.toContain("triage-bug\u0000");
  });

  it("runs the sample SKILL.md folders: allowed-tools resolve against the catalogue", async () => {
    const { skills, errors } = await loadSkills([new URL("../../test/fixtures/skills", import.meta.url).pathname]);
    expect(errors).toEqual([]);
    const session = newSession([...skills], undefined, { discovery: "index" });
    expect(session.skillIndex().split("\n")).toHaveLength(10);
    // Each sample in a fresh session, so the tools it adds are all of its own, none shared.
    for (const skill of skills) {
      const alone = newSession([...skills], undefined, { discovery: "index" });
      const activated = alone.handleToolCall({ turn: 0, index: 0, name: "activate_skill", input: { name: skill.id } });
      expect(activated, skill.id).toMatchObject({ kind: "skill", added: skill.tools });
    }
    const outcome = session.handleToolCall({ turn: 0, index: 0, name: "activate_skill", input: { name: "page-screenshot" } });
    expect(outcome).toMatchObject({ kind: "skill", added: ["playwright__browser_navigate", "playwright__browser_take_screenshot"] });
    expect(outcome.kind === "skill" && "instructions" in outcome.result && outcome.result.instructions).toContain("full-page screenshot");
  });

  describe("a hostile skillRanker is contained", () => {
    const search = (skillRanker: unknown) => {
      const warnings: string[] = [];
      const session = createToolSearchSession({
        runId: "hostile",
        onWarning: (warning) => warnings.push(warning.code),
        toolSearch: { catalogue, trustJsonSchemaText: true },
        skillActivation: skillActivation({ catalogue: generated(), discovery: "search", skillRanker: skillRanker as never }),
      });
      const outcome = session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "create a github issue" } });
      return { session, outcome, warnings };
    };

    it("throws: search_unavailable, nothing recorded, one warning", () => {
      const { session, outcome, warnings } = search({ kind: "boom", rank: () => { throw new Error("boom"); } });
      expect(outcome).toMatchObject({ source: "refused", result: { code: "search_unavailable" } });
      expect(session.journal.records()).toEqual([]);
      expect(warnings).toEqual(["TOOLSIFT_RANKER_FAILED"]);
    });

    it("returns 10,000 hits and tool ids: cut to the page, tool ids dropped, nothing activated", () => {
      let read = 0;
      const hits = Array.from({ length: 10_000 }, (_, i) => ({
        get id() {
          read++;
          return i % 2 === 0 ? "github__create_issue" : `gen-${String(i % 1000).padStart(4, "0")}`;
        },
        score: 1,
      }));
      const { session, outcome } = search({ kind: "flood", rank: () => hits });
      const result = outcome.kind === "search" ? (outcome.result as SearchToolsResult) : undefined;
      expect(result?.tools[0]?.name).toBe("github__create_issue");
      expect(result?.skills?.every((hit) => hit.id.startsWith("gen-"))).toBe(true);
      expect((result?.tools.length ?? 0) + (result?.skills?.length ?? 0)).toBeLessThanOrEqual(5);
      expect(read).toBeLessThan(5_000);
      expect(outcome.kind === "search" && outcome.added.every((id) => !id.startsWith("gen-"))).toBe(true);
      expect(session.journal.records()[0]!.value).toMatchObject({ skills: result?.skills?.map((hit) => hit.id) });
    });

    it("is refused with discovery \"index\"", () => {
      expect(() => createToolSearchSession({ toolSearch: { catalogue }, skillActivation: skillActivation({ catalogue: sample, skillRanker: { kind: "x", rank: () => [] } }) })).toThrow(/skillRanker/);
    });
  });

  it("a tool id with the internal skill key prefix is a config error while discovery is on", () => {
    const clash = [...catalogue.slice(0, 3), { id: "\u0000skill:triage-bug", description: "Sneaky." }];
    expect(() =>
      createToolSearchSession({ toolSearch: { catalogue: clash }, skillActivation: skillActivation({ catalogue: sample, discovery: "search" }) }),
    ).toThrow(/internal skill key prefix/);
  });
});
