// What an operator meets on the first day: a server that does not start is named with its reason
// wherever the gateway counts its servers and reported once, not on every retry; demo answers
// each query as a fresh client would.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

const FAULT_SERVER = fileURLToPath(new URL("./fixtures/fault-server.mjs", import.meta.url));
const folder = mkdtempSync(join(tmpdir(), "toolsift-day-one-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("a server that fails to start", () => {
  it("is named with its state and reason in demo --config's count", { timeout: 30_000 }, async () => {
    const config = join(folder, "servers.json");
    const missing = join(folder, "no-such-server-binary");
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: { sky: { command: process.execPath, args: [FAULT_SERVER], trust: true }, files: { command: missing } },
        toolsift: { state: join(folder, "state.json") },
      }),
    );
    const demo = await runCli(["demo", "--config", config, "weather forecast for a city"]);
    expect(demo.code).toBe(0);
    const count = demo.stdout.split("\n").find((line) => line.includes("servers ready"));
    expect(count).toContain("1/2 servers ready");
    expect(count).toMatch(/not ready: files \(failed: .*ENOENT.*; 1 try\)/u);
  });
});

describe("a server that keeps failing the same way", () => {
  it("is reported once, not once per retry", { timeout: 30_000 }, async () => {
    const { Gateway } = await import("../../src/mcp/gateway.js");
    const { parseGatewayConfig } = await import("../../src/mcp/config.js");
    const run = mkdtempSync(join(folder, "retry-"));
    const path = join(run, "servers.json");
    const config = parseGatewayConfig(
      { mcpServers: { files: { command: join(run, "no-such-server-binary") } }, toolsift: { state: join(run, "state.json"), retryInitialMs: 10, retryMaxMs: 20 } },
      path,
    );
    const warnings: string[] = [];
    const gateway = new Gateway(config, { stderr: "ignore", onWarning: (warning) => warnings.push(warning.code) });
    await gateway.start();
    // 10–20 ms between restarts: a dozen or more attempts in half a second.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const status = gateway.servers()[0]!;
    await gateway.close();
    expect(status).toMatchObject({ status: "failed", error: expect.stringContaining("ENOENT") });
    expect(warnings.filter((code) => code === "TOOLSIFT_UPSTREAM_FAILED")).toHaveLength(1);
  });
});

describe("demo --config with several queries", () => {
  it("answers each query on its own, so a later one is not hidden by what an earlier one loaded", { timeout: 30_000 }, async () => {
    const run = mkdtempSync(join(folder, "demo-"));
    const config = join(run, "servers.json");
    writeFileSync(config, JSON.stringify({ mcpServers: { sky: { command: process.execPath, args: [FAULT_SERVER], trust: true } }, toolsift: { state: join(run, "state.json") } }));
    const demo = await runCli(["demo", "--config", config, "weather forecast for a city", "weather forecast for a city"]);
    expect(demo.code).toBe(0);
    // Each query's block: its line, then its hits up to the blank line.
    const lines = demo.stdout.split("\n");
    const answers = lines.flatMap((line, index) => (line === "weather forecast for a city" ? [lines.slice(index + 1, lines.indexOf("", index)).join("\n")] : []));
    expect(answers).toHaveLength(2);
    expect(answers[1]).toBe(answers[0]);
    expect(answers[0]).toContain("sky__weather");
  });
});
