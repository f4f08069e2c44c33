// Each upstream server is a dynamic group of the gateway's sessions: held back under the
// deferral budget (named in search_tools' description), loadable whole by search_tools({ group }),
// and listed directly when the config gives the budget room.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../src/entry/node.js";
import { faultServer, inProcess, temporaryFolder, text } from "./helpers.js";

beforeAll(async () => {
  await init();
});

describe("servers as groups", () => {
  it("holds every server back by default, names them, and loads one whole on request", async () => {
    const run = await inProcess({ mcpServers: { alpha: faultServer(), beta: faultServer() }, toolsift: { menu: "append" } }, temporaryFolder());
    try {
      const listed = (await run.client.listTools()).tools;
      expect(listed.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
      const description = listed[0]!.description ?? "";
      expect(description).toContain("alpha");
      expect(description).toContain("beta");
      expect(JSON.stringify(listed[0]!.inputSchema)).toContain('"group"');
      const loaded = (await run.client.callTool({ name: "search_tools", arguments: { group: "beta" } })) as CallToolResult;
      const result = loaded.structuredContent as { groups?: { name: string; loaded: boolean }[]; tools: { name: string }[] };
      expect(result.groups).toEqual([expect.objectContaining({ name: "beta", loaded: true })]);
      const names = (await run.client.listTools()).tools.map((tool) => tool.name);
      expect(names.filter((name) => name.startsWith("beta__"))).toHaveLength(6);
      expect(names.some((name) => name.startsWith("alpha__"))).toBe(false);
      expect(text(await run.client.callTool({ name: "beta__echo", arguments: { message: "grouped" } }))).toBe("echo: grouped");
    } finally {
      await run.close();
    }
  });

  it("answers a blind call of a held-back server's tool with its signature, and registers it", async () => {
    const run = await inProcess({ mcpServers: { alpha: faultServer() }, toolsift: { menu: "append" } }, temporaryFolder());
    try {
      const blind = (await run.client.callTool({ name: "call_tool", arguments: { name: "alpha__weather", arguments: { city: "Oslo" } } })) as CallToolResult;
      const answer = blind.structuredContent as { code: string; signature?: string };
      expect(answer.code).toBe("tool_loaded");
      expect(answer.signature).toContain("alpha__weather");
      expect((await run.client.listTools()).tools.map((tool) => tool.name)).toContain("alpha__weather");
      expect(text(await run.client.callTool({ name: "alpha__weather", arguments: { city: "Oslo" } }))).toBe("sunny in Oslo");
    } finally {
      await run.close();
    }
  });

  it("lists a small set of servers directly when the deferral budget has room", async () => {
    const run = await inProcess({ mcpServers: { alpha: faultServer(), beta: faultServer() }, toolsift: { deferral: { maxTools: 128 } } }, temporaryFolder());
    try {
      const names = (await run.client.listTools()).tools.map((tool) => tool.name);
      expect(names).toHaveLength(2 + 12);
      expect(text(await run.client.callTool({ name: "alpha__echo", arguments: { message: "direct" } }))).toBe("echo: direct");
    } finally {
      await run.close();
    }
  });
});
