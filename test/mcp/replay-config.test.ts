// `toolsift mcp replay` of a run nothing changed in: the built command line records a session
// (`toolsift mcp --config`, journal on), then replays its journal; the replay must not warn
// that the run was recorded under another tool-search configuration.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";
import { eventually, faultServer, search, temporaryFolder, writeConfig } from "./helpers.js";

const BIN = fileURLToPath(new URL("../../bin/toolsift.js", import.meta.url));
const QUERIES = ["weather forecast for a city", "echo back a message"];

/**
 * Runs the built CLI with `args` as an MCP server, waits until tools/list shows both servers
 * (they start in the background; tools/list records no decision), asks `QUERIES`, and returns
 * the answers and its stderr.
 */
async function session(args: string[]): Promise<{ answers: unknown[]; stderr: string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, ...args], stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const client = new Client({ name: "replay-config-test", version: "1.0.0" });
  await client.connect(transport);
  const answers: unknown[] = [];
  try {
    // Held back, a server is named in search_tools' description; listed, by its tools' names.
    await eventually(async () => {
      const listed = (await client.listTools()).tools.map((tool) => `${tool.name} ${tool.description ?? ""}`).join("\n");
      return listed.includes("alpha__") && listed.includes("beta__");
    });
    for (const query of QUERIES) answers.push((await search(client, query, 3)).result);
  } finally {
    await client.close();
  }
  return { answers, stderr };
}

describe("toolsift mcp replay of an unchanged run", () => {
  // The third field: whether a search answers with schemas (a loaded tool's, in the bridge menu).
  for (const [what, toolsift, schemas] of [
    ["the default caps", {}, true],
    ["caps the config sets", { maxPerSearch: 3, maxLoaded: 8, maxSearches: 40 }, true],
    // Room for every server: the last generation lists them directly, the first held none back.
    ["a deferral budget that lists the servers", { deferral: { maxTools: 128 } }, false],
    // Loads registered in tools/list instead of answered with their schemas (the default, bridge).
    ["the append menu", { menu: "append" }, false],
  ] as const) {
    it(`answers as recorded and does not warn about the configuration (${what})`, async () => {
      const folder = temporaryFolder();
      const journalFolder = join(folder, "journal");
      const config = writeConfig(folder, { mcpServers: { alpha: faultServer(), beta: faultServer() }, toolsift: { journal: journalFolder, ...toolsift } });
      const recorded = await session(["mcp", "--config", config]);
      const journal = join(journalFolder, readdirSync(journalFolder)[0]!);
      // The run's caps come from its config; without --config the replay takes the defaults.
      const replayed = await session(["mcp", "replay", journal, ...(Object.keys(toolsift).length > 0 ? ["--config", config] : [])]);
      // Found (listed, or named as already on the menu): the run searched real servers.
      expect(JSON.stringify(recorded.answers[0])).toContain("__weather");
      expect(replayed.answers).toEqual(recorded.answers);
      expect(JSON.stringify(recorded.answers).includes('"inputSchema"')).toBe(schemas);
      expect(replayed.stderr).toMatch(/^toolsift: replaying mcp-/u);
      expect(replayed.stderr).not.toContain("TOOLSIFT_JOURNAL_CONFIG");
    });
  }
});
