// Writes dist/servers.schema.json, the JSON Schema of the gateway's servers.json, from the zod
// schema the gateway checks the file with (dist/mcp/config.js, so run after tsc). An editor
// reads it through the file's "$schema" key (README "MCP gateway").
import { writeFile } from "node:fs/promises";
import { toJSONSchema } from "zod/mini";

const root = new URL("../", import.meta.url);
const { gatewayConfigSchema } = await import(new URL("dist/mcp/config.js", root).href);
// The input side: a field with a default may be left out. The rules across fields (command or
// url, retryMaxMs ≥ retryInitialMs, a server name without "__") are checked by the gateway only.
const schema = toJSONSchema(gatewayConfigSchema, { io: "input", unrepresentable: "any" });
const document = { $schema: schema.$schema, title: "toolsift servers.json", description: "MCP servers behind `toolsift mcp`, and the gateway's own settings (`toolsift`).", ...schema };
await writeFile(new URL("dist/servers.schema.json", root), `${JSON.stringify(document, null, 2)}\n`);
