import { ToolsiftError } from "../errors.js";
import type { ToolParamDoc, ToolSearchDoc } from "../types.js";
import { catalogueList, emptyCatalogue, entryProblem, toolEntry } from "./shapes.js";
import { isRecord } from "../shared/is-record.js";

/** A catalogue entry after parsing (DESIGN.md "Trust"). */
export interface CatalogueTool {
  readonly id: string;
  readonly description: string;
  readonly tags: readonly string[];
  readonly aliases: readonly string[];
  readonly params: readonly ToolParamDoc[];
}

function fail(index: number, id: string | undefined, field: string, problem: string): never {
  const who = id === undefined ? `entry ${index}` : `entry ${index} ("${id}")`;
  throw new ToolsiftError("invalid_catalogue", `catalogue ${who}: ${field} ${problem}`, { path: [index, field] });
}

function labels(entry: Record<string, unknown>, key: string, index: number, id: string): string[] {
  const value = entry[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((label) => typeof label !== "string")) {
    fail(index, id, key, "must be an array of strings");
  }
  return value as string[];
}

/** Parameter names and descriptions from `inputSchema.properties`, nested objects one level deep. */
export function schemaParams(schema: unknown): ToolParamDoc[] {
  const out: ToolParamDoc[] = [];
  const read = (node: unknown, prefix: string, depth: number): void => {
    const properties = isRecord(node) ? node["properties"] : undefined;
    if (!isRecord(properties)) return;
    for (const [name, property] of Object.entries(properties)) {
      const description = isRecord(property) && typeof property["description"] === "string" ? property["description"].trim() : "";
      out.push(description ? { name: prefix + name, description } : { name: prefix + name });
      if (depth === 0) read(property, `${prefix}${name}.`, 1);
    }
  };
  read(schema, "", 0);
  return out;
}

function params(entry: Record<string, unknown>, index: number, id: string): ToolParamDoc[] {
  const value = entry["params"];
  if (value === undefined || value === null) return schemaParams(entry["inputSchema"]);
  if (!Array.isArray(value)) fail(index, id, "params", "must be an array of { name, description? }");
  return value.map((param: unknown, position) => {
    if (!isRecord(param) || typeof param["name"] !== "string") fail(index, id, `params[${position}]`, "must be { name: string, description?: string }");
    const description = param["description"];
    if (description !== undefined && typeof description !== "string") fail(index, id, `params[${position}].description`, "must be a string");
    return description ? { name: param["name"], description } : { name: param["name"] };
  });
}

/**
 * Reads a catalogue (`catalogueList` in ./shapes.ts): an array of tool definitions `{ id | name,
 * description?, tags?, aliases?, params? | inputSchema? }` (Anthropic's `input_schema` and
 * OpenAI's `{ type: "function", function }` read as `toolEntry` says), an MCP `tools/list`
 * result `{ tools: [...] }` or its JSON-RPC response. Anything else is an `invalid_catalogue`
 * error naming the entry by index and id and saying what was expected; a repeated id is
 * `duplicate_id`, a catalogue of no tools `empty_catalogue`.
 *
 * @example
 * parseCatalogue({ tools: [{ name: "echo", description: "Echo back", inputSchema: { properties: { text: {} } } }] });
 */
export function parseCatalogue(input: unknown): CatalogueTool[] {
  const { tools: list, path } = catalogueList(input);
  if (list.length === 0) throw emptyCatalogue(path);
  const seen = new Set<string>();
  return list.map((given: unknown, index) => {
    const entry = toolEntry(given);
    if (!isRecord(entry)) fail(index, undefined, "entry", entryProblem(entry));
    const rawId = entry["id"] ?? entry["name"];
    if (typeof rawId !== "string" || rawId.trim() === "") fail(index, undefined, "id", entryProblem(entry));
    const id = rawId;
    if (seen.has(id)) {
      throw new ToolsiftError("duplicate_id", `catalogue entry ${index} repeats the id "${id}"`, { path: [index, "id"] });
    }
    seen.add(id);
    const description = entry["description"] ?? "";
    if (typeof description !== "string") fail(index, id, "description", "must be a string");
    return { id, description, tags: labels(entry, "tags", index, id), aliases: labels(entry, "aliases", index, id), params: params(entry, index, id) };
  });
}

/** Search docs of a catalogue the operator trusts (their own file): every field is indexed. */
export function catalogueDocs(input: unknown): ToolSearchDoc[] {
  return parseCatalogue(input).map((tool) => ({
    id: tool.id,
    description: tool.description,
    tags: tool.tags,
    aliases: tool.aliases,
    params: tool.params,
  }));
}
