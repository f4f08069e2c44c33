import { describe, expect, it } from "vitest";
import { isToolsiftError } from "../errors.js";
import type { ToolsiftWarning } from "../shared/warnings.js";
import { createToolSearchSession } from "../session/session.js";
import { toolSearchDocs } from "./tool-docs.js";

// A third-party tool's name is what the model calls, what the menu and results show and what
// the index ranks on: it must follow MCP's tool-name rule, or the tool is refused.
describe("third-party names follow MCP's tool-name rule", () => {
  const hostileNames = ["send an email now", `x${"\u0000"}y`, "evil\u202Etool", "n".repeat(129), "ünïcode", ""];

  it("toolSearchDocs refuses one with invalid_catalogue naming the entry, without echoing it", () => {
    for (const name of hostileNames.filter((name) => name.length > 0)) {
      let error: unknown;
      try {
        toolSearchDocs([{ id: "ok__tool", origin: "remote" }, { name, origin: "remote" }]);
      } catch (caught) {
        error = caught;
      }
      expect(isToolsiftError(error, "invalid_catalogue")).toBe(true);
      expect((error as { path: unknown }).path).toEqual([1, "name"]);
      expect((error as Error).message).not.toContain(name);
    }
    expect(() => toolSearchDocs({ tools: [{ name: "a b" }] })).toThrow(expect.objectContaining({ code: "invalid_catalogue", path: [0, "name"] }));
  });

  it("accepts MCP names (server__tool, dots, dashes, 128 units) and any first-party name", () => {
    const docs = toolSearchDocs([
      { id: "github__create_issue", origin: "remote" },
      { id: "a.b-c_d", kind: "a2a" },
      { id: "n".repeat(128), origin: "remote" },
      { id: "my own tool with spaces" },
    ]);
    expect(docs).toHaveLength(4);
  });

  it("a session leaves such catalogue entries and agent tools out with one TOOLSIFT_TOOL_NAME warning", () => {
    const warnings: ToolsiftWarning[] = [];
    const session = createToolSearchSession({
      onWarning: (warning) => warnings.push(warning),
      tools: [{ id: "reply" }, { id: "evil agent tool", origin: "remote" }],
      toolSearch: {
        catalogue: [
          { id: "mail__send_email", origin: "remote" },
          ...hostileNames.filter((name) => name.length > 0).map((id) => ({ id, origin: "remote" })),
          // repeated: left out, not a duplicate-id error that would echo it
          { id: "send an email now", origin: "remote" },
        ],
        ranker: (docs) => ({ kind: "ids", rank: () => docs.map((doc) => ({ id: doc.id })) }),
        maxPerSearch: 10,
      },
    });
    const outcome = session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "send an email" } });
    expect(session.menuNames()).toEqual(["search_tools", "reply", "mail__send_email"]);
    expect(outcome.kind === "search" && "tools" in outcome.result && outcome.result.tools.map((tool) => tool.name)).toEqual(["mail__send_email"]);
    expect(warnings.map((warning) => warning.code)).toEqual(["TOOLSIFT_TOOL_NAME"]);
    expect(warnings[0]!.message).toContain("7 third-party tool(s)");
    expect(warnings[0]!.message).toContain("tools[1], toolSearch.catalogue[1]");
    for (const name of hostileNames.filter((name) => name.length > 0)) expect(warnings[0]!.message).not.toContain(name);
  });
});
