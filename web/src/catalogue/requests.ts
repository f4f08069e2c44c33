// The example requests the search view offers as chips (and the first one as the page's first
// query): the embedded catalogue's own, or, for a catalogue built from a servers.json, requests
// made from its own tools' names, since GitHub, Slack and Postgres may be none of its servers.
import { splitToolId } from "../../../src/mcp/ids.js";

/** Requests to the embedded MCP catalogue: each finds its tool there, in English, Russian and Chinese. */
export const EMBEDDED_EXAMPLES: readonly string[] = ["create a pull request", "send a message to a slack channel", "take a screenshot of a web page", "query a postgres database", "what's the weather tomorrow", "создай пулреквест", "截取网页截图"];

/** How many chips a catalogue of its own gets at most. */
export const MAX_OWN_EXAMPLES = 7;

/** A tool's name as words: `create_entities` and `createEntities` → "create entities". */
function nameWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/gu, "$1 $2")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .join(" ")
    .toLowerCase();
}

/**
 * Example requests for the catalogue with these tool ids: the embedded examples, or, from a
 * servers.json, the name of one tool of each server in turn (first server first), as words.
 */
export function exampleRequests(ids: readonly string[], fromServers: boolean): string[] {
  if (!fromServers) return [...EMBEDDED_EXAMPLES];
  const byServer = new Map<string, string[]>();
  for (const id of ids) {
    const split = splitToolId(id);
    const server = split?.server ?? "";
    const words = nameWords(split?.tool ?? id);
    if (words.length === 0) continue;
    const list = byServer.get(server) ?? [];
    if (!list.includes(words)) list.push(words);
    byServer.set(server, list);
  }
  const examples: string[] = [];
  for (let round = 0; examples.length < MAX_OWN_EXAMPLES; round++) {
    const before = examples.length;
    for (const list of byServer.values()) {
      const words = list[round];
      if (words !== undefined && !examples.includes(words) && examples.length < MAX_OWN_EXAMPLES) examples.push(words);
    }
    if (examples.length === before) break;
  }
  return examples;
}
