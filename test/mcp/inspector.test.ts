// A client no one here wrote: the MCP Inspector's CLI mode (pinned in devDependencies) starts
// the gateway over stdio as a user's client config would, lists its tools, searches, and calls
// a tool through it. The Inspector calls right after `initialize`, as many scripted clients do,
// so its search also shows that the gateway answers only once its servers have listed.
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { registryServers, temporaryFolder } from "./helpers.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const INSPECTOR = join(root, "node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js");
const TOOLSIFT = join(root, "bin/toolsift.js");

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

// `--` keeps the gateway's own `--config` from being read as an Inspector option.
function inspector(config: string, method: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [INSPECTOR, "--cli", ...method, "--", process.execPath, TOOLSIFT, "mcp", "--config", config],
      { cwd: root, timeout: 60_000, env: { ...process.env, NO_COLOR: "1" } },
      (error, stdout, stderr) => resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : 1, stdout, stderr }),
    );
  });
}

function parsed(run: Run): Record<string, unknown> {
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

function toolText(result: Record<string, unknown>): string {
  const content = result["content"] as { type: string; text: string }[];
  return content.map((part) => part.text).join("\n");
}

describe("the MCP Inspector's CLI against toolsift mcp", () => {
  const folder = temporaryFolder();
  const config = join(folder, "servers.json");
  writeFileSync(config, JSON.stringify({ mcpServers: registryServers(folder), toolsift: { state: join(folder, "state.json") } }));

  it("lists the gateway's own tools", { timeout: 90_000 }, async () => {
    const run = await inspector(config, ["--method", "tools/list"]);
    expect(run.code, run.stderr).toBe(0);
    const names = (parsed(run)["tools"] as { name: string }[]).map((tool) => tool.name);
    expect(names).toContain("search_tools");
  });

  it("searches right after connecting and finds what a ready gateway finds", { timeout: 90_000 }, async () => {
    const run = await inspector(config, ["--method", "tools/call", "--tool-name", "search_tools", "--tool-arg", "query=echo back a message"]);
    expect(run.code, run.stderr).toBe(0);
    const result = parsed(run);
    expect(result["isError"] ?? false).toBe(false);
    const answer = JSON.parse(toolText(result)) as { tools: { name: string }[] };
    expect(answer.tools.map((tool) => tool.name)).toContain("everything__echo");
  });

  it("calls an upstream tool the gateway lists, and gets the upstream's answer", { timeout: 90_000 }, async () => {
    // Deferral off: every approved tool is on tools/list, where the Inspector looks a tool up before calling it.
    const listed = join(folder, "listed.json");
    writeFileSync(listed, JSON.stringify({ mcpServers: registryServers(folder), toolsift: { state: join(folder, "state.json"), deferral: { mode: "off" } } }));
    const run = await inspector(listed, ["--method", "tools/call", "--tool-name", "everything__echo", "--tool-arg", "message=hello from the inspector"]);
    expect(run.code, run.stderr).toBe(0);
    expect(toolText(parsed(run))).toContain("hello from the inspector");
  });
});
