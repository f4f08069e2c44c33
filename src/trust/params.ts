import { schemaParams } from "../catalogue/parse.js";
import type { ToolParamDoc } from "../types.js";
import type { ToolDefinition } from "./tool-definition.js";

/** Parameters read per tool. The index keeps 128 parameter tokens anyway (docs/analyzer.md §A5). */
export const MAX_PARAMS = 64;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function paramDoc(name: unknown, description: unknown): ToolParamDoc | undefined {
  if (typeof name !== "string" || name.length === 0) return undefined;
  return typeof description === "string" && description.length > 0
    ? Object.freeze({ name, description })
    : Object.freeze({ name });
}

/**
 * A tool's parameters as the index sees them: its `params` list when it has one, else the
 * `properties` of its input schema, nested objects one level deep (`schemaKey` names which
 * schema field to read).
 * Frozen copies; at most `MAX_PARAMS`.
 */
export function readParams(
  tool: ToolDefinition,
  schemaKey: "inputSchema" | "jsonInputSchema",
): readonly ToolParamDoc[] {
  const out: ToolParamDoc[] = [];
  if (Array.isArray(tool.params)) {
    const scanned = Math.min(tool.params.length, MAX_PARAMS * 4);
    for (let i = 0; i < scanned && out.length < MAX_PARAMS; i++) {
      const param: unknown = tool.params[i];
      if (!isPlainObject(param)) continue;
      const doc = paramDoc(param["name"], param["description"]);
      if (doc !== undefined) out.push(doc);
    }
    return Object.freeze(out);
  }
  // The schema is read as every catalogue is (DESIGN.md "Trust": nested objects one level deep).
  for (const param of schemaParams(tool[schemaKey])) {
    if (out.length >= MAX_PARAMS) break;
    const doc = paramDoc(param.name, param.description);
    if (doc !== undefined) out.push(doc);
  }
  return Object.freeze(out);
}
