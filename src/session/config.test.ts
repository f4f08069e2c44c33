import { describe, expect, it } from "vitest";
import { toolsiftError } from "../../test/helpers/errors.js";
import type { ToolRanker } from "../types.js";
import { TOOL_SEARCH_CEILINGS, TOOL_SEARCH_DEFAULTS, parseSessionConfig } from "./config.js";
import { createToolSearchSession } from "./session.js";

const ranker: ToolRanker = { kind: "none", rank: () => [] };
const catalogue = [{ id: "a__one" }, { id: "a__two" }];

const failure = (config: unknown) => toolsiftError(() => createToolSearchSession(config as never));

describe("session config", () => {
  it("applies the documented defaults", () => {
    const resolved = parseSessionConfig({ toolSearch: { catalogue, ranker } });
    expect(resolved.runId).toBe("run");
    expect(resolved.divergence).toBe("fail");
    expect(resolved.toolSearch).toMatchObject(TOOL_SEARCH_DEFAULTS);
    expect(resolved.toolSearch!.catalogue).toBe(catalogue);
  });

  it.each([
    ["maxPerSearch", 0, 1, 50],
    ["maxPerSearch", 51, 1, 50],
    ["maxLoaded", 201, 1, 200],
    ["maxSearches", 0, 1, 200],
    ["maxSearches", 2.5, 1, 200],
    ["maxMenuChars", 0, 1, 10_000_000],
    ["maxLoaded", "20", 1, 200],
  ] as const)("refuses %s = %s naming the field and the range", (field, value, min, max) => {
    const error = failure({ toolSearch: { catalogue, ranker, [field]: value } });
    expect(error.code).toBe("invalid_config");
    expect(error.path).toEqual(["toolSearch", field]);
    expect(error.message).toContain(`toolSearch.${field}`);
    expect(error.message).toContain(`from ${min} to ${max}`);
    expect(error.message).toContain(`got ${typeof value === "string" ? JSON.stringify(value) : value}`);
  });

  it("accepts the ceilings themselves", () => {
    expect(() =>
      createToolSearchSession({
        toolSearch: {
          catalogue,
          ranker,
          maxPerSearch: TOOL_SEARCH_CEILINGS.maxPerSearch,
          maxLoaded: TOOL_SEARCH_CEILINGS.maxLoaded,
          maxSearches: TOOL_SEARCH_CEILINGS.maxSearches,
          maxMenuChars: TOOL_SEARCH_CEILINGS.maxMenuChars,
        },
      }),
    ).not.toThrow();
  });

  it("names an unknown option", () => {
    const error = failure({ toolSearch: { catalogue, ranker, maxPerSerch: 3 } });
    expect(error.code).toBe("invalid_config");
    expect(error.message).toBe('toolSearch: unknown option "maxPerSerch"; did you mean "maxPerSearch"?');
  });

  it("takes the catalogue shapes toolSearchDocs takes: OpenAI's and Anthropic's tools, a JSON-RPC tools/list response", () => {
    const schema = { type: "object", properties: { city: { type: "string" } } };
    const openai = [{ type: "function", function: { name: "get_weather", description: "Weather forecast.", parameters: schema } }];
    const rpc = { jsonrpc: "2.0", id: 3, result: { tools: [{ name: "get_weather", description: "Weather forecast.", inputSchema: schema }] } };
    const anthropic = [{ name: "get_weather", description: "Weather forecast.", input_schema: schema }];
    const menus = [openai, rpc, anthropic].map((shape) => {
      const session = createToolSearchSession({ toolSearch: { catalogue: shape, ranker: { kind: "one", rank: () => [{ id: "get_weather" }] } } });
      const outcome = session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "weather" } });
      return { spec: session.menu()[1], tainted: outcome.kind === "search" && outcome.tainted };
    });
    expect(menus[0]).toEqual({ spec: { name: "get_weather", description: "Weather forecast.", inputSchema: schema }, tainted: false });
    // A tools/list response is an MCP server's: third-party, its description withheld.
    expect(menus[1]).toMatchObject({ spec: { name: "get_weather", description: "Third-party tool; description withheld" }, tainted: true });
    expect(menus[2]).toEqual(menus[0]);
    const warnings: string[] = [];
    createToolSearchSession({
      onWarning: (warning) => warnings.push(warning.message),
      toolSearch: { catalogue: { jsonrpc: "2.0", id: 4, result: { tools: [{ name: "ok" }, { name: "not a name" }] } }, ranker },
    });
    expect(warnings).toEqual([expect.stringContaining("(toolSearch.catalogue.result.tools[1])")]);
    expect(failure({ toolSearch: { catalogue: { jsonrpc: "2.0", id: 1, result: { tools: [{ name: "ok" }, { description: "x" }] } }, ranker } })).toMatchObject({
      path: ["toolSearch", "catalogue", "result", "tools", 1],
      message: expect.stringMatching(/^toolSearch\.catalogue\.result\.tools\[1\]: has no string id or name: a tool has /),
    });
  });

  it("names a misspelt key with the nearest known one, not the key it left missing", () => {
    expect(failure({ toolSearch: { catalog: catalogue } })).toMatchObject({
      code: "invalid_config",
      path: ["toolSearch"],
      message: 'toolSearch: unknown option "catalog"; did you mean "catalogue"?',
    });
    expect(failure({ tool: [], toolSearch: { catalogue } }).message).toBe('config: unknown option "tool"; did you mean "tools"?');
    expect(failure({ toolSearch: { catalogue, frobnicate: 1 } }).message).toBe('toolSearch: unknown option "frobnicate"');
  });

  it("refuses a search tool name that collides with an agent tool or a catalogue tool", () => {
    expect(failure({ tools: [{ id: "search_tools" }], toolSearch: { catalogue, ranker } })).toMatchObject({
      code: "invalid_config",
      path: ["toolSearch", "toolName"],
    });
    expect(failure({ toolSearch: { catalogue: [...catalogue, { id: "find" }], ranker, toolName: "find" } })).toMatchObject({
      code: "invalid_config",
      path: ["toolSearch", "toolName"],
    });
    expect(failure({ toolSearch: { catalogue, ranker, toolName: "has space" } })).toMatchObject({ path: ["toolSearch", "toolName"] });
  });

  it("refuses repeated ids and tools without an id", () => {
    expect(failure({ tools: [{ id: "x" }, { id: "x" }] })).toMatchObject({ code: "invalid_config", path: ["tools", 1] });
    expect(failure({ tools: [{ description: "no id" }] })).toMatchObject({ code: "invalid_config", path: ["tools", 0] });
    expect(failure({ toolSearch: { catalogue: [{ id: "a" }, { id: "a" }], ranker } })).toMatchObject({
      code: "invalid_config",
      path: ["toolSearch", "catalogue", 1],
    });
    expect(failure({ toolSearch: { catalogue: { tools: [{ name: "a" }, {}] }, ranker } })).toMatchObject({
      path: ["toolSearch", "catalogue", "tools", 1],
    });
  });

  it("refuses alwaysLoaded ids that are not catalogue tools", () => {
    expect(failure({ toolSearch: { catalogue, ranker, alwaysLoaded: ["a__one", "zzz"] } })).toMatchObject({
      code: "invalid_config",
      path: ["toolSearch", "alwaysLoaded", 1],
    });
    expect(failure({ toolSearch: { catalogue, ranker, alwaysLoaded: ["a__one", "a__one"] } })).toMatchObject({
      path: ["toolSearch", "alwaysLoaded", 1],
    });
  });

  it("refuses a class, a ranker without kind and one without rank", () => {
    class MyRanker {
      readonly kind = "mine";
      rank() {
        return [];
      }
    }
    expect(failure({ toolSearch: { catalogue, ranker: MyRanker } })).toMatchObject({ code: "invalid_ranker", path: ["toolSearch", "ranker"] });
    expect(failure({ toolSearch: { catalogue, ranker: { rank: () => [] } } })).toMatchObject({ code: "invalid_ranker" });
    expect(failure({ toolSearch: { catalogue, ranker: { kind: "x" } } })).toMatchObject({ code: "invalid_ranker" });
    expect(failure({ toolSearch: { catalogue, ranker: 42 } })).toMatchObject({ code: "invalid_config", path: ["toolSearch", "ranker"] });
  });

  it("refuses a bad run id, journal, divergence mode, annotations and catalogue", () => {
    expect(failure({ runId: "a#b" })).toMatchObject({ code: "invalid_config", path: ["runId"] });
    expect(failure({ journal: {} })).toMatchObject({ code: "invalid_config", path: ["journal"] });
    expect(failure({ divergence: "ignore" })).toMatchObject({ code: "invalid_config", path: ["divergence"] });
    expect(failure({ toolSearch: { catalogue, ranker, annotations: { a__one: { tags: "billing" } } } })).toMatchObject({
      code: "invalid_config",
      path: ["toolSearch", "annotations", "a__one", "tags"],
    });
    const annotated = (annotations: unknown) => failure({ toolSearch: { catalogue, ranker, annotations } });
    expect(annotated([])).toMatchObject({ path: ["toolSearch", "annotations"] });
    expect(annotated({ [Symbol("id")]: {} })).toMatchObject({ path: ["toolSearch", "annotations"] });
    expect(annotated({ a__one: null }).message).toBe("toolSearch.annotations.a__one: must be { tags?, aliases? } (got null)");
    expect(annotated({ a__one: { tag: [] } }).message).toBe('toolSearch.annotations.a__one: unknown option "tag"; did you mean "tags"?');
    expect(annotated({ a__one: { aliases: ["x", 3] } })).toMatchObject({ path: ["toolSearch", "annotations", "a__one", "aliases", 1] });
    expect(annotated({ a__one: { tags: Array(1025).fill("x") } }).message).toContain("must list at most 1024 labels");
    // An entry's problem is found in its place: before a later option's.
    expect(failure({ toolSearch: { catalogue, ranker, annotations: { a__one: { tags: 1 } }, maxLoaded: 0 } })).toMatchObject({
      path: ["toolSearch", "annotations", "a__one", "tags"],
    });
    expect(failure({ toolSearch: { catalogue: "tools.json", ranker } })).toMatchObject({ path: ["toolSearch", "catalogue"] });
    expect(failure({ toolSearch: { ranker } })).toMatchObject({ path: ["toolSearch", "catalogue"] });
  });

  it("refuses an agent tool whose schema is not JSON", () => {
    const schema: Record<string, unknown> = { type: "object" };
    schema["self"] = schema;
    expect(failure({ tools: [{ id: "x", inputSchema: schema }] })).toMatchObject({ code: "invalid_config", path: ["tools", 0, "inputSchema"] });
  });
});
