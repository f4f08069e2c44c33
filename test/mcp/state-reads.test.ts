// The gateway reads its state file once per downstream request: the request refreshes the
// tool source, and everything after it (quarantine check, catalogue, session) reads what that
// refresh left. An approval written by another process still takes effect on the next request.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { init } from "../../src/entry/node.js";
import { QuarantineState } from "../../src/mcp/quarantine.js";
import { WITHHELD_DESCRIPTION } from "../../src/trust/policy.js";
import { eventually, faultServer, inProcess, search, temporaryFolder, text, type InProcess } from "./helpers.js";

let run: InProcess | undefined;
beforeAll(() => init());
afterEach(async () => {
  vi.restoreAllMocks();
  await run?.close();
  run = undefined;
});

function code(result: unknown): string | undefined {
  return ((result as CallToolResult).structuredContent as { code?: string } | undefined)?.code;
}

describe("the gateway's state file", () => {
  it("is checked once per downstream request, and another process's approval applies on the next", async () => {
    run = await inProcess({ mcpServers: { steady: faultServer(true), stranger: faultServer(false) }, toolsift: { maxLoaded: 50 } }, temporaryFolder());
    const { gateway, client } = run;
    // Checks of the gateway's own state, not of the second one standing for another process.
    const refresh = vi.spyOn(QuarantineState.prototype, "refresh");
    const checks = () => refresh.mock.contexts.filter((state) => state === gateway.quarantine).length;
    const counts: Record<string, number> = {};
    const counted = async <T>(name: string, request: () => Promise<T>): Promise<T> => {
      const before = checks();
      const result = await request();
      counts[name] = checks() - before;
      return result;
    };

    await counted("tools/list", () => client.listTools());
    expect((await counted("search", () => search(client, "echo back the message", 5))).names).toContain("steady__echo");
    expect(text(await counted("registered call", () => client.callTool({ name: "steady__echo", arguments: { message: "hi" } })))).toBe("echo: hi");
    expect(text(await counted("call_tool", () => client.callTool({ name: "call_tool", arguments: { name: "steady__echo", arguments: { message: "hi" } } })))).toBe("echo: hi");
    expect(code(await counted("quarantined call", () => client.callTool({ name: "call_tool", arguments: { name: "stranger__echo", arguments: { message: "x" } } })))).toBe("tool_quarantined");

    // `toolsift mcp approve` from another process: its own QuarantineState writes the file.
    expect(new QuarantineState(gateway.config.state).approve("stranger", "echo")).toEqual(["echo"]);
    expect((await counted("search after approval", () => search(client, "echo back the message", 10))).names).toContain("stranger__echo");
    expect(text(await counted("call after approval", () => client.callTool({ name: "stranger__echo", arguments: { message: "x" } })))).toBe("echo: x");
    expect(counts).toEqual({
      "tools/list": 1,
      search: 1,
      "registered call": 1,
      call_tool: 1,
      "quarantined call": 1,
      "search after approval": 1,
      "call after approval": 1,
    });
  });
});

describe("a tool registered under an earlier catalogue generation", () => {
  it("keeps the spec the session gave it in tools/list, its text withheld when not vouched for", async () => {
    run = await inProcess({ mcpServers: { steady: faultServer(true), stranger: faultServer(false) }, toolsift: { menu: "append" } }, temporaryFolder());
    const { gateway, client } = run;
    gateway.approve("stranger");
    const names = ["steady__echo", "stranger__echo"];
    expect((await search(client, "echo back the message", 10)).names).toEqual(expect.arrayContaining(names));
    const listed = async () => (await client.listTools()).tools.filter((tool) => names.includes(tool.name));
    const before = await listed();
    const generation = gateway.generation;
    // A new generation: steady's weather changes upstream and is quarantined.
    await client.callTool({ name: "search_tools", arguments: { select: ["steady__mutate"] } });
    expect(text(await client.callTool({ name: "steady__mutate", arguments: { text: "Weather, now with a new description" } }))).not.toBe("");
    await eventually(() => gateway.quarantinedTool("steady__weather") !== undefined);
    expect(gateway.generation).toBeGreaterThan(generation);
    const after = await listed();
    expect(after).toEqual(before);
    expect(after.map((tool) => [tool.name, tool.description])).toEqual([
      ["steady__echo", "Echo back the message it is given"],
      ["stranger__echo", WITHHELD_DESCRIPTION],
    ]);
  });
});
