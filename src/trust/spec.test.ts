import { describe, expect, it } from "vitest";
import { WITHHELD_DESCRIPTION, toolTrust } from "./policy.js";
import { sanitizeSchema } from "./schema.js";
import { resultDescription, toolSpec } from "./spec.js";
import { tainted, type ToolDefinition } from "./tool-definition.js";

function specOf(tool: ToolDefinition, options = {}) {
  const key = tool.id ?? tool.name ?? "";
  return toolSpec(tool, key, toolTrust(tool, key, options));
}

describe("toolSpec", () => {
  it("shows a first-party tool as declared, as a frozen JSON copy", () => {
    const schema = { type: "object", properties: { path: { type: "string", description: "The path" } } };
    const spec = specOf({ id: "files__read", description: "Read a file.\nSecond line.", inputSchema: schema });
    expect(spec).toStrictEqual({ name: "files__read", description: "Read a file.\nSecond line.", inputSchema: schema });
    expect(spec!.inputSchema).not.toBe(schema);
    expect(Object.isFrozen(spec!.inputSchema["properties"])).toBe(true);
  });

  it("withholds a remote tool's description and strips its schema text", () => {
    const spec = specOf({
      id: "mcp__x",
      description: "CANARY",
      jsonInputSchema: {
        type: "object",
        title: "CANARY",
        properties: { q: { type: "string", description: "CANARY", examples: ["CANARY"], enum: ["a", "b"] } },
        required: ["q"],
      },
    });
    expect(spec).toStrictEqual({
      name: "mcp__x",
      description: WITHHELD_DESCRIPTION,
      inputSchema: { type: "object", properties: { q: { type: "string", enum: ["a", "b"] } }, required: ["q"] },
    });
  });

  it("withholds the description of an A2A tool, an origin: remote tool and a tainted one even when vouched", () => {
    expect(specOf({ id: "a", kind: "a2a", description: "x" })!.description).toBe(WITHHELD_DESCRIPTION);
    expect(specOf({ id: "b", origin: "remote", description: "x", params: [{ name: "p", description: "CANARY" }] })).toStrictEqual({
      name: "b",
      description: WITHHELD_DESCRIPTION,
      inputSchema: { type: "object", properties: { p: {} } },
    });
    expect(specOf({ id: "c", origin: "remote", description: tainted("x") }, { trustJsonSchemaText: true })!.description).toBe(
      WITHHELD_DESCRIPTION,
    );
    expect(specOf({ id: "d", description: tainted("x") })!.description).toBe(WITHHELD_DESCRIPTION);
  });

  it("shows a vouched remote tool's text", () => {
    const jsonInputSchema = { type: "object", properties: { q: { type: "string", description: "Query" } } };
    expect(specOf({ id: "v", origin: "remote", description: "Search.", jsonInputSchema }, { trustJsonSchemaText: true })).toStrictEqual({
      name: "v",
      description: "Search.",
      inputSchema: jsonInputSchema,
    });
  });

  it("reports a first-party schema that is not JSON", () => {
    const cyclic: Record<string, unknown> = { type: "object" };
    cyclic["self"] = cyclic;
    expect(specOf({ id: "x", inputSchema: cyclic })).toBeUndefined();
  });
});

describe("sanitizeSchema", () => {
  it("bounds depth and falls back to an object schema for garbage", () => {
    let deep: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 100; i++) deep = { type: "object", properties: { n: deep } };
    expect(JSON.stringify(sanitizeSchema(deep)).length).toBeLessThan(600);
    expect(sanitizeSchema("nope")).toEqual({ type: "object" });
    expect(sanitizeSchema({ description: "only text" })).toEqual({ type: "object" });
  });
});

describe("resultDescription", () => {
  it("shows the first line, bounded, of a trusted description", () => {
    const trust = toolTrust({ id: "a", description: `${"word ".repeat(60)}\nsecond` }, "a");
    const line = resultDescription(trust);
    expect(line.length).toBeLessThanOrEqual(160);
    expect(line.endsWith("…")).toBe(true);
    expect(line).not.toContain("second");
  });

  it("withholds an un-vouched description", () => {
    expect(resultDescription(toolTrust({ id: "a", origin: "remote", description: "x" }, "a"))).toBe(WITHHELD_DESCRIPTION);
  });
});
