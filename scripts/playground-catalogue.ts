// The playground's catalogue from a servers.json (TOOLSIFT_PLAYGROUND_SERVERS): a browser cannot
// start stdio servers, so the build connects to them with the gateway's upstream code, lists
// their tools under the gateway's rules (only approved tools; an untrusted server's text
// withheld: names and parameter names only) and writes them in the embedded catalogue's shape.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { Gateway } from "../src/mcp/gateway.js";
import { parseGatewayConfig } from "../src/mcp/config.js";
import type { ToolsiftWarning } from "../src/shared/warnings.js";

/** One tool as data/mcp-catalogue.json holds it. */
export interface CatalogueEntry {
  readonly id: string;
  readonly server: string;
  readonly name: string;
  readonly description?: string;
  readonly inputSchema?: unknown;
  readonly params?: readonly { readonly name: string }[];
}

export interface ServersCatalogue {
  readonly tools: CatalogueEntry[];
  /** What the page says it shows beside its tool count, e.g. `servers.json: 2/2 servers ready, 0 tools quarantined`. */
  readonly label: string;
  readonly warnings: ToolsiftWarning[];
}

function paramNames(schema: unknown): { name: string }[] {
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  return typeof properties === "object" && properties !== null ? Object.keys(properties).map((name) => ({ name })) : [];
}

/** Starts the servers of `configPath`, waits for each to be ready or failed once, and lists the approved tools. */
export async function serversCatalogue(configPath: string): Promise<ServersCatalogue> {
  const file = resolve(configPath);
  const config = parseGatewayConfig(JSON.parse(await readFile(file, "utf8")), file);
  const warnings: ToolsiftWarning[] = [];
  const gateway = new Gateway(config, { stderr: "ignore", onWarning: (warning) => warnings.push(warning), version: "playground" });
  try {
    await gateway.start();
    const trusted = new Set(config.servers.filter((entry) => entry.trust).map((entry) => entry.name));
    const tools: CatalogueEntry[] = [];
    for (const tool of gateway.tools().values()) {
      const schema = tool.definition.jsonInputSchema;
      const description = tool.definition.description;
      tools.push(
        trusted.has(tool.server)
          ? { id: tool.id, server: tool.server, name: tool.tool, ...(typeof description === "string" ? { description } : {}), inputSchema: schema }
          : { id: tool.id, server: tool.server, name: tool.tool, params: paramNames(schema) },
      );
    }
    const servers = gateway.servers();
    const ready = servers.filter((server) => server.status === "ready").length;
    const quarantined = servers.reduce((sum, server) => sum + server.quarantined, 0);
    // No tool count: the page's catalogue fact adds it ("… · 20 tools"), and says it once.
    const label = `${file.split(/[\\/]/u).pop()}: ${ready}/${servers.length} servers ready, ${quarantined} tools quarantined`;
    return { tools, label, warnings };
  } finally {
    await gateway.close();
  }
}
