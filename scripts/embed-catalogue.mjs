// Regenerates data/mcp-catalogue.json from a full MCP catalogue (run by hand when it changes):
//   node scripts/embed-catalogue.mjs <tools.json>
// The source is an array of `tools/list` entries with `id` and `server` added (the collection
// is described in data/mcp-catalogue.README.md). Each tool keeps id, server, name, title and
// description, and its input schema is reduced to parameter names and descriptions (nested
// object properties one level deep).
import { readFile, writeFile } from "node:fs/promises";
import { resolve } from "node:path";

const sourceArgument = process.argv[2];
if (sourceArgument === undefined) {
  console.error("usage: node scripts/embed-catalogue.mjs <tools.json>");
  process.exit(2);
}
const source = resolve(sourceArgument);
const target = new URL("../data/mcp-catalogue.json", import.meta.url);

function params(schema) {
  const out = [];
  const read = (node, prefix, depth) => {
    const properties = node && typeof node === "object" ? node.properties : undefined;
    if (!properties || typeof properties !== "object") return;
    for (const [name, property] of Object.entries(properties)) {
      const description = property && typeof property.description === "string" ? property.description.trim() : "";
      out.push(description ? { name: prefix + name, description } : { name: prefix + name });
      if (depth === 0) read(property, `${prefix}${name}.`, 1);
    }
  };
  read(schema, "", 0);
  return out;
}

const tools = JSON.parse(await readFile(source, "utf8"));
const embedded = tools.map((tool) => ({
  id: tool.id,
  server: tool.server,
  name: tool.name,
  ...(tool.title ? { title: tool.title } : {}),
  description: tool.description ?? "",
  params: params(tool.inputSchema),
}));
await writeFile(target, JSON.stringify(embedded) + "\n");
console.log(`${embedded.length} tools → ${target.pathname}`);
