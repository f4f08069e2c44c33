// The playground's catalogue model and the one function that turns it, under a trust state,
// into the tool definitions the session layer and `toolSearchDocs` read. The build script
// (scripts/build-playground-index.ts) calls the same function, so the prebuilt artifact is
// exactly the index the page would build for the default state.
// The CLI's strict catalogue reader (per-entry errors for the pasted-catalogue view); the rest
// is the package's own surface.
import { findCatalogueList, parseCatalogue } from "../../../src/catalogue/index.js";
import { tainted, type ToolAnnotations, type ToolDefinition, type ToolParamDoc } from "../../../src/entry/browser.js";

/** One tool as the playground shows it. */
export interface PlaygroundTool {
  readonly id: string;
  /** The MCP server (embedded catalogue) or the id's prefix before `__`; `""` when none. */
  readonly server: string;
  readonly title?: string;
  readonly description: string;
  readonly tags: readonly string[];
  readonly aliases: readonly string[];
  readonly params: readonly ToolParamDoc[];
}

/** The trust state the trust view edits (DESIGN.md "Trust"). Every set holds server names or tool ids. */
export interface TrustState {
  /** Servers whose tools are third-party (`origin: "remote"`). */
  readonly remoteServers: readonly string[];
  /** Single tools marked third-party. */
  readonly remoteTools: readonly string[];
  /** Third-party tools the operator vouches for (passed as `trustJsonSchemaText: vouchedBy(vouched)`). */
  readonly vouched: readonly string[];
  /** Tools whose description arrived through an untrusted channel (never indexed, never shown). */
  readonly tainted: readonly string[];
  /** Host annotations by tool id (trusted, any tool). */
  readonly annotations: ToolAnnotations;
}

export const DEFAULT_TRUST: TrustState = Object.freeze({
  remoteServers: [],
  remoteTools: [],
  vouched: [],
  tainted: [],
  annotations: {},
});

export function isDefaultTrust(trust: TrustState): boolean {
  return (
    trust.remoteServers.length === 0 &&
    trust.remoteTools.length === 0 &&
    trust.vouched.length === 0 &&
    trust.tainted.length === 0 &&
    Object.keys(trust.annotations).length === 0
  );
}

/** The server of a tool id: the part before the first `__`, or `""`. */
export function serverOf(id: string): string {
  const cut = id.indexOf("__");
  return cut > 0 ? id.slice(0, cut) : "";
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

/**
 * Reads a catalogue (an array of tools, an MCP `tools/list` result or its JSON-RPC response) with the library's
 * parser, so a bad entry is the library's located `ToolsiftError`; keeps `server` and `title`
 * when the entries carry them.
 */
export function readCatalogue(input: unknown): PlaygroundTool[] {
  const parsed = parseCatalogue(input);
  const raw = findCatalogueList(input)?.tools ?? [];
  return parsed.map((tool, index) => {
    const entry = record(raw[index]);
    const server = typeof entry["server"] === "string" ? entry["server"] : serverOf(tool.id);
    const title = typeof entry["title"] === "string" && entry["title"].length > 0 ? entry["title"] : undefined;
    return {
      id: tool.id,
      server,
      ...(title === undefined ? {} : { title }),
      description: tool.description,
      tags: tool.tags,
      aliases: tool.aliases,
      params: tool.params,
    };
  });
}

/** The tool definitions of a catalogue under a trust state. */
export function toolDefinitions(tools: readonly PlaygroundTool[], trust: TrustState): ToolDefinition[] {
  const remoteServers = new Set(trust.remoteServers);
  const remoteTools = new Set(trust.remoteTools);
  const taintedIds = new Set(trust.tainted);
  return tools.map((tool) => {
    const remote = remoteServers.has(tool.server) || remoteTools.has(tool.id);
    const definition: ToolDefinition = {
      id: tool.id,
      description: taintedIds.has(tool.id) ? tainted(tool.description) : tool.description,
      tags: tool.tags,
      aliases: tool.aliases,
      params: tool.params,
      origin: remote ? "remote" : "local",
    };
    return definition;
  });
}

/** The operator's vouching as the package takes it: a host-side predicate on exact tool ids. */
export function vouchedBy(vouched: readonly string[]): (id: string) => boolean {
  const ids = new Set(vouched);
  return (id) => ids.has(id);
}
