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
