import { describe, expect, it } from "vitest";
import type { RankedHit, ToolRanker, ToolSearchDoc } from "../types.js";
import { createToolSearchSession } from "../session/session.js";
import type { SearchCallOutcome, ToolCallOutcome } from "../session/types.js";
import type { ToolDefinition } from "../trust/tool-definition.js";
import type { ToolsiftWarning } from "../shared/warnings.js";

// Each hostile ranker gets the documented typed outcome and nothing else: the session stays
// usable, the menu never gains a tool outside the catalogue, nothing bad is recorded.
const catalogue: ToolDefinition[] = ["a__one", "a__two", "a__three", "a__four", "a__five", "a__six"].map((id) => ({ id, description: `Tool ${id}.` }));

function setup(ranker: unknown) {
  const warnings: ToolsiftWarning[] = [];
  const session = createToolSearchSession({
    tools: [{ id: "reply" }],
    onWarning: (warning) => warnings.push(warning),
    toolSearch: { catalogue, ranker: ranker as ToolRanker },
  });
  const call = (turn: number, input: unknown = { query: "anything" }): SearchCallOutcome => {
    const outcome: ToolCallOutcome = session.handleToolCall({ turn, index: 0, name: "search_tools", input });
    if (outcome.kind !== "search") throw new Error("expected a search");
    return outcome;
  };
  return { session, warnings, call };
}

function resultNames(outcome: SearchCallOutcome): string[] {
  return "tools" in outcome.result ? outcome.result.tools.map((tool) => tool.name) : [];
}

describe("hostile rankers are contained", () => {
  it("a ranker that throws: search_unavailable, nothing recorded, a warning, the menu unchanged", () => {
    const { session, warnings, call } = setup({ kind: "thrower", rank: () => { throw new Error("boom"); } });
    const outcome = call(0);
    expect(outcome.result).toEqual({ code: "search_unavailable", message: expect.any(String) });
    expect(outcome.source).toBe("refused");
    expect(session.journal.records()).toHaveLength(0);
    expect(session.menuNames()).toEqual(["search_tools", "reply"]);
    expect(warnings.map((warning) => warning.code)).toEqual(["TOOLSIFT_RANKER_FAILED"]);
  });

  it("a ranker that returns 10,000 hits: read up to its ask, the page and the caps hold", () => {
    let reads = 0;
    const ids = catalogue.map((tool) => tool.id!);
    const flood: ToolRanker = {
      kind: "flood",
      rank: () =>
        Array.from({ length: 10_000 }, (_, i) => ({
          get id() {
            reads++;
            return ids[i % ids.length]!;
          },
        })),
    };
    const { session, call } = setup(flood);
    const outcome = call(0, { query: "x", limit: 3 });
    expect(resultNames(outcome)).toEqual(["a__one", "a__two", "a__three"]);
    expect(reads).toBeLessThanOrEqual(3 + 0);
    expect(session.menuNames()).toHaveLength(2 + 3);
  });

  it("a ranker that returns ids outside the catalogue: they are dropped", () => {
    const { session, call } = setup({
      kind: "forger",
      rank: (): RankedHit[] => [{ id: "evil__wire_money" }, { id: "reply" }, { id: "search_tools" }, { id: "a__two" }, { id: "__proto__" }],
    });
    expect(resultNames(call(0))).toEqual(["a__two"]);
    expect(session.menuNames()).toEqual(["search_tools", "reply", "a__two"]);
  });

  it("a ranker that returns duplicates: each tool once", () => {
    const { call } = setup({ kind: "dup", rank: (): RankedHit[] => [{ id: "a__one" }, { id: "a__one" }, { id: "a__two" }, { id: "a__one" }] });
    expect(resultNames(call(0))).toEqual(["a__one", "a__two"]);
  });

  it("a ranker whose rank returns a thenable: search_unavailable, and the rejection is handled", async () => {
    const { session, warnings, call } = setup({ kind: "async", rank: () => Promise.reject(new Error("late")) });
    expect(call(0).result).toMatchObject({ code: "search_unavailable" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(session.journal.records()).toHaveLength(0);
    expect(warnings.map((warning) => warning.code)).toEqual(["TOOLSIFT_RANKER_FAILED"]);
  });

  it("a factory that returns a thenable: search_unavailable and one TOOLSIFT_RANKER_FACTORY warning per session", async () => {
    const { warnings, call } = setup(async (docs: readonly ToolSearchDoc[]) => ({ kind: "late", rank: () => docs.map((doc) => ({ id: doc.id })) }));
    expect(call(0).result).toMatchObject({ code: "search_unavailable" });
    expect(call(1).result).toMatchObject({ code: "search_unavailable" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(warnings.map((warning) => warning.code)).toEqual(["TOOLSIFT_RANKER_FACTORY"]);
  });

  it("a class passed as the ranker: an invalid_ranker config error", () => {
    class Ranker implements ToolRanker {
      readonly kind = "class";
      rank(): RankedHit[] {
        return [];
      }
    }
    expect(() => setup(Ranker)).toThrow(expect.objectContaining({ code: "invalid_ranker", path: ["toolSearch", "ranker"] }));
  });

  it("a ranker without kind: an invalid_ranker config error; from a factory, search_unavailable and a retry", () => {
    expect(() => setup({ rank: () => [] })).toThrow(expect.objectContaining({ code: "invalid_ranker" }));
    expect(() => setup({ kind: 7, rank: () => [] })).toThrow(expect.objectContaining({ code: "invalid_ranker" }));
    let calls = 0;
    const { warnings, call } = setup(() => {
      calls++;
      return calls === 1 ? { rank: () => [] } : { kind: "fixed", rank: () => [{ id: "a__one" }] };
    });
    expect(call(0).result).toMatchObject({ code: "search_unavailable" });
    expect(resultNames(call(1))).toEqual(["a__one"]);
    expect(calls).toBe(2);
    expect(warnings.map((warning) => warning.code)).toEqual(["TOOLSIFT_RANKER_FAILED"]);
  });

  it("a factory that mutates its docs: it throws inside itself, search_unavailable, later searches unaffected", () => {
    let seen: readonly ToolSearchDoc[] = [];
    const { call } = setup((docs: readonly ToolSearchDoc[]) => {
      seen = docs;
      (docs as ToolSearchDoc[]).push({ id: "evil", tags: [], aliases: [] });
      return { kind: "never", rank: () => [] };
    });
    expect(call(0).result).toMatchObject({ code: "search_unavailable" });
    expect(seen.map((doc) => doc.id)).not.toContain("evil");
    expect(catalogue).toHaveLength(6);
  });

  it("a ranker that returns something that is not a list: search_unavailable", () => {
    const { call } = setup({ kind: "weird", rank: () => ({ 0: { id: "a__one" }, length: 1 }) });
    expect(call(0).result).toMatchObject({ code: "search_unavailable" });
  });
});
