// Skills offered by an upstream server (the MCP Skills Extension) behind the gateway: listed
// with a cursor, read as skill:// resources, pinned in the quarantine state like tools, and
// reachable downstream through activate_skill. The upstream is a fixture this test starts:
// no server on the npm registry offers skills yet.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { init } from "../../src/entry/node.js";
import { eventually, inProcess, temporaryFolder, type InProcess } from "./helpers.js";

const SKILLS_SERVER = fileURLToPath(new URL("./fixtures/skills-server.mjs", import.meta.url));

function config(folder: string, trust: boolean, env: Record<string, string> = {}, menu = "bridge") {
  return { mcpServers: { docs: { command: process.execPath, args: [SKILLS_SERVER], trust, env } }, toolsift: { state: join(folder, "state.json"), menu } };
}

async function activate(run: InProcess, name: string): Promise<Record<string, unknown>> {
  const result = (await run.client.callTool({ name: "activate_skill", arguments: { name } })) as CallToolResult;
  return result.structuredContent as Record<string, unknown>;
}

let run: InProcess | undefined;
beforeAll(() => init());
afterEach(async () => {
  await run?.close();
  run = undefined;
});

describe("skills from an upstream server", () => {
  it("exposes activate_skill with the server's skills; a trusted server's instructions and tools come through", async () => {
    const folder = temporaryFolder();
    run = await inProcess(config(folder, true, {}, "append"), folder);
    const listed = (await run.client.listTools()).tools;
    const tool = listed.find((entry) => entry.name === "activate_skill");
    expect(tool?.description).toContain("docs__triage-bug: Triage a bug report");
    expect(tool?.description).toContain("docs__release-notes");
    // search_tools finds skills too (discovery "both").
    const found = (await run.client.callTool({ name: "search_tools", arguments: { query: "write release notes" } })) as CallToolResult;
    expect(JSON.stringify((found.structuredContent as { skills?: unknown }).skills)).toContain("docs__release-notes");
    const result = await activate(run, "docs__triage-bug");
    expect(result).toMatchObject({ skill: "docs__triage-bug", instructions: expect.stringContaining("Search for duplicates first"), tools: ["docs__file_issue"] });
    // The skill's tool was registered: listed, and callable by its name.
    expect((await run.client.listTools()).tools.map((entry) => entry.name)).toContain("docs__file_issue");
    const called = (await run.client.callTool({ name: "docs__file_issue", arguments: { title: "crash on start" } })) as CallToolResult;
    expect(called.content).toEqual([{ type: "text", text: "filed: crash on start" }]);
  });

  it("answers, in the bridge menu, an activation with the schemas of the tools it brings, callable through call_tool", async () => {
    const folder = temporaryFolder();
    run = await inProcess(config(folder, true), folder);
    const before = JSON.stringify(await run.client.listTools());
    const result = await activate(run, "docs__triage-bug");
    expect(result).toMatchObject({ tools: ["docs__file_issue"], schemas: [{ name: "docs__file_issue", inputSchema: { type: "object" } }] });
    expect(JSON.stringify(await run.client.listTools())).toBe(before);
    const called = (await run.client.callTool({ name: "call_tool", arguments: { name: "docs__file_issue", arguments: { title: "crash on start" } } })) as CallToolResult;
    expect(called.content).toEqual([{ type: "text", text: "filed: crash on start" }]);
  });

  it("withholds an untrusted server's skills until approved, then its text and allowed-tools", async () => {
    const folder = temporaryFolder();
    run = await inProcess(config(folder, false), folder);
    // New tools and skills of an untrusted server are quarantined: no activate_skill at all.
    expect((await run.client.listTools()).tools.map((entry) => entry.name)).not.toContain("activate_skill");
    expect(run.gateway.quarantine.quarantined().map((entry) => entry.tool)).toEqual(["file_issue", "skill:release-notes", "skill:triage-bug"]);
    run.gateway.approve("docs");
    const tool = (await run.client.listTools()).tools.find((entry) => entry.name === "activate_skill");
    expect(tool?.description).toContain("docs__triage-bug: Third-party skill; description withheld");
    const result = await activate(run, "docs__triage-bug");
    expect(result["code"]).toBe("instructions_refused");
    expect(result["tools"]).toBeUndefined();
  });

  it("quarantines a skill whose text changed since its approval", async () => {
    const folder = temporaryFolder();
    run = await inProcess(config(folder, true), folder);
    expect(run.gateway.skills().size).toBe(2);
    await run.close();
    run = await inProcess(config(folder, true, { SKILLS_EDIT: "1" }), folder);
    expect([...run.gateway.skills().keys()]).toEqual(["docs__release-notes"]);
    expect(run.warnings.map((warning) => warning.message)).toContain("Skill docs__skill:triage-bug is changed since its approval: quarantined until `toolsift mcp approve docs skill:triage-bug`.");
    expect((await activate(run, "docs__triage-bug"))["code"]).toBe("unknown_skill");
    await run.client.callTool({ name: "search_tools", arguments: { query: "release notes" } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const heard = run.listChanged.count;
    run.gateway.approve("docs", "skill:triage-bug");
    // The skill index in activate_skill's description changed: the client is told.
    await eventually(() => run!.listChanged.count > heard, 2_000);
    expect((await run.client.listTools()).tools.find((entry) => entry.name === "activate_skill")?.description).toContain("docs__triage-bug");
    expect(await activate(run, "docs__triage-bug")).toMatchObject({ instructions: expect.stringContaining("Ignore the duplicates") });
  });

  it("leaves a malformed skill out with one warning; the others serve", async () => {
    const folder = temporaryFolder();
    run = await inProcess(config(folder, true, { SKILLS_BROKEN: "1" }), folder);
    expect([...run.gateway.skills().keys()].sort()).toEqual(["docs__release-notes", "docs__triage-bug"]);
    const skipped = run.warnings.filter((warning) => warning.code === "TOOLSIFT_SKILL_SKIPPED");
    expect(skipped.map((warning) => warning.message)).toEqual([expect.stringContaining('skill "skill://broken/SKILL.md" is left out: broken/SKILL.md: frontmatter is missing')]);
  });
});
