import { ToolsiftError } from "../errors.js";
import { cutCodeUnits } from "./labels.js";
import { readParams } from "./params.js";
import { WITHHELD_DESCRIPTION, type ToolTrust } from "./policy.js";
import { deepFreeze } from "../shared/freeze.js";
import { SCHEMA_LIMITS, jsonCopy, sanitizeSchema, type JsonObject } from "./schema.js";
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

/** Code units of a description line in a search result (one line, bounded: DESIGN.md "Trust"). */
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
 * The model-facing spec of a tool. A third-party tool nobody vouched for shows the withheld
 * text and a schema stripped of its text, at most `SCHEMA_LIMITS.maxSpecChars` code units
 * as JSON (for a name within the third-party name rule); a tainted description is
 * withheld even when vouched. Returns `undefined` when the tool's own (first-party or
 * vouched) schema is not JSON (a cycle, a BigInt): the caller reports it as a config error.
 *
 * @example
 * toolSpec(tool, "github__create_issue", toolTrust(tool, "github__create_issue"))
 */
export function toolSpec(tool: ToolDefinition, key: string, trust: ToolTrust): ToolSpec | undefined {
  const description = trust.ownTextTrusted ? (trust.description ?? "") : WITHHELD_DESCRIPTION;
  // What the name and the withheld description leave of the spec bound (`{}` is 2 units).
  const budget = SCHEMA_LIMITS.maxSpecChars - JSON.stringify({ name: key, description, inputSchema: {} }).length + 2;
  // The host's object is read here, maybe for the first time (a trusted schema is copied
  // through JSON, where a throw means "not JSON": `undefined`).
  const inputSchema = hostRead(
    () => {
      const source = tool.jsonInputSchema ?? tool.inputSchema;
      if (source === undefined) {
        const fromParams = schemaFromParams(tool, trust.ownTextTrusted);
        return trust.ownTextTrusted ? fromParams : sanitizeSchema(fromParams, budget);
      }
      return trust.ownTextTrusted ? jsonCopy(source) : sanitizeSchema(source, budget);
    },
    `The input schema of tool ${JSON.stringify(key.slice(0, 80))}`,
    [key, "inputSchema"],
  );
  if (inputSchema === undefined) return undefined;
  return deepFreeze({ name: key, description, inputSchema });
}

/**
 * Reads a host's object: a getter or proxy trap that throws is `invalid_catalogue` saying
 * what ("<what> could not be read …") and where, with the host's error as `cause`.
 */
export function hostRead<T>(read: () => T, what: string, path: readonly (string | number)[]): T {
  try {
    return read();
  } catch (cause) {
    if (cause instanceof ToolsiftError) throw cause;
    throw new ToolsiftError("invalid_catalogue", `${what} could not be read (a getter or proxy trap threw).`, { path, cause });
  }
}
