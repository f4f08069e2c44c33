// The gateway holds an unconfident search's tools (docs/scoring.md "Holding unconfident
// matches"): the registry's servers have no email tool, so "send an email" loads nothing,
// registers nothing and sends no list_changed. `toolsift.loadUnconfident: true` loads as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { init } from "../../src/entry/node.js";
import { ToolsiftError } from "../../src/errors.js";
import { parseGatewayConfig } from "../../src/mcp/config.js";
import { eventually, inProcess, registryServers, search, temporaryFolder, type InProcess } from "./helpers.js";

interface Hit {
  name: string;
  loaded: boolean;
}

const META_TOOLS = ["search_tools", "call_tool"];
let held: InProcess;
let loading: InProcess;

beforeAll(async () => {
  await init();
  const folder = temporaryFolder();
  [held, loading] = await Promise.all([
    // The append menu, where a load shows in tools/list and sends list_changed.
    inProcess({ mcpServers: registryServers(folder), toolsift: { menu: "append" } }, folder),
    inProcess({ mcpServers: registryServers(folder), toolsift: { menu: "append", loadUnconfident: true } }, temporaryFolder()),
  ]);
}, 60_000);

afterAll(async () => {
  await held?.close();
  await loading?.close();
});

describe("the gateway and a search no tool answers", () => {
  it("loads nothing for send an email: the closest tools come back loaded: false and the note names email", async () => {
    const { result } = await search(held.client, "send an email");
    const tools = result["tools"] as Hit[];
    expect(tools.length).toBeGreaterThan(0);
    expect(tools.filter((tool) => tool.loaded)).toEqual([]);
    expect(result["note"]).toMatch(/^No confident match; these are the closest tools\. Not loaded: select one by name, or rephrase or add alternatives\. No tool matches: "email"\.$/);
    // Nothing registered, no list change: the confident search below is the first to send one.
    expect((await held.client.listTools()).tools.map((tool) => tool.name)).toEqual(META_TOOLS);
    expect(held.listChanged.count).toBe(0);
  });

  it("still loads a confident search's tools, with list_changed", async () => {
    const { names, result } = await search(held.client, "add two numbers and return the sum", 1);
    expect(names).toEqual(["everything__get-sum"]);
    expect(result["note"]).toBeUndefined();
    await eventually(() => held.listChanged.count > 0);
    expect((await held.client.listTools()).tools.map((tool) => tool.name)).toEqual([...META_TOOLS, "everything__get-sum"]);
  });

  it("loads the closest tools as before with toolsift.loadUnconfident: true", async () => {
    const { result } = await search(loading.client, "send an email");
    const loaded = (result["tools"] as Hit[]).filter((tool) => tool.loaded).map((tool) => tool.name);
    expect(loaded.length).toBeGreaterThan(0);
    expect(result["note"]).toBe("No confident match; these are the closest tools.");
    await eventually(() => loading.listChanged.count > 0);
    expect((await loading.client.listTools()).tools.map((tool) => tool.name)).toEqual([...META_TOOLS, ...loaded]);
  });

  it("refuses a toolsift.loadUnconfident that is not true or false", () => {
    const parse = () => parseGatewayConfig({ mcpServers: {}, toolsift: { loadUnconfident: "no" } }, "/tmp/servers.json");
    expect(parse).toThrow(ToolsiftError);
    expect(parse).toThrow('/tmp/servers.json: toolsift.loadUnconfident: must be true or false (got "no")');
  });
});
