import { describe, expect, it } from "vitest";
import { parseCatalogue } from "../src/catalogue/index.js";
import { toolsiftError } from "./helpers/errors.js";

// A plain object, so that toMatchObject compares its fields (an Error only matches an Error).
function failure(input: unknown): { code: string; path: readonly (string | number)[]; message: string } {
  const { code, path, message } = toolsiftError(() => parseCatalogue(input));
  return { code, path, message };
}

describe("catalogue input (DESIGN.md 'Trust')", () => {
  it("reads an array of tools and an MCP tools/list result, params from inputSchema one level deep", () => {
    const tools = parseCatalogue({
      tools: [{ name: "search", description: "Find things", inputSchema: { properties: { filter: { description: "Filter", properties: { tag: { description: "Tag name" } } } } } }],
    });
    expect(tools[0]).toEqual({
      id: "search",
      description: "Find things",
      tags: [],
      aliases: [],
      params: [{ name: "filter", description: "Filter" }, { name: "filter.tag", description: "Tag name" }],
    });
    expect(parseCatalogue([{ id: "a", tags: ["x"], params: [{ name: "p" }] }])[0]).toMatchObject({ id: "a", tags: ["x"], params: [{ name: "p" }] });
  });

  it("names the offending entry by index and id", () => {
    expect(failure("nope").code).toBe("invalid_catalogue");
    expect(failure([{ id: "ok" }, 3])).toMatchObject({ code: "invalid_catalogue", path: [1, "entry"] });
    expect(failure([{ id: "ok" }, { description: "x" }])).toMatchObject({ code: "invalid_catalogue", path: [1, "id"] });
    const tags = failure([{ id: "a" }, { id: "b", tags: "x" }]);
    expect(tags).toMatchObject({ code: "invalid_catalogue", path: [1, "tags"] });
    expect(tags.message).toContain('entry 1 ("b")');
    expect(failure([{ id: "a", params: [{ description: "x" }] }]).message).toContain("params[0]");
    expect(failure([{ id: "a" }, { name: "a" }])).toMatchObject({ code: "duplicate_id", path: [1, "id"] });
  });
});
