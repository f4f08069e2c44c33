// A server that does not start is named wherever the gateway counts its servers: the operator
// sees which one is missing and why, not only "1/2 servers ready".
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

const FAULT_SERVER = fileURLToPath(new URL("./fixtures/fault-server.mjs", import.meta.url));
const folder = mkdtempSync(join(tmpdir(), "toolsift-not-ready-"));
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
    expect(count).toMatch(/not ready: files \(failed: .*ENOENT/u);
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
