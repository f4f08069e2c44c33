import { cutCodeUnits } from "./labels.js";
import { readParams } from "./params.js";
import { WITHHELD_DESCRIPTION, type ToolTrust } from "./policy.js";
import { deepFreeze, jsonCopy, sanitizeSchema, type JsonObject } from "./schema.js";
import type { ToolDefinition } from "./tool-definition.js";

/**
 * A tool as the model sees it on the menu: the shape every agent SDK converts into its
 * provider's tool format. Frozen, plain JSON.
 */
export interface ToolSpec {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonObject;
}

/** Code units of a description line in a search result (one line, bounded: SPEC §6.4). */
export const RESULT_DESCRIPTION_LENGTH = 160;

// Any line separator ends the first line: \n, \r, VT, FF, NEL, U+2028, U+2029.
const LINE_END = /[\n\r\v\f\u0085\u2028\u2029]/u;

/**
 * The description a search result shows: the first line of a trusted description, bounded,
 * or the fixed withheld text for a third-party tool nobody vouched for.
 */
export function resultDescription(trust: ToolTrust): string {
  if (trust.description === undefined) return trust.ownTextTrusted ? "" : WITHHELD_DESCRIPTION;
  const line = (trust.description.split(LINE_END, 1)[0] ?? "").replace(/\s+/gu, " ").trim();
  if (line.length <= RESULT_DESCRIPTION_LENGTH) return line;
  return `${cutCodeUnits(line, RESULT_DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

function schemaFromParams(tool: ToolDefinition, withText: boolean): JsonObject {
  const properties: Record<string, JsonObject> = {};
  for (const param of readParams(tool, "inputSchema")) {
    properties[param.name] = withText && param.description !== undefined ? { description: param.description } : {};
  }
  return { type: "object", properties };
}

/**
 * The model-facing spec of a tool (SPEC §5, §6.2). A third-party tool nobody vouched for
 * shows the withheld text and a schema stripped of its text; a tainted description is
 * withheld even when vouched. Returns `undefined` when the tool's own (first-party or
 * vouched) schema is not JSON (a cycle, a BigInt): the caller reports it as a config error.
 *
 * @example
 * toolSpec(tool, "github__create_issue", toolTrust(tool, "github__create_issue"))
 */
export function toolSpec(tool: ToolDefinition, key: string, trust: ToolTrust): ToolSpec | undefined {
  const description = trust.ownTextTrusted ? (trust.description ?? "") : WITHHELD_DESCRIPTION;
  const source = tool.jsonInputSchema ?? tool.inputSchema;
  let inputSchema: JsonObject | undefined;
  if (source === undefined) {
    const fromParams = schemaFromParams(tool, trust.ownTextTrusted);
    inputSchema = trust.ownTextTrusted ? fromParams : sanitizeSchema(fromParams);
  } else if (trust.ownTextTrusted) {
    inputSchema = jsonCopy(source);
    if (inputSchema === undefined) return undefined;
  } else {
    inputSchema = sanitizeSchema(source);
  }
  return deepFreeze({ name: key, description, inputSchema });
}
