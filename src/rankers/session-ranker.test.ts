import { describe, expect, it } from "vitest";
import { ToolsiftError } from "../errors.js";
import type { ToolRanker, ToolSearchDoc } from "../types.js";
import { SessionRanker } from "./session-ranker.js";
import type { ToolsiftWarning } from "../shared/warnings.js";

const docs: readonly ToolSearchDoc[] = Object.freeze([Object.freeze({ id: "a", tags: [], aliases: [] })]);
const ranker: ToolRanker = { kind: "static", rank: () => [{ id: "a" }] };

describe("SessionRanker", () => {
  it("calls a factory lazily, once, with the session's docs", () => {
    const calls: (readonly ToolSearchDoc[])[] = [];
    const session = new SessionRanker((given) => (calls.push(given), ranker), () => docs, () => {});
    expect(calls).toHaveLength(0);
    expect(session.resolve()).toEqual({ ranker, kind: "static" });
    expect(session.resolve()?.ranker).toBe(ranker);
    expect(calls).toEqual([docs]);
  });

  it("calls a failed factory again on the next search", () => {
    let attempts = 0;
    const warnings: ToolsiftWarning[] = [];
    const session = new SessionRanker(
      () => {
        attempts++;
        if (attempts < 3) throw new Error("model still loading");
        return ranker;
      },
      () => docs,
      (warning) => warnings.push(warning),
    );
    expect(session.resolve()).toBeUndefined();
    expect(session.resolve()).toBeUndefined();
    expect(session.resolve()?.kind).toBe("static");
    expect(session.resolve()?.kind).toBe("static");
    expect(attempts).toBe(3);
    expect(warnings.map((warning) => warning.code)).toEqual(["TOOLSIFT_RANKER_FAILED", "TOOLSIFT_RANKER_FAILED"]);
  });

  it("warns once per session about a thenable factory and handles its rejection", async () => {
    const warnings: ToolsiftWarning[] = [];
    const session = new SessionRanker(
      () => Promise.reject(new Error("async factory")) as never,
      () => docs,
      (warning) => warnings.push(warning),
    );
    expect(session.resolve()).toBeUndefined();
    expect(session.resolve()).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(warnings.map((warning) => warning.code)).toEqual(["TOOLSIFT_RANKER_FACTORY"]);
  });

  it("refuses a factory result without a string kind", () => {
    const session = new SessionRanker(() => ({ rank: () => [] }) as never, () => docs, () => {});
    expect(session.resolve()).toBeUndefined();
  });

  it("lets not_initialized propagate (a host bug, not a transient failure)", () => {
    const session = new SessionRanker(
      () => {
        throw new ToolsiftError("not_initialized", "call init() first");
      },
      () => docs,
      () => {},
    );
    expect(() => session.resolve()).toThrow(expect.objectContaining({ code: "not_initialized" }));
  });

  it("survives a throwing warning hook", () => {
    const session = new SessionRanker(() => { throw new Error("x"); }, () => docs, () => { throw new Error("hook"); });
    expect(session.resolve()).toBeUndefined();
  });
});
