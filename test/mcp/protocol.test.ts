// Protocol versions: the gateway answers `initialize` with the version the client asked for when
// the pinned SDK supports it, and with the SDK's latest otherwise. Driven over stdio with raw
// JSON-RPC lines, so no client library negotiates on the test's behalf.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { faultServer, temporaryFolder, writeConfig } from "./helpers.js";

const TOOLSIFT = fileURLToPath(new URL("../../bin/toolsift.js", import.meta.url));

// Starts the gateway, sends `initialize` with `version`, returns the version it answered.
async function negotiated(config: string, version: string): Promise<string> {
  const child = spawn(process.execPath, [TOOLSIFT, "mcp", "--config", config], { stdio: ["pipe", "pipe", "ignore"] });
  try {
    const lines = createInterface({ input: child.stdout });
    const answer = new Promise<string>((resolve, reject) => {
      lines.on("line", (line) => {
        const message = JSON.parse(line) as { id?: number; result?: { protocolVersion?: string }; error?: unknown };
        if (message.id !== 1) return;
        if (message.result?.protocolVersion === undefined) reject(new Error(`initialize failed: ${line}`));
        else resolve(message.result.protocolVersion);
      });
      child.once("exit", (code) => reject(new Error(`gateway exited (${code}) before answering`)));
    });
    const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: version, capabilities: {}, clientInfo: { name: "raw", version: "1" } } };
    child.stdin.write(`${JSON.stringify(initialize)}\n`);
    return await answer;
  } finally {
    child.kill();
  }
}

describe("protocol version negotiation", () => {
  const folder = temporaryFolder();
  const config = writeConfig(folder, { mcpServers: { sky: faultServer() }, toolsift: { state: join(folder, "state.json") } });

  it.each([...SUPPORTED_PROTOCOL_VERSIONS])("answers %s with that version", { timeout: 30_000 }, async (version) => {
    expect(await negotiated(config, version)).toBe(version);
  });

  it("answers a version the SDK does not know with its latest", { timeout: 30_000 }, async () => {
    expect(SUPPORTED_PROTOCOL_VERSIONS).not.toContain("2026-07-28");
    expect(await negotiated(config, "2026-07-28")).toBe(LATEST_PROTOCOL_VERSION);
  });
});
