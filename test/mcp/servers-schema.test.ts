// dist/servers.schema.json, the JSON Schema `npm run build` writes from the gateway's zod
// schema (scripts/servers-schema.mjs): shipped, current, and as strict as the parser on the
// shape it can state. Read back into a validator with zod's fromJSONSchema.
import { readFileSync } from "node:fs";
import { fromJSONSchema, toJSONSchema } from "zod";
import { describe, expect, it } from "vitest";
import { isToolsiftError } from "../../src/errors.js";
import { gatewayConfigSchema, parseGatewayConfig } from "../../src/mcp/config.js";

const root = new URL("../../", import.meta.url);
const text = readFileSync(new URL("dist/servers.schema.json", root), "utf8");
const schema = JSON.parse(text) as { title: string; properties: Record<string, unknown> };
const validator = fromJSONSchema(schema as Parameters<typeof fromJSONSchema>[0]);
const file = "/tmp/servers.json";

// The README's servers.json example (the block after "plus toolsift's keys").
const readme = readFileSync(new URL("README.md", root), "utf8");
const example = JSON.parse(/toolsift's keys:\n\n```json\n([\s\S]*?)\n```/.exec(readme)![1]!) as unknown;

const refusal = (config: unknown) => {
  try {
    parseGatewayConfig(config, file);
  } catch (error) {
    if (isToolsiftError(error, "invalid_config")) return error.message;
    throw error;
  }
  return undefined;
};

describe("dist/servers.schema.json", () => {
  it("is the package's ./servers.schema.json and the current schema the gateway checks with", () => {
    const manifest = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as { exports: Record<string, unknown> };
    expect(manifest.exports["./servers.schema.json"]).toBe("./dist/servers.schema.json");
    expect(schema.title).toBe("toolsift servers.json");
    expect(Object.keys(schema.properties)).toEqual(["$schema", "toolsift", "mcpServers", "servers"]);
    // Not left over from an older build (run `npm run build` after changing the schema).
    expect(schema).toMatchObject(toJSONSchema(gatewayConfigSchema, { io: "input", unrepresentable: "any" }));
  });

  it("accepts the README's example and a $schema key, as the parser does", () => {
    expect(validator.safeParse(example).success).toBe(true);
    expect(refusal(example)).toBeUndefined();
    const pointed = { $schema: "./node_modules/toolsift/dist/servers.schema.json", ...(example as object) };
    expect(validator.safeParse(pointed).success).toBe(true);
    expect(parseGatewayConfig(pointed, file).ignored).toEqual([]);
  });

  it.each([
    ["toolsift.jurnal: unknown option", { mcpServers: {}, toolsift: { jurnal: "logs" } }],
    ["toolsift.callTimeoutMs: must be an integer from 100 to 3600000", { mcpServers: {}, toolsift: { callTimeoutMs: 5 } }],
    ["toolsift.deferral.mode: must be \"auto\" or \"off\"", { mcpServers: {}, toolsift: { deferral: { mode: "on" } } }],
    ["toolsift.menu: must be \"append\" or \"bridge\"", { mcpServers: {}, toolsift: { menu: "stack" } }],
    ["mcpServers.a.env.TOKEN: must be a string", { mcpServers: { a: { command: "x", env: { TOKEN: 42 } } } }],
    ["mcpServers.a.type: must be \"stdio\" or \"http\"", { mcpServers: { a: { url: "http://x", type: "sse" } } }],
    ["mcpServers.a b: server name must be", { mcpServers: { "a b": { command: "x" } } }],
    ["mcpServers.a.timeout: must be a number of seconds", { mcpServers: { a: { command: "x", timeout: 0 } } }],
    ["mcpServers: must be an object of servers by name", { mcpServers: [] }],
  ])("refuses what the parser refuses: %s", (message, config) => {
    expect(refusal(config)).toContain(message);
    expect(validator.safeParse(config).success).toBe(false);
  });
});
