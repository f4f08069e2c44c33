import { ToolsiftError } from "../errors.js";
import type { ToolAnnotations } from "../trust/tool-definition.js";
import { decodeHints } from "./decode.js";
import { MCP_HINT_LINES, MCP_HINT_SERVERS } from "./mcp-data.js";

/**
 * Defaults of `mcpHints`:
 * - `field`: the label field the hint words go to, `"aliases"` (ranking weight 2 by default)
 *   or `"tags"` (weight 1). With every server's hints, aliases won on every dev fold of our
 *   own request sets (docs/tuning.md).
 */
export const MCP_HINTS_DEFAULTS = Object.freeze({ field: "aliases" as "tags" | "aliases" });

/** Options of `mcpHints`. */
export interface McpHintsOptions {
  readonly field?: "tags" | "aliases";
}

const cache = new Map<string, ToolAnnotations>();

/**
 * The MCP catalogue's hints as host annotations: for each tool of the servers this build
 * carries (`MCP_HINT_SERVERS`), the words of task-level phrasings in English, Russian and
 * Chinese — how a person asks for what the tool does — written from the tool's name,
 * description and parameters (docs/learning.md says how), packed at build time. Pass them as
 * `toolSearch.annotations` (or merge them with your own); like every annotation they change
 * ranking only. A tool id the catalogue does not have is ignored.
 *
 * @example
 * import { mcpHints } from "toolsift/hints/mcp";
 * const session = createToolSearchSession({ runId, toolSearch: { catalogue, annotations: mcpHints() } });
 */
export function mcpHints(options: McpHintsOptions = {}): ToolAnnotations {
  const field = options.field ?? MCP_HINTS_DEFAULTS.field;
  if (field !== "tags" && field !== "aliases") throw new ToolsiftError("invalid_option", 'mcpHints: field must be "tags" or "aliases"', { path: ["field"] });
  let annotations = cache.get(field);
  if (annotations === undefined) {
    annotations = decodeHints(MCP_HINT_LINES, field);
    cache.set(field, annotations);
  }
  return annotations;
}

export { MCP_HINT_SERVERS };
