// What the scripted runs over the real MCP catalogue share: the catalogue as a host that
// vouches for its servers passes it, the agent's own reply tool, and a ranker that counts its
// calls (a replay must make none).
import { readFileSync } from "node:fs";
import { Bm25ToolRanker } from "../../src/index.js";
import type { ToolDefinition } from "../../src/trust/tool-definition.js";
import type { RankedHit, ToolRanker, ToolSearchDoc } from "../../src/types.js";

const EMBEDDED = new URL("../../data/mcp-catalogue.json", import.meta.url);

/**
 * The embedded catalogue (2,464 tools of 89 servers): each tool third-party (`origin:
 * "remote"`) with its schema as JSON text, which the tests vouch for with `trustJsonSchemaText`.
 */
export function mcpCatalogue(): ToolDefinition[] {
  const raw = JSON.parse(readFileSync(EMBEDDED, "utf8")) as Record<string, unknown>[];
  return raw.map(({ inputSchema, ...tool }) => ({ ...tool, origin: "remote", ...(inputSchema === undefined ? {} : { jsonInputSchema: inputSchema }) }) as ToolDefinition);
}

/** The agent's own tool in every scripted run. */
export const REPLY_TOOL: ToolDefinition = Object.freeze({ id: "reply", description: "Reply to the user.", inputSchema: { type: "object", properties: { text: { type: "string" } } } });

export interface RankerCalls {
  rank: number;
  /** Rankers built (counted when present). */
  factory?: number;
}

/** The built-in ranker, counting each index it builds and each query it answers in `calls`. */
export function countingRanker(calls: RankerCalls) {
  return (docs: readonly ToolSearchDoc[]): ToolRanker => {
    if (calls.factory !== undefined) calls.factory++;
    const inner = new Bm25ToolRanker(docs);
    return {
      kind: inner.kind,
      rank(query: string, limit: number): RankedHit[] {
        calls.rank++;
        return inner.rank(query, limit);
      },
    };
  };
}
