// The client config on the README's first screen, started the way an MCP client starts it: from
// a folder of its own (not this checkout), with npm kept off the network. Its paths are the
// README's placeholders, swapped for this checkout and a servers.json of one test server. A
// config that relies on `npx toolsift` fails here: toolsift is not installed in that folder,
// so npx would ask the registry for whatever package holds the name.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";
import { eventually, faultServer, search, temporaryFolder, writeConfig } from "../mcp/helpers.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const readme = readFileSync(join(root, "README.md"), "utf8");
const version = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;
const CLONE = "/path/to/toolsift";
const SERVERS = "/home/me/servers.json";

interface ServerEntry {
  command: string;
  args: string[];
}

/** The first JSON block of the README: the one config a client is given. */
function firstScreenEntry(): ServerEntry {
  const block = /```json\n([\s\S]*?)```/u.exec(readme)![1]!;
  return (JSON.parse(block) as { mcpServers: { toolsift: ServerEntry } }).mcpServers.toolsift;
}

describe("the README's first-screen client config", () => {
  it("starts the gateway from the client's own folder, without the registry", async () => {
    const folder = temporaryFolder();
    const servers = writeConfig(folder, { mcpServers: { fixture: faultServer() } });
    const entry = firstScreenEntry();
    const args = entry.args.map((arg) => arg.replace(CLONE, root.replace(/\/$/u, "")).replace(SERVERS, servers));
    const client = new Client({ name: "first-screen", version: "1.0.0" });
    // npm_config_offline: an npx that would reach the registry fails at once instead.
    const transport = new StdioClientTransport({ command: entry.command, args, cwd: folder, env: { ...process.env, npm_config_offline: "true" } as Record<string, string>, stderr: "pipe" });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk));
    try {
      await client.connect(transport).catch((error: unknown) => {
        throw new Error(`${entry.command} ${args.join(" ")} did not start: ${String(error)}\n${stderr}`);
      });
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
      // The gateway answers before its servers are connected: their tools arrive when they list them.
      await eventually(async () => (await search(client, "echo back a message", 3)).names.includes("fixture__echo"));
    } finally {
      await client.close();
    }
  }, 60_000);

  it("names toolsift on the registry only pinned to this version", () => {
    const named = [...readme.matchAll(/\btoolsift@([^\s"`,)\]]+)/gu)].map((match) => match[1]);
    expect(named.every((pinned) => pinned === version), named.join(", ")).toBe(true);
    expect(readme).not.toMatch(/"npx",\s*"args":\s*\[\s*(?:"-y",\s*)?"toolsift"/u);
  });
});
