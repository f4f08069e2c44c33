import { describe, expect, it } from "vitest";
import { ToolsiftError } from "../errors.js";
import { parseSessionConfig } from "./config.js";

const ranker = { kind: "none", rank: () => [] };
const catalogue = [{ id: "a__one" }];

function failure(config: unknown): { path: unknown; message: string } {
  try {
    parseSessionConfig(config);
  } catch (error) {
    if (error instanceof ToolsiftError && error.code === "invalid_config") return { path: error.path, message: error.message };
    throw error;
  }
  throw new Error("expected a config error");
}

const search = (options: object) => ({ toolSearch: { catalogue, ranker, ...options } });

// The messages the dedicated zod schemas (z.int, z.enum, z.array of z.string with length
// checks) wrote before the fields became checked `z.custom`s.
describe("session config messages", () => {
  it.each([
    ['divergence: must be "fail" or "warn" (got "ignore")', { divergence: "ignore" }, ["divergence"]],
    ["tools: must be an array of tool definitions (got object)", { tools: {} }, ["tools"]],
    ["tools[1]: must be a tool definition object with an id or a name (got 3)", { tools: [{ id: "x" }, 3] }, ["tools", 1]],
    ["tools[0]: must be a tool definition object with an id or a name (it is missing)", { tools: [,] }, ["tools", 0]],
    ["toolSearch.maxLoaded: must be an integer from 1 to 200 (got NaN)", search({ maxLoaded: Number.NaN }), ["toolSearch", "maxLoaded"]],
    ["toolSearch.maxMenuChars: must be an integer from 1 to 10000000 (got Infinity)", search({ maxMenuChars: Infinity }), ["toolSearch", "maxMenuChars"]],
    ["toolSearch.namespaces: must be an array of strings (got \"a__\")", search({ namespaces: "a__" }), ["toolSearch", "namespaces"]],
    ["toolSearch.namespaces[1]: must not be empty (got \"\")", search({ namespaces: ["a__", ""] }), ["toolSearch", "namespaces", 1]],
    ["toolSearch.alwaysLoaded[0]: must be a string (got null)", search({ alwaysLoaded: [null] }), ["toolSearch", "alwaysLoaded", 0]],
    // A list that is too long is refused before its entries are read.
    ["toolSearch.namespaces: must list at most 100,000 names (got an array)", search({ namespaces: Array(100_001).fill(1) }), ["toolSearch", "namespaces"]],
    [
      "toolSearch.annotations.a__one.tags: must list at most 1024 labels (got an array)",
      search({ annotations: { a__one: { tags: Array(1025).fill(1) } } }),
      ["toolSearch", "annotations", "a__one", "tags"],
    ],
    [
      "toolSearch.annotations.a__one.aliases[1]: must be a string (got 3)",
      search({ annotations: { a__one: { aliases: ["x", 3] } } }),
      ["toolSearch", "annotations", "a__one", "aliases", 1],
    ],
  ])("%s", (message, config, path) => {
    expect(failure(config)).toEqual({ path, message });
  });

  it("copies the agent's tool list and the name lists, keeping the host's definitions", () => {
    const tools = [{ id: "x" }];
    const namespaces = ["a__"];
    const resolved = parseSessionConfig({ tools, ...search({ namespaces }) });
    expect(resolved.tools).not.toBe(tools);
    expect(resolved.tools[0]).toBe(tools[0]);
    expect(resolved.toolSearch!.namespaces).not.toBe(namespaces);
    expect(resolved.toolSearch!.namespaces).toEqual(namespaces);
  });
});
