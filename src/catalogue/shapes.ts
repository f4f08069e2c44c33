import { ToolsiftError } from "../errors.js";
import { isRecord } from "../shared/is-record.js";

// The catalogue shapes people have, read in one place for the trust policy, the session and
// the command line: a list of tools in toolsift's, MCP's, Anthropic's or OpenAI's shape, an MCP
// `tools/list` result, or the whole JSON-RPC response that carried one.

/** How an entry and a catalogue may look, for the errors that say what was expected. */
const TOOL_SHAPES = 'a tool has an id or a name (OpenAI\'s { type: "function", function: { name } })';
export const CATALOGUE_SHAPES = "a catalogue is an array of tools, { tools: [...] } or { result: { tools: [...] } }";

/** The tools of a catalogue and where they came from. */
export interface CatalogueList {
  readonly tools: readonly unknown[];
  /** The list is an MCP server's (`tools/list`, bare or in its response): every tool is third-party. */
  readonly remote: boolean;
  /** Where the list is inside the input, for error paths. */
  readonly path: readonly (string | number)[];
}

/** The list of a catalogue in any shape it may have, or `undefined` when it has none of them. */
export function findCatalogueList(input: unknown, path: readonly (string | number)[] = []): CatalogueList | undefined {
  if (Array.isArray(input)) return { tools: input, remote: false, path };
  if (!isRecord(input)) return undefined;
  if (Array.isArray(input["tools"])) return { tools: input["tools"], remote: true, path: [...path, "tools"] };
  const result = input["result"];
  if (isRecord(result) && Array.isArray(result["tools"])) return { tools: result["tools"], remote: true, path: [...path, "result", "tools"] };
  return undefined;
}

/** `findCatalogueList`, or an `invalid_catalogue` error saying what the input is and what was expected. */
export function catalogueList(input: unknown, path: readonly (string | number)[] = []): CatalogueList {
  const list = findCatalogueList(input, path);
  if (list !== undefined) return list;
  const what = !isRecord(input) ? (input === null ? "null" : typeof input) : input["error"] !== undefined ? "a JSON-RPC error response" : "an object without tools";
  throw new ToolsiftError("invalid_catalogue", `${CATALOGUE_SHAPES} (got ${what})`, { path });
}

/** An `empty_catalogue` error: an index of no tools finds nothing, so it is a mistake upstream. */
export function emptyCatalogue(path: readonly (string | number)[] = []): ToolsiftError {
  return new ToolsiftError("empty_catalogue", "the catalogue has no tools", { path });
}

/**
 * One entry as toolsift reads it (`id` or `name`, `description`, `inputSchema`): OpenAI's
 * `{ type: "function", function: { name, description, parameters } }` as its function, and a
 * schema under Anthropic's `input_schema` or a `parameters` key (OpenAI's flat form, Gemini)
 * as `inputSchema`. A copy with the entry's other fields when it changes anything; the
 * entry itself otherwise.
 */
export function toolEntry(entry: unknown): unknown {
  if (!isRecord(entry)) return entry;
  const wrapped = entry["function"];
  if (isRecord(wrapped) && entry["id"] === undefined && entry["name"] === undefined) {
    return { ...entry, name: wrapped["name"], description: wrapped["description"], inputSchema: wrapped["parameters"] };
  }
  const schema = entry["input_schema"] ?? entry["parameters"];
  return entry["inputSchema"] === undefined && schema !== undefined ? { ...entry, inputSchema: schema } : entry;
}

/** Why an entry has no usable key, and what was expected: `has no string id or name; a tool is …`. */
export function entryProblem(entry: unknown): string {
  return `${isRecord(entry) ? "has no string id or name" : "is no object"}: ${TOOL_SHAPES}`;
}
