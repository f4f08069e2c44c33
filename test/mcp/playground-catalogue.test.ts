// The playground started from a servers.json: the index builder lists the servers' tools with
// the gateway's upstream code, under its quarantine and trust rules, in the catalogue shape the
// page reads. No browser: the page's own reader and index are run on the result.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Bm25ToolRanker, init } from "../../src/entry/node.js";
import { toolSearchDocs } from "../../src/trust/index.js";
import { DEFAULT_TRUST, readCatalogue, toolDefinitions } from "../../web/src/catalogue/model.js";
import { serversCatalogue } from "../../scripts/playground-catalogue.js";
import { registryServers, temporaryFolder, writeConfig } from "./helpers.js";

function servers(folder: string, trust: boolean) {
  const { everything, memory } = registryServers(folder, trust);
  return { mcpServers: { everything, memory }, toolsift: { state: join(folder, "state.json") } };
}

describe("the playground index builder fed a servers.json", () => {
  it("writes the everything and memory servers' tools as the page's catalogue", async () => {
    const folder = temporaryFolder();
    const listed = await serversCatalogue(writeConfig(folder, servers(folder, true)));
    const ids = listed.tools.map((tool) => tool.id);
    expect(ids).toContain("everything__echo");
    expect(ids).toContain("memory__create_entities");
    expect(new Set(listed.tools.map((tool) => tool.server))).toEqual(new Set(["everything", "memory"]));
    // The page adds the tool count ("… · 20 tools"): the label does not say it a second time.
    expect(listed.label).toBe("servers.json: 2/2 servers ready, 0 tools quarantined");
    // The page's reader takes it, and its index finds a server's tool.
    const tools = readCatalogue(JSON.parse(JSON.stringify(listed.tools)));
    await init();
    const ranker = new Bm25ToolRanker(toolSearchDocs(toolDefinitions(tools, DEFAULT_TRUST)));
    expect(ranker.search("create entities in the knowledge graph", 3).hits.map((hit) => hit.id)).toContain("memory__create_entities");
  });

  it("keeps an untrusted server's unapproved tools out", async () => {
    const folder = temporaryFolder();
    const listed = await serversCatalogue(writeConfig(folder, servers(folder, false)));
    expect(listed.tools).toEqual([]);
    expect(listed.label).toMatch(/^servers\.json: 2\/2 servers ready, [1-9]\d* tools quarantined$/u);
  });
});
